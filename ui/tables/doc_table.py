"""A table model over the live document, described cell by cell.

A subclass says what each cell shows and how it is edited (a :class:`Cell`) and which
changes an edit makes (:meth:`DocTableModel.edit`); this base turns that into Qt roles,
issue marks by path, and row inserts/removals/moves that follow the change lists (so
selections survive an edit, an undo and a redo). After an in-place edit it announces only
the cells whose content or issue marks changed (compared before and after): announcing
every cell of a 300-row table made each edit re-measure and repaint the whole table.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from sheetapp.core.changes import Change
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import CellView, choice_list
from sheetapp.editing.explain import worst_severity
from sheetapp.editing.wording import without_line_notes
from ui.document import EditorDocument
from ui.listsync import begin_flat_row_ops, end_flat_row_ops, row_ops
from ui.roles import (
    ALIGN_RIGHT,
    ALIGNMENT,
    BACKGROUND,
    CHECK,
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
    issues_tooltip,
    severity_background,
    severity_icon,
)
from ui.tables.cell_diff import (
    issues_by_row,
    related,
    row_runs,
    rows_and_reads_touched,
    rows_with_other_issues,
)

AnyIndex = QModelIndex | QPersistentModelIndex
Choices = list[tuple[Any, str]]
#: what a cell shows: its Cell and the issues marked on it
Shown = tuple["Cell", list[Issue]]

ISSUE_ROLES = frozenset({int(SEVERITY_ROLE), BACKGROUND, TOOLTIP, DECORATION})
RIGHT = ALIGN_RIGHT
CHECKED, UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked
#: more changed cells than this are announced as runs of whole rows
FEW_CELLS = 64


#: what a cell shows and how it is edited (declared in the domain)
Cell = CellView


class DocTableModel(QAbstractTableModel):
    COLUMNS: tuple[str, ...] = ()
    #: the list the rows are (None: a fixed set of rows)
    LIST_PATH: DataPath | None = None
    #: without a list path: whether the number of rows never changes (else: reset)
    FIXED_ROWS = True
    #: without a list path nor fixed rows: where the rows come from (an edit at or above
    #: it resets the model, others compare the cells); None: every edit resets
    ROWS_FROM: DataPath | None = None
    #: With a list path: the paths outside the list that the rows also show (an edit at
    #: or above one of them compares every row); a row's cells must show nothing else
    #: than its own item, these, the catalogs and the issues at or below the row (their
    #: paths at or below the row's). None: a row may show anything (every edit compares
    #: every cell).
    READS: tuple[DataPath, ...] | None = None
    #: With READS: the columns whose cells may show what READS point to (None: every
    #: column). An edit at a READS path compares these columns of every row, and the
    #: others only in the rows the edit changed (a skill's rating edit compared all 7
    #: columns of every weapon row, 23 ms at 1,000 skills, where only AV reads it).
    READ_COLUMNS: tuple[int, ...] | None = None

    def __init__(self, document: EditorDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = document
        self._pending = ""
        self._cache: dict[tuple[int, int], Cell] = {}
        #: the cells some view has read since they last all changed: only these can be
        #: showing something an edit made stale (a cell never read is worked out fresh
        #: when a view first asks for it, so it is neither compared nor announced)
        self._served: set[tuple[int, int]] = set()
        self._count = self.count()
        #: during an in-place edit: what the cells that may change showed before it
        self._before: dict[tuple[int, int], Shown] | None = None
        self._compared_all = False
        self._old_evaluation = document.evaluation
        document.about_to_change.connect(self._before_change)
        document.changed.connect(self._after_change)

    # --- for subclasses ---------------------------------------------------------------

    @property
    def character_document(self) -> Any:
        """The document the rows show (a subclass narrows the type)."""
        return self.doc.document

    def count(self) -> int:
        raise NotImplementedError

    def cell(self, row: int, column: int) -> Cell:
        raise NotImplementedError

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        """The changes of setting the cell to ``value`` (``[]``: not editable)."""
        return []

    def row_path(self, row: int) -> DataPath:
        assert self.LIST_PATH is not None
        return (*self.LIST_PATH, row)

    # --- keeping in step with the document --------------------------------------------

    def _before_change(self, changes: list[Change]) -> None:
        self._before = None
        self._old_evaluation = self.doc.evaluation
        if self.LIST_PATH is None:
            rows_from = self.ROWS_FROM
            if not self.FIXED_ROWS and (
                rows_from is None or any(related(c.path, rows_from) for c in changes)
            ):
                self._reset()
                return
            self._remember(None)
            return
        ops = row_ops(changes, self.LIST_PATH)
        size = len(self.LIST_PATH)
        in_rows = [c for c in changes if len(c.path) > size and c.path[:size] == self.LIST_PATH]
        # A row insert, removal or move is announced as such only when it is the whole
        # edit of the list: other rows changing in the same step would change under the
        # views' feet between begin and end (the model tester's "rows inserted" check).
        if ops is None or len(ops) > 1 or (ops and len(in_rows) > len(ops)):
            self._reset()
            return
        if ops:
            self._cache.clear()
            self._pending = begin_flat_row_ops(self, ops) or "rows"
            return
        if self.READS is None:
            self._remember(None)
            return
        touched = rows_and_reads_touched(changes, *self._scope())
        if touched is None or (touched[1] and self.READ_COLUMNS is None):
            self._remember(None)
            return
        rows, reads_touched = touched
        columns = range(len(self.COLUMNS))
        cells = {(row, column) for row in rows for column in columns}
        if reads_touched:
            # the cells of every row that read what changed, as far as a view has read them
            reading = set(self.READ_COLUMNS or ())
            cells |= {key for key in self._served if key[1] in reading}
        self._remember_cells(cells)

    def _scope(self) -> tuple[DataPath, tuple[DataPath, ...]]:
        assert self.LIST_PATH is not None
        return self.LIST_PATH, self.READS or ()

    def _reset(self) -> None:
        self._cache.clear()
        self._served.clear()
        self.beginResetModel()
        self._pending = "reset"

    def _remember(self, rows: set[int] | None) -> None:
        """Keep what the cells of ``rows`` (None: every row) show before the edit."""
        if rows is None:
            self._remember_cells(None)
            return
        columns = range(len(self.COLUMNS))
        self._remember_cells({(row, column) for row in rows for column in columns})

    def _remember_cells(self, cells: set[tuple[int, int]] | None) -> None:
        """Keep what ``cells`` (None: every cell) show before the edit."""
        self._compared_all = cells is None
        if cells is None:
            served = self._served
            wanted = sorted(key for key in served if key[0] < self._count)
        else:
            wanted = sorted(key for key in cells if key[0] < self._count)
        evaluation = self.doc.evaluation
        self._before = {key: self._shown(*key, evaluation) for key in wanted}
        self._cache.clear()

    def _after_change(self, _changes: list[Change]) -> None:
        self._cache.clear()
        self._count = self.count()
        pending, self._pending = self._pending, ""
        before, self._before = self._before, None
        if pending == "reset":
            end_flat_row_ops(self, pending)
            return
        if pending:
            # Rows came, went or moved: the rows after them show other items now.
            end_flat_row_ops(self, "" if pending == "rows" else pending)
            # every cell is announced below: the views read again the cells they show
            self._served.clear()
            if self._count:
                self.dataChanged.emit(
                    self.index(0, 0),
                    self.index(self._count - 1, len(self.COLUMNS) - 1),
                )
            return
        assert before is not None
        self._announce(self._changed_cells(before))

    def _changed_cells(self, before: dict[tuple[int, int], Shown]) -> set[tuple[int, int]]:
        evaluation = self.doc.evaluation
        changed = {key for key, shown in before.items() if self._shown(*key, evaluation) != shown}
        if self._compared_all:
            return changed
        # The other rows show the same items: only their issue marks can have changed.
        list_path = self._scope()[0]
        old = self._old_evaluation
        rows = rows_with_other_issues(
            issues_by_row(old.issues, list_path),
            issues_by_row(evaluation.issues, list_path),
            self._count,
        )
        served = self._served
        for row in rows:
            for column in range(len(self.COLUMNS)):
                if (row, column) in before or (row, column) not in served:
                    continue
                cell = self.cell_at(row, column)
                if self._issues_in(old, row, cell, column) != self._issues_in(
                    evaluation, row, cell, column
                ):
                    changed.add((row, column))
        return changed

    def _announce(self, cells: set[tuple[int, int]]) -> None:
        """One dataChanged per changed cell (each repaints just its cell), or per run of
        rows when many changed."""
        if len(cells) <= FEW_CELLS:
            for row, column in sorted(cells):
                index = self.index(row, column)
                self.dataChanged.emit(index, index)
            return
        last = len(self.COLUMNS) - 1
        for first, final in row_runs(row for row, _column in cells):
            self.dataChanged.emit(self.index(first, 0), self.index(final, last))

    # --- Qt ----------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            # the whole title, for a column narrowed until its title elides (issue 31)
            return self.COLUMNS[section] if 0 <= section < len(self.COLUMNS) else None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section] if 0 <= section < len(self.COLUMNS) else None
        return str(section + 1)

    def cell_at(self, row: int, column: int) -> Cell:
        key = (row, column)
        found = self._cache.get(key)
        if found is None:
            found = self.cell(row, column)
            self._cache[key] = found
        return found

    def cell_issues(self, row: int, column: int) -> list[Issue]:
        return self._issues_in(self.doc.evaluation, row, self.cell_at(row, column), column)

    def _issues_in(self, evaluation: Evaluation, row: int, cell: Cell, column: int) -> list[Issue]:
        if column == 0 and self.LIST_PATH is not None:
            row_path = self.row_path(row)
            own = [i for i in evaluation.issues_at(row_path) if i.path == row_path]
            below = evaluation.issues_at(cell.path) if cell.path != row_path else []
            return own + [i for i in below if i not in own]
        return evaluation.issues_at(cell.path) if cell.path else []

    def _shown(self, row: int, column: int, evaluation: Evaluation) -> Shown:
        cell = self.cell_at(row, column)
        return cell, self._issues_in(evaluation, row, cell, column)

    def data(self, index: AnyIndex, role: int = DISPLAY) -> Any:
        if not index.isValid():
            return None
        row = index.row()
        if row >= self._count:
            return None
        column = index.column()
        self._served.add((row, column))
        cell = self.cell_at(row, column)
        if role == DISPLAY:
            return cell.text
        if role == EDIT:
            return cell.value if cell.edit else cell.text
        if role == CHECK:
            if cell.check is None:
                return None
            return CHECKED if cell.check else UNCHECKED
        if role == EDIT_KIND_ROLE:
            return cell.edit
        if role == CHOICES_ROLE:
            return cell.choices
        if role == RANGE_ROLE:
            return cell.bounds
        if role == PATH_ROLE:
            return cell.path
        if role == RULE_TEXT_ROLE:
            return cell.rule_text or None
        if role == ALIGNMENT and cell.align_right:
            return RIGHT
        if role in ISSUE_ROLES:
            return self._issue_role(role, cell, self.cell_issues(row, column), column)
        return None

    def _issue_role(self, role: int, cell: Cell, issues: list[Issue], column: int) -> Any:
        severity = worst_severity(issues)
        if role == SEVERITY_ROLE:
            return severity
        if role == BACKGROUND:
            return severity_background(severity)
        if role == DECORATION:
            return severity_icon(severity) if severity is not None and column == 0 else None
        parts = [part for part in (issues_tooltip(issues), cell.tooltip) if part]
        return without_line_notes("\n\n".join(parts)) or None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        cell = self.cell_at(index.row(), index.column())
        if cell.edit:
            flags |= Qt.ItemFlag.ItemIsEditable
        if cell.check is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        row, column = index.row(), index.column()
        cell = self.cell_at(row, column)
        if role == Qt.ItemDataRole.CheckStateRole and cell.check is not None:
            checked = Qt.CheckState(value) == Qt.CheckState.Checked
            return self.push(self._edit(row, column, checked))
        if role != Qt.ItemDataRole.EditRole or not cell.edit:
            return False
        merge = cell.path if cell.edit in ("int", "optional_int") else None
        return self.push(self._edit(row, column, value), merge)

    def _edit(self, row: int, column: int, value: Any) -> list[Change] | str:
        try:
            return self.edit(row, column, value)
        except EditError as exc:
            return str(exc)

    def push(self, changes: list[Change] | str, merge_key: object | None = None) -> bool:
        if isinstance(changes, str):
            self.doc.edit_refused.emit(changes)
            return False
        return self.doc.push(changes, merge_key=merge_key)

    # --- paths ---------------------------------------------------------------------------

    def index_for_path(self, path: DataPath) -> QModelIndex:
        """The cell showing ``path`` (or the row's first cell, or the nearest row)."""
        best = QModelIndex()
        best_size = -1
        for row in range(self._count):
            for column in range(len(self.COLUMNS)):
                cell_path = self.cell_at(row, column).path
                size = len(cell_path)
                if cell_path and path[:size] == cell_path and size > best_size:
                    best, best_size = self.index(row, column), size
        return best


__all__ = ["Cell", "DocTableModel", "choice_list"]
