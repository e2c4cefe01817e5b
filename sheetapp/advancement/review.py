"""What an advancement changes, as rows a review page (or the CLI) shows: before → after, cost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sheetapp.advancement.pricing import PricedChange
from sheetapp.advancement.spec import ABSENT, describe_value
from sheetapp.core.changes import Change
from sheetapp.core.costs import Total
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, format_path
from sheetapp.core.system import AdvancementRules


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One changed value: where, its name, before → after (raw and as text), and its cost."""

    op: str
    path: DataPath
    label: str
    before: Any
    after: Any
    before_text: str
    after_text: str
    cost: dict[str, int] = field(default_factory=dict)

    @property
    def location(self) -> str:
        return format_path(self.path)

    def cost_text(self, units: dict[str, str] | None = None) -> str:
        """``+4 GP`` (or ``0``): the cost as a user reads it."""
        if not self.cost:
            return "0"
        units = units or {}
        return ", ".join(
            f"{amount:+d} {units.get(key, key.upper())}" for key, amount in self.cost.items()
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "op": self.op,
            "path": list(self.path),
            "location": self.location,
            "label": self.label,
            "before": self.before,
            "after": self.after,
            "before_text": self.before_text,
            "after_text": self.after_text,
            "cost": dict(self.cost),
        }


@dataclass(frozen=True, slots=True)
class TotalChange:
    """A running total before and after: ``Glory Points 40/40 → 44/45 GP``."""

    key: str
    label: str
    unit: str
    spent_before: int
    spent_after: int
    budget_before: int | None
    budget_after: int | None

    @property
    def remaining_after(self) -> int | None:
        return None if self.budget_after is None else self.budget_after - self.spent_after

    def describe(self) -> str:
        unit = f" {self.unit}" if self.unit else ""

        def part(spent: int, budget: int | None) -> str:
            return f"{spent}" if budget is None else f"{spent} / {budget}"

        text = (
            f"{self.label}: {part(self.spent_before, self.budget_before)} → "
            f"{part(self.spent_after, self.budget_after)}{unit}"
        )
        if self.remaining_after is not None:
            text += f" ({self.remaining_after}{unit} unspent)"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "unit": self.unit,
            "spent_before": self.spent_before,
            "spent_after": self.spent_after,
            "budget_before": self.budget_before,
            "budget_after": self.budget_after,
            "remaining_after": self.remaining_after,
        }


def review_row(rules: AdvancementRules | None, priced: PricedChange) -> ReviewRow:
    change: Change = priced.change
    before: Any = change.before if change.op in ("set", "remove") else None
    after: Any = change.after if change.op in ("set", "insert") else None
    if change.op == "move":
        before_text = f"position {change.path[-1]}"
        after_text = f"position {change.to}"
    else:
        had, has = change.op in ("set", "remove"), change.op in ("set", "insert")
        before_text = describe_value(rules, change.path, before) if had else ABSENT
        after_text = describe_value(rules, change.path, after) if has else ABSENT
    return ReviewRow(
        change.op,
        change.path,
        priced.label,
        before,
        after,
        before_text,
        after_text,
        dict(priced.cost),
    )


def review_rows(rules: AdvancementRules | None, priced: Sequence[PricedChange]) -> list[ReviewRow]:
    return [review_row(rules, item) for item in priced]


def total_changes(before: Evaluation, after: Evaluation) -> list[TotalChange]:
    """Every total of ``after`` with its value in ``before`` (0 when it was not there)."""
    earlier: dict[str, Total] = {total.key: total for total in before.totals}
    rows = []
    for total in after.totals:
        old = earlier.get(total.key)
        rows.append(
            TotalChange(
                total.key,
                total.label,
                total.unit,
                old.spent if old else 0,
                total.spent,
                old.budget if old else None,
                total.budget,
            )
        )
    return rows
