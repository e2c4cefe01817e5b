"""Evaluation: a full evaluate() of each large fixture, one edit, and growth with size."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Any

from bench import targets
from bench.fixtures import Fixture
from bench.registry import Context, Row, measurement
from bench.stats import time_ms, time_parts_ms
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.system import installed_systems


def _evaluate(fixture: Fixture) -> Any:
    system = installed_systems().get(fixture.system)
    return system.evaluate(fixture.document)


@measurement("evaluate", "full evaluate()", target=targets.REEVALUATE)
def evaluate(context: Context) -> list[Row]:
    rows = []
    for fixture in context.large():
        stats = time_ms(partial(_evaluate, fixture), context.fast)
        rows.append(
            Row(
                "evaluate", "full evaluate()", fixture.label, stats=stats, target=targets.REEVALUATE
            )
        )
    return rows


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
    for fixture in context.large():
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


@measurement("scaling", "evaluate() by character size", target=targets.SCALING_SLOPE)
def scaling(context: Context) -> list[Row]:
    rows = []
    by_system: dict[str, list[tuple[int, float]]] = {}
    for fixture in context.scaling:
        stats = time_ms(partial(_evaluate, fixture), context.fast)
        size = fixture.sizes.get(fixture.unit, 0)
        # Growth is a property of the algorithm: take the thread's CPU time, which other
        # programs on a busy machine do not inflate (the wall-clock median is in the row).
        cpu = stats.cpu_median if stats.cpu_median is not None else stats.median
        by_system.setdefault(fixture.system, []).append((size, cpu))
        per_item = stats.median / size * 1000 if size else 0.0
        rows.append(
            Row(
                "scaling.point",
                f"evaluate() at {size} {fixture.unit}",
                fixture.label,
                stats=stats,
                note=f"{per_item:.1f} µs per {_singular(fixture.unit)}",
            )
        )
    for system_id, points in by_system.items():
        slope = loglog_slope(points)
        curve = "cpu medians " + ", ".join(f"{n}: {ms:.2f} ms" for n, ms in points)
        rows.append(
            Row(
                "scaling",
                "growth of evaluate() with size (log-log slope)",
                system_id,
                unit="slope",
                value=slope,
                target=targets.SCALING_SLOPE,
                note=curve,
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
