"""Ctrl+3 raises the Undo History panel when it is a background tab (issue 17: it hid it)."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_the_shortcut_raises_a_background_panel(window: MainWindow, qtbot: QtBot) -> None:
    assert window.open_path(SAMPLE) is not None
    window.tabifyDockWidget(window.explain_dock, window.history_dock)
    window.explain_dock.show()
    window.history_dock.show()
    window.explain_dock.raise_()
    qtbot.waitUntil(lambda: window.history_dock.visibleRegion().isEmpty())
    window.dock_actions["history_dock"].trigger()
    qtbot.waitUntil(lambda: not window.history_dock.visibleRegion().isEmpty())
    assert window.history_dock.isVisible()
    window.dock_actions["history_dock"].trigger()  # on show: the shortcut hides it
    assert not window.history_dock.isVisible()


def test_the_undo_stack_dock_is_the_undo_history(window: MainWindow) -> None:
    """Issue 38: "history" is the advancement ledger in the file and on the command line,
    so the window's undo stack is called "Undo History" wherever a user reads it (its
    title, the View menu, the raise action); the ledger's dock is "Advancement"."""
    assert window.history_dock.windowTitle() == "Undo History"
    assert window.history_dock.toggleViewAction().text() == "Undo History"
    assert window.dock_actions["history_dock"].text() == "Show Undo History"
    assert window.advancement_dock.windowTitle() == "Advancement"
    titles = [dock.windowTitle() for dock in window.findChildren(QDockWidget)]
    assert "History" not in titles
