"""The totals bar sums up the character as a whole: a value of one row of a list (each
skill's AV on a 2d10 sheet) shows in that row, not in the bar, whose text and tooltip a
thousand skills would bury (and rebuild at every edit). A value read from one item but
belonging to the character (Gladiators' Move from Glider Wings, X-Men HERO's STR)
stays in the bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

EXAMPLES = REPO / "resources" / "examples"


def test_the_bar_leaves_out_the_values_of_single_rows(window: MainWindow, qtbot: QtBot) -> None:
    view = window.open_path(EXAMPLES / "twod10" / "dax-morrow-soldier.json")
    assert view is not None
    derived = view.document.evaluation.derived
    per_row = [value for value in derived if value.per_row]
    overall = [value for value in derived if not value.per_row]
    assert per_row and overall
    assert all(value.key.startswith("skill.") for value in per_row)
    text, tip = view.totals.derived.text(), view.totals.derived.toolTip()
    for value in overall:
        assert f"{value.label}: {value.value}" in text
    assert tip.count("\n") == len(overall) - 1
    for value in per_row:
        assert f"{value.label}:" not in text and f"{value.label}:" not in tip


@pytest.mark.parametrize(
    ("example", "shown"),
    [
        (EXAMPLES / "gladiators" / "night-owl.json", "Move: Glider Wings: 6"),
        (EXAMPLES / "hero-xmen" / "lodestar.json", "STR: "),
    ],
)
def test_a_value_read_from_one_item_stays_in_the_bar(
    window: MainWindow, example: Path, shown: str
) -> None:
    view = window.open_path(example)
    assert view is not None
    assert shown in view.totals.text()
