"""Which cells of a Capital table an edit can have changed, for announcing only those.

A table row shows one item of a list (its cells' paths lie at or below the row's path),
the catalogs, the issues at or below the row, and perhaps a few values elsewhere in the
document (a model's ``READS``). So a ``set`` inside row 7 can only change row 7's cells;
a change at or above a ``READS`` path can change every row; a new evaluation changes the
issue marks of the rows whose issues differ. Everything here is plain data (no Qt).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath, Issue


def related(path: DataPath, other: DataPath) -> bool:
    """True when one path is the other or lies below it."""
    size = min(len(path), len(other))
    return path[:size] == other[:size]


def rows_touched(
    changes: Sequence[Change], list_path: DataPath, reads: Sequence[DataPath]
) -> set[int] | None:
    """The rows whose item a list of in-place changes edits; None when a change can
    touch every row (it is at or above one of ``reads``, or above the list)."""
    touched = rows_and_reads_touched(changes, list_path, reads)
    if touched is None or touched[1]:
        return None
    return touched[0]


def rows_and_reads_touched(
    changes: Sequence[Change], list_path: DataPath, reads: Sequence[DataPath]
) -> tuple[set[int], bool] | None:
    """The rows whose item a list of in-place changes edits, and whether a change is at
    or above one of ``reads`` (so that what every row reads may have changed); None when
    a change is at or above the list itself."""
    size = len(list_path)
    rows: set[int] = set()
    reads_touched = False
    for change in changes:
        path = change.path
        if len(path) > size and path[:size] == list_path:
            row = path[size]
            if not isinstance(row, int):
                return None
            rows.add(row)
        elif related(path, list_path):
            return None
        elif any(related(path, read) for read in reads):
            reads_touched = True
    return rows, reads_touched


def issues_by_row(issues: Iterable[Issue], list_path: DataPath) -> dict[int, list[Issue]]:
    """The issues at or below each row of the list at ``list_path``, in order."""
    size = len(list_path)
    found: dict[int, list[Issue]] = {}
    for issue in issues:
        path = issue.path
        if len(path) > size and path[:size] == list_path:
            row = path[size]
            if isinstance(row, int):
                found.setdefault(row, []).append(issue)
    return found


def rows_with_other_issues(
    before: dict[int, list[Issue]], after: dict[int, list[Issue]], count: int
) -> set[int]:
    """The rows (below ``count``) whose issues differ between two evaluations."""
    return {
        row
        for row in before.keys() | after.keys()
        if row < count and before.get(row) != after.get(row)
    }


def row_runs(rows: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive rows as (first, last) pairs, in order."""
    runs: list[tuple[int, int]] = []
    for row in sorted(set(rows)):
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs
