"""An edit at a path a list reads elsewhere compares only the columns that read it.

2d10 weapons read the skills (a weapon's AV = attribute + its skill's rating + the wound
penalty): a skill's rating edit compared every column of every weapon row, 23 ms of a
28 ms window edit at 1,000 skills. Now only the weapon columns that read the document
(AV, and the Attribute's choices) are compared (and announced when they changed); the
other cells are not worked out again, and every cell still shows what a fresh model
shows."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.tables.collection_model import CollectionTableModel

DAX = REPO / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"
RIFLE_SKILL = 5  # "Rifle", rating 6: the Assault rifle's skill


def _model(window: MainWindow, key: str) -> CollectionTableModel:
    found = [m for m in window.findChildren(CollectionTableModel) if m.collection.key == key]
    assert len(found) == 1
    return found[0]


def _shown(model: CollectionTableModel) -> list[list[Any]]:
    return [
        [
            model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
            for column in range(model.columnCount())
        ]
        for row in range(model.rowCount())
    ]


def _cells_worked_out(model: CollectionTableModel) -> list[tuple[int, int]]:
    """The cells ``model`` works out from now on (row, column), in order."""
    worked_out: list[tuple[int, int]] = []
    plain_cell = model.cell

    def spying(row: int, column: int) -> Any:
        worked_out.append((row, column))
        return plain_cell(row, column)

    model.cell = spying  # type: ignore[method-assign]
    return worked_out


def test_a_skill_edit_compares_and_announces_only_the_weapons_av(window: MainWindow) -> None:
    view = window.open_path(DAX)
    assert view is not None
    weapons = _model(window, "weapons")
    av = weapons.COLUMNS.index("AV")
    # AV reads the skills; the Attribute column's choices are worked out from the
    # document, so it is compared too; the weapon's own fields are not
    reading = weapons.READ_COLUMNS
    assert reading is not None and av in reading
    assert weapons.COLUMNS.index("Weapon") not in reading
    before = _shown(weapons)
    worked_out = _cells_worked_out(weapons)
    announced: list[tuple[int, int]] = []

    def heard(top_left: QModelIndex, bottom_right: QModelIndex, *_roles: Any) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            for column in range(top_left.column(), bottom_right.column() + 1):
                announced.append((row, column))

    weapons.dataChanged.connect(heard)
    skills = _model(window, "skills")
    assert view.document.push(skills.edit(RIFLE_SKILL, skills.COLUMNS.index("Rating"), 8))
    assert {column for _row, column in worked_out} <= set(reading)
    assert announced == [(0, av)]  # the rifle's AV: 14 -> 16; the knife's is unchanged
    after = _shown(weapons)
    assert after[0][av] == str(int(before[0][av]) + 2)
    assert [r[:av] + r[av + 1 :] for r in after] == [r[:av] + r[av + 1 :] for r in before]
    fresh = CollectionTableModel(view.document, weapons.collection)
    assert _shown(fresh) == after


def test_cells_no_view_has_read_are_neither_worked_out_nor_announced(
    window: MainWindow,
) -> None:
    """A table on a tab never shown (or rows never scrolled to) has no cell a view shows:
    a skill edit worked out every weapon's AV anyway, twice, at every edit (2d10's
    window edit at 1,000 skills: 16 ms, of which 7 on weapon cells nobody saw)."""
    view = window.open_path(DAX)
    assert view is not None
    skills = _model(window, "skills")
    unseen = CollectionTableModel(view.document, _model(window, "weapons").collection)
    av = unseen.COLUMNS.index("AV")
    worked_out = _cells_worked_out(unseen)
    announced: list[int] = []
    unseen.dataChanged.connect(lambda top_left, *_rest: announced.append(top_left.row()))
    rating = skills.COLUMNS.index("Rating")
    assert view.document.push(skills.edit(RIFLE_SKILL, rating, 8))
    assert worked_out == [] and announced == []
    # read now, the cell shows the new value; read once, it is followed from then on
    assert unseen.index(0, av).data() == "16"
    assert view.document.push(skills.edit(RIFLE_SKILL, rating, 9))
    assert announced == [0]
    assert unseen.index(0, av).data() == "17"
    fresh = CollectionTableModel(view.document, unseen.collection)
    assert _shown(fresh) == _shown(unseen)
