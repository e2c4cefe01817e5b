"""Issues are listed errors first, then warnings, then notes, each kept in the order the
rules found them (the Issues panel, `validate` and the sheet all read this order)."""

from __future__ import annotations

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity, sort_issues

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO


def _issue(severity: Severity, number: int) -> Issue:
    return Issue(severity, "test.order", f"found {number}", ("character", "name"))


def test_errors_then_warnings_then_notes_in_the_order_found() -> None:
    found = [_issue(s, n) for n, s in enumerate([N, W, E, N, E, W, N])]
    ordered = sort_issues(found)
    assert [(i.severity, i.message) for i in ordered] == [
        (E, "found 2"),
        (E, "found 4"),
        (W, "found 1"),
        (W, "found 5"),
        (N, "found 0"),
        (N, "found 3"),
        (N, "found 6"),
    ]
    assert Evaluation.build([], [], [], found).issues == tuple(ordered)
    assert [s.rank for s in (E, W, N)] == [0, 1, 2]
