"""A system that declares its lists and writes no window code gets a working editor page:
the fake system's skills, added, edited, reordered, undone and marked by its issues."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex
from PySide6.QtTest import QAbstractItemModelTester
from pytestqt.qtbot import QtBot

from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import LoadedDocument
from tests.fakesystem import FAKE_SYSTEM, SKILLS
from ui.main_window import DISCARD, MainWindow
from ui.roles import PATH_ROLE, SEVERITY_ROLE
from ui.settings import Settings
from ui.systems import page_factory
from ui.systems.collections_page import CollectionsPage


def open_fake(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, CollectionsPage]:
    window = MainWindow(
        SystemRegistry([FAKE_SYSTEM]),
        settings=Settings(tmp_path / "settings.ini"),
        autosave_folder=tmp_path / "autosave",
    )
    window.ask_save = lambda _view: DISCARD  # type: ignore[method-assign]
    qtbot.addWidget(window)
    view = window.add_document(LoadedDocument(FAKE_SYSTEM.new_document("Ada"), FAKE_SYSTEM), None)
    window.show()
    assert isinstance(view.page, CollectionsPage)
    return window, view.page


def test_the_declarations_alone_give_an_editable_page(qtbot: QtBot, tmp_path: Path) -> None:
    _window, page = open_fake(qtbot, tmp_path)
    editor = page.editors["skills"]
    QAbstractItemModelTester(editor.model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    assert [page.tabs.tabText(i) for i in range(2)] == ["Skills", "Costs"]
    assert editor.add("climb") and editor.add("swim")
    assert editor.model.rowCount() == 2
    assert editor.model.index(1, 0).data() == "Swim"
    rank = editor.model.index(0, 1)
    assert editor.model.setData(rank, 9)
    document = page.document
    assert document.document.character.skills[0].rank == 9
    # 9×2 + 1×2 = 20 points: within the fake budget; one more rank goes over it
    assert editor.model.setData(editor.model.index(1, 1), 2)
    assert "fake.budget" in {i.code for i in document.evaluation.issues}
    document.undo_stack.undo()
    assert document.document.character.skills[1].rank == 1
    assert document.undo_stack.undoText() == "Set Climb › Rank"


def test_rows_move_by_action_and_by_drag(qtbot: QtBot, tmp_path: Path) -> None:
    _window, page = open_fake(qtbot, tmp_path)
    editor = page.editors["skills"]
    editor.add("climb")
    editor.add("swim")
    editor.select(editor.model.index(1, 0))
    assert editor.move(-1)
    assert [s.skill for s in page.document.document.character.skills] == ["swim", "climb"]
    data = editor.model.mimeData([editor.model.index(0, 0)])
    editor.model.dropMimeData(data, editor.model.supportedDropActions(), 2, 0, QModelIndex())
    assert [s.skill for s in page.document.document.character.skills] == ["climb", "swim"]
    assert editor.duplicate()
    assert len(page.document.document.character.skills) == 3


def test_custom_entries_and_refusals(qtbot: QtBot, tmp_path: Path) -> None:
    window, page = open_fake(qtbot, tmp_path)
    editor = page.editors["skills"]
    assert editor.add_custom({"name": "Rope use", "rank": 2})
    assert editor.model.index(0, 0).data() == "Rope_use"
    assert not editor.model.setData(editor.model.index(0, 1), 99)  # over the format's 10
    assert "Rank" in window.statusBar().currentMessage()


def test_an_issue_selects_its_row(qtbot: QtBot, tmp_path: Path) -> None:
    _window, page = open_fake(qtbot, tmp_path)
    editor = page.editors["skills"]
    editor.add("climb")
    page.tabs.setCurrentIndex(1)
    assert page.select_path(("character", "skills", 0, "rank"))
    assert page.tabs.currentIndex() == 0
    assert editor.view.currentIndex().data(PATH_ROLE) == ("character", "skills", 0, "rank")
    assert editor.view.currentIndex().data(SEVERITY_ROLE) is None
    assert page_factory("fake") is None  # not installed in this process: found by object


def test_the_declared_actions_are_in_the_character_menu(qtbot: QtBot, tmp_path: Path) -> None:
    _window, page = open_fake(qtbot, tmp_path)
    texts = [action.text() for action in page.edit_actions()]
    assert texts == ["Add skill…", "Custom Skill…", "Duplicate skill", "Remove skill"]
    assert SKILLS.shortcut is None


def test_the_costs_tab_shows_the_last_edit_when_it_is_shown(qtbot: QtBot, tmp_path: Path) -> None:
    """The Costs tab is rebuilt when it is shown (not on every edit made on another tab),
    and then shows the evaluation of the last edit, changed lines only."""
    _window, page = open_fake(qtbot, tmp_path)
    editor = page.editors["skills"]
    assert editor.add("climb") and editor.add("swim")
    costs = page.costs
    page.tabs.setCurrentWidget(costs)
    amounts = [costs.model.index(r, 1).data() for r in range(costs.model.rowCount())]
    assert amounts == ["2", "2"]
    untouched = costs.model.item(0, 0)
    page.tabs.setCurrentIndex(0)
    assert editor.model.setData(editor.model.index(1, 1), 3)
    assert costs.model.index(1, 1).data() == "2"  # hidden: not rebuilt yet
    page.tabs.setCurrentWidget(costs)
    assert [costs.model.index(r, 1).data() for r in range(2)] == ["2", "6"]
    assert costs.model.item(0, 0) is untouched  # the unchanged line was kept
    page.document.undo_stack.undo()  # while shown: at once
    assert costs.model.index(1, 1).data() == "2"
