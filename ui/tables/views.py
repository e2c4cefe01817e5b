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


class ColumnFitter(QObject):
    """Keeps a table's columns as wide as their contents, one column stretched to fill
    the room left, but never narrower than its own contents (the stretched column is the
    item's name: Qt's Stretch mode cut "Magnetic Blast (Energy Blast 10d6)" to
    "Magnetic Blast ..." when a wide column beside it took the room; the table scrolls
    sideways instead).

    Qt's ResizeToContents mode measures the sampled rows of every column again whenever
    the model or the view's layout changes, i.e. on every edit of the document (~3,000
    data() calls on a 300-item list). Here the columns are sized from the contents when
    the model is reset or a large part of it changes; otherwise a column widens when a
    changed or inserted cell needs more room (it does not shrink until the next reset).
    A table out of sight (on another tab) is sized when it is shown.

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
        model = view.model()
        for column in range(model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        #: the stretched column's contents width, measured when the columns are fitted
        self.stretch_contents = 0
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

    def fit(self) -> None:
        """Size every column but the stretched one from its (sampled) contents."""
        if not self.view.isVisible():
            self._unfitted = True
            return
        self._unfitted = False
        for column in range(self.view.model().columnCount()):
            if column != self.stretch:
                self.view.resizeColumnToContents(column)
        if 0 <= self.stretch < self.view.model().columnCount():
            header = self.header()
            self.stretch_contents = max(
                self.view.sizeHintForColumn(self.stretch), header.sectionSizeHint(self.stretch)
            )
        self.place_stretch()

    def place_stretch(self) -> None:
        """The stretched column: the room the others leave, at least its contents."""
        model = self.view.model()
        if not 0 <= self.stretch < model.columnCount():
            return
        others = sum(
            self.view.columnWidth(column)
            for column in range(model.columnCount())
            if column != self.stretch and not self.view.isColumnHidden(column)
        )
        room = self.view.viewport().width() - others
        self.view.setColumnWidth(self.stretch, max(self.stretch_contents, room))

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
        if column == self.stretch:
            if needed > self.stretch_contents:
                self.stretch_contents = needed
                self.place_stretch()
        elif needed > self.view.columnWidth(column):
            self.view.setColumnWidth(column, needed)
            self.place_stretch()


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


__all__ = ["CellTreeView", "ColumnFitter", "table_view", "tool_button", "window_action"]
