"""The one table model for any declared collection (:mod:`sheetapp.editing.collections`).

Rows are the collection's items, columns its declared :class:`Column` descriptors; what a
cell shows and which changes an edit makes both come from the declaration, so a system
gets an editable, undoable table with issue marks and cell-precise repaints by declaring
its list.
"""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.editing.collections import CellView, Collection, cell
from ui.document import EditorDocument
from ui.tables.doc_table import DocTableModel


class CollectionTableModel(DocTableModel):
    def __init__(
        self, document: EditorDocument, collection: Collection[Any], parent: Any = None
    ) -> None:
        self.collection = collection
        self.COLUMNS = tuple(column.title for column in collection.columns)
        self.LIST_PATH = collection.path
        self.READS = collection.reads
        super().__init__(document, parent)

    def count(self) -> int:
        return len(self.collection.items(self.doc.document))

    def cell(self, row: int, column: int) -> CellView:
        return cell(self.collection, self.doc.document, row, column)

    def edit(self, row: int, column: int, value: Any) -> list[Change]:
        return self.collection.set_cell(self.doc.document, row, column, value)

    def row_path(self, row: int) -> DataPath:
        return self.collection.row_path(row)
