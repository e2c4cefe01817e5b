"""The issues panel: every issue with its severity, message, place and hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import TODO_GROUP, DataPath, Issue, format_path, todos_grouped
from sheetapp.editing.wording import without_line_notes
from ui.roles import (
    DECORATION,
    DISPLAY,
    SEVERITY_NAME,
    SEVERITY_ROLE,
    TOOLTIP,
    column_title,
    severity_icon,
)

AnyIndex = QModelIndex | QPersistentModelIndex
ISSUE_ROLE = Qt.ItemDataRole.UserRole + 20


def _no_place(_path: DataPath) -> str:
    return ""


class IssuesModel(QAbstractTableModel):
    COLUMNS = ("Issue", "Where", "What to do")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.issues: list[Issue] = []
        self.describe: Callable[[DataPath], str] = _no_place
        # place names of this evaluation: the "Where" column sizes to its contents, so
        # the view asks for every row's place on each layout
        self._places: dict[DataPath, str] = {}
        #: the first row the last set_evaluation() removed or inserted, None if none
        self.rows_changed_from: int | None = None

    def where(self, issue: Issue) -> str:
        """The issue's place in the window's words (the data path only in the tooltip)."""
        place = self._places.get(issue.path)
        if place is None:
            try:
                place = self.describe(issue.path)
            except (LookupError, AttributeError, TypeError, ValueError):
                place = ""
            self._places[issue.path] = place
        return place

    def set_evaluation(
        self, evaluation: Evaluation | None, describe: Callable[[DataPath], str] | None = None
    ) -> None:
        """Show ``evaluation``'s issues. Only the rows that differ are removed and inserted
        (issues are sorted, so an edit usually adds or drops a few in one place); the
        rest of the list, and the selection in it, stays."""
        # the to-do errors gathered after the rules broken, step by step
        new = todos_grouped(evaluation.issues) if evaluation else []
        old = self.issues
        self._places = {}
        self.rows_changed_from = None
        changed_places = (describe or _no_place) is not self.describe
        self.describe = describe or _no_place
        if changed_places and old:
            top, bottom = self.index(0, 1), self.index(len(old) - 1, 1)
            self.dataChanged.emit(top, bottom)
        if new == old:
            return
        head = 0
        limit = min(len(old), len(new))
        while head < limit and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        root = QModelIndex()
        self.rows_changed_from = head
        if len(old) - tail > head:
            self.beginRemoveRows(root, head, len(old) - tail - 1)
            self.issues = old[:head] + old[len(old) - tail :]
            self.endRemoveRows()
        if len(new) - tail > head:
            self.beginInsertRows(root, head, len(new) - tail - 1)
            self.issues = new
            self.endInsertRows()
        self.issues = new

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.issues)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return column_title(self.COLUMNS, section, orientation, role)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.issues):
            return None
        issue = self.issues[index.row()]
        column = index.column()
        if role == ISSUE_ROLE:
            return issue
        if role == SEVERITY_ROLE:
            return issue.severity
        if role == DISPLAY:
            if column == 1:
                return without_line_notes(self.where(issue))
            if column == 0 and issue.is_todo:
                return f"{TODO_GROUP} · {issue.step}: {without_line_notes(issue.message)}"
            return without_line_notes(issue.hint if column == 2 else issue.message)
        if role == DECORATION and column == 0:
            return severity_icon(issue.severity)
        if role == TOOLTIP:
            kind = SEVERITY_NAME[issue.severity]
            if issue.is_todo:
                kind = f"{kind}, {TODO_GROUP.lower()} ({issue.step})"
            text = f"{kind}: {issue.message}"
            if issue.hint:
                text += f"\nWhat to do: {issue.hint}"
            return f"{text}\n\nDetails: {issue.code} at {format_path(issue.path)}"
        return None


class IssuesView(QTableView):
    """Clicking (or pressing Enter on) an issue asks the window to show its place."""

    issue_activated = Signal(object)  # Issue

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("issues")
        self.setTabKeyNavigation(False)  # Tab leaves the list; arrows move in it
        self._changed_out_of_sight = False
        self.model_ = IssuesModel(self)
        self.setModel(self.model_)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(2, 320)
        self.clicked.connect(self._activate)
        self.activated.connect(self._activate)

    def doItemsLayout(self) -> None:
        """Skips the repaint of the rows in sight when the last new evaluation added or
        dropped rows only below them: Qt lays out and paints every row in sight again
        after any change of the row count, and each cell's text is shaped anew (a few
        ms at every edit that changes an issue further down a long list)."""
        if self._changed_out_of_sight:
            self._changed_out_of_sight = False
            self.updateGeometries()  # the scroll range follows the new row count
            self.verticalHeader().setUpdatesEnabled(True)  # Qt's removal switched it off
            return
        super().doItemsLayout()

    def _activate(self, index: QModelIndex) -> None:
        issue = index.data(ISSUE_ROLE)
        if issue is not None:
            self.issue_activated.emit(issue)

    def set_evaluation(
        self, evaluation: Evaluation | None, describe: Callable[[DataPath], str] | None = None
    ) -> None:
        named_before = self.model_.describe
        last_in_sight = self.rowAt(self.viewport().height() - 1)
        self.model_.set_evaluation(evaluation, describe)
        changed_from = self.model_.rows_changed_from
        self._changed_out_of_sight = changed_from is not None and 0 <= last_in_sight < changed_from
        if self.model_.describe is not named_before:
            # the places were named afresh: "Where" fits them (the header resizes a
            # ResizeToContents column on row changes, not on changed data)
            self.resizeColumnToContents(1)
