"""Errors reach the user as a dialog and the log file, never as a traceback.

:func:`install_excepthook` turns any uncaught exception (in a slot, a timer, an event
handler) into a non-blocking dialog with a "Copy details" button; the window stays alive
and the open characters are untouched.
"""

from __future__ import annotations

import sys
import traceback
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from sheetapp import __version__
from sheetapp.logs import get_logger, setup_logging

_log = get_logger("ui")


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    _log.warning("%s: %s", title, message)
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()


def error_details(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> str:
    text = "".join(traceback.format_exception(kind, error, trace))
    return f"sheetapp {__version__}, Python {sys.version.split()[0]}\n\n{text}"


class CrashDialog(QMessageBox):
    """Says something went wrong, where the details are, and copies them on request."""

    def __init__(self, parent: QWidget | None, message: str, details: str) -> None:
        super().__init__(QMessageBox.Icon.Critical, "Unexpected error", message, parent=parent)
        self.setObjectName("crash_dialog")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setDetailedText(details)
        self.details = details
        self.copy_button = QPushButton("Copy details")
        self.addButton(self.copy_button, QMessageBox.ButtonRole.ActionRole)
        self.copy_button.clicked.disconnect()
        self.copy_button.clicked.connect(self.copy_details)
        self.addButton(QMessageBox.StandardButton.Close)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def copy_details(self) -> None:
        QApplication.clipboard().setText(self.details)


def report_exception(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> CrashDialog | None:
    """Log an unexpected exception and show it (without blocking) in a dialog."""
    log_path = setup_logging()
    _log.error("unexpected error", exc_info=(kind, error, trace))
    if not isinstance(QApplication.instance(), QApplication):
        return None
    where = f"\n\nDetails were written to {log_path}." if log_path else ""
    dialog = CrashDialog(
        QApplication.activeWindow(),
        f"Something went wrong: {error}.\nYour open characters were not changed; "
        f"save your work to be safe.{where}",
        error_details(kind, error, trace),
    )
    dialog.open()
    return dialog


def install_excepthook() -> None:
    """Unexpected exceptions are logged and shown in a dialog; the app keeps running."""
    setup_logging()
    sys.excepthook = report_exception
