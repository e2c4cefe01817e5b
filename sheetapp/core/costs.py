"""The cost-line tree: every number a user sees can say where it comes from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheetapp.core.issues import DataPath


@dataclass(frozen=True, slots=True)
class CostLine:
    """One priced item with its explanation and the priced parts below it.

    ``amount`` is what the item adds to its total (``total`` names which one, e.g.
    ``"gp"``). ``figures`` carries secondary numbers a system shows beside the cost
    (HERO's Active Points next to Real Points, say) without a second tree.
    """

    label: str
    amount: int
    explanation: str
    path: DataPath = ()
    total: str = ""
    children: tuple[CostLine, ...] = ()
    figures: tuple[tuple[str, int], ...] = ()

    def walk(self) -> list[CostLine]:
        """This line and every line below it, depth first."""
        lines = [self]
        for child in self.children:
            lines.extend(child.walk())
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "amount": self.amount,
            "total": self.total,
            "explanation": self.explanation,
            "path": list(self.path),
            "figures": dict(self.figures),
            "children": [child.to_json() for child in self.children],
        }


@dataclass(frozen=True, slots=True)
class Total:
    """A running total against its budget (``budget`` None when there is none)."""

    key: str
    label: str
    spent: int
    budget: int | None = None
    unit: str = ""
    explanation: str = ""
    parts: tuple[tuple[str, int], ...] = field(default=())

    @property
    def remaining(self) -> int | None:
        return None if self.budget is None else self.budget - self.spent

    def describe(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.budget is None:
            return f"{self.label}: {self.spent}{unit}"
        return f"{self.label}: {self.spent} / {self.budget}{unit}"

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "spent": self.spent,
            "budget": self.budget,
            "remaining": self.remaining,
            "unit": self.unit,
            "explanation": self.explanation,
        }
