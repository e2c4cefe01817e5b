"""The Capital page reached by keys alone (issue 17): each label's Alt key puts the
focus in its field; each menu's Alt keys are unique."""

from __future__ import annotations

from typing import Any

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


def _tab(qtbot: QtBot, backwards: bool = False) -> QWidget:
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab)
    now = QApplication.focusWidget()
    assert now is not None
    return now


def test_tab_leaves_a_table_and_shift_tab_comes_back(window: MainWindow, qtbot: QtBot) -> None:
    """Tab went from cell to cell and round again, and Ctrl+Tab (Qt's way out) is Next
    Character: a keyboard user was shut in the first table reached. Arrows move in it."""
    page = _capital(window, qtbot)
    page.tabs.setCurrentIndex(page.tabs.indexOf(page.attributes))
    view = page.attributes.view
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 1))
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1
    after = _tab(qtbot)
    assert after is not view
    assert _tab(qtbot, backwards=True) is view


def test_tab_from_enter_my_dice_goes_through_the_dice(window: MainWindow, qtbot: QtBot) -> None:
    """The ten dice buttons are made after the table, so Tab reached them last of all
    (after the table, the vitals, the other tabs' fields); they follow the dice actions."""
    page = _capital(window, qtbot)
    page.tabs.setCurrentIndex(page.tabs.indexOf(page.attributes))
    tab = page.attributes
    assert len(tab.dice_buttons) == 10
    tab.enter_button.setFocus()
    for number in range(10):
        assert _tab(qtbot).objectName() == f"die_{number}"
    assert _tab(qtbot) is tab.view


def _fresh_dice(window: MainWindow, qtbot: QtBot) -> CapitalPage:
    """A character with its ten dice entered and none assigned yet."""
    page = _capital(window, qtbot)
    assert page.attributes.enter_dice([6, 5, 5, 4, 4, 3, 3, 2, 1, 1])
    page.tabs.setCurrentIndex(page.tabs.indexOf(page.attributes))
    return page


def test_arrows_in_a_choice_cell_move_the_choice_and_enter_commits_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Each Down in a cell's closed list was an edit of its own: stepping to die #4 gave
    FTD dice #1, #2, #3 and #4 in turn, and each one taken from another attribute swapped
    theirs (and left four undo steps). Now the list only moves until Enter."""
    page = _fresh_dice(window, qtbot)
    rolls = page.character_document.character.attributes
    view, stack = page.attributes.view, page.document.undo_stack
    assert page.push(lambda: _assign(page, "str", 1))
    before = stack.count()
    view.setFocus()
    view.setCurrentIndex(view.model().index(1, 1))  # FTD's Die
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view
    for _ in range(4):
        qtbot.keyClick(editor, Qt.Key.Key_Down)
    assert page.character_document.character.attributes.assignment == {"str": 1}
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    rolls = page.character_document.character.attributes
    assert rolls.assignment == {"str": 1, "ftd": 3}
    assert stack.count() == before + 1


def test_escape_in_a_choice_cell_leaves_it_as_it_was(window: MainWindow, qtbot: QtBot) -> None:
    page = _fresh_dice(window, qtbot)
    view = page.attributes.view
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 1))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view
    qtbot.keyClick(editor, Qt.Key.Key_Down)
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    assert page.character_document.character.attributes.assignment == {}


def _assign(page: CapitalPage, attr: str, index: int) -> list[Any]:
    from sheetapp.systems.capital import edits

    return edits.assign_die(page.character_document, attr, index)


@pytest.mark.parametrize("shortcut", ["Ctrl+Shift+A", "Ctrl+Shift+I"])
def test_a_row_added_by_its_shortcut_shows_on_its_tab_with_the_focus(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, shortcut: str
) -> None:
    """Add System (Ctrl+Shift+A) and Add Equipment (Ctrl+Shift+I) from the Role tab added
    the row on a tab out of sight, and the focus stayed where it was."""
    from PySide6.QtGui import QKeySequence

    from ui.picker import PickerDialog

    page = _capital(window, qtbot)
    monkeypatch.setattr(PickerDialog, "exec", lambda _dialog: 1)  # its first entry
    action = next(
        a
        for a in (page.add_system_action, page.add_item_action)
        if a.shortcut() == QKeySequence(shortcut)
    )
    view = page.systems_view if action is page.add_system_action else page.equipment_view
    page.tabs.setCurrentIndex(STORY)
    rows = view.model().rowCount()
    action.trigger()
    assert view.model().rowCount() == rows + 1
    assert view.isVisible() and page.tabs.currentWidget().isAncestorOf(view)
    assert QApplication.focusWidget() is view
    assert view.currentIndex().row() == view.model().rowCount() - 1


def test_a_special_asset_chosen_from_the_menu_shows_its_choices_with_the_focus(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Character › Choose Special Asset… from the Role tab chose it out of sight; its
    choices (here the augmented attribute) are what comes next."""
    from ui.picker import PickerDialog

    page = _capital(window, qtbot)
    page.tabs.setCurrentIndex(STORY)

    def choose(dialog: PickerDialog) -> int:
        assert dialog.select_id("attribute")
        return 1

    monkeypatch.setattr(PickerDialog, "exec", choose)
    page.asset.choose_action.trigger()
    assert page.character_document.character.special_asset.asset == "attribute"
    assert page.tabs.currentWidget() is page.asset
    focus = QApplication.focusWidget()
    assert focus is not None and focus.objectName() == "asset_attribute"


def test_no_table_in_the_window_or_the_picker_keeps_tab_to_itself(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The Issues panel (Tab from Capital's last field went there and stayed), the
    Gladiators trait tables and the catalog picker's list too."""
    from PySide6.QtWidgets import QTableView

    from tests.ui.conftest import SAMPLE
    from ui.picker import PickerDialog

    window.open_path(SAMPLE)
    _capital(window, qtbot).attributes.ensure_built()  # its table is made on first need
    tables = window.findChildren(QTableView)
    assert {t.objectName() for t in tables} >= {"issues", "attributes"}
    assert [t.objectName() or type(t).__name__ for t in tables if t.tabKeyNavigation()] == []
    assert not PickerDialog("Add", []).view.tabKeyNavigation()
