"""A searchable catalog picker: list on the left, the rulebook's text of the highlighted
entry on the right. System pages fill it with :class:`PickerEntry` rows."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QStyle,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp.editing.collections import PickEntry
from sheetapp.editing.search import match_rank
from sheetapp.editing.wording import user_note
from ui.roles import column_title
from ui.screen_fit import fit_to_screen

AnyIndex = QModelIndex | QPersistentModelIndex
CERTAINTY_NOTE = {
    "reconstructed": "Cost reconstructed from a garbled table; a referee may override it.",
    "uncertain": "Cost uncertain (damaged table in the rulebook); a referee may override it.",
}


#: one row of a picker (declared in the domain, with the collections)
PickerEntry = PickEntry


class PickerModel(QAbstractTableModel):
    COLUMNS = ("Name", "Kind", "Cost")

    def __init__(self, entries: list[PickerEntry], parent: Any = None) -> None:
        super().__init__(parent)
        self.entries = entries

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        return column_title(self.COLUMNS, section, orientation, role)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.entries):
            return None
        entry = self.entries[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (entry.name, entry.group, entry.cost)[column]
        if role == Qt.ItemDataRole.UserRole:
            return entry.id
        if role == Qt.ItemDataRole.ToolTipRole and entry.certainty != "clear":
            return CERTAINTY_NOTE.get(entry.certainty, "")
        if role == Qt.ItemDataRole.DecorationRole and column == 2 and entry.certainty != "clear":
            app = QApplication.instance()
            if isinstance(app, QApplication):
                return app.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion)
        return None


class PickerFilter(QSortFilterProxyModel):
    """Keeps the entries that match the search (name, kind, option names, everyday
    words, rule text) and the chosen kind; while searching, sorts the best matches first
    (:func:`sheetapp.editing.search.match_rank`): the exact name, then names starting with
    it, then the rest."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._query = ""
        self._kind = ""
        self._ranks: dict[int, int] = {}

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._query = text
        self._rerank()
        self.endFilterChange()
        self.invalidate()

    def set_kind(self, kind: str) -> None:
        self.beginFilterChange()
        self._kind = kind
        self.endFilterChange()

    def _rerank(self) -> None:
        model = self.sourceModel()
        self._ranks = {}
        if not isinstance(model, PickerModel):
            return
        for row, entry in enumerate(model.entries):
            rank = match_rank(entry, self._query)
            if rank is not None:
                self._ranks[row] = rank

    def searching(self) -> bool:
        return bool(self._query.split())

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, PickerModel):
            return True
        if self._kind and model.entries[source_row].group != self._kind:
            return False
        return not self.searching() or source_row in self._ranks

    def lessThan(self, left: AnyIndex, right: AnyIndex) -> bool:
        if self.searching():
            left_rank = self._ranks.get(left.row(), 99)
            right_rank = self._ranks.get(right.row(), 99)
            if left_rank != right_rank:
                # Best first whatever the column's sort order.
                ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
                return (left_rank < right_rank) == ascending
        return bool(super().lessThan(left, right))


def entry_html(entry: PickerEntry) -> str:
    parts = [f"<h3>{html.escape(entry.name)}</h3>"]
    facts = " · ".join(html.escape(x) for x in (entry.group, entry.cost) if x)
    if facts:
        parts.append(f"<p><b>{facts}</b></p>")
    parts.append(f"<p>{html.escape(entry.text) or '<i>No description in the rulebook.</i>'}</p>")
    if entry.certainty != "clear":
        note = CERTAINTY_NOTE.get(entry.certainty, "")
        parts.append(
            f"<p><b>{html.escape(note)}</b><br>{html.escape(user_note(entry.certainty_note))}</p>"
        )
    return "".join(parts)


class PickerDialog(QDialog):
    def __init__(
        self,
        title: str,
        entries: list[PickerEntry],
        parent: QWidget | None = None,
        prompt: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("picker")
        self.source = PickerModel(entries, self)
        self.proxy = PickerFilter(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.search = QLineEdit()
        self.search.setObjectName("picker_search")
        self.search.setPlaceholderText("Search names, options and rule text…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search)
        self.search.installEventFilter(self)
        self.kinds = self._kind_box(entries)
        self.view = self._list_view()
        self.view.selectionModel().currentRowChanged.connect(self._show_current)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(self.text)
        splitter.setSizes([560, 360])
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if prompt:
            layout.addWidget(QLabel(prompt))
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.kinds)
        layout.addLayout(search_row)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        fit_to_screen(self, 980, 560)
        self.search.setFocus()
        self._select_first()

    def _list_view(self) -> QTableView:
        """The entries, sorted by name (best match first while searching)."""
        view = QTableView()
        view.setTabKeyNavigation(False)  # Tab goes on to the buttons
        view.setModel(self.proxy)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setSortingEnabled(True)
        view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        view.verticalHeader().hide()
        header = view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        view.setWordWrap(False)
        view.doubleClicked.connect(self.accept)
        return view

    def _kind_box(self, entries: list[PickerEntry]) -> QComboBox:
        """A filter by kind (shown when the entries have more than one)."""
        kinds = QComboBox()
        kinds.setObjectName("picker_kind")
        kinds.setToolTip("Show only one kind of entry")
        kinds.addItem("All kinds", "")
        for kind in sorted({entry.group for entry in entries if entry.group}):
            kinds.addItem(kind, kind)
        kinds.currentIndexChanged.connect(self._kind_changed)
        kinds.setVisible(kinds.count() > 2)
        return kinds

    def _search(self, text: str) -> None:
        self.proxy.set_search(text)
        self.proxy.sort(self.proxy.sortColumn(), self.proxy.sortOrder())
        self._select_first(best=True)

    def _kind_changed(self, _row: int) -> None:
        self.proxy.set_kind(str(self.kinds.currentData() or ""))
        self._select_first(best=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up, Down, Page Up and Page Down in the search box move in the list (Enter
        takes the selected entry through the dialog's default button)."""
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
                Qt.Key.Key_PageUp,
                Qt.Key.Key_PageDown,
            ):
                QApplication.sendEvent(self.view, event)
                return True
        return super().eventFilter(watched, event)

    def _select_first(self, best: bool = False) -> None:
        if self.proxy.rowCount() and (best or not self.view.currentIndex().isValid()):
            self.view.setCurrentIndex(self.proxy.index(0, 0))
            self.view.scrollTo(self.view.currentIndex())
        elif not self.proxy.rowCount():
            self.text.setHtml("<p><i>Nothing matches the search.</i></p>")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(
            self.proxy.rowCount() > 0
        )

    def _show_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        entry = self.current_entry()
        if entry is not None:
            self.text.setHtml(entry_html(entry))

    def current_entry(self) -> PickerEntry | None:
        index = self.view.currentIndex()
        if not index.isValid():
            return None
        return self.source.entries[self.proxy.mapToSource(index).row()]

    def select_id(self, entry_id: str) -> bool:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(Qt.ItemDataRole.UserRole) == entry_id:
                self.view.setCurrentIndex(index)
                return True
        return False

    def selected_id(self) -> str | None:
        entry = self.current_entry()
        return entry.id if entry else None
