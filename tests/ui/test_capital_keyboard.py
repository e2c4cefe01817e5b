"""The Capital page reached by keys alone (issue 17): each label's Alt key puts the
focus in its field; each menu's Alt keys are unique."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from ui.main_window import MainWindow
from ui.systems.capital.page import ASSET, STORY, CapitalPage

ALT = Qt.KeyboardModifier.AltModifier


def _capital(window: MainWindow, qtbot: QtBot) -> CapitalPage:
    window.new_from_example("capital", "mara-quell")
    view = window.current_view()
    assert view is not None and isinstance(view.page, CapitalPage)
    window.activateWindow()
    qtbot.waitExposed(window)
    return view.page


def _press_alt(qtbot: QtBot, key: Qt.Key) -> QWidget | None:
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, key, ALT)
    return QApplication.focusWidget()


@pytest.mark.parametrize(
    ("tab", "key", "field"),
    [
        (STORY, Qt.Key.Key_R, "role"),
        (STORY, Qt.Key.Key_B, "background"),
        (STORY, Qt.Key.Key_O, "origin"),
        (ASSET, Qt.Key.Key_N, "asset_name"),
    ],
)
def test_a_labels_alt_key_puts_the_focus_in_its_field(
    window: MainWindow, qtbot: QtBot, tab: int, key: Qt.Key, field: str
) -> None:
    page = _capital(window, qtbot)
    page.tabs.setCurrentIndex(tab)
    page.tabs.tabBar().setFocus()
    focus = _press_alt(qtbot, key)
    assert focus is not None and focus.objectName() == field, focus
