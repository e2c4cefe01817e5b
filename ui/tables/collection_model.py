"""The one table model for any declared collection (:mod:`sheetapp.editing.collections`).

Rows are the collection's items, columns its declared :class:`Column` descriptors; what a
cell shows and which changes an edit makes both come from the declaration, so a system
gets an editable, undoable table with issue marks and cell-precise repaints by declaring
its list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QModelIndex, QPersistentModelIndex, Qt

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import CellView, Collection, cell
from ui.document import EditorDocument
from ui.tables.doc_table import DocTableModel

AnyIndex = QModelIndex | QPersistentModelIndex


class CollectionTableModel(DocTableModel):
    def __init__(
        self, document: EditorDocument, collection: Collection[Any], parent: Any = None
    ) -> None:
        self.collection = collection
        self.COLUMNS = tuple(column.title for column in collection.columns)
        self.LIST_PATH = collection.path
        self.READS = collection.reads
        # A column showing its item's own field (no cell function, no choices worked out
        # from the document) shows nothing the list reads elsewhere.
        self.READ_COLUMNS = tuple(
            index
            for index, column in enumerate(collection.columns)
            if column.cell is not None or column.choices is not None or column.field is None
        )
        super().__init__(document, parent)

    def count(self) -> int:
        return len(self.collection.items(self.doc.document))

    def cell(self, row: int, column: int) -> CellView:
        return cell(self.collection, self.doc.document, row, column)

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        return self.collection.set_cell(self.doc.document, row, column, value)

    def row_path(self, row: int) -> DataPath:
        return self.collection.row_path(row)

    # --- drag and drop: a row dropped elsewhere in its own list is a move --------------

    @property
    def mime_type(self) -> str:
        return f"application/x-sheetapp-row-{self.collection.key}"

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return (
                Qt.ItemFlag.ItemIsDropEnabled if self.collection.movable else super().flags(index)
            )
        flags = super().flags(index)
        if self.collection.movable:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        return flags

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [self.mime_type]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        if indexes:
            data.setData(self.mime_type, QByteArray(str(indexes[0].row()).encode()))
        return data

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: AnyIndex
    ) -> bool:
        """Move the dragged row to where it was dropped, as one undoable edit. Returns
        False so the view removes nothing itself (the move already happened)."""
        if not data.hasFormat(self.mime_type) or self._count == 0:
            return False
        source = int(bytes(data.data(self.mime_type).data()).decode())
        if parent.isValid():
            row = parent.row()
        target = self._count - 1 if row < 0 else (row - 1 if row > source else row)
        target = max(0, min(target, self._count - 1))
        if source < self._count:
            self.push(self._moved(source, target))
        return False

    def _moved(self, source: int, target: int) -> list[Change] | str:
        try:
            return self.collection.move(self.doc.document, source, target)
        except EditError as exc:
            return str(exc)
