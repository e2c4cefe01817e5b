"""Advantages or disadvantages as a table model over the live document."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
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
from sheetapp.systems.gladiators.catalog import TraitDef, catalogs
from sheetapp.systems.gladiators.model import GladiatorsDocument, TraitChoice
from sheetapp.systems.gladiators.traits import trait_explanation, trait_points
from ui.document import EditorDocument
from ui.listsync import begin_flat_row_ops, end_flat_row_ops, row_ops
from ui.qtcompat import emit
from ui.roles import (
    ALIGN_RIGHT,
    ALIGNMENT,
    BACKGROUND,
    CHOICES_ROLE,
    DECORATION,
    DISPLAY,
    EDIT,
    EDIT_KIND_ROLE,
    PATH_ROLE,
    RULE_TEXT_ROLE,
    SEVERITY_ROLE,
    TOOLTIP,
    issues_tooltip,
    severity_background,
    severity_icon,
)

AnyIndex = QModelIndex | QPersistentModelIndex
COLUMNS = ("Trait", "Name / specialty", "Category", "Frequency", "Severity", "Points")
TRAIT, NAME, CATEGORY, FREQUENCY, SEVERITY, POINTS = range(len(COLUMNS))
FIELDS = {NAME: "name", CATEGORY: "category", FREQUENCY: "frequency", SEVERITY: "severity"}
FREQUENCIES = [("fre", "Frequent (2)"), ("com", "Common (1)"), ("rar", "Rare (0)")]
SEVERITIES = [("maj", "Major (2)"), ("sig", "Significant (1)"), ("min", "Minor (0)")]
CATEGORIES = [("V", "V — Voluntary"), ("C", "C — Circumstantial"), ("R", "R — Random")]
MIME_TYPE = "application/x-sheetapp-gladiators-trait"


class TraitsModel(QAbstractTableModel):
    def __init__(self, document: EditorDocument, kind: edits.TraitList, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = document
        self.kind: edits.TraitList = kind
        self.list_path: DataPath = ("character", kind)
        self._pending = ""
        self._count = len(self._traits())
        self._before: tuple[list[TraitChoice], list[Issue]] = ([], [])
        document.about_to_change.connect(self._before_change)
        document.changed.connect(self._after_change)

    @property
    def character_document(self) -> GladiatorsDocument:
        document = self.doc.document
        assert isinstance(document, GladiatorsDocument)
        return document

    def _traits(self) -> list[TraitChoice]:
        traits: list[TraitChoice] = getattr(self.character_document.character, self.kind)
        return traits

    def definition(self, trait: TraitChoice) -> TraitDef | None:
        cats = catalogs()
        known = cats.advantages if self.kind == "advantages" else cats.disadvantages
        return known.get(trait.trait)

    def _shown(self) -> tuple[list[TraitChoice], list[Issue]]:
        """What the rows show: the traits and the issues at or below the list."""
        return list(self._traits()), self.doc.evaluation.issues_at(self.list_path)

    def _before_change(self, changes: list[Change]) -> None:
        self._before = self._shown()
        ops = row_ops(changes, self.list_path)
        if ops is None or len(ops) > 1:
            self.beginResetModel()
            self._pending = "reset"
            return
        self._pending = begin_flat_row_ops(self, ops)

    def _after_change(self, _changes: list[Change]) -> None:
        self._count = len(self._traits())
        pending, self._pending = self._pending, ""
        end_flat_row_ops(self, pending)
        if pending == "reset" or not self._count:
            return
        # Announce only when something shown changed (an edit elsewhere changes nothing
        # here); the list is short, so the whole table is announced then.
        if self._shown() != self._before:
            emit(self.dataChanged, self.index(0, 0), self.index(self._count - 1, len(COLUMNS) - 1))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if role != DISPLAY:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return str(section + 1)

    def path_for(self, index: AnyIndex) -> DataPath:
        field = FIELDS.get(index.column())
        row_path = (*self.list_path, index.row())
        return (*row_path, field) if field else row_path

    def index_for_path(self, path: DataPath) -> QModelIndex:
        size = len(self.list_path)
        if path[:size] != self.list_path:
            return QModelIndex()
        if len(path) == size:
            return self.index(0, TRAIT) if self._count else QModelIndex()
        row = path[size]
        if not isinstance(row, int) or row >= self._count:
            return QModelIndex()
        field = path[size + 1] if len(path) > size + 1 else None
        column = next((c for c, f in FIELDS.items() if f == field), TRAIT)
        return self.index(row, column)

    def _issues(self, index: AnyIndex) -> list[Issue]:
        row_path = (*self.list_path, index.row())
        found = []
        for issue in self.doc.evaluation.issues:
            if issue.path[: len(row_path)] != row_path:
                continue
            if self.index_for_path(issue.path).column() == index.column():
                found.append(issue)
        return found

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self._count:
            return None
        trait = self._traits()[index.row()]
        column = index.column()
        if role == PATH_ROLE:
            return self.path_for(index)
        if role in (SEVERITY_ROLE, BACKGROUND):
            severity = worst_severity(self._issues(index))
            if role == SEVERITY_ROLE:
                return severity
            color = severity_background(severity)
            return QBrush(color) if color else None
        if role == TOOLTIP:
            parts = [issues_tooltip(self._issues(index))] if self._issues(index) else []
            if column == TRAIT:
                parts.append(self.rule_text(trait))
            if column == POINTS:
                parts.append(trait_explanation(trait))
            return "\n\n".join(p for p in parts if p) or None
        if role == RULE_TEXT_ROLE:
            return self.rule_text(trait)
        if column == TRAIT:
            if role == DISPLAY:
                definition = self.definition(trait)
                return definition.name if definition else "Custom"
            if role == DECORATION:
                row_issues = self.doc.evaluation.issues_at((*self.list_path, index.row()))
                severity = worst_severity(row_issues)
                return severity_icon(severity) if severity else None
            return None
        if column == POINTS:
            if role == DISPLAY:
                points = trait_points(trait)
                return points if self.kind == "advantages" else -points
            if role == ALIGNMENT:
                return ALIGN_RIGHT
            return None
        field = FIELDS[column]
        value = getattr(trait, field)
        choices = {CATEGORY: CATEGORIES, FREQUENCY: FREQUENCIES, SEVERITY: SEVERITIES}.get(column)
        if role == DISPLAY:
            if choices:
                return next((label for v, label in choices if v == value), value or "")
            return value
        if role == EDIT:
            return value
        if role == EDIT_KIND_ROLE:
            return "choice" if choices else "text"
        if role == CHOICES_ROLE:
            return choices
        return None

    def rule_text(self, trait: TraitChoice) -> str:
        definition = self.definition(trait)
        if definition is None:
            return "A custom entry: its points are frequency + severity."
        lines = ", ".join(str(n) for n in definition.seed_lines)
        stated = f" Printed cost: {definition.stated_cost}." if definition.stated_cost else ""
        where = f"\n(rulebook line {lines})" if lines else ""
        return f"{definition.name}: {definition.text}{stated}{where}"

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        flags = (
            Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled
        )
        if index.column() in FIELDS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        field = FIELDS.get(index.column())
        if role != EDIT or not index.isValid() or field is None:
            return False
        try:
            changes = edits.set_trait_field(
                self.character_document, self.kind, index.row(), field, value
            )
        except edits.EditError as exc:
            emit(self.doc.edit_refused, str(exc))
            return False
        merge = (self.kind, index.row(), field) if field == "name" else None
        return self.doc.push(changes, merge_key=merge)

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        if indexes:
            data.setData(MIME_TYPE, QByteArray(str(indexes[0].row()).encode()))
        return data

    def dropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: AnyIndex,
    ) -> bool:
        if not data.hasFormat(MIME_TYPE) or self._count == 0:
            return False
        source = int(bytes(data.data(MIME_TYPE).data()).decode())
        if parent.isValid():
            row = parent.row()
        target = self._count - 1 if row < 0 else (row - 1 if row > source else row)
        target = max(0, min(target, self._count - 1))
        if source < self._count:
            self.doc.push(edits.move_trait(self.character_document, self.kind, source, target))
        return False
