"""A searchable catalog picker: list on the left, the rulebook's text of the highlighted
entry on the right. System pages fill it with :class:`PickerEntry` rows."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
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
from sheetapp.editing.wording import user_note
from ui.roles import column_title

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
    """Matches every word of the search in the name, kind or rule text."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._words = text.casefold().split()
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, PickerModel) or not self._words:
            return True
        haystack = model.entries[source_row].search_text()
        return all(word in haystack for word in self._words)


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
        self.search.setPlaceholderText("Search names and rule text…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.setWordWrap(False)
        self.view.doubleClicked.connect(self.accept)
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
        layout.addWidget(self.search)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        self.resize(980, 560)
        self.search.setFocus()
        self._select_first()

    def _search(self, text: str) -> None:
        self.proxy.set_search(text)
        self._select_first()

    def _select_first(self) -> None:
        if self.proxy.rowCount() and not self.view.currentIndex().isValid():
            self.view.setCurrentIndex(self.proxy.index(0, 0))
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
