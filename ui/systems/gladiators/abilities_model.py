"""Abilities with their modifiers as a tree model over the live document.

Rows are abilities; their children are the modifiers. Each ability row has a stable
node (its internal id) so modifier indexes survive inserts, removals and moves above
them. Every edit goes through the edit builders and the document's undo stack.
"""

from __future__ import annotations

import functools
import itertools
from operator import attrgetter, is_not
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QIcon
from PySide6.QtWidgets import QApplication, QStyle

from sheetapp.core.changes import Change
from sheetapp.core.costs import CostLine
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.unchanged import ByIdentity
from sheetapp.editing.bounds import format_bounds
from sheetapp.editing.explain import worst_severity
from sheetapp.editing.wording import user_note
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import Catalogs, VariantCost, catalogs
from sheetapp.systems.gladiators.collections import ABILITIES as ABILITY_LIST
from sheetapp.systems.gladiators.collections import modifiers_of
from sheetapp.systems.gladiators.model import MAX_UNITS, AbilityChoice, GladiatorsDocument
from sheetapp.systems.gladiators.resolve import (
    ResolvedAbility,
    ResolvedModifier,
    resolve_ability,
    resolve_character,
)
from ui.document import EditorDocument
from ui.listsync import begin_row_op, end_row_op, row_ops
from ui.roles import (
    ALIGN_CENTER,
    ALIGN_RIGHT,
    ALIGNMENT,
    BACKGROUND,
    CHOICES_ROLE,
    DECORATION,
    DISPLAY,
    EDIT,
    EDIT_KIND_ROLE,
    PATH_ROLE,
    RANGE_ROLE,
    RULE_TEXT_ROLE,
    SEVERITY_ROLE,
    TOOLTIP,
    column_title,
    issues_tooltip,
    severity_background,
    severity_icon,
)

AnyIndex = QModelIndex | QPersistentModelIndex
COLUMNS = ("Name", "Level", "Type", "Option", "Source", "GP")
NAME, LEVEL, TYPE, OPTION, SOURCE, COST = range(len(COLUMNS))
ABILITIES: DataPath = ("character", "abilities")
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
CERTAINTY_TEXT = {
    "reconstructed": "Cost reconstructed from a garbled table; a referee may override it.",
    "uncertain": "Cost uncertain: the rulebook's table is damaged here; a referee may override it.",
}
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


#: every Level a file may hold
LEVEL_FORMAT_BOUNDS = format_bounds(AbilityChoice, "level")


class _Node:
    """Identity of one ability row (its children's internal id)."""

    __slots__ = ("key",)

    def __init__(self, key: int) -> None:
        self.key = key


def level_bounds(document: GladiatorsDocument, index: int) -> tuple[int, int]:
    """Levels a spin box offers: every Level the file format accepts. The rules' caps
    (Level 3 for a minor character, 5 for a Conventional ability, seed lines 11 and 34)
    are not enforced here: a Level over them shows as an error with its fix, like every
    other rule, instead of the editor silently refusing it."""
    del document, index  # the same for every row: the format's bounds
    return LEVEL_FORMAT_BOUNDS


class AbilitiesModel(QAbstractItemModel):
    def __init__(self, document: EditorDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = document
        self.cats: Catalogs = catalogs()
        self._keys = itertools.count(1)
        self._nodes: list[_Node] = []
        self._rows_by_key: dict[int, int] = {}
        self._pending: list[tuple[str, Any]] = []
        self._refresh_cache()
        self._rebuild_nodes()
        document.about_to_change.connect(self._before_change)
        document.changed.connect(self._after_change)

    # --- caches -----------------------------------------------------------------------

    @property
    def character_document(self) -> GladiatorsDocument:
        document = self.doc.document
        assert isinstance(document, GladiatorsDocument)
        return document

    def _refresh_cache(self) -> None:
        """Everything the cells show from the evaluation, rebuilt as a whole."""
        self._resolved: list[ResolvedAbility] = resolve_character(
            self.character_document.character, self.cats
        )
        self._index_evaluation()

    def _index_evaluation(self) -> None:
        """Cost lines by path, issues by path and by every path above it, and each ability
        row's own line and issues (what :meth:`_changed_rows` compares)."""
        evaluation = self.doc.evaluation
        lines = _CostIndex(evaluation.costs)
        exact: dict[DataPath, list[Issue]] = {}
        below: dict[DataPath, list[Issue]] = {}
        for issue in evaluation.issues:
            exact.setdefault(issue.path, []).append(issue)
            for size in range(len(issue.path) + 1):
                below.setdefault(issue.path[:size], []).append(issue)
        self._lines = lines
        self._exact = exact
        self._below = below
        count = len(self.character_document.character.abilities)
        self._row_lines: list[CostLine | None] = lines.row_lines(count)
        self._row_issues: dict[int, list[Issue]] = {}
        for path, issues in below.items():
            if len(path) == 3 and path[:2] == ABILITIES and isinstance(path[2], int):
                self._row_issues[path[2]] = issues

    def _rebuild_nodes(self) -> None:
        self._nodes = [_Node(next(self._keys)) for _ in self.character_document.character.abilities]
        self._reindex()

    def _reindex(self) -> None:
        self._rows_by_key = {node.key: row for row, node in enumerate(self._nodes)}

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
        if any(kind == "reset" for kind, _op in pending):
            self._refresh_cache()
            self._rebuild_nodes()
            self.endResetModel()
            return
        old_lines = list(self._row_lines)
        old_issues = self._row_issues
        touched = self._sync_resolved(changes, pending, old_lines)
        self._index_evaluation()
        for kind, op in pending:
            if kind == "top":
                if op.op == "insert":
                    self._nodes.insert(op.row, _Node(next(self._keys)))
                elif op.op == "remove":
                    del self._nodes[op.row]
                else:
                    self._nodes.insert(op.to, self._nodes.pop(op.row))
                self._reindex()
            end_row_op(self, op.op)
        shifted = any(kind == "top" for kind, _op in pending)
        rows = self._changed_rows(touched, old_lines, old_issues, shifted)
        self._emit_rows_changed(rows)

    def _sync_resolved(
        self,
        changes: list[Change],
        pending: list[tuple[str, Any]],
        old_lines: list[CostLine | None],
    ) -> set[int] | None:
        """Bring the resolved abilities (and ``old_lines``, row for row) in line with the
        new document, resolving again only the rows the changes touch. Returns those rows
        (in the new order), or None when every row was resolved again."""
        character = self.character_document.character
        touched: set[int] = set()
        every_row = False
        for change in changes:
            path = change.path
            if path[:1] != ("character",):
                continue
            if len(path) < 3 or path[1] != "abilities" or not isinstance(path[2], int):
                if len(path) >= 2 and path[1] in ("advantages", "disadvantages"):
                    continue
                if path[1:] == ("character_type",):
                    every_row = True  # the minor-character rules of every row follow it
                    continue
                # Custom definitions (or the character as a whole): every row may read them.
                self._resolved = resolve_character(character, self.cats)
                return None
            touched.add(path[2])
        if every_row:
            self._resolved = resolve_character(character, self.cats)
            return None
        for kind, op in pending:
            if kind != "top":
                continue
            if touched - {op.row}:
                # Another row changed in the same step as a row moved: row numbers in the
                # change list may refer to either order, so resolve everything again.
                self._resolved = resolve_character(character, self.cats)
                return None
            touched = set()
            if op.op == "insert":
                self._resolved.insert(op.row, self._resolve(op.row))
                old_lines.insert(op.row, None)
                touched.add(op.row)
            elif op.op == "remove":
                del self._resolved[op.row]
                del old_lines[op.row]
            else:
                self._resolved.insert(op.to, self._resolved.pop(op.row))
                old_lines.insert(op.to, old_lines.pop(op.row))
                touched.add(op.to)
            return touched
        for row in touched:
            if row < len(self._resolved):
                self._resolved[row] = self._resolve(row)
        return touched

    def _resolve(self, row: int) -> ResolvedAbility:
        character = self.character_document.character
        return resolve_ability(
            character.abilities[row],
            self.cats,
            {c.id: c for c in character.custom_abilities},
            {c.id: c for c in character.custom_modifiers},
        )

    def _changed_rows(
        self,
        touched: set[int] | None,
        old_lines: list[CostLine | None],
        old_issues: dict[int, list[Issue]],
        shifted: bool,
    ) -> list[int]:
        """Rows whose cells may show something new: rows the changes touched, rows whose
        cost line differs, rows whose issues differ. After a row was inserted, removed or
        moved the rows below carry new paths; only a difference in what they show counts
        (the view lays out and repaints them anyway)."""
        count = len(self._row_lines)
        if touched is None:
            return list(range(count))
        rows = {row for row in touched if row < count}
        same = _same_shown if shifted else _same
        new_lines = self._row_lines
        # only the rows whose line is not the same object are compared (found at C speed)
        differ = itertools.compress(itertools.count(), map(is_not, old_lines, new_lines))
        for row in differ:
            if row not in rows and not same(old_lines[row], new_lines[row]):
                rows.add(row)
        new_issues = self._row_issues
        for row in old_issues.keys() | new_issues.keys():
            if row < count and row not in rows:
                before, after = old_issues.get(row, []), new_issues.get(row, [])
                if shifted:
                    changed = [_shown_issue(i) for i in before] != [_shown_issue(i) for i in after]
                else:
                    changed = before != after
                if changed:
                    rows.add(row)
        return sorted(rows)

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
        for issue in self._below.get(base, []):
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
        if row >= len(self._resolved):
            return None
        ability = self._resolved[row]
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
            return self._ability_data(index.column(), row, ability, role)
        if m_row >= len(ability.modifiers):
            return None
        return self._modifier_data(index.column(), row, m_row, ability, role)

    def _tooltip(
        self, index: AnyIndex, ability: ResolvedAbility, m_row: int | None, issues: list[Issue]
    ) -> str | None:
        parts = [issues_tooltip(issues)] if issues else []
        if index.column() == NAME:
            text = self.data(index, RULE_TEXT_ROLE)
            if text:
                parts.append(str(text))
        if index.column() == COST:
            line = self._lines.get(self.path_for(index))
            if line is not None and line.explanation:
                parts.append(line.explanation)
            if m_row is None and ability.definition and ability.definition.certainty != "clear":
                parts.append(self._certainty_text(ability))
        return "\n\n".join(parts) if parts else None

    def _certainty_text(self, ability: ResolvedAbility) -> str:
        definition = ability.definition
        assert definition is not None
        text = CERTAINTY_TEXT.get(definition.certainty, "")
        return f"{text}\n{user_note(definition.certainty_note)}".strip()

    def _ability_data(self, column: int, row: int, ability: ResolvedAbility, role: int) -> Any:
        choice = ability.choice
        definition = ability.definition
        display = role == DISPLAY
        edit = role == EDIT
        if column == NAME:
            if display:
                return f"{choice.label} ({ability.name})" if choice.label else ability.name
            if edit:
                return choice.label
            if role == EDIT_KIND_ROLE:
                return "text"
            if role == DECORATION:
                severity = worst_severity(self._below.get((*ABILITIES, row), []))
                return severity_icon(severity) if severity else None
            if role == RULE_TEXT_ROLE:
                return self._rule_text(ability)
        elif column == LEVEL:
            if display or edit:
                return choice.level
            if role == EDIT_KIND_ROLE:
                return "int"
            if role == RANGE_ROLE:
                return level_bounds(self.character_document, row)
            if role == ALIGNMENT:
                return ALIGN_CENTER
        elif column == TYPE:
            return self._type_data(ability, role)
        elif column == OPTION:
            return self._option_data(ability, role)
        elif column == SOURCE:
            if display:
                source = self.cats.sources.get(choice.source)
                name = source.name if source else choice.source
                return f"{name} (large item)" if choice.large_item else name
            if edit:
                return choice.source
            if role == EDIT_KIND_ROLE:
                return "choice"
            if role == CHOICES_ROLE:
                return [(s.id, s.name) for s in self.cats.sources.values()]
        elif column == COST:
            line = self._lines.get((*ABILITIES, row))
            if display:
                return line.amount if line else None
            if role == ALIGNMENT:
                return ALIGN_RIGHT
            if (
                role == DECORATION
                and definition
                and definition.certainty != "clear"
                and choice.cost_override is None
            ):
                return _certainty_icon()
        if definition is None and role == EDIT_KIND_ROLE and column in (TYPE, OPTION):
            return None
        return None

    def _rule_text(self, ability: ResolvedAbility) -> str:
        if ability.definition:
            definition = ability.definition
            limit = f"Level Limit {definition.level_limit}. " if definition.level_limit else ""
            return f"{definition.name}: {limit}{definition.text}"
        if ability.custom:
            return f"{ability.custom.name} (custom ability): {ability.custom.text}"
        return ""

    def _type_data(self, ability: ResolvedAbility, role: int) -> Any:
        choice = ability.choice
        definition = ability.definition
        handling = definition.types.handling if definition else "none"
        if role == DISPLAY:
            if choice.kinds:
                return ", ".join(k.replace("_", " ").title() for k in choice.kinds)
            if choice.types:
                return ", ".join(t.capitalize() for t in choice.types)
            return "—" if handling == "none" else ""
        if role == EDIT:
            return choice.types[0] if choice.types else None
        if handling != "choose" or definition is None:
            return None
        if role == EDIT_KIND_ROLE:
            return "choice"
        if role == CHOICES_ROLE:
            allowed = {t.lower() for t in definition.types.allowed}
            return [
                (t.id, t.name) for t in self.cats.types.values() if not allowed or t.id in allowed
            ]
        return None

    def _option_group(self, ability: ResolvedAbility) -> Any:
        if ability.definition is None:
            return None
        return next(
            (
                g
                for g in ability.definition.cost_options
                if g.kind == "choice" and len(g.options) > 1
            ),
            None,
        )

    def _option_data(self, ability: ResolvedAbility, role: int) -> Any:
        group = self._option_group(ability)
        choice = ability.choice
        if role == DISPLAY:
            parts = []
            if group is not None:
                wanted = choice.options.get(group.id, group.options[0].id)
                option = next((o for o in group.options if o.id == wanted), group.options[0])
                parts.append(option.label)
            extras = [o.label for o, count in ability.options if o.id in choice.addons and count]
            parts.extend(extras)
            return ", ".join(parts)
        if group is None:
            return None
        if role == EDIT:
            return choice.options.get(group.id, group.options[0].id)
        if role == EDIT_KIND_ROLE:
            return "choice"
        if role == CHOICES_ROLE:
            return [(o.id, o.label) for o in group.options]
        return None

    def _modifier_data(
        self, column: int, row: int, m_row: int, ability: ResolvedAbility, role: int
    ) -> Any:
        modifier: ResolvedModifier = ability.modifiers[m_row]
        definition = modifier.definition
        display = role == DISPLAY
        if column == NAME:
            if display:
                return modifier.display
            if role == RULE_TEXT_ROLE:
                if definition:
                    return f"{definition.name}: {definition.text}"
                return modifier.custom.text if modifier.custom else ""
            if role == DECORATION:
                issues = self._below.get((*ABILITIES, row, "modifiers", m_row), [])
                severity = worst_severity(issues)
                return severity_icon(severity) if severity else None
        elif column == LEVEL:
            if not edits.modifier_has_units(definition):
                return None
            if display or role == EDIT:
                return modifier.choice.units
            if role == EDIT_KIND_ROLE:
                return "int"
            if role == RANGE_ROLE:
                # the file's limit only: past the rulebook's most the count goes in and
                # an issue says so (no silent clamp)
                return 1, MAX_UNITS
            if role == ALIGNMENT:
                return ALIGN_CENTER
        elif column == TYPE:
            if display and definition:
                return "limitation" if definition.sign == "negative" else ""
        elif column == OPTION:
            if definition is None or not isinstance(definition.cost, VariantCost):
                return None
            if display:
                return modifier.variant.label if modifier.variant else "(choose)"
            if role == EDIT:
                return modifier.choice.variant
            if role == EDIT_KIND_ROLE:
                return "choice"
            if role == CHOICES_ROLE:
                return [(v.id, v.label) for v in definition.cost.variants]
        elif column == COST:
            line = self._lines.get((*ABILITIES, row, "modifiers", m_row))
            if display and line is not None:
                return f"{line.amount:+d}"
            if role == ALIGNMENT:
                return ALIGN_RIGHT
        return None

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
                    group = self._option_group(self._resolved[row])
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


def _same(old: CostLine | None, new: CostLine | None) -> bool:
    return old is new or old == new


def _shown_line(line: CostLine | None) -> Any:
    """What the cells show of a cost line: everything but the paths."""
    if line is None:
        return None
    children = tuple(_shown_line(child) for child in line.children)
    return (line.label, line.amount, line.explanation, line.total, line.figures, children)


def _same_shown(old: CostLine | None, new: CostLine | None) -> bool:
    return old is new or _shown_line(old) == _shown_line(new)


def _shown_issue(issue: Issue) -> tuple[Any, ...]:
    """An issue as a row shows it: the path from the ability down (its row may move)."""
    return (issue.severity, issue.code, issue.message, issue.hint, issue.path[3:])


def _certainty_icon() -> QIcon:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return QIcon()
    return app.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion)


def _subtree(line: CostLine) -> tuple[tuple[DataPath, CostLine], ...]:
    """Every line of a cost tree with its path, depth first, the last child first (the
    order the window has always looked them up in: the first line of a path wins)."""
    found: list[tuple[DataPath, CostLine]] = [(line.path, line)]
    for child in reversed(line.children):
        found += _SUBTREES.get(child, _subtree) if child.children else ((child.path, child),)
    return tuple(found)


#: cost lines are frozen, and the system keeps an unchanged ability's line (the same
#: object): its tree is listed once, not again after every edit
_SUBTREES: ByIdentity[CostLine, tuple[tuple[DataPath, CostLine], ...]] = ByIdentity()


def _by_path(line: CostLine) -> dict[DataPath, CostLine]:
    return dict(reversed(_SUBTREES.get(line, _subtree)))  # the first line of a path wins


#: each ability's lines by path, kept with the ability's (unchanged) line
_ABILITY_LINES: ByIdentity[CostLine, dict[DataPath, CostLine]] = ByIdentity()


_PATH = attrgetter("path")


@functools.lru_cache(maxsize=8)
def _row_paths(count: int) -> list[DataPath]:
    """The paths of ``count`` ability rows in order (compared, never changed)."""
    return [(*ABILITIES, row) for row in range(count)]


class _CostIndex:
    """The evaluation's cost lines by path, the first line of a path winning.

    The lines of an ability (its own and its modifiers') are looked up in a dict kept
    with the ability's line, made the first time one is asked for; the system keeps an
    unchanged ability's line, so an edit on a 1,000-ability character lists one
    ability's lines again, not 5,000. The Abilities line owns the ability paths; every
    other line is listed as a whole.
    """

    def __init__(self, costs: tuple[CostLine, ...]) -> None:
        #: each ability row's own line (the first child of the Abilities line with its path)
        self._row_lines: dict[int, CostLine] = {}
        #: the number of rows stored in order 0, 1, ... by the usual tree (else -1)
        self._ordered = -1
        rest: list[tuple[DataPath, CostLine]] = []
        for top in reversed(costs):
            if top.path != ABILITIES:
                rest += _SUBTREES.get(top, _subtree)
                continue
            rest.append((top.path, top))
            rows = self._row_lines
            children = top.children
            if not rows and list(map(_PATH, children)) == _row_paths(len(children)):
                # the usual tree: child n is row n's line and nothing else is (one list
                # comparison at C speed, not a thousand checks of a path)
                rows.update(enumerate(children))
                self._ordered = len(children)
                continue
            for child in reversed(children):
                path = child.path
                if len(path) == 3 and isinstance(path[2], int) and path[:2] == ABILITIES:
                    rows.setdefault(path[2], child)
                else:
                    rest += _SUBTREES.get(child, _subtree)
        self._rest = dict(reversed(rest))

    def get(self, path: DataPath) -> CostLine | None:
        if len(path) >= 3 and isinstance(path[2], int) and path[:2] == ABILITIES:
            line = self._row_lines.get(path[2])
            if line is not None:
                if len(path) == 3:
                    return line
                own = _ABILITY_LINES.get(line, _by_path)
                if path in own:
                    return own[path]
        return self._rest.get(path)

    def row_line(self, row: int) -> CostLine | None:
        line = self._row_lines.get(row)
        return line if line is not None else self._rest.get((*ABILITIES, row))

    def row_lines(self, count: int) -> list[CostLine | None]:
        """:meth:`row_line` of rows 0 to ``count - 1``."""
        if self._ordered == count == len(self._row_lines):  # row n is the n-th line stored
            return list(self._row_lines.values())
        return [self.row_line(row) for row in range(count)]
