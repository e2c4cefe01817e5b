"""The ledger: the document's ``history`` read as entry zero (the starting build) and advances.

Entry zero stores the ``campaign`` and ``character`` data as they were at creation;
each later entry stores its changes. Replaying the changes of entries 1..n on entry
zero gives the character after entry n, so "what did this character look like at
creation" — or after any session — is always answerable (:func:`character_at`).

Advancement changes only touch the tracked parts (:data:`TRACKED_ROOTS`): the name,
notes and portrait in ``meta`` are not advancement and are not copied into the
snapshot (a portrait can weigh megabytes).
"""

from __future__ import annotations

import copy
import datetime as dt
import uuid
from collections.abc import Sequence
from typing import Any, TypeVar

from sheetapp.core.changes import (
    Change,
    ChangeError,
    apply_changes,
    apply_changes_in_place,
    diff,
    document_data,
    invert_all,
)
from sheetapp.core.document import CharacterDocument, HistoryEntry
from sheetapp.core.memo import carry_memos

CREATION = "creation"
ADVANCE = "advance"
#: The parts of a document an advancement may change, and entry zero stores.
TRACKED_ROOTS = ("campaign", "character")
STARTING_LABEL = "Starting build"

DocumentT = TypeVar("DocumentT", bound=CharacterDocument[Any, Any])


class LedgerError(ValueError):
    """The ledger cannot answer: no entry zero, an index out of range, or a stale entry."""


def new_entry_id() -> str:
    return uuid.uuid4().hex[:12]


def today() -> str:
    return dt.date.today().isoformat()


def check_date(text: str) -> str:
    """``text`` when it is an ISO date (YYYY-MM-DD); ValueError with a user message if not."""
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f"'{shown}' is not a date written YYYY-MM-DD") from None


def has_entry_zero(document: CharacterDocument[Any, Any]) -> bool:
    history = document.history
    return bool(history) and history[0].kind == CREATION and history[0].snapshot is not None


def tracked(data: dict[str, Any]) -> dict[str, Any]:
    """The tracked parts of a document's JSON form (deep copies)."""
    return {root: copy.deepcopy(data[root]) for root in TRACKED_ROOTS}


def entry_changes(entry: HistoryEntry, index: int | None = None) -> list[Change]:
    """An entry's changes as :class:`Change` objects (their stored labels kept)."""
    changes = []
    for raw in entry.changes:
        try:
            change = Change.from_json(raw)
        except ChangeError as exc:
            where = f"entry {index}" if index is not None else "a ledger entry"
            raise LedgerError(f"{where} holds a change sheetapp cannot read: {exc}") from None
        label = raw.get("label")
        changes.append(
            Change(change.op, change.path, change.before, change.after, change.to, label)
            if isinstance(label, str)
            else change
        )
    return changes


def check_tracked_paths(changes: Sequence[Change]) -> None:
    """Advancement changes touch the campaign or the character, nothing else."""
    for change in changes:
        if not change.path or change.path[0] not in TRACKED_ROOTS:
            where = "/".join(str(part) for part in change.path) or "(document)"
            raise LedgerError(
                f"an advancement changes only the campaign or the character, not {where}"
            )


def with_parts(
    document: DocumentT, state: dict[str, Any], history: Sequence[HistoryEntry]
) -> DocumentT:
    """A new, validated document: ``document``'s other parts, ``state``'s tracked parts,
    and ``history``. Raises pydantic's ValidationError when ``state`` is not valid."""
    # Only the untracked parts are dumped and the tracked ones validated: the history is
    # handed over as it is (already validated entries), so replaying a long ledger entry
    # by entry costs the size of the character per entry, not the size of the ledger.
    data = document.model_dump(mode="json", exclude={"history", *TRACKED_ROOTS})
    data.update(copy.deepcopy(state))
    data["history"] = []
    validated = type(document).model_validate(data)
    # the same character a step further: what its rules kept still serves (a replay of a
    # long ledger reuses every ability a step did not touch)
    return carry_memos(document, validated.model_copy(update={"history": list(history)}))


def start_ledger(
    document: DocumentT,
    *,
    date: str | None = None,
    label: str = STARTING_LABEL,
    note: str = "",
) -> DocumentT:
    """``document`` with entry zero recorded (the same document when it already has one).

    Entry zero is the state now. When the history already holds advances without an
    entry zero (a file written by another tool), the starting build is found by undoing
    them from the current state; LedgerError when they do not fit it.
    """
    if has_entry_zero(document):
        return document
    state = tracked(document_data(document))
    later = list(document.history)
    if later:
        undo = invert_all([c for i, e in enumerate(later, 1) for c in entry_changes(e, i)])
        try:
            state = apply_changes(state, undo)
        except ChangeError as exc:
            raise LedgerError(
                f"the history does not lead to this character, so its starting build is "
                f"unknown ({exc})"
            ) from None
    zero = HistoryEntry(
        id=new_entry_id(),
        kind=CREATION,
        date=check_date(date) if date else today(),
        label=label,
        note=note,
        snapshot=state,
    )
    data = document_data(document)
    data["history"] = [zero.model_dump(mode="json")] + [e.model_dump(mode="json") for e in later]
    return type(document).model_validate(data)


def require_entry_zero(document: CharacterDocument[Any, Any]) -> HistoryEntry:
    if not has_entry_zero(document):
        raise LedgerError("this character has no starting build in its ledger (entry zero)")
    return document.history[0]


def require_index(document: CharacterDocument[Any, Any], index: int) -> HistoryEntry:
    size = len(document.history)
    if not 0 <= index < size:
        last = f"0-{size - 1}" if size else "none"
        raise LedgerError(f"there is no ledger entry {index} (entries: {last})")
    return document.history[index]


def state_at(document: CharacterDocument[Any, Any], index: int) -> dict[str, Any]:
    """The tracked data after entry ``index``, replayed from entry zero."""
    zero = require_entry_zero(document)
    require_index(document, index)
    assert zero.snapshot is not None
    state = copy.deepcopy(zero.snapshot)
    for position in range(1, index + 1):
        entry = document.history[position]
        try:
            state = apply_changes_in_place(state, entry_changes(entry, position))
        except ChangeError as exc:
            raise LedgerError(
                f"{describe_entry(position, entry)} no longer applies: {exc}"
            ) from None
    return state


def character_at(document: DocumentT, entry_index: int) -> DocumentT:
    """The document as it was after ledger entry ``entry_index`` (0 = at creation), with the
    history up to that entry, so its evaluation shows the budget of that moment."""
    state = state_at(document, entry_index)
    return with_parts(document, state, document.history[: entry_index + 1])


def drift(document: CharacterDocument[Any, Any]) -> list[Change]:
    """Edits made outside the ledger: what turns the replayed ledger into the document now.

    Empty when the ledger tells the whole story. A revert replays these after the
    ledger, so an edit made in the editor between sessions is not lost.
    """
    if not has_entry_zero(document):
        return []
    expected = state_at(document, len(document.history) - 1)
    return diff(expected, tracked(document_data(document)))


def describe_entry(index: int, entry: HistoryEntry) -> str:
    """``entry 2 (2024-05-04, "Session 3")``: how refusals and reports name an entry."""
    label = f', "{entry.label}"' if entry.label else ""
    return f"entry {index} ({entry.date}{label})"
