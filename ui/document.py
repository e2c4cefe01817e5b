"""One open character: its data, its undo stack and its current evaluation.

Every edit is a ``list[Change]`` pushed through :meth:`EditorDocument.push`; the
:class:`ChangeCommand` on the undo stack hands it down to the domain
(:mod:`sheetapp.editing.apply`: applied, unknown-key notes, evaluation) and shows the one
result it gets back. Views listen to :attr:`EditorDocument.about_to_change` and
:attr:`EditorDocument.changed` (the same change list) to update themselves — only
what the changes (or the new evaluation) touch: on a 300-ability character a view that
redraws everything after every edit costs more than the edit. :attr:`EditorDocument.timings`
says how long the domain took for the last edit (the benchmark's split).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheetapp.core.changes import Change, invert_all
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import GameSystem
from sheetapp.editing.apply import (
    CharacterState,
    Edited,
    EditRefused,
    EditTimings,
    apply_edit,
    opened,
)
from sheetapp.storage.files import LoadedDocument
from sheetapp.storage.fingerprint import Fingerprint, fingerprint

MERGE_ID = 0x5E17


class ChangeCommand(QUndoCommand):
    """A thin undo command around a change list. Consecutive edits of the same value
    (typing, spin-box drags) carry the same ``merge_key`` and merge into one step."""

    def __init__(
        self,
        document: EditorDocument,
        changes: Sequence[Change],
        text: str,
        merge_key: object | None = None,
        first_result: Edited | None = None,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.changes = list(changes)
        self.merge_key = merge_key
        self._first_result = first_result

    def redo(self) -> None:
        edited, self._first_result = self._first_result, None
        self.document.apply(self.changes, edited)

    def undo(self) -> None:
        self.document.apply(invert_all(self.changes))

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ChangeCommand) or other.merge_key != self.merge_key:
            return False
        mine, theirs = self.changes, other.changes
        if not (
            len(mine) == len(theirs) == 1
            and mine[0].op == theirs[0].op == "set"
            and mine[0].path == theirs[0].path
        ):
            return False
        first, last = mine[0], theirs[0]
        self.changes = [Change("set", first.path, first.before, last.after, label=first.label)]
        self.setObsolete(first.before == last.after)
        return True


class EditorDocument(QObject):
    """The data behind one tab. ``document`` is replaced (never mutated) on each edit."""

    about_to_change = Signal(object)  # list[Change], before the data changes
    changed = Signal(object)  # list[Change], after the data changed and was evaluated
    edit_refused = Signal(str)
    path_changed = Signal()

    def __init__(
        self,
        loaded: LoadedDocument,
        path: Path | None = None,
        parent: QObject | None = None,
        *,
        evaluation: Evaluation | None = None,
    ) -> None:
        """``evaluation``: the system's evaluation of ``loaded.document`` when it was
        already made (off the UI thread, by a background open)."""
        super().__init__(parent)
        self.system: GameSystem[Any] = loaded.system
        #: the character as shown: its document, unknown-key notes and evaluation
        self.state: CharacterState
        self.document: CharacterDocument[Any, Any]
        self.evaluation: Evaluation
        self.path = path
        #: said after the name in the tab ("at entry #2"), never written to the file
        self.caption = ""
        #: the file as this window last read or wrote it (None: not from a file)
        self.on_disk: Fingerprint | None = fingerprint(path) if path is not None else None
        self.autosave_file: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.timings = EditTimings()
        self._show(opened(self.system, loaded.document, evaluation))

    @property
    def loaded(self) -> LoadedDocument:
        return LoadedDocument(self.document, self.system)

    @property
    def title(self) -> str:
        name = self.document.meta.name.strip()
        if not name:
            name = self.path.name if self.path else "Untitled"
        return f"{name} — {self.caption}" if self.caption else name

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def set_path(self, path: Path | None) -> None:
        self.path = path
        self.on_disk = fingerprint(path) if path is not None else None
        self.path_changed.emit()

    def _show(self, state: CharacterState) -> None:
        self.state = state
        self.document = state.document
        self.evaluation = state.evaluation

    def push(
        self, changes: Sequence[Change], text: str = "", merge_key: object | None = None
    ) -> bool:
        """Apply ``changes`` as one undoable step. A change the model refuses is reported
        through :attr:`edit_refused` and changes nothing; returns whether it was applied."""
        if not changes:
            return False
        try:
            edited = apply_edit(self.system, self.state, changes)
        except EditRefused as exc:
            self.edit_refused.emit(str(exc))
            return False
        label = text or changes[0].label or "Edit"
        self.undo_stack.push(ChangeCommand(self, changes, label, merge_key, edited))
        return True

    def apply(self, changes: Sequence[Change], edited: Edited | None = None) -> None:
        """Used by the undo commands only: show the character after ``changes`` — the
        domain's one result (:func:`sheetapp.editing.apply.apply_edit`), made here or
        already made by :meth:`push` — telling the views before and after."""
        if edited is None:
            edited = apply_edit(self.system, self.state, changes)
        self.about_to_change.emit(list(changes))
        self._show(edited.state)
        self.timings = edited.timings
        self.changed.emit(list(changes))

    def issues_at(self, path: DataPath, *, below: bool = True) -> list[Issue]:
        if below:
            return self.evaluation.issues_at(path)
        return [issue for issue in self.evaluation.issues if issue.path == path]
