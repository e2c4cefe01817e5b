"""The ledger as lines a reader shows (CLI ``history``, the window, the PDF).

Each line is one entry as it was recorded (earnings, every change with its stored
cost) plus the running totals after it, found by replaying the ledger from entry
zero. Edits made outside the ledger are listed last, priced on the replayed
character, so the story always ends at the character as it is.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from sheetapp.advancement.ledger import (
    CREATION,
    STARTING_LABEL,
    LedgerError,
    describe_entry,
    drift,
    entry_changes,
    has_entry_zero,
    with_parts,
)
from sheetapp.advancement.pricing import PricedChange, price_changes
from sheetapp.advancement.review import ReviewRow, review_row, review_rows
from sheetapp.advancement.spec import priced_totals
from sheetapp.core.changes import ChangeError, apply_to_document
from sheetapp.core.costs import Total
from sheetapp.core.document import CharacterDocument, HistoryEntry, SummedHistory
from sheetapp.core.system import AdvancementRules, Currency, GameSystem, advancement_of


@dataclass(frozen=True, slots=True)
class LedgerLine:
    index: int
    entry: HistoryEntry
    earned_text: str
    rows: tuple[ReviewRow, ...]
    totals: tuple[Total, ...]
    problem: str = ""

    def to_json(self) -> dict[str, Any]:
        entry = self.entry
        return {
            "index": self.index,
            "id": entry.id,
            "kind": entry.kind,
            "date": entry.date,
            "label": entry.label,
            "note": entry.note,
            "earned": dict(entry.earned),
            "earned_text": self.earned_text,
            "changes": [row.to_json() for row in self.rows],
            "totals": [total.to_json() for total in self.totals],
            "problem": self.problem,
        }


@dataclass(frozen=True, slots=True)
class LedgerReport:
    lines: tuple[LedgerLine, ...]
    outside: tuple[ReviewRow, ...] = ()
    problem: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "entries": [line.to_json() for line in self.lines],
            "outside_ledger": [row.to_json() for row in self.outside],
            "problem": self.problem,
        }


def earned_text(rules: AdvancementRules | None, earned: dict[str, int]) -> str:
    currencies: dict[str, Currency] = {c.key: c for c in rules.currencies} if rules else {}
    parts = []
    for key, amount in earned.items():
        found = currencies.get(key)
        parts.append(found.amount(amount) if found else f"{amount:+d} {key}")
    return ", ".join(parts)


def stored_rows(rules: AdvancementRules | None, entry: HistoryEntry, index: int) -> list[ReviewRow]:
    """The entry's changes as recorded: stored label and cost, no re-evaluation."""
    rows = []
    for change, raw in zip(entry_changes(entry, index), entry.changes, strict=True):
        cost = raw.get("cost")
        costs = (
            {k: v for k, v in cost.items() if isinstance(v, int) and not isinstance(v, bool)}
            if isinstance(cost, dict)
            else {}
        )
        rows.append(review_row(rules, PricedChange(change, change.label or "", costs)))
    return rows


@dataclass(frozen=True, slots=True)
class LedgerReplay:
    """The ledger replayed once: its lines, the first problem met, and the character the
    replay ended on (None when it could not be replayed), on which the edits made outside
    the ledger are priced (:func:`outside_ledger`)."""

    lines: tuple[LedgerLine, ...]
    problem: str = ""
    replayed: CharacterDocument[Any, Any] | None = None

    def report(self, outside: tuple[ReviewRow, ...] = ()) -> LedgerReport:
        return LedgerReport(self.lines, outside, self.problem)


def ledger_report(system: GameSystem[Any], document: CharacterDocument[Any, Any]) -> LedgerReport:
    """Every entry with its changes and the totals after it; raises LedgerError when the
    history has no entry zero and cannot get one."""
    replay = replay_ledger(system, document)
    return replay.report(outside_ledger(system, document, replay))


def replay_ledger(system: GameSystem[Any], document: CharacterDocument[Any, Any]) -> LedgerReplay:
    """The ledger's lines, replayed in one pass (an evaluation per entry). It depends on the
    history only: a reader may keep it while edits leave the history alone."""
    rules = advancement_of(system)
    history = list(document.history)
    if not history:
        return LedgerReplay(())
    lines: list[LedgerLine] = []
    state: dict[str, Any] | None = None
    problem = ""
    if has_entry_zero(document):
        state = copy.deepcopy(history[0].snapshot)
    else:
        problem = "the ledger has no starting build (entry zero), so it cannot be replayed"
    replayed: CharacterDocument[Any, Any] | None = None
    earned: dict[str, int] = {}
    for index, entry in enumerate(history):
        line_problem = ""
        totals: tuple[Total, ...] = ()
        for key, amount in entry.earned.items():
            earned[key] = earned.get(key, 0) + amount
        so_far = SummedHistory(history[: index + 1], dict(earned))
        if state is not None:
            try:
                if replayed is None:
                    replayed = with_parts(document, state, ()).model_copy(
                        update={"history": so_far}
                    )
                else:
                    # Each entry's changes on the document replayed so far: only what
                    # they touch is validated again (one pass over a long ledger).
                    changed = apply_to_document(replayed, entry_changes(entry, index))
                    replayed = changed.model_copy(update={"history": so_far})
                totals = system.evaluate(replayed).totals
            except (ChangeError, ValidationError, LedgerError) as exc:
                line_problem = f"{describe_entry(index, entry)} cannot be replayed: {exc}"
                problem = problem or line_problem
                state = None
        lines.append(
            LedgerLine(
                index,
                entry,
                earned_text(rules, entry.earned),
                tuple(stored_rows(rules, entry, index)),
                totals,
                line_problem,
            )
        )
    if state is None or replayed is None:
        return LedgerReplay(tuple(lines), problem, None)
    # handed on with a plain list: the running sum held only for the replay's own steps
    replayed = replayed.model_copy(update={"history": list(replayed.history)})
    return LedgerReplay(tuple(lines), problem, replayed)


def outside_ledger(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], replay: LedgerReplay
) -> tuple[ReviewRow, ...]:
    """The edits made outside the ledger (``document`` against the replayed ledger),
    priced on the replayed character; none when the ledger could not be replayed. Cheap
    next to the replay: no evaluation per entry."""
    if replay.replayed is None:
        return ()
    rules = advancement_of(system)
    changes = drift(document)
    try:
        priced = price_changes(system, replay.replayed, changes, rules)
    except (ChangeError, ValidationError):
        priced = [PricedChange(change, "") for change in changes]
    return tuple(review_rows(rules, priced))


def _units(rules: AdvancementRules | None) -> dict[str, str]:
    return {c.key: c.unit or c.label for c in rules.currencies} if rules else {}


def total_text(total: Total, *, unspent: bool = True) -> str:
    """``Glory Points: 32 / 45 GP (13 GP unspent)`` (without the unspent part when
    ``unspent`` is False: a current / maximum total such as HP spends nothing)."""
    text = total.describe()
    remaining = total.remaining
    if unspent and remaining is not None and remaining >= 0:
        unit = f" {total.unit}" if total.unit else ""
        text += f" ({remaining}{unit} unspent)"
    return text


def change_text(row: ReviewRow, units: dict[str, str]) -> str:
    """``Kevlar Suit (Armour): level 4 → 7, +4 GP``."""
    what = row.label or row.location
    if row.op == "insert":
        body = f"{what}: added {row.after_text}"
    elif row.op == "remove":
        body = f"{what}: removed {row.before_text}"
    else:
        body = f"{what} {row.before_text} → {row.after_text}"
    return f"{body}, {row.cost_text(units)}" if row.cost else body


def format_ledger(system: GameSystem[Any], report: LedgerReport) -> list[str]:
    """The ledger as plain-text lines: entry zero first, then each entry with its
    earnings, its changes with their costs, and the running totals after it."""
    rules = advancement_of(system)
    units = _units(rules)
    keys = priced_totals(rules)
    out: list[str] = []
    for line in report.lines:
        entry = line.entry
        head = f"#{line.index}  {entry.date}  {entry.label or '(no label)'}"
        if entry.kind == CREATION and entry.label != STARTING_LABEL:
            head += "  [starting build]"
        if line.earned_text:
            head += f"  earned {line.earned_text}"
        out.append(head)
        if entry.note:
            out.append(f"    note: {entry.note}")
        out.extend(f"    {change_text(row, units)}" for row in line.rows)
        out.extend(
            f"    = {total_text(total, unspent=keys is None or total.key in keys)}"
            for total in line.totals
        )
        if line.problem:
            out.append(f"    ! {line.problem}")
    if report.problem and not any(line.problem for line in report.lines):
        out.append(f"! {report.problem}")
    if report.outside:
        out.append("Edits made outside the ledger:")
        out.extend(f"    {change_text(row, units)}" for row in report.outside)
    return out
