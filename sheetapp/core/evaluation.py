"""The single result every reader (window, CLI, PDF, tests) takes its numbers from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.issues import DataPath, Issue, Severity, sort_issues


@dataclass(frozen=True, slots=True)
class DerivedValue:
    """A value computed from the stored choices (hits, defences, movement, ...)."""

    key: str
    label: str
    value: int | float | str
    explanation: str = ""
    path: DataPath = ()
    #: a value of one row of a list (a 2d10 skill's AV), shown in its row: a summary of
    #: the whole character (the totals bar) leaves it out, as a thousand would bury it
    per_row: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "explanation": self.explanation,
            "path": list(self.path),
        }


def overall_values(derived: Iterable[DerivedValue]) -> list[DerivedValue]:
    """The derived values a summary of the whole character shows: all but the values of
    single rows. A value read from one item (Gladiators' Move from Glider Wings, X-Men
    HERO's STR) is still the character's own."""
    return [value for value in derived if not value.per_row]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Costs, derived values and issues of one character. Never stored in a file."""

    costs: tuple[CostLine, ...] = ()
    totals: tuple[Total, ...] = ()
    derived: tuple[DerivedValue, ...] = ()
    issues: tuple[Issue, ...] = ()
    #: the issues at and below each place, filled on the first issues_at(): a table asks
    #: for every cell's issues, 15,000 scans of the whole list on a 1,000-item character
    _places: dict[DataPath, list[Issue]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def build(
        cls,
        costs: list[CostLine],
        totals: list[Total],
        derived: list[DerivedValue],
        issues: list[Issue],
    ) -> Evaluation:
        return cls(tuple(costs), tuple(totals), tuple(derived), tuple(sort_issues(issues)))

    def with_issues(self, extra: list[Issue]) -> Evaluation:
        """The same evaluation with more issues (e.g. the loader's unknown-key notes)."""
        if not extra:
            return self
        merged = sort_issues([*self.issues, *extra])
        return Evaluation(self.costs, self.totals, self.derived, tuple(merged))

    def count(self, severity: Severity) -> int:
        return sum(1 for issue in self.issues if issue.severity is severity)

    @property
    def has_errors(self) -> bool:
        return any(issue.severity is Severity.ERROR for issue in self.issues)

    def total(self, key: str) -> Total:
        for total in self.totals:
            if total.key == key:
                return total
        raise KeyError(key)

    def derived_value(self, key: str) -> DerivedValue:
        for value in self.derived:
            if value.key == key:
                return value
        raise KeyError(key)

    def issues_at(self, path: DataPath) -> list[Issue]:
        """Issues whose path is ``path`` or lies below it."""
        places = self._places
        if not places and self.issues:
            found: dict[DataPath, list[Issue]] = {}
            for issue in self.issues:
                where = tuple(issue.path)
                for size in range(len(where) + 1):
                    found.setdefault(where[:size], []).append(issue)
            places.update(found)
        return list(places.get(tuple(path), ()))

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": [total.to_json() for total in self.totals],
            "derived": [value.to_json() for value in self.derived],
            "issues": [issue.to_json() for issue in self.issues],
            "counts": {severity.value: self.count(severity) for severity in Severity},
            "costs": [line.to_json() for line in self.costs],
        }
