"""The totals bar takes any Python int (issue 21): a ledger may earn up to 1,000,000 per
entry, and 2,200 entries pass 2^31 - 1, the most a QProgressBar holds; the window exited
70 at start-up. The bar shows the fraction of a fixed range, the text the real numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.advancement.ledger import new_entry_id, start_ledger
from sheetapp.core.costs import Total
from sheetapp.core.document import HistoryEntry
from sheetapp.core.evaluation import Evaluation
from sheetapp.storage.files import save_document
from sheetapp.systems.gladiators.system import SYSTEM as GLADIATORS
from ui.main_window import MainWindow
from ui.totals import BAR_RANGE, TotalsBar, bar_fill

BIG = 2_200_000_040  # 40 GP at creation and 2,200 entries of +1,000,000 GP


@pytest.mark.parametrize(
    ("spent", "budget", "fill"),
    [
        (0, BIG, 0),
        (BIG // 2, BIG, BAR_RANGE // 2),
        (BIG, BIG, BAR_RANGE),
        (BIG + 5, BIG, BAR_RANGE),  # over budget: full (and red)
        (10**30, None, BAR_RANGE),
        (10**29, 10**30, BAR_RANGE // 10),
        (-3, 10, 0),
        (5, 0, BAR_RANGE),  # no budget to speak of: the bar of what is spent
    ],
)
def test_the_fill_is_a_fraction_of_the_bars_range(
    spent: int, budget: int | None, fill: int
) -> None:
    assert bar_fill(spent, budget) == fill


@pytest.mark.parametrize(
    "total",
    [
        Total("gp", "Glory Points", 1_100_000_020, BIG, "GP"),
        Total("gp", "Glory Points", 10**30, 10**30, "GP"),
        Total("xp", "Experience", 10**30),
    ],
)
def test_huge_totals_are_shown_with_their_real_numbers(qtbot: object, total: Total) -> None:
    bar = TotalsBar()
    bar.show_evaluation(Evaluation(totals=(total,)))
    [(_caption, gauge)] = bar._bars
    assert (gauge.minimum(), gauge.maximum()) == (0, BAR_RANGE)
    assert gauge.value() == bar_fill(total.spent, total.budget)
    assert f"{total.spent}" in bar.text()
    if total.budget is not None:
        assert f"/ {total.budget} GP" in bar.text()
    bar.deleteLater()


def test_a_character_that_earned_more_than_a_c_int_opens(
    window: MainWindow, tmp_path: Path
) -> None:
    document = start_ledger(GLADIATORS.new_document("Rich"), date="2024-01-01")
    entries = [
        HistoryEntry(id=new_entry_id(), date="2024-01-02", label=f"S{n}", earned={"gp": 10**6})
        for n in range(2200)
    ]
    document = document.model_copy(update={"history": [*document.history, *entries]})
    path = tmp_path / "rich.json"
    save_document(document, path)
    view = window.open_path(path)
    assert view is not None
    assert view.document.evaluation.total("gp").budget == BIG
    assert f"0 / {BIG} GP" in view.totals.text()
