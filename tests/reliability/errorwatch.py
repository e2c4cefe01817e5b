"""Everything that would tell a user "something went wrong", collected for a test: the
exception hook, the app's crash dialog, error dialogs, message boxes and error logs."""

from __future__ import annotations

import logging
import sys
from types import TracebackType
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QMessageBox,
)

import ui.error_dialog
import ui.export_actions
import ui.main_window
import ui.open_actions
import ui.save_actions
from sheetapp.logs import LOGGER_NAME

#: the main window's modules (its shell and its layers), each importing the error dialogs
WINDOW_MODULES = (ui.main_window, ui.open_actions, ui.save_actions, ui.export_actions)


class ErrorWatch(logging.Handler):
    """Collects everything that would tell a user "something went wrong"."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.append(f"log {record.name}: {record.getMessage()}")

    def hook(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        self.errors.append(ui.error_dialog.error_details(kind, error, trace))

    def dialog(self, *args: Any, **_kwargs: Any) -> None:
        self.errors.append(f"error dialog: {args[1:]}")

    def crash_dialog(self, message: str, details: str) -> None:
        self.errors.append(f"unexpected error dialog: {message}\n{details}")


def install_watch(monkeypatch: pytest.MonkeyPatch) -> ErrorWatch:
    """Route every way an error can reach a user into an :class:`ErrorWatch`."""
    watcher = ErrorWatch()
    monkeypatch.setattr(sys, "excepthook", watcher.hook)
    # where it is defined and where it was imported by name (the window's, which the
    # first patch alone did not reach)
    for module in (ui.error_dialog, *WINDOW_MODULES):
        if hasattr(module, "report_exception"):
            monkeypatch.setattr(module, "report_exception", watcher.hook)
    # and the dialog itself, whoever makes it
    original = ui.error_dialog.CrashDialog.__init__

    def crash_dialog(
        dialog: ui.error_dialog.CrashDialog, parent: Any, message: str, details: str
    ) -> None:
        watcher.crash_dialog(message, details)
        original(dialog, parent, message, details)

    monkeypatch.setattr(ui.error_dialog.CrashDialog, "__init__", crash_dialog)
    for module in (ui.error_dialog, *WINDOW_MODULES):
        monkeypatch.setattr(module, "show_error", watcher.dialog)

    def box_exec(box: QMessageBox) -> int:
        watcher.errors.append(f"message box: {box.windowTitle()}: {box.text()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", box_exec)
    logger = logging.getLogger(LOGGER_NAME)
    monkeypatch.setattr(logger, "handlers", [*logger.handlers, watcher])  # restored after
    return watcher


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> ErrorWatch:
    return install_watch(monkeypatch)
