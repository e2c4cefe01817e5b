"""The character document's old home: it lives in :mod:`sheetapp.core.document` (the
domain's core owns the document; storage reads and writes it). Kept so a plug-in written
against the old name still imports."""

from sheetapp.core.document import (
    CharacterDocument,
    FileModel,
    HistoryEntry,
    Meta,
)

__all__ = ["CharacterDocument", "FileModel", "HistoryEntry", "Meta"]
