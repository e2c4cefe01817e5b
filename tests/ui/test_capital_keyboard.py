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
CTRL = Qt.KeyboardModifier.ControlModifier


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


def test_ctrl_page_down_and_up_step_through_the_pages_tabs_from_any_field(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A combo box or a table eats Ctrl+PageDown before the tab widget sees it: the window
    steps the current character's tabs itself, and the focus goes to the new tab."""
    page = _capital(window, qtbot)
    focus = _press_alt(qtbot, Qt.Key.Key_R)
    assert focus is not None and focus.objectName() == "role"
    qtbot.keyClick(focus, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert page.tabs.currentWidget() is page.attributes
    now = QApplication.focusWidget()
    assert now is not None and now.isVisible() and now.objectName() != "role"
    qtbot.keyClick(now, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert page.tabs.currentIndex() == STORY
    page.tabs.setCurrentIndex(page.tabs.count() - 1)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_PageDown, CTRL)
    assert page.tabs.currentIndex() == STORY, "the last tab steps round to the first"
