"""Evaluation: a full evaluate() of each large fixture, one edit, and growth with size.

A *full* evaluate() starts from nothing: each run evaluates a fresh copy of the document,
whose memos (``sheetapp.core.memo``, where every system keeps its per-item results) are
empty, so nothing is reused.
The re-evaluation after one edit is what the editor does: the same system evaluates
the edited document, reusing what the edit did not touch; DESIGN.md's 5 ms target is
for that one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Any

from bench import targets
from bench.fixtures import Fixture
from bench.registry import Context, Row, measurement
from bench.stats import Plan, Stats, time_ms, time_parts_ms
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.system import installed_systems

FULL_TITLE = "full evaluate(), nothing reused (a fresh copy of the document each run)"


class FullEvaluation:
    """evaluate() of a copy of a fixture that was never evaluated before (empty memos)."""

    def __init__(self, fixture: Fixture) -> None:
        self.fixture = fixture
        self.system = installed_systems().get(fixture.system)
        self.document: Any = None

    def new_document(self) -> None:
        self.document = self.fixture.document.detached_copy()

    def run(self) -> Any:
        return self.system.evaluate(self.document)

    def time(self, plan: Plan) -> Stats:
        return time_ms(self.run, plan, setup=self.new_document)


@measurement("evaluate", "full evaluate()")
def evaluate(context: Context) -> list[Row]:
    return [
        Row(
            "evaluate",
            FULL_TITLE,
            fixture.label,
            stats=FullEvaluation(fixture).time(context.fast),
            note="no target in DESIGN.md: its 5 ms is for the re-evaluation after one edit",
        )
        for fixture in context.large()
    ]


def _apply(document: Any, changes: Sequence[Change]) -> Any:
    return apply_to_document(document, changes)


def the_edit(fixture: Fixture) -> Change:
    """The fixture's single edit as a Change (a value set, e.g. a level by one)."""
    node: Any = fixture.document.model_dump(mode="json")
    for key in fixture.edit_path:
        node = node[key]
    return Change("set", fixture.edit_path, node, fixture.edit_after, label="bench edit")


@measurement("edit", "one edit, then evaluate()", target=targets.REEVALUATE)
def edit(context: Context) -> list[Row]:
    """apply_to_document (dump, apply, validate) then evaluate(), timed part by part."""
    rows = []
    for fixture in context.targeted():
        system = installed_systems().get(fixture.system)
        change = the_edit(fixture)
        apply_part, evaluate_part, total = time_parts_ms(
            [partial(_apply, changes=[change]), system.evaluate],
            fixture.document,
            context.fast,
        )
        where = "/".join(str(p) for p in change.path)
        rows += [
            Row(
                "edit",
                "one edit → new evaluation (apply + evaluate)",
                fixture.label,
                stats=total,
                target=targets.REEVALUATE,
                note=f"set {where}: {change.before} → {change.after}",
            ),
            Row("edit.apply", "  part: apply_to_document", fixture.label, stats=apply_part),
            Row("edit.evaluate", "  part: evaluate()", fixture.label, stats=evaluate_part),
        ]
    return rows


def _edit_stats(fixture: Fixture, plan: Plan) -> Stats:
    system = installed_systems().get(fixture.system)
    change = the_edit(fixture)
    *_parts, total = time_parts_ms(
        [partial(_apply, changes=[change]), system.evaluate], fixture.document, plan
    )
    return total


#: (row title prefix, what grows) -> how one scaling point is timed
_CURVES: dict[str, Any] = {
    "full evaluate()": lambda fixture, plan: FullEvaluation(fixture).time(plan),
    "one edit → new evaluation": _edit_stats,
}


@measurement("scaling", "evaluate() by character size", target=targets.SCALING_SLOPE)
def scaling(context: Context) -> list[Row]:
    """Both curves: the full evaluation (the algorithm) and the re-evaluation after one
    edit (what an editing user waits for), at every scaling size."""
    rows = []
    for curve, timed in _CURVES.items():
        by_system: dict[str, list[tuple[int, float]]] = {}
        for fixture in context.scaling:
            stats = timed(fixture, context.fast)
            size = fixture.sizes.get(fixture.unit, 0)
            # Growth is a property of the algorithm: take the thread's CPU time, which
            # other programs on a busy machine do not inflate (the wall median is shown).
            cpu = stats.cpu_median if stats.cpu_median is not None else stats.median
            by_system.setdefault(fixture.system, []).append((size, cpu))
            per_item = stats.median / size * 1000 if size else 0.0
            rows.append(
                Row(
                    "scaling.point",
                    f"{curve} at {size} {fixture.unit}",
                    fixture.label,
                    stats=stats,
                    note=f"{per_item:.1f} µs per {_singular(fixture.unit)}",
                )
            )
        for system_id, points in by_system.items():
            slope = loglog_slope(points)
            medians = "cpu medians " + ", ".join(f"{n}: {ms:.2f} ms" for n, ms in points)
            rows.append(
                Row(
                    "scaling",
                    f"growth of {curve} with size (log-log slope)",
                    system_id,
                    unit="slope",
                    value=slope,
                    target=targets.SCALING_SLOPE,
                    note=medians,
                )
            )
    return rows


def _singular(unit: str) -> str:
    """'abilities' -> 'ability', 'equipment entries' -> 'equipment entry'."""
    if unit.endswith("ies"):
        return unit[:-3] + "y"
    return unit.removesuffix("s")


def loglog_slope(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of log(time) against log(size): 1 is linear growth."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(ms) for _, ms in points]
    mean_x = sum(xs) / len(xs)
    mean_y = sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        return float("nan")
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
