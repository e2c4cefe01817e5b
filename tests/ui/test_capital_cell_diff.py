"""Which rows of a Capital table an edit can change (ui/systems/capital/cell_diff.py)."""

from __future__ import annotations

from sheetapp.core.changes import Change
from sheetapp.core.issues import Issue, Severity
from ui.tables.cell_diff import (
    issues_by_row,
    related,
    row_runs,
    rows_touched,
    rows_with_other_issues,
)

ITEMS = ("character", "equipment")
LEVEL = ("character", "level")


def test_a_change_inside_rows_touches_only_those_rows() -> None:
    changes = [
        Change("set", (*ITEMS, 4, "quantity"), 1, 2),
        Change("set", (*ITEMS, 9), {"a": 1}, {"a": 2}),
    ]
    assert rows_touched(changes, ITEMS, (LEVEL,)) == {4, 9}


def test_a_change_elsewhere_touches_no_row_unless_the_rows_read_it() -> None:
    money = [Change("set", ("character", "money"), 1, 2)]
    assert rows_touched(money, ITEMS, (LEVEL,)) == set()
    level = [Change("set", LEVEL, 1, 2)]
    assert rows_touched(level, ITEMS, (LEVEL,)) is None
    everything = [Change("set", ("character",), {}, {})]
    assert rows_touched(everything, ITEMS, ()) is None


def test_paths_are_related_when_one_holds_the_other() -> None:
    assert related(("a", "b"), ("a", "b", 1))
    assert related(("a", "b", 1), ("a",))
    assert not related(("a", "b"), ("a", "c"))


def test_issues_are_grouped_by_row_and_compared() -> None:
    held = Issue(Severity.ERROR, "capital.hands", "Too many", (*ITEMS, 3, "held"))
    row = Issue(Severity.INFO, "capital.x", "Note", (*ITEMS, 1))
    whole = Issue(Severity.ERROR, "capital.y", "List", ITEMS)
    before = issues_by_row([held, row, whole], ITEMS)
    assert before == {3: [held], 1: [row]}
    moved = Issue(Severity.ERROR, "capital.hands", "Too many", (*ITEMS, 2, "held"))
    after = issues_by_row([moved, row], ITEMS)
    assert rows_with_other_issues(before, after, count=10) == {2, 3}
    assert rows_with_other_issues(before, after, count=3) == {2}


def test_rows_in_runs() -> None:
    assert row_runs([5, 1, 2, 3, 9, 5]) == [(1, 3), (5, 5), (9, 9)]
    assert row_runs([]) == []
