"""How a change list touches the lists a Qt model shows: row inserts, removals, moves,
or a wholesale replacement that needs a model reset."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath

#: A list's path where ``None`` stands for any list index, e.g.
#: ``("character", "abilities", None, "modifiers")``.
Pattern = tuple[str | int | None, ...]


@dataclass(frozen=True, slots=True)
class RowOp:
    op: str  # insert, remove or move
    parents: tuple[int, ...]  # the indexes the pattern's wildcards matched
    row: int
    to: int | None


def _matches(path: DataPath, pattern: Pattern) -> tuple[int, ...] | None:
    if len(path) != len(pattern):
        return None
    found: list[int] = []
    for part, want in zip(path, pattern, strict=True):
        if want is None:
            if not isinstance(part, int):
                return None
            found.append(part)
        elif part != want:
            return None
    return tuple(found)


def _replaces(path: DataPath, pattern: Pattern) -> bool:
    """True when ``path`` is the list itself or above it (the list is rewritten)."""
    if len(path) > len(pattern):
        return False
    return _matches(path, pattern[: len(path)]) is not None


def row_ops(changes: Sequence[Change], pattern: Pattern) -> list[RowOp] | None:
    """The row operations ``changes`` make on lists matching ``pattern``; None when a
    change replaces such a list (or something holding one) as a whole."""
    ops: list[RowOp] = []
    for change in changes:
        if _replaces(change.path, pattern):
            return None
        if change.op == "set" or not change.path:
            continue
        parents = _matches(change.path[:-1], pattern)
        row = change.path[-1]
        if parents is not None and isinstance(row, int):
            ops.append(RowOp(change.op, parents, row, change.to))
    return ops
