"""Preview and commit an advancement: earned amounts plus changes, checked by the system's rules.

The changes are applied to a copy of the character (with the new earnings already
in its ledger, so the budget grows first), the copy is evaluated with the same
``system.evaluate`` as the editor, and :func:`commit` writes it only when it has no
errors. Warnings the advancement brings (ones the character did not have, word for
word, before) must be accepted explicitly with ``accept_warnings=True``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from pydantic import ValidationError

from sheetapp.advancement.ledger import (
    ADVANCE,
    LedgerError,
    check_date,
    check_tracked_paths,
    new_entry_id,
    start_ledger,
    today,
)
from sheetapp.advancement.pricing import PricedChange, price_changes, total_cost
from sheetapp.advancement.review import ReviewRow, TotalChange, review_rows, total_changes
from sheetapp.core.changes import Change, ChangeError, apply_changes, document_data
from sheetapp.core.document import MAX_EARNED, CharacterDocument, HistoryEntry
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity, format_path
from sheetapp.core.system import AdvancementRules, Currency, GameSystem, advancement_of

DocumentT = TypeVar("DocumentT", bound=CharacterDocument[Any, Any])


class AdvancementError(ValueError):
    """The advancement itself is malformed: an unknown currency, a change that does not
    fit the character, a path outside the campaign and character, a bad date."""


@dataclass(frozen=True, slots=True)
class Advancement:
    """What a session brought: amounts earned by currency key, and the changes bought."""

    earned: Mapping[str, int] = field(default_factory=dict)
    changes: Sequence[Change] = ()
    label: str = ""
    note: str = ""
    date: str | None = None


@dataclass(frozen=True, slots=True)
class Preview:
    """The advancement applied to a copy: the would-be document, its review and its issues."""

    source: CharacterDocument[Any, Any]
    document: CharacterDocument[Any, Any]
    entry: HistoryEntry
    priced: tuple[PricedChange, ...]
    rows: tuple[ReviewRow, ...]
    totals: tuple[TotalChange, ...]
    before: Evaluation
    after: Evaluation

    @property
    def cost(self) -> dict[str, int]:
        return total_cost(self.priced)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.after.issues if i.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.after.issues if i.severity is Severity.WARNING]

    @property
    def new_errors(self) -> list[Issue]:
        """Errors the advancement brings: a rule broken that the character did not break
        before (an error it already had, at the same place, is not the advancement's)."""
        old = {(i.code, i.path) for i in self.before.issues if i.severity is Severity.ERROR}
        return [i for i in self.errors if (i.code, i.path) not in old]

    @property
    def new_warnings(self) -> list[Issue]:
        """Warnings of the result the character did not have before: one about the same
        thing at the same place is kept, though its numbers moved ("10 points left to
        spend" becoming "15 points left to spend" asked for consent again, issue 31)."""
        old = {(i.code, i.path) for i in self.before.issues if i.severity is Severity.WARNING}
        return [i for i in self.warnings if (i.code, i.path) not in old]

    @property
    def can_commit(self) -> bool:
        return not self.new_errors


class CommitRefused(Exception):
    """The result has errors, or brings warnings that were not accepted."""

    def __init__(self, preview: Preview, issues: Sequence[Issue], *, warnings: bool) -> None:
        self.preview = preview
        self.issues = tuple(issues)
        self.only_warnings = warnings
        listed = "; ".join(f"{format_path(i.path)}: {i.message}" for i in self.issues)
        if warnings:
            text = f"the advancement brings warnings that were not accepted: {listed}"
        else:
            text = f"the advancement would leave the character with errors: {listed}"
        super().__init__(text)


def check_earned(earned: Mapping[str, int]) -> None:
    """What one entry may earn (the file format's bound, :data:`MAX_EARNED`)."""
    for key, amount in earned.items():
        if not -MAX_EARNED <= amount <= MAX_EARNED:
            raise AdvancementError(
                f"{key} {amount:+,}: one entry earns at most {MAX_EARNED:,} (or loses as much)"
            )


def preview(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], advancement: Advancement
) -> Preview:
    """Apply ``advancement`` to a copy of ``document`` and evaluate it; nothing is changed.

    Raises :class:`AdvancementError` when the advancement does not fit the character.
    A document without a ledger gets entry zero (its current state) first.
    """
    rules = advancement_of(system)
    changes = list(advancement.changes)
    earned = _earned(system, rules, advancement)
    if not earned and not changes:
        raise AdvancementError("nothing was earned and nothing was changed")
    try:
        date = check_date(advancement.date) if advancement.date else today()
        check_tracked_paths(changes)
        source = start_ledger(document, date=date)
    except (ValueError, LedgerError) as exc:
        raise AdvancementError(str(exc)) from None
    entry = HistoryEntry(
        id=new_entry_id(),
        kind=ADVANCE,
        date=date,
        label=advancement.label,
        note=advancement.note,
        earned=earned,
    )
    result, priced = _applied(system, source, entry, changes, rules)
    if rules is not None:
        check_counters(rules.currencies, source, result, earned)
    _check_references(system, result)
    before = system.evaluate(document)
    after = system.evaluate(result)
    return Preview(
        document,
        result,
        result.history[-1],
        tuple(priced),
        tuple(review_rows(rules, priced)),
        tuple(total_changes(before, after)),
        before,
        after,
    )


def _earned(
    system: GameSystem[Any], rules: AdvancementRules | None, advancement: Advancement
) -> dict[str, int]:
    """The amounts earned (none of zero), each within the file's bound and in a
    currency the system earns."""
    earned = {key: amount for key, amount in advancement.earned.items() if amount}
    check_earned(earned)
    if rules is not None:
        known = {currency.key for currency in rules.currencies}
        unknown = sorted(set(earned) - known)
        if unknown:
            raise AdvancementError(
                f"{system.name} does not earn '{unknown[0]}' (it earns: {', '.join(sorted(known))})"
            )
    return earned


def _applied(
    system: GameSystem[Any],
    source: CharacterDocument[Any, Any],
    entry: HistoryEntry,
    changes: list[Change],
    rules: AdvancementRules | None,
) -> tuple[CharacterDocument[Any, Any], list[PricedChange]]:
    """The entry added to the ledger (so the budget grows first), the changes priced
    against it and applied: the would-be document and the priced changes."""
    data = document_data(source)
    data["history"].append(entry.model_dump(mode="json"))
    try:
        earning = type(source).model_validate(data)
        priced = price_changes(system, earning, changes, rules)
        entry = entry.model_copy(update={"changes": [item.to_json() for item in priced]})
        data = apply_changes(data, changes)
        data["history"][-1] = entry.model_dump(mode="json")
        result = type(source).model_validate(data)
    except ChangeError as exc:
        raise AdvancementError(f"a change does not fit the character: {exc}") from None
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = format_path(tuple(first["loc"]))
        raise AdvancementError(
            f"the changes do not give a valid character ({where}: {first['msg']})"
        ) from None
    return result, priced


def _check_references(system: GameSystem[Any], result: CharacterDocument[Any, Any]) -> None:
    """Every catalog entry the result names is in the system's catalogs."""
    references = system.unknown_references(result)
    if references:
        missing = references[0]
        raise AdvancementError(
            f"the {missing.kind} '{missing.ref}' is not in the {system.name} catalog "
            f"({format_path(missing.path)})"
        )


def with_earnings(
    document: DocumentT, earned: Mapping[str, int], *, date: str | None = None
) -> DocumentT:
    """``document`` (with entry zero) and a draft entry earning ``earned``, nothing spent:
    what a wizard spends on, so the budget already holds the new earnings."""
    check_earned(earned)
    when = check_date(date) if date else today()
    source = start_ledger(document, date=when)
    draft = HistoryEntry(
        id=new_entry_id(),
        kind=ADVANCE,
        date=when,
        earned={key: amount for key, amount in earned.items() if amount},
    )
    data = document_data(source)
    data["history"].append(draft.model_dump(mode="json"))
    return type(source).model_validate(data)


def _value_at(data: Any, path: Sequence[str | int]) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def check_counters(
    currencies: Sequence[Currency],
    before: CharacterDocument[Any, Any],
    after: CharacterDocument[Any, Any],
    earned: Mapping[str, int],
) -> None:
    """A numbered level moves only when it is earned, and by exactly what is earned."""
    for currency in currencies:
        if currency.counter is None:
            continue
        old = _value_at(document_data(before), currency.counter)
        new = _value_at(document_data(after), currency.counter)
        if not isinstance(old, int) or not isinstance(new, int):
            continue
        wanted = earned.get(currency.key, 0)
        if new - old == wanted:
            continue
        name = currency.label
        if wanted:
            now = f"it stays {old}" if new == old else f"not {new}"
            raise AdvancementError(
                f"earning {currency.amount(wanted)} is a level-up: {name} {old} must become "
                f"{old + wanted} in the same entry ({now})"
            )
        raise AdvancementError(
            f"{name} changes only when it is earned ({name} {old} → {new} in an entry that "
            f"earns no {name})"
        )


def commit(
    system: GameSystem[Any],
    document: DocumentT,
    advancement: Advancement,
    *,
    accept_warnings: bool = False,
) -> DocumentT:
    """The new document with the advancement applied and its ledger entry appended.

    Raises :class:`CommitRefused` when the result breaks a rule the character did not
    break before, or has new warnings and
    ``accept_warnings`` is False; :class:`AdvancementError` when it does not fit.
    ``document`` itself is never modified.
    """
    committed = commit_preview(
        preview(system, document, advancement), accept_warnings=accept_warnings
    )
    return cast(DocumentT, committed)


def commit_preview(
    result: Preview, *, accept_warnings: bool = False
) -> CharacterDocument[Any, Any]:
    """Commit an already computed preview (what a wizard shows, then commits)."""
    if result.new_errors:
        raise CommitRefused(result, result.new_errors, warnings=False)
    if result.new_warnings and not accept_warnings:
        raise CommitRefused(result, result.new_warnings, warnings=True)
    return result.document
