"""The guide's Point Buy plug-in, installed through its entry point, opens in the window
as an editable page built from its declarations: no window code of its own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtTest import QAbstractItemModelTester
from pytestqt.qtbot import QtBot

from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import LoadedDocument
from tests.plugins.install import installed, write_site
from ui.main_window import DISCARD, MainWindow
from ui.settings import Settings
from ui.systems.collections_page import CollectionsPage


@pytest.fixture
def pointbuy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SystemRegistry]:
    with installed(write_site(tmp_path_factory.mktemp("pointbuy-site"))) as registry:
        yield registry


def test_a_new_point_buy_character_is_edited_in_the_window(
    qtbot: QtBot, tmp_path: Path, pointbuy: SystemRegistry
) -> None:
    system = pointbuy.get("pointbuy")
    window = MainWindow(
        pointbuy, settings=Settings(tmp_path / "settings.ini"), autosave_folder=tmp_path / "auto"
    )
    window.ask_save = lambda _view: DISCARD  # type: ignore[method-assign]
    qtbot.addWidget(window)
    view = window.add_document(LoadedDocument(system.new_document("Ann"), system), None)
    window.show()
    page = view.page
    assert isinstance(page, CollectionsPage)
    tabs = [page.tabs.tabText(i) for i in range(page.tabs.count())]
    # the character's attributes as a form, the declared list, costs, the campaign settings
    assert tabs == ["Attributes", "Skills", "Costs", "Campaign && Notes"]
    editor = page.editors["skills"]
    QAbstractItemModelTester(editor.model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    assert editor.add("climb")
    assert editor.model.index(0, 0).data() == "Climb"
    # "Each skill is rated from 1 to 3" (line 15): rank 4 goes in and is marked
    assert editor.model.setData(editor.model.index(0, 1), 4)
    document = page.document
    assert document.document.character.skills[0].rank == 4
    assert "pointbuy.skill_range" in {i.code for i in document.evaluation.issues}
    document.undo_stack.undo()
    assert document.document.character.skills[0].rank == 1
