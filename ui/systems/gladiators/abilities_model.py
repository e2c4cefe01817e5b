"""Abilities with their modifiers as a tree model over the live document.

Rows are abilities; their children are the modifiers. Each ability row has a stable
node (its internal id) so modifier indexes survive inserts, removals and moves above
them. Every edit goes through the edit builders and the document's undo stack. What the
cells show is in :mod:`ui.systems.gladiators.ability_cells`, the evaluation they read in
:mod:`ui.systems.gladiators.ability_rows`.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath, Issue
from sheetapp.editing.explain import worst_severity
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import Catalogs, catalogs
from sheetapp.systems.gladiators.collections import ABILITIES as ABILITY_LIST
from sheetapp.systems.gladiators.collections import modifiers_of
from sheetapp.systems.gladiators.model import GladiatorsDocument
from sheetapp.systems.gladiators.resolve import ResolvedAbility
from ui.document import EditorDocument
from ui.listsync import RowOp, begin_row_op, end_row_op, row_ops
from ui.roles import (
    BACKGROUND,
    EDIT,
    EDIT_KIND_ROLE,
    PATH_ROLE,
    RULE_TEXT_ROLE,
    SEVERITY_ROLE,
    TOOLTIP,
    column_title,
    issues_tooltip,
    severity_background,
)
from ui.systems.gladiators.ability_cells import (
    COLUMNS,
    COST,
    LEVEL,
    NAME,
    OPTION,
    SOURCE,
    TYPE,
    AbilityCells,
)
from ui.systems.gladiators.ability_rows import AbilityRows
from ui.systems.gladiators.cost_index import ABILITIES

AnyIndex = QModelIndex | QPersistentModelIndex
MIME_TYPE = "application/x-sheetapp-gladiators-row"
_DROP = Qt.ItemFlag.ItemIsDropEnabled
_ROW = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled
_ABILITY = _ROW | Qt.ItemFlag.ItemIsDropEnabled
_ABILITY_EDITABLE = _ABILITY | Qt.ItemFlag.ItemIsEditable
_MODIFIER = _ROW | Qt.ItemFlag.ItemNeverHasChildren
_MODIFIER_EDITABLE = _MODIFIER | Qt.ItemFlag.ItemIsEditable
#: Roles the delegate asks about for every painted cell that no cell answers.
_UNANSWERED = frozenset(
    int(role)
    for role in (
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.CheckStateRole,
        Qt.ItemDataRole.SizeHintRole,
    )
)
#: Up to this many changed ability rows are announced row by row (each row repaints
#: alone); more are announced as runs of rows.
FEW_ROWS = 4
_ABILITY_CELLS = {
    "label": NAME,
    "ability": NAME,
    "level": LEVEL,
    "types": TYPE,
    "kinds": TYPE,
    "options": OPTION,
    "addons": OPTION,
    "source": SOURCE,
    "large_item": SOURCE,
    "modifiers": COST,
    "cost_override": COST,
}
_MODIFIER_CELLS = {"modifier": NAME, "units": LEVEL, "variant": OPTION, "addons": OPTION}


class _Node:
    """Identity of one ability row (its children's internal id)."""

    __slots__ = ("key",)

    def __init__(self, key: int) -> None:
        self.key = key


class AbilitiesModel(QAbstractItemModel):
    def __init__(self, document: EditorDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = document
        self.cats: Catalogs = catalogs()
        self.rows = AbilityRows(self.cats)
        self.cells = AbilityCells(self.rows, self.cats, lambda: self.character_document)
        self._keys = itertools.count(1)
        self._nodes: list[_Node] = []
        self._rows_by_key: dict[int, int] = {}
        self._pending: list[tuple[str, RowOp | None]] = []
        self.rows.refresh(self.character_document.character, document.evaluation)
        self._rebuild_nodes()
        document.about_to_change.connect(self._before_change)
        document.changed.connect(self._after_change)

    @property
    def character_document(self) -> GladiatorsDocument:
        document = self.doc.document
        assert isinstance(document, GladiatorsDocument)
        return document

    # --- row identities ------------------------------------------------------------------

    def _rebuild_nodes(self) -> None:
        self._nodes = [_Node(next(self._keys)) for _ in self.character_document.character.abilities]
        self._reindex()

    def _reindex(self) -> None:
        self._rows_by_key = {node.key: row for row, node in enumerate(self._nodes)}

    def _move_nodes(self, op: RowOp) -> None:
        """The ability rows' identities follow one row inserted, removed or moved."""
        if op.op == "insert":
            self._nodes.insert(op.row, _Node(next(self._keys)))
        elif op.op == "remove":
            del self._nodes[op.row]
        else:
            assert op.to is not None  # a move says where to
            self._nodes.insert(op.to, self._nodes.pop(op.row))
        self._reindex()

    # --- following the document ----------------------------------------------------------

    def _before_change(self, changes: list[Change]) -> None:
        top = row_ops(changes, ABILITIES)
        # An ability inserted, removed or moved takes its modifier list with it: that is
        # a row operation, not a replacement of the modifiers (which would reset).
        rest = [change for change in changes if not _moves_a_row(change)]
        child = row_ops(rest, (*ABILITIES, None, "modifiers"))
        self._pending = []
        if top is None or child is None or len(top) + len(child) > 1:
            self.beginResetModel()
            self._pending = [("reset", None)]
            return
        for op in top:
            if begin_row_op(self, QModelIndex(), op):
                self._pending.append(("top", op))
        for op in child:
            if begin_row_op(self, self.index(op.parents[0], 0), op):
                self._pending.append(("child", op))

    def _after_change(self, changes: list[Change]) -> None:
        pending, self._pending = self._pending, []
        character = self.character_document.character
        evaluation = self.doc.evaluation
        if any(kind == "reset" for kind, _op in pending):
            self.rows.refresh(character, evaluation)
            self._rebuild_nodes()
            self.endResetModel()
            return
        rows = self.rows
        old_lines = list(rows.row_lines)
        old_issues = rows.row_issues
        moves = [op for kind, op in pending if kind == "top" and op is not None]
        touched = rows.sync(character, changes, moves, old_lines)
        rows.index_evaluation(evaluation, len(character.abilities))
        for kind, op in pending:
            assert op is not None
            if kind == "top":
                self._move_nodes(op)
            end_row_op(self, op.op)
        self._emit_rows_changed(rows.changed_rows(touched, old_lines, old_issues, bool(moves)))

    def _emit_rows_changed(self, rows: list[int]) -> None:
        """One dataChanged per row (ability and each of its modifiers) of a few changed
        rows, one per run of rows when many changed. A range within one row repaints just
        that row; a range over several rows repaints from its first row to the bottom of
        the view (QTreeView sizes it so), which is what many changed rows need anyway."""
        last = len(COLUMNS) - 1
        if len(rows) <= FEW_ROWS:
            for row in rows:
                parent = self.createIndex(row, 0, 0)
                self.dataChanged.emit(parent, self.createIndex(row, last, 0))
                key = self._nodes[row].key
                for m_row in range(self.rowCount(parent)):
                    self.dataChanged.emit(
                        self.createIndex(m_row, 0, key),
                        self.createIndex(m_row, last, key),
                    )
            return
        for first, final in _runs(rows):
            self.dataChanged.emit(self.index(first, 0), self.index(final, last))
        for row in rows:
            parent = self.index(row, 0)
            children = self.rowCount(parent)
            if children:
                self.dataChanged.emit(
                    self.index(0, 0, parent),
                    self.index(children - 1, last, parent),
                )

    # --- structure ------------------------------------------------------------------------

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._nodes)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        abilities = self.character_document.character.abilities
        return len(abilities[parent.row()].modifiers) if parent.row() < len(abilities) else 0

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        # Bounds checked by hand: PySide6's hasIndex() mishandles the bool's reference
        # count on Python 3.11 and crashes the interpreter after many calls.
        if row < 0 or not 0 <= column < len(COLUMNS) or row >= self.rowCount(parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, self._nodes[parent.row()].key)

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        row = self._rows_by_key.get(index.internalId())
        return QModelIndex() if row is None else self.createIndex(row, 0, 0)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        return column_title(COLUMNS, section, orientation, role)

    def location(self, index: AnyIndex) -> tuple[int, int | None]:
        """(ability row, modifier row or None) of an index."""
        if index.internalId() == 0:
            return index.row(), None
        return self._rows_by_key[index.internalId()], index.row()

    def path_for(self, index: AnyIndex) -> DataPath:
        """The document path of the value a cell shows."""
        row, m_row = self.location(index)
        column = index.column()
        if m_row is None:
            fields = {LEVEL: "level", TYPE: "types", OPTION: "options", SOURCE: "source"}
            field = fields.get(column)
            return (*ABILITIES, row, field) if field else (*ABILITIES, row)
        base = (*ABILITIES, row, "modifiers", m_row)
        field = {LEVEL: "units", OPTION: "variant"}.get(column)
        return (*base, field) if field else base

    def index_for_path(self, path: DataPath) -> QModelIndex:
        """The cell that shows ``path`` (the nearest one when the path is deeper)."""
        if path[:2] != ABILITIES or len(path) < 3 or not isinstance(path[2], int):
            return QModelIndex()
        row = path[2]
        if row >= self.rowCount():
            return QModelIndex()
        rest = path[3:]
        if len(rest) >= 2 and rest[0] == "modifiers" and isinstance(rest[1], int):
            parent = self.index(row, 0)
            if rest[1] >= self.rowCount(parent):
                return parent
            column = _MODIFIER_CELLS.get(str(rest[2]), NAME) if len(rest) > 2 else NAME
            return self.index(rest[1], column, parent)
        column = _ABILITY_CELLS.get(str(rest[0]), NAME) if rest else NAME
        return self.index(row, column)

    # --- data -----------------------------------------------------------------------------------

    def _cell_issues(self, index: AnyIndex) -> list[Issue]:
        """Issues shown on one cell: those whose path leads to this very cell."""
        row, m_row = self.location(index)
        base: DataPath = (
            (*ABILITIES, row) if m_row is None else (*ABILITIES, row, "modifiers", m_row)
        )
        found = []
        for issue in self.rows.below.get(base, []):
            target = self.index_for_path(issue.path)
            if (
                target.row() == index.row()
                and target.column() == index.column()
                and (target.internalId() == index.internalId())
            ):
                found.append(issue)
        return found

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in _UNANSWERED or not index.isValid():
            return None
        row, m_row = self.location(index)
        if row >= len(self.rows.resolved):
            return None
        ability = self.rows.resolved[row]
        if role == PATH_ROLE:
            return self.path_for(index)
        if role in (BACKGROUND, TOOLTIP, SEVERITY_ROLE):
            issues = self._cell_issues(index)
            if role == SEVERITY_ROLE:
                return worst_severity(issues)
            if role == BACKGROUND:
                color = severity_background(worst_severity(issues))
                return QBrush(color) if color else None
            return self._tooltip(index, ability, m_row, issues)
        if m_row is None:
            return self.cells.ability(index.column(), row, ability, role)
        if m_row >= len(ability.modifiers):
            return None
        return self.cells.modifier(index.column(), row, m_row, ability, role)

    def _tooltip(
        self, index: AnyIndex, ability: ResolvedAbility, m_row: int | None, issues: list[Issue]
    ) -> str | None:
        parts = [issues_tooltip(issues)] if issues else []
        if index.column() == NAME:
            text = self.data(index, RULE_TEXT_ROLE)
            if text:
                parts.append(str(text))
        if index.column() == COST:
            line = self.rows.lines.get(self.path_for(index))
            if line is not None and line.explanation:
                parts.append(line.explanation)
            if m_row is None and ability.definition and ability.definition.certainty != "clear":
                parts.append(self.cells.certainty_text(ability))
        return "\n\n".join(parts) if parts else None

    # --- editing ------------------------------------------------------------------------------

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        # Called for every row each time the tree lays itself out: the flag sets are
        # combined once (enum arithmetic is slow in Python), and modifier rows say they
        # never have children so the view does not ask.
        if not index.isValid():
            return _DROP
        if index.column() == NAME:  # the column the tree asks about for every row
            return _ABILITY_EDITABLE if index.internalId() == 0 else _MODIFIER
        if index.internalId() == 0:
            editable = self.data(index, EDIT_KIND_ROLE) is not None
            return _ABILITY_EDITABLE if editable else _ABILITY
        editable = self.data(index, EDIT_KIND_ROLE) is not None
        return _MODIFIER_EDITABLE if editable else _MODIFIER

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != EDIT or not index.isValid():
            return False
        row, m_row = self.location(index)
        document = self.character_document
        column = index.column()
        merge: object | None = None
        try:
            if m_row is None:
                if column == NAME:
                    changes = edits.set_label(document, row, str(value))
                    merge = ("label", row)
                elif column == LEVEL:
                    changes = edits.set_level(document, row, int(value))
                    merge = ("level", row)
                elif column == TYPE:
                    changes = edits.set_type(document, row, str(value))
                elif column == OPTION:
                    group = self.cells.option_group(self.rows.resolved[row])
                    if group is None:
                        return False
                    changes = edits.set_option(document, row, group.id, str(value))
                elif column == SOURCE:
                    changes = edits.set_source(document, row, str(value))
                else:
                    return False
            elif column == LEVEL:
                changes = edits.set_modifier_units(document, row, m_row, int(value))
                merge = ("units", row, m_row)
            elif column == OPTION:
                changes = edits.set_modifier_variant(document, row, m_row, str(value))
            else:
                return False
        except edits.EditError as exc:
            self.doc.edit_refused.emit(str(exc))
            return False
        return self.doc.push(changes, merge_key=merge)

    # --- drag and drop reordering ----------------------------------------------------------

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        if indexes:
            row, m_row = self.location(indexes[0])
            text = f"{row}" if m_row is None else f"{row}:{m_row}"
            data.setData(MIME_TYPE, QByteArray(text.encode()))
        return data

    def canDropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: AnyIndex,
    ) -> bool:
        return self._drop_move(data, row, parent) is not None

    def dropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: AnyIndex,
    ) -> bool:
        changes = self._drop_move(data, row, parent)
        if changes:
            self.doc.push(changes)
        # The move is done through the undo stack; False keeps the view from also
        # removing the dragged row.
        return False

    def _drop_move(self, data: QMimeData, row: int, parent: AnyIndex) -> list[Change] | None:
        if not data.hasFormat(MIME_TYPE):
            return None
        raw = bytes(data.data(MIME_TYPE).data()).decode()
        parts = [int(p) for p in raw.split(":")]
        document = self.character_document
        if len(parts) == 1:
            if parent.isValid():
                return None
            source = parts[0]
            count = self.rowCount()
            target = count - 1 if row < 0 else (row - 1 if row > source else row)
            target = max(0, min(target, count - 1))
            return ABILITY_LIST.move(document, source, target) if source < count else None
        ability, source = parts
        if not parent.isValid() or parent.internalId() != 0 or parent.row() != ability:
            return None
        count = self.rowCount(parent)
        target = count - 1 if row < 0 else (row - 1 if row > source else row)
        target = max(0, min(target, count - 1))
        return (
            modifiers_of(document, ability).move(document, source, target)
            if source < count
            else None
        )


def _moves_a_row(change: Change) -> bool:
    """An ability row inserted, removed or moved as a whole."""
    path = change.path
    return (
        change.op != "set"
        and len(path) == len(ABILITIES) + 1
        and path[: len(ABILITIES)] == ABILITIES
        and isinstance(path[-1], int)
    )


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, last) runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


__all__ = [
    "COLUMNS",
    "COST",
    "LEVEL",
    "MIME_TYPE",
    "NAME",
    "OPTION",
    "SOURCE",
    "TYPE",
    "AbilitiesModel",
]
