"""Table views for the document's tables: the shared editing delegate, columns fitted to
their contents without re-measuring every row on every edit, and tool buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QToolButton, QTreeView

from ui.delegates import EditDelegate
from ui.roles import EDIT_KIND_ROLE

AnyIndex = QModelIndex | QPersistentModelIndex
#: rows measured to size a column: those in view and around them, not every row of a
#: 300-item list
SAMPLE_ROWS = 60
#: a dataChanged over more cells than this sizes every column again
FEW_CELLS = 64


def table_view(name: str, model: QAbstractItemModel, stretch: int = 0) -> QTableView:
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setItemDelegate(EditDelegate(view))
    view.setAlternatingRowColors(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.AnyKeyPressed
        | QAbstractItemView.EditTrigger.SelectedClicked
    )
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    # Tab leaves the table (arrows move between cells): with Tab going from cell to cell
    # and round again, and Ctrl+Tab taken by Next Character, the keyboard was shut in.
    view.setTabKeyNavigation(False)
    ColumnFitter(view, stretch)
    return view


#: the rows a table keeps in sight however small the window (the page scrolls instead):
#: at scale 2 tables squeezed by the steps around them showed one or two (issue 31)
LEAST_ROWS = 4


def keep_rows(view: QTableView, rows: int = LEAST_ROWS) -> None:
    """Give ``view`` room for its column titles and ``rows`` rows at least."""
    header = view.horizontalHeader()
    title = header.sizeHint().height() if not header.isHidden() else 0
    row = view.verticalHeader().defaultSectionSize()
    bar = view.horizontalScrollBar().sizeHint().height()
    view.setMinimumHeight(title + rows * row + bar + 2 * view.frameWidth())


class ColumnFitter(QObject):
    """Keeps a table's columns as wide as their contents, one column stretched to fill
    the room left.

    When the contents are wider than the table (a 1280×720 screen, or scale 2), the
    columns that carry a number keep their width and the text columns give way, the
    widest first, down to a few letters (their text elides; the whole of it is in the
    cell's tooltip and editor); the stretched column (the item's name) gives way last:
    at 1400×900 Qt's Stretch mode cut "Magnetic Blast (Energy Blast 10d6)" to
    "Magnetic Blast ..." while an Advantages / Limitations column beside it kept its room,
    and at 1280×720 HERO's Roll, Cost and Value columns sat off to the right. The table
    scrolls sideways only when even that does not fit.

    Qt's ResizeToContents mode measures the sampled rows of every column again whenever
    the model or the view's layout changes, i.e. on every edit of the document (~3,000
    data() calls on a 300-item list). Here the columns are measured when the model is
    reset or a large part of it changes; otherwise a column's measure grows when a
    changed or inserted cell needs more room (it does not shrink until the next reset).
    A table out of sight (on another tab) is measured when it is shown.

    A tree is fitted the same way (Glorious Gladiators' abilities: sized once when the
    character opened, a GP value that grew a digit vanished from its cell).
    """

    def __init__(self, view: QTableView | QTreeView, stretch: int) -> None:
        super().__init__(view)
        self.view = view
        self.stretch = stretch
        header = self.header()
        header.setStretchLastSection(False)
        header.setResizeContentsPrecision(SAMPLE_ROWS)
        # a title narrowed past its length ends in "…" (it was cut at both ends)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        model = view.model()
        for column in range(model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        #: each column's contents width (its cells' and its title's), measured when the
        #: columns are fitted, and its cells' alone
        self.contents: dict[int, int] = {}
        self.cells: dict[int, int] = {}
        #: the columns whose cells are numbers (right-aligned or edited as numbers)
        self.numbers: set[int] = set()
        model.modelReset.connect(self.fit)
        model.rowsInserted.connect(self._inserted)
        model.dataChanged.connect(self._changed)
        self._unfitted = True
        view.installEventFilter(self)
        # The viewport's own resize: the view's comes before the view lays its viewport
        # out, when a table built after the window was shown still has its old width.
        view.viewport().installEventFilter(self)
        self.fit()

    def header(self) -> QHeaderView:
        view = self.view
        return view.horizontalHeader() if isinstance(view, QTableView) else view.header()

    @property
    def stretch_contents(self) -> int:
        """The stretched column's contents width."""
        return self.contents.get(self.stretch, 0)

    def fit(self) -> None:
        """Measure every column from its (sampled) contents and place them."""
        if not self.view.isVisible():
            self._unfitted = True
            return
        self._unfitted = False
        model = self.view.model()
        header = self.header()
        self.numbers = {c for c in range(model.columnCount()) if carries_numbers(model, c)}
        self.cells = {
            column: self.view.sizeHintForColumn(column) for column in range(model.columnCount())
        }
        self.contents = {
            column: max(self.cells[column], header.sectionSizeHint(column))
            for column in range(model.columnCount())
        }
        self.place_stretch()

    def place_stretch(self) -> None:
        """Give every column its contents width, the stretched one the room left; when
        there is less room than that, the text columns give way (see the class)."""
        model = self.view.model()
        shown = [c for c in range(model.columnCount()) if not self.view.isColumnHidden(c)]
        widths = {c: self.contents.get(c, self.view.columnWidth(c)) for c in shown}
        room = self.view.viewport().width()
        excess = sum(widths.values()) - room
        has_stretch = self.stretch in widths
        if excess < 0 and has_stretch:
            widths[self.stretch] -= excess
        elif excess > 0:
            letters = self.view.fontMetrics().averageCharWidth()
            texts = [c for c in shown if c not in self.numbers and c != self.stretch]
            excess = _give_way(widths, texts, excess, 5 * letters)
            if excess > 0 and has_stretch:
                excess = _give_way(widths, [self.stretch], excess, 10 * letters)
            # then the number columns' titles elide (their numbers stay whole)
            for column in shown:
                if excess <= 0 or column not in self.numbers:
                    continue
                least = max(self.cells.get(column, 0), 4 * letters)
                taken = max(0, min(excess, widths[column] - least))
                widths[column] -= taken
                excess -= taken
        for column, width in widths.items():
            if self.view.columnWidth(column) != width:
                self.view.setColumnWidth(column, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.view:
            if kind == QEvent.Type.Show and self._unfitted:
                self.fit()
        elif kind == QEvent.Type.Resize and not self._unfitted:
            self.place_stretch()
        return False

    def _inserted(self, parent: AnyIndex, first: int, last: int) -> None:
        model = self.view.model()
        for row in range(first, last + 1):
            for column in range(model.columnCount(parent)):
                self._widen(model.index(row, column, parent))

    def _changed(self, top_left: AnyIndex, bottom_right: AnyIndex, _roles: Any = ()) -> None:
        rows = range(top_left.row(), bottom_right.row() + 1)
        columns = range(top_left.column(), bottom_right.column() + 1)
        if len(rows) * len(columns) > FEW_CELLS:
            self.fit()
            return
        model = self.view.model()
        for row in rows:
            for column in columns:
                self._widen(model.index(row, column, top_left.parent()))

    def _widen(self, index: QModelIndex) -> None:
        column = index.column()
        if self._unfitted or not index.isValid():
            return
        view = self.view
        grid = 1 if isinstance(view, QTableView) and view.showGrid() else 0
        needed = self.view.sizeHintForIndex(index).width() + grid
        number = column not in self.numbers and _is_number_cell(index)
        if number:
            self.numbers.add(column)
        if needed > self.contents.get(column, 0) or number:
            self.contents[column] = max(needed, self.contents.get(column, 0))
            self.cells[column] = max(needed, self.cells.get(column, 0))
            self.place_stretch()
        elif needed > self.cells.get(column, 0):
            self.cells[column] = needed


def _give_way(widths: dict[int, int], columns: list[int], excess: int, floor: int) -> int:
    """Narrow ``columns`` (in ``widths``) by up to ``excess`` in all, the widest first,
    none below ``floor`` (nor below its own width); returns what is left of ``excess``."""
    lowest = {c: min(widths[c], floor) for c in columns}
    room = sum(widths[c] - lowest[c] for c in columns)
    if room <= 0:
        return excess
    if room <= excess:
        widths.update(lowest)
        return excess - room
    # the highest cap that takes away at least ``excess``: columns wider are cut to it
    low, high = 0, max(widths[c] for c in columns)
    while low < high:
        cap = (low + high + 1) // 2
        taken = sum(max(0, widths[c] - max(cap, lowest[c])) for c in columns)
        if taken >= excess:
            low = cap
        else:
            high = cap - 1
    for c in columns:
        widths[c] = min(widths[c], max(low, lowest[c]))
    return 0


def _is_number_cell(index: QModelIndex) -> bool:
    align = index.data(Qt.ItemDataRole.TextAlignmentRole)
    if align is not None and int(align) & int(Qt.AlignmentFlag.AlignRight):
        return True
    return index.data(EDIT_KIND_ROLE) in ("int", "optional_int")


def carries_numbers(model: QAbstractItemModel, column: int) -> bool:
    """Whether ``column``'s cells are numbers (right-aligned, or edited as numbers),
    judged from its first rows."""
    rows = min(model.rowCount(), SAMPLE_ROWS)
    return any(_is_number_cell(model.index(row, column)) for row in range(rows))


class CellTreeView(QTreeView):
    """A tree edited cell by cell: Left and Right move along the row's columns, as in a
    table (a plain tree sends Right from an expanded row into its first child, so the
    Level of an ability with modifiers could not be reached from the keyboard). Left on
    the first column still collapses the row or goes to its parent."""

    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        current = self.currentIndex()
        action = cursorAction
        if self.isRightToLeft() and action in (
            QAbstractItemView.CursorAction.MoveLeft,
            QAbstractItemView.CursorAction.MoveRight,
        ):
            action = (
                QAbstractItemView.CursorAction.MoveRight
                if action == QAbstractItemView.CursorAction.MoveLeft
                else QAbstractItemView.CursorAction.MoveLeft
            )
        if current.isValid() and action in (
            QAbstractItemView.CursorAction.MoveLeft,
            QAbstractItemView.CursorAction.MoveRight,
        ):
            step = 1 if action == QAbstractItemView.CursorAction.MoveRight else -1
            column = current.column() + step
            while 0 <= column < self.model().columnCount(current.parent()):
                if not self.isColumnHidden(column):
                    return current.siblingAtColumn(column)
                column += step
            if step > 0:
                return current  # the last column: Right stays (it used to jump rows)
        return super().moveCursor(cursorAction, modifiers)


def window_action(
    parent: QObject, text: str, slot: Callable[[], object], shortcut: str | None = None
) -> QAction:
    """An action whose shortcut works anywhere in the window while its page shows."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def tool_button(action: QAction) -> QToolButton:
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setAutoRaise(True)
    return button


__all__ = [
    "CellTreeView",
    "ColumnFitter",
    "carries_numbers",
    "keep_rows",
    "table_view",
    "tool_button",
    "window_action",
]
