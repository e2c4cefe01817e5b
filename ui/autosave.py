"""Autosave every dirty document each minute (and on quit) to the user data folder."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from sheetapp.editing.autosave import discard_autosave, new_autosave_file, write_autosave
from sheetapp.logs import get_logger
from sheetapp.paths import autosave_dir
from ui.document import EditorDocument

AUTOSAVE_INTERVAL_MS = 60_000
_log = get_logger("autosave")


class Autosaver(QObject):
    def __init__(
        self,
        documents: Callable[[], Iterable[EditorDocument]],
        folder: Path | None = None,
        interval_ms: int = AUTOSAVE_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.documents = documents
        self.folder = folder or autosave_dir()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.save_all)
        self.timer.start()
        self.failures: list[str] = []

    def save_all(self) -> int:
        """Write the autosave of every dirty document; returns how many were written."""
        written = 0
        for document in self.documents():
            if document.dirty:
                written += self.save(document)
        return written

    def save(self, document: EditorDocument) -> int:
        if document.autosave_file is None:
            document.autosave_file = new_autosave_file(self.folder)
        try:
            write_autosave(document.autosave_file, document.document, document.path, document.title)
        except OSError as exc:
            _log.warning("autosave of %s failed: %s", document.title, exc)
            self.failures.append(str(exc))
            return 0
        return 1

    def discard(self, document: EditorDocument) -> None:
        """The document is saved or closed: its autosave is no longer needed."""
        if document.autosave_file is not None:
            try:
                discard_autosave(document.autosave_file)
            except OSError as exc:
                _log.warning("could not delete the autosave %s: %s", document.autosave_file, exc)
            document.autosave_file = None
