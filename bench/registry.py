"""Measurements as registered functions, and the rows they report.

A measurement is a function from a :class:`Context` to rows. It is registered with
:func:`measurement`, together with a probe that says why it cannot run here yet (a
module that has not landed, say); such a measurement reports one "n/a" row with that
reason instead of a number. Nothing is ever estimated or faked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from bench.fixtures import Fixture
from bench.stats import Plan, Stats
from bench.targets import Target

Status = Literal["ok", "over", "n/a"]


@dataclass(frozen=True, slots=True)
class Context:
    """What every measurement may use: the fixtures, a scratch folder, the run plans."""

    fixtures: tuple[Fixture, ...]
    scaling: tuple[Fixture, ...]
    scratch: Path
    quick: bool
    fast: Plan
    slow: Plan

    def large(self) -> tuple[Fixture, ...]:
        return tuple(f for f in self.fixtures if f.kind == "large")

    def thousand(self) -> tuple[Fixture, ...]:
        """The 1,000-item characters of the scaling series (none in a quick run)."""
        return tuple(f for f in self.scaling if f.name == "scale-1000")

    def targeted(self) -> tuple[Fixture, ...]:
        """The characters the edit, open, PDF and window targets hold for: the large
        ones and, since issue 23, the 1,000-item ones."""
        return self.large() + self.thousand()


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the results table."""

    measurement: str
    title: str
    subject: str
    unit: str = "ms"
    stats: Stats | None = None
    value: float | None = None
    target: Target | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def main(self) -> float | None:
        """The value compared with the target: an explicit value, else the median."""
        if self.value is not None:
            return self.value
        return self.stats.median if self.stats else None

    @property
    def status(self) -> Status:
        main = self.main
        if main is None or self.target is None:
            return "n/a"
        return "ok" if self.target.met(main) else "over"

    def to_json(self) -> dict[str, Any]:
        return {
            "measurement": self.measurement,
            "title": self.title,
            "subject": self.subject,
            "unit": self.unit,
            "value": self.main,
            "stats": self.stats.to_json() if self.stats else None,
            "target": None
            if self.target is None
            else {
                "limit": self.target.limit,
                "unit": self.target.unit,
                "text": self.target.describe(),
                "source": self.target.source,
            },
            "status": self.status,
            "note": self.note,
            **({"extra": self.extra} if self.extra else {}),
        }


Probe = Callable[[], str | None]
Runner = Callable[[Context], list[Row]]


@dataclass(frozen=True, slots=True)
class Measurement:
    id: str
    title: str
    run: Runner | None
    probe: Probe | None
    target: Target | None
    in_quick: bool

    def unavailable(self) -> str | None:
        return self.probe() if self.probe else None

    def execute(self, context: Context) -> list[Row]:
        reason = self.unavailable()
        if self.run is None and not reason:
            reason = "its module exists, but the harness has no measurement for it yet"
        if reason or self.run is None:
            note = f"not available yet: {reason}"
            return [Row(self.id, self.title, "-", target=self.target, note=note)]
        return self.run(context)


REGISTRY: dict[str, Measurement] = {}


def measurement(
    id: str,
    title: str,
    *,
    probe: Probe | None = None,
    target: Target | None = None,
    in_quick: bool = True,
) -> Callable[[Runner], Runner]:
    """Register ``run`` under ``id``; ``probe`` returns a reason when it cannot run here."""

    def register(run: Runner) -> Runner:
        if id in REGISTRY:
            raise ValueError(f"measurement {id!r} registered twice")
        REGISTRY[id] = Measurement(id, title, run, probe, target, in_quick)
        return run

    return register


def pending(id: str, title: str, *, probe: Probe, target: Target | None = None) -> None:
    """Register a measurement that waits for a part of sheetapp still being built: it
    reports "n/a" with the probe's reason (which names what to wire once it lands)."""
    if id in REGISTRY:
        raise ValueError(f"measurement {id!r} registered twice")
    REGISTRY[id] = Measurement(id, title, None, probe, target, True)


def module_probe(module: str, why: str) -> Probe:
    """A probe that passes when ``module`` can be imported; otherwise gives ``why``."""

    def probe() -> str | None:
        import importlib.util

        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        return None if found else f"{module} does not exist ({why})"

    return probe
