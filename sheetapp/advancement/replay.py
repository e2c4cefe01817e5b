"""Rebuild a character from entry zero, replaying its ledger, and revert any entry.

Reverting entry *k* rebuilds the character from the starting build, replays every
later entry except *k* (each one re-priced and checked by the system's rules at the
moment it applies, with the budget earned up to then), then replays the edits made
outside the ledger. The first entry that no longer fits — a value it expected has
changed, a path no longer exists, or the result breaks a rule — stops the revert
with a :class:`Refusal` naming it, and nothing changes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from sheetapp.advancement.ledger import (
    CREATION,
    LedgerError,
    describe_entry,
    drift,
    entry_changes,
    require_entry_zero,
    require_index,
    with_parts,
)
from sheetapp.advancement.pricing import price_and_apply
from sheetapp.core.changes import ChangeError, apply_changes
from sheetapp.core.document import CharacterDocument, HistoryEntry
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity, format_path
from sheetapp.core.system import AdvancementRules, GameSystem, advancement_of

#: How a refusal names the edits made in the editor outside any ledger entry.
OUTSIDE_LEDGER = "the edits made outside the ledger"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a revert cannot be done, naming the entry that breaks (None: the outside edits)."""

    entry_index: int | None
    date: str
    label: str
    reason: str
    issues: tuple[Issue, ...] = ()

    @property
    def entry_name(self) -> str:
        if self.entry_index is None:
            return OUTSIDE_LEDGER
        label = f', "{self.label}"' if self.label else ""
        return f"entry {self.entry_index} ({self.date}{label})"

    @property
    def message(self) -> str:
        text = f"{self.entry_name[0].upper()}{self.entry_name[1:]} {self.reason}"
        if self.issues:
            text += ": " + "; ".join(f"{format_path(i.path)}: {i.message}" for i in self.issues)
        return text if text.endswith(".") else text + "."

    def to_json(self) -> dict[str, Any]:
        return {
            "entry": self.entry_index,
            "date": self.date,
            "label": self.label,
            "reason": self.reason,
            "message": self.message,
            "issues": [issue.to_json() for issue in self.issues],
        }


class ReplayRefused(Exception):
    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.message)


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A character rebuilt from its ledger, with the evaluation of the end result."""

    document: CharacterDocument[Any, Any]
    evaluation: Evaluation


def _refusal(index: int, entry: HistoryEntry, reason: str, issues: list[Issue]) -> Refusal:
    return Refusal(index, entry.date, entry.label, reason, tuple(issues))


def _errors(evaluation: Evaluation) -> list[Issue]:
    return [issue for issue in evaluation.issues if issue.severity is Severity.ERROR]


def replay_entry(
    system: GameSystem[Any],
    *,
    rules: AdvancementRules | None,
    base: CharacterDocument[Any, Any],
    state: dict[str, Any],
    history: list[HistoryEntry],
    index: int,
    entry: HistoryEntry,
) -> tuple[dict[str, Any], HistoryEntry]:
    """Replay one entry on ``state``: the new state and the re-priced entry.

    Raises :class:`ReplayRefused` when the entry no longer fits or breaks a rule.
    """
    changes = entry_changes(entry, index)
    earned = entry.model_copy(update={"changes": []})
    try:
        before = with_parts(base, state, [*history, earned])
        priced = price_and_apply(system, before, changes, rules)
        state = apply_changes(state, changes)
    except ChangeError as exc:
        raise ReplayRefused(_refusal(index, entry, f"no longer applies ({exc})", [])) from None
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        reason = f"no longer gives a valid character ({format_path(tuple(first['loc']))}: "
        raise ReplayRefused(_refusal(index, entry, reason + f"{first['msg']})", [])) from None
    for item, raw in zip(priced.changes, entry.changes, strict=True):
        recorded = raw.get("label")
        if isinstance(recorded, str) and recorded and recorded != item.label:
            reason = (
                f"no longer applies (its change to '{recorded}' would now change '{item.label}')"
            )
            raise ReplayRefused(_refusal(index, entry, reason, []))
    errors = _errors(priced.evaluation)
    if errors:
        raise ReplayRefused(_refusal(index, entry, "would break a rule", errors))
    stored = [
        {**raw, **item.to_json()} for raw, item in zip(entry.changes, priced.changes, strict=True)
    ]
    return state, entry.model_copy(update={"changes": stored})


def rebuild(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], *, skip: int | None = None
) -> Rebuilt:
    """``document`` rebuilt from entry zero, every later entry replayed (except ``skip``),
    then the edits made outside the ledger. Raises :class:`ReplayRefused` or LedgerError."""
    rules = advancement_of(system)
    zero = require_entry_zero(document)
    assert zero.snapshot is not None
    outside = drift(document)
    state = copy.deepcopy(zero.snapshot)
    history = [zero]
    for index, entry in enumerate(document.history[1:], 1):
        if index == skip:
            continue
        if entry.kind == CREATION:
            raise LedgerError(f"{describe_entry(index, entry)} is a second starting build")
        state, replayed = replay_entry(
            system,
            rules=rules,
            base=document,
            state=state,
            history=history,
            index=index,
            entry=entry,
        )
        history.append(replayed)
    try:
        state = apply_changes(state, outside)
        result = with_parts(document, state, history)
    except ChangeError as exc:
        reason = f"no longer apply ({exc})"
        raise ReplayRefused(Refusal(None, "", "", reason)) from None
    except ValidationError:
        reason = "no longer give a valid character"
        raise ReplayRefused(Refusal(None, "", "", reason)) from None
    evaluation = system.evaluate(result)
    errors = _errors(evaluation)
    if errors and outside:
        raise ReplayRefused(Refusal(None, "", "", "would break a rule", tuple(errors)))
    return Rebuilt(result, evaluation)


@dataclass(frozen=True, slots=True)
class RevertResult:
    """Either the new document (``refusal`` None) or why nothing changed."""

    document: CharacterDocument[Any, Any] | None
    reverted: HistoryEntry | None
    evaluation: Evaluation | None
    refusal: Refusal | None

    @property
    def ok(self) -> bool:
        return self.refusal is None


def revert(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], index: int
) -> RevertResult:
    """Undo ledger entry ``index`` by rebuilding without it; ``document`` is never modified.

    Raises LedgerError when the ledger cannot be read (no entry zero, no such entry,
    entry zero itself); returns a refusal when a later entry no longer fits.
    """
    entry = require_index(document, index)
    require_entry_zero(document)
    if index == 0:
        raise LedgerError("entry 0 is the starting build; it cannot be reverted")
    try:
        rebuilt = rebuild(system, document, skip=index)
    except ReplayRefused as refused:
        return RevertResult(None, None, None, refused.refusal)
    errors = _errors(rebuilt.evaluation)
    if errors:
        # Nothing replayed after it broke, yet without it the character is not valid
        # (e.g. it fixed what the starting build lacked).
        reason = "cannot be reverted: without it the character breaks a rule"
        return RevertResult(None, None, None, _refusal(index, entry, reason, errors))
    return RevertResult(rebuilt.document, entry, rebuilt.evaluation, None)
