"""One open character: its data, its undo stack and its current evaluation.

Every edit is a ``list[Change]`` pushed through :meth:`EditorDocument.push`; the
:class:`ChangeCommand` on the undo stack only calls the pure
``apply_to_document``. Views listen to :attr:`EditorDocument.about_to_change` and
:attr:`EditorDocument.changed` (the same change list) to update themselves — only
what the changes (or the new evaluation) touch: on a 300-ability character a view that
redraws everything after every edit costs more than the edit. :attr:`EditorDocument.timings`
says how long the domain took for the last edit (the benchmark's split).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheetapp.core.changes import Change, ChangeError, apply_to_document, invert_all
from sheetapp.core.document import CharacterDocument, unknown_key_issues
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import GameSystem
from sheetapp.storage.files import LoadedDocument
from sheetapp.storage.fingerprint import Fingerprint, fingerprint

MERGE_ID = 0x5E17
#: Extra keys the editor itself writes (kept in the envelope's meta), not worth a note.
EDITOR_EXTRA_KEYS: frozenset[DataPath] = frozenset({("meta", "concept")})


@dataclass(frozen=True, slots=True)
class EditTimings:
    """Where the last edit's time went in the domain (milliseconds, wall clock): applying
    the change list and re-evaluating. The views' share is the rest of the edit."""

    apply_ms: float = 0.0
    evaluate_ms: float = 0.0

    @property
    def domain_ms(self) -> float:
        return self.apply_ms + self.evaluate_ms


def _keeps_structure(changes: Sequence[Change]) -> bool:
    """True when every change sets a plain value: no list or object appears, disappears
    or moves, so the keys a file carries (and their paths) stay as they were."""
    for change in changes:
        if change.op != "set" or not change.path:
            return False
        if isinstance(change.before, dict | list) or isinstance(change.after, dict | list):
            return False
    return True


def _value_at(document: BaseModel, path: DataPath) -> object:
    """The value at ``path`` in a validated document (models, lists and dicts)."""
    node: object = document
    for part in path:
        if isinstance(node, BaseModel):
            node = getattr(node, str(part))
        elif isinstance(node, dict):
            node = node[part]
        elif isinstance(node, list | tuple) and isinstance(part, int):
            node = node[int(part)]
        else:
            raise LookupError(f"nothing at {path!r}")
    return node


def _subtree_notes(value: object, path: DataPath) -> list[Issue]:
    """The unknown-key notes of the models in ``value`` (found at ``path``)."""
    if isinstance(value, BaseModel):
        return unknown_key_issues(value, path)
    found: list[Issue] = []
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found += _subtree_notes(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _subtree_notes(item, (*path, str(key)))
    return found


class ChangeCommand(QUndoCommand):
    """A thin undo command around a change list. Consecutive edits of the same value
    (typing, spin-box drags) carry the same ``merge_key`` and merge into one step."""

    def __init__(
        self,
        document: EditorDocument,
        changes: Sequence[Change],
        text: str,
        merge_key: object | None = None,
        first_result: CharacterDocument[Any, Any] | None = None,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.changes = list(changes)
        self.merge_key = merge_key
        self._first_result = first_result

    def redo(self) -> None:
        result, self._first_result = self._first_result, None
        self.document.apply(self.changes, result)

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
        self.document: CharacterDocument[Any, Any] = loaded.document
        self.path = path
        #: said after the name in the tab ("at entry #2"), never written to the file
        self.caption = ""
        #: the file as this window last read or wrote it (None: not from a file)
        self.on_disk: Fingerprint | None = fingerprint(path) if path is not None else None
        self.autosave_file: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.timings = EditTimings()
        self._apply_ms = 0.0
        self._notes = self._unknown_key_notes()
        self.evaluation: Evaluation = (
            self._evaluate() if evaluation is None else evaluation.with_issues(self._notes)
        )

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

    def _unknown_key_notes(self) -> list[Issue]:
        return [
            issue
            for issue in unknown_key_issues(self.document)
            if issue.path not in EDITOR_EXTRA_KEYS
        ]

    def _notes_after(self, changes: Sequence[Change]) -> list[Issue]:
        """The unknown-key notes after a structural edit. The common case — a character
        without unknown keys, one item inserted, removed or moved in a list — only looks
        at the inserted item; anything else walks the whole document again."""
        if self._notes or len(changes) != 1:
            return self._unknown_key_notes()
        change = changes[0]
        if change.op in ("remove", "move") and change.path and isinstance(change.path[-1], int):
            return []
        if change.op == "insert" and change.path and isinstance(change.path[-1], int):
            item = _value_at(self.document, change.path)
            return [
                issue
                for issue in _subtree_notes(item, change.path)
                if issue.path not in EDITOR_EXTRA_KEYS
            ]
        return self._unknown_key_notes()

    def _evaluate(self) -> Evaluation:
        return self.system.evaluate(self.document).with_issues(self._notes)

    def push(
        self, changes: Sequence[Change], text: str = "", merge_key: object | None = None
    ) -> bool:
        """Apply ``changes`` as one undoable step. A change the model refuses is reported
        through :attr:`edit_refused` and changes nothing; returns whether it was applied."""
        if not changes:
            return False
        start = time.perf_counter()
        try:
            result = apply_to_document(self.document, changes)
        except ChangeError as exc:
            self.edit_refused.emit(f"This edit does not fit the character: {exc}")
            return False
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"])
            self.edit_refused.emit(f"Not a valid value for {where}: {first['msg']}")
            return False
        self._apply_ms = (time.perf_counter() - start) * 1000
        label = text or changes[0].label or "Edit"
        self.undo_stack.push(ChangeCommand(self, changes, label, merge_key, result))
        return True

    def apply(
        self, changes: Sequence[Change], result: CharacterDocument[Any, Any] | None = None
    ) -> None:
        """Used by the undo commands only: replace the data, re-evaluate, tell the views."""
        start = time.perf_counter()
        if result is None:
            result = apply_to_document(self.document, changes)
            apply_ms = (time.perf_counter() - start) * 1000
        else:
            apply_ms, self._apply_ms = self._apply_ms, 0.0
        self.about_to_change.emit(list(changes))
        self.document = result
        start = time.perf_counter()
        if not _keeps_structure(changes):
            # Keys unknown to the models can only come or go (or move) with whole objects.
            self._notes = self._notes_after(changes)
        self.evaluation = self._evaluate()
        self.timings = EditTimings(apply_ms, (time.perf_counter() - start) * 1000)
        self.changed.emit(list(changes))

    def issues_at(self, path: DataPath, *, below: bool = True) -> list[Issue]:
        if below:
            return self.evaluation.issues_at(path)
        return [issue for issue in self.evaluation.issues if issue.path == path]
