"""Ctrl+3 raises the History panel when it is a background tab (issue 17: it hid it)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_the_shortcut_raises_a_background_panel(window: MainWindow, qtbot: QtBot) -> None:
    assert window.open_path(SAMPLE) is not None
    window.tabifyDockWidget(window.explain_dock, window.history_dock)
    window.explain_dock.show()
    window.history_dock.show()
    window.explain_dock.raise_()
    qtbot.wait(10)
    assert window.history_dock.visibleRegion().isEmpty()
    window.dock_actions["history_dock"].trigger()
    qtbot.wait(10)
    assert window.history_dock.isVisible()
    assert not window.history_dock.visibleRegion().isEmpty()
    window.dock_actions["history_dock"].trigger()  # on show: the shortcut hides it
    assert not window.history_dock.isVisible()
