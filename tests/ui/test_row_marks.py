"""Issue 31, defects 5 and 6: a row's marks are its own, and Explain follows a row click.

Power Sets' name cells (worked out from the catalog, without a place in the file) showed
the worst issue of the whole character: Flight, already fixed, kept ▲, a failing carried
another power's ✖. And clicking such a cell (or the Cost beside it) left Explain on
"Select an item…". Every declared list of every system's examples is checked: the name
cell carries only issues at or below its own row, and a click on any cell of a row tells
the window which row (or cell) is selected.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import load_example
from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.systems.collections_page import CollectionsPage

SYSTEMS = [system.id for system in installed_systems()]


def _examples(system_id: str) -> list[str]:
    return sorted(p.stem for p in (REPO / "resources" / "examples" / system_id).glob("*.json"))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_row_shows_only_its_own_issues_and_explain_follows_it(
    system_id: str, window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    registry = installed_systems()
    rows = 0
    for example in _examples(system_id):
        view = window.add_document(load_example(system_id, example, registry), None)
        page = view.page
        if not isinstance(page, CollectionsPage):
            continue
        issues = view.document.evaluation.issues
        selected: list[tuple[object, ...]] = []
        page.path_selected.connect(lambda path, seen=selected: seen.append(tuple(path)))
        for editor in page.editors.values():
            model = editor.model
            for row in range(model.rowCount()):
                own = model.row_path(row)
                marked = model.cell_issues(row, 0)
                strangers = [i.message for i in marked if tuple(i.path[: len(own)]) != own]
                assert not strangers, f"{example}: {editor.collection.title} row {row}"
                for column in range(model.columnCount()):
                    index = model.index(row, column)
                    editor.view.selectionModel().setCurrentIndex(
                        index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                    )
                    assert selected and selected[-1][: len(own)] == own, (
                        f"{example}: {editor.collection.title} row {row} column {column}: "
                        f"Explain was told {selected[-1:] or 'nothing'}"
                    )
                    selected.clear()
                rows += 1
        assert issues is not None
    if system_id in ("hero-xmen", "powersets", "twod10"):
        assert rows
