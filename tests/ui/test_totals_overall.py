"""The totals bar sums up the character as a whole: a value of one item of a list (each
skill's AV on a 2d10 sheet) shows in that item's row, not in the bar, whose text and
tooltip a thousand skills would bury (and rebuild at every edit)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from sheetapp.core.evaluation import of_one_item, overall_values
from tests.ui.conftest import REPO
from ui.main_window import MainWindow

DAX = REPO / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"


def test_the_bar_leaves_out_the_values_of_single_items(window: MainWindow, qtbot: QtBot) -> None:
    view = window.open_path(DAX)
    assert view is not None
    derived = view.document.evaluation.derived
    per_item = [value for value in derived if of_one_item(value.path)]
    overall = overall_values(derived)
    assert per_item and overall
    text, tip = view.totals.derived.text(), view.totals.derived.toolTip()
    for value in overall:
        assert f"{value.label}: {value.value}" in text
        assert tip.count("\n") == len(overall) - 1
    for value in per_item:
        assert f"{value.label}:" not in text and f"{value.label}:" not in tip


def test_one_item_is_a_row_of_a_list_of_the_character() -> None:
    assert of_one_item(("character", "skills", 0))
    assert of_one_item(("character", "skills", 3, "rating"))
    assert not of_one_item(("character", "attributes", "int"))
    assert not of_one_item(("character", "skills"))
    assert not of_one_item(())
