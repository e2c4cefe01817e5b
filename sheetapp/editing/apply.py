"""One edit, from a change list to what the window shows: applied to the character
(``core.changes``, ``core.incremental``), the notes about keys its models do not know
kept up to date (``core.document.unknown_key_issues``), and evaluated again — one
:class:`Edited` back.

The window (``ui/document.py``) hands a change list down and replaces what it shows with
the result; it never looks inside the checks. A change list the model refuses raises
:class:`EditRefused` with a message in the user's words, and nothing changes.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.core.changes import Change, ChangeError, apply_to_document
from sheetapp.core.document import CharacterDocument, unknown_key_issues
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import GameSystem

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


@dataclass(frozen=True, slots=True)
class CharacterState:
    """A character as the window shows it: the document, the notes about keys its models
    do not know (they change only when whole objects come, go or move, so an edit
    carries them over) and the evaluation, those notes included."""

    document: CharacterDocument[Any, Any]
    notes: tuple[Issue, ...]
    evaluation: Evaluation


@dataclass(frozen=True, slots=True)
class Edited:
    """What one edit gives back: the character's new state and where the time went."""

    state: CharacterState
    timings: EditTimings


class EditRefused(ValueError):
    """The change list does not fit the character; the message says why in the user's
    words."""


def opened(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation | None = None,
) -> CharacterState:
    """The state of a character just opened. ``evaluation``: the system's evaluation of
    ``document`` when it was already made (off the UI thread, by a background open)."""
    notes = unknown_key_notes(document)
    if evaluation is None:
        evaluation = system.evaluate(document)
    return CharacterState(document, notes, evaluation.with_issues(list(notes)))


def apply_edit(system: GameSystem[Any], state: CharacterState, changes: Sequence[Change]) -> Edited:
    """The character after ``changes``: applied to a new document (``state`` is not
    changed), its unknown-key notes brought up to date, evaluated again.
    :class:`EditRefused` when a change does not fit or the model refuses a value."""
    start = time.perf_counter()
    document = _applied(state.document, changes)
    applied = time.perf_counter()
    notes = state.notes
    if not keeps_structure(changes):
        # Keys unknown to the models can only come or go (or move) with whole objects.
        notes = notes_after(document, changes, state.notes)
    evaluation = system.evaluate(document).with_issues(list(notes))
    timings = EditTimings((applied - start) * 1000, (time.perf_counter() - applied) * 1000)
    return Edited(CharacterState(document, notes, evaluation), timings)


def _applied(
    document: CharacterDocument[Any, Any], changes: Sequence[Change]
) -> CharacterDocument[Any, Any]:
    try:
        return apply_to_document(document, changes)
    except ChangeError as exc:
        raise EditRefused(f"This edit does not fit the character: {exc}") from exc
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        raise EditRefused(f"Not a valid value for {where}: {first['msg']}") from exc


def keeps_structure(changes: Sequence[Change]) -> bool:
    """True when every change sets a plain value: no list or object appears, disappears
    or moves, so the keys a file carries (and their paths) stay as they were."""
    for change in changes:
        if change.op != "set" or not change.path:
            return False
        if isinstance(change.before, dict | list) or isinstance(change.after, dict | list):
            return False
    return True


def unknown_key_notes(document: CharacterDocument[Any, Any]) -> tuple[Issue, ...]:
    """The notes about every key the models do not know, but those the editor writes."""
    return tuple(
        issue for issue in unknown_key_issues(document) if issue.path not in EDITOR_EXTRA_KEYS
    )


def notes_after(
    document: CharacterDocument[Any, Any],
    changes: Sequence[Change],
    before: tuple[Issue, ...],
) -> tuple[Issue, ...]:
    """The unknown-key notes of ``document`` after a structural edit, given the notes
    ``before`` it. The common case — a character without unknown keys, one item
    inserted, removed or moved in a list — only looks at the inserted item; anything else
    walks the whole document again."""
    if before or len(changes) != 1:
        return unknown_key_notes(document)
    change = changes[0]
    if change.op in ("remove", "move") and change.path and isinstance(change.path[-1], int):
        return ()
    if change.op == "insert" and change.path and isinstance(change.path[-1], int):
        item = _value_at(document, change.path)
        return tuple(
            issue
            for issue in subtree_notes(item, change.path)
            if issue.path not in EDITOR_EXTRA_KEYS
        )
    return unknown_key_notes(document)


def subtree_notes(value: object, path: DataPath) -> list[Issue]:
    """The unknown-key notes of the models in ``value`` (found at ``path``)."""
    if isinstance(value, BaseModel):
        return unknown_key_issues(value, path)
    found: list[Issue] = []
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found += subtree_notes(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += subtree_notes(item, (*path, str(key)))
    return found


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
