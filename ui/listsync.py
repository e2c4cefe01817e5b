"""How a change list touches the lists a Qt model shows: row inserts, removals, moves,
or a wholesale replacement that needs a model reset."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractItemModel, QModelIndex

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


def begin_row_op(model: QAbstractItemModel, parent: QModelIndex, op: RowOp) -> bool:
    """Tell the views of ``model`` that ``op`` is about to insert, remove or move one row
    under ``parent``; False when there is nothing to announce (a move onto itself).
    :func:`end_row_op` with ``op.op`` closes it."""
    if op.op == "insert":
        model.beginInsertRows(parent, op.row, op.row)
    elif op.op == "remove":
        model.beginRemoveRows(parent, op.row, op.row)
    elif op.to is not None and op.to != op.row:
        dest = op.to + 1 if op.to > op.row else op.to
        model.beginMoveRows(parent, op.row, op.row, parent, dest)
    else:
        return False
    return True


def end_row_op(model: QAbstractItemModel, kind: str) -> None:
    """Close what :func:`begin_row_op` opened for an operation of ``kind`` (or a
    ``beginResetModel``: "reset")."""
    ends = {
        "reset": model.endResetModel,
        "insert": model.endInsertRows,
        "remove": model.endRemoveRows,
        "move": model.endMoveRows,
    }
    ends[kind]()


def begin_flat_row_ops(model: QAbstractItemModel, ops: Sequence[RowOp]) -> str:
    """Tell the views of a flat model what ``ops`` are about to do; returns what
    :func:`end_flat_row_ops` must close ("" when nothing: a move onto itself).

    ``ops`` must hold at most one operation (callers reset the model for more)."""
    pending = ""
    for op in ops:
        if begin_row_op(model, QModelIndex(), op):
            pending = op.op
    return pending


def end_flat_row_ops(model: QAbstractItemModel, pending: str) -> None:
    """Close what :func:`begin_flat_row_ops` (or a ``beginResetModel``, "reset") opened."""
    if pending:
        end_row_op(model, pending)
