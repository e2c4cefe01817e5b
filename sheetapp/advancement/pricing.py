"""The price of each change: evaluate before and after it with the system's own rules.

A list of changes is priced in order: the cost of a change is how much each total's
``spent`` moves when it is applied on top of the ones before it. When a step in the
middle is not a valid character on its own (say, an ability inserted before its
required field is set), its cost is carried to the next step that is valid, so the
costs always add up to the whole difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from sheetapp.advancement.spec import describe_path, priced_totals
from sheetapp.core.changes import Change, apply_changes, document_data
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import AdvancementRules, GameSystem


@dataclass(frozen=True, slots=True)
class PricedChange:
    """A change with the name of what it changes and its cost per total (``{"gp": 4}``).

    The label is worked out from the character the change is applied to, never taken
    from the change, so a replayed change whose path now names something else can be
    told apart from the one that was recorded.
    """

    change: Change
    label: str
    cost: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The form stored in a ledger entry's ``changes``."""
        return {**self.change.to_json(), "label": self.label, "cost": dict(self.cost)}


def spent_by_total(evaluation: Evaluation, keys: frozenset[str] | None = None) -> dict[str, int]:
    """What each total has spent (only the totals in ``keys`` when given)."""
    return {
        total.key: total.spent for total in evaluation.totals if keys is None or total.key in keys
    }


def cost_between(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """How much each total moved (only the ones that moved)."""
    moved = {key: after.get(key, 0) - before.get(key, 0) for key in {*before, *after}}
    return {key: moved[key] for key in sorted(moved) if moved[key]}


@dataclass(frozen=True, slots=True)
class Priced:
    """Priced changes with the document they lead to and its evaluation."""

    changes: tuple[PricedChange, ...]
    document: CharacterDocument[Any, Any]
    evaluation: Evaluation


def price_and_apply(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    changes: Sequence[Change],
    rules: AdvancementRules | None = None,
) -> Priced:
    """Apply ``changes`` in order to ``document``, pricing each one.

    Raises :class:`~sheetapp.core.changes.ChangeError` when a change does not fit and
    pydantic's ValidationError when the end result is not a valid document.
    """
    model = type(document)
    data = document_data(document)
    current: CharacterDocument[Any, Any] = document
    evaluation = system.evaluate(document)
    keys = priced_totals(rules)
    last_spent = spent_by_total(evaluation, keys)
    priced: list[PricedChange] = []
    for position, change in enumerate(changes):
        data = apply_changes(data, [change])
        try:
            after = model.model_validate(data)
        except ValidationError:
            if position == len(changes) - 1:
                raise
            after = None
        named_in = after if after is not None and change.op == "insert" else current
        label = describe_path(rules, named_in, change.path)
        if after is None:
            # Not a character on its own: the next valid step carries this one's cost.
            priced.append(PricedChange(change, label))
            continue
        evaluation = system.evaluate(after)
        spent = spent_by_total(evaluation, keys)
        priced.append(PricedChange(change, label, cost_between(last_spent, spent)))
        last_spent, current = spent, after
    return Priced(tuple(priced), current, evaluation)


def price_changes(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    changes: Sequence[Change],
    rules: AdvancementRules | None = None,
) -> list[PricedChange]:
    """Each change of ``changes`` (applied in order to ``document``) with its cost."""
    return list(price_and_apply(system, document, changes, rules).changes)


def total_cost(priced: Sequence[PricedChange]) -> dict[str, int]:
    """The sum of the costs of ``priced``, by total."""
    summed: dict[str, int] = {}
    for item in priced:
        for key, amount in item.cost.items():
            summed[key] = summed.get(key, 0) + amount
    return {key: amount for key, amount in sorted(summed.items()) if amount}
