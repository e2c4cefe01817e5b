"""Errors reach the user as a dialog and the log file, never as a traceback."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from sheetapp.logs import get_logger, setup_logging

_log = get_logger("ui")


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    _log.warning("%s: %s", title, message)
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()


def install_excepthook() -> None:
    """Unexpected exceptions are logged and shown in a dialog; the app keeps running."""
    log_path = setup_logging()

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        _log.error("unexpected error", exc_info=(kind, error, trace))
        if QApplication.instance() is None:
            return
        where = f"\n\nDetails were written to {log_path}." if log_path else ""
        show_error(
            QApplication.activeWindow(),
            "Unexpected error",
            f"Something went wrong: {error}.\nYour open characters were not changed.{where}",
        )

    sys.excepthook = hook
