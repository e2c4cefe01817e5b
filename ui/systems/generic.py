"""The page of a system without its own editor: the evaluation, read-only."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeView, QVBoxLayout, QWidget

from sheetapp.core.costs import CostLine
from sheetapp.core.issues import DataPath
from ui.catch_up import CatchUpWhenShown
from ui.document import EditorDocument
from ui.roles import PATH_ROLE
from ui.systems.base import SystemPage


class GenericPage(SystemPage):
    """The evaluation's cost lines, read-only: the page of a system that declares no
    lists, and the Costs tab of one that does."""

    def __init__(
        self, document: EditorDocument, parent: QWidget | None = None, *, with_note: bool = True
    ) -> None:
        super().__init__(document, parent)
        self.model = QStandardItemModel(0, 3, self)
        self.model.setHorizontalHeaderLabels(["Item", "Cost", "Explanation"])
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.view.selectionModel().currentChanged.connect(self._current)
        note = QLabel(
            f"{document.system.name} has no editor in this version yet: the costs and rules "
            "are shown as computed; edit the file's data with another tool, or import it later."
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if with_note:
            layout.addWidget(note)
        else:
            note.hide()  # at once: deleteLater waits for the event loop, drawn till then
            note.deleteLater()
        layout.addWidget(self.view)
        self._shown_lines: list[CostLine] = []
        # A hidden Costs tab catches up when it is shown: an edit on another tab
        # does not rebuild a tree of hundreds of lines nobody sees.
        self.catch_up = CatchUpWhenShown(self, document, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the evaluation's cost lines; only the top-level lines that changed are
        rebuilt (an edit usually changes one line and its total)."""
        self.catch_up.stale = False
        lines = list(self.document.evaluation.costs)
        old = self._shown_lines
        if len(lines) != len(old):
            self.model.removeRows(0, self.model.rowCount())
            for line in lines:
                self.model.appendRow(_row(line))
        else:
            for number, (line, before) in enumerate(zip(lines, old, strict=True)):
                if line != before:
                    self.model.removeRow(number)
                    self.model.insertRow(number, _row(line))
                    self.view.expand(self.model.index(number, 0))
        if len(lines) != len(old) or not old:
            self.view.expandToDepth(0)
        self._shown_lines = lines

    def _current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        path = current.siblingAtColumn(0).data(PATH_ROLE)
        if path is not None:
            self.path_selected.emit(tuple(path))

    def select_path(self, path: DataPath) -> bool:
        best: QModelIndex | None = None
        best_size = -1
        stack = [self.model.index(r, 0) for r in range(self.model.rowCount())]
        while stack:
            index = stack.pop()
            item_path = tuple(index.data(PATH_ROLE) or ())
            if item_path and item_path == path[: len(item_path)] and len(item_path) > best_size:
                best, best_size = index, len(item_path)
            stack.extend(self.model.index(r, 0, index) for r in range(self.model.rowCount(index)))
        if best is None:
            return False
        self.view.setCurrentIndex(best)
        self.view.scrollTo(best)
        return True


def _row(line: CostLine) -> list[QStandardItem]:
    cells = [QStandardItem(line.label), QStandardItem(str(line.amount))]
    cells.append(QStandardItem(line.explanation))
    for cell in cells:
        cell.setEditable(False)
    cells[0].setData(line.path, PATH_ROLE)
    cells[1].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    for child in line.children:
        cells[0].appendRow(_row(child))
    return cells
