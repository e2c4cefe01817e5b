"""Issue 31, defect 12: a Glorious Gladiators GP value stays readable when it grows a
digit. The abilities tree's columns were sized once when the character opened: raising
Night Owl's Walk/Run from Level 2 to 8 made its GP 10, and the cell showed nothing (too
narrow for two digits). The tables' column fitter now serves the tree too."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow
from ui.systems.gladiators.abilities_model import COST, LEVEL
from ui.systems.gladiators.page import GladiatorsPage


def test_a_gp_value_that_grows_a_digit_stays_in_view(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    page = view.page
    assert isinstance(page, GladiatorsPage)
    model, tree = page.abilities, page.tree
    names = [model.index(row, 0).data() for row in range(model.rowCount())]
    row = next(n for n, name in enumerate(names) if "Walk/Run" in str(name))
    assert model.setData(model.index(row, LEVEL), 8)
    gp = model.index(row, COST)
    assert len(str(gp.data())) >= 2, gp.data()
    needed = tree.sizeHintForIndex(gp).width()
    assert tree.columnWidth(COST) >= needed, (tree.columnWidth(COST), needed, gp.data())
    # and every column that carries a number shows it whole, on every row
    for column in (LEVEL, COST):
        widest = max(
            tree.sizeHintForIndex(model.index(r, column)).width() for r in range(model.rowCount())
        )
        assert tree.columnWidth(column) >= widest, column
