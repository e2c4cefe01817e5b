"""timeit-style timing: warm-up runs, then N timed repeats, summarised by median, p90, min.

The garbage collector stays on (unlike :mod:`timeit`): a collection pause is part of
what a user waits for after an edit, so hiding it would flatter the numbers.
"""

from __future__ import annotations

import gc
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Stats:
    """A summary of repeated samples, in the unit the samples were taken in."""

    median: float
    p90: float
    min: float
    repeats: int
    cpu_median: float | None = None

    @classmethod
    def of(cls, samples: Sequence[float], cpu: Sequence[float] = ()) -> Stats:
        """``cpu``: the same runs' CPU time of this thread, which a busy machine does not
        inflate the way it inflates wall-clock time."""
        if not samples:
            raise ValueError("no samples to summarise")
        ordered = sorted(samples)
        cpu_median = statistics.median(cpu) if cpu else None
        return cls(
            statistics.median(ordered),
            percentile(ordered, 90),
            ordered[0],
            len(ordered),
            cpu_median,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "median": self.median,
            "p90": self.p90,
            "min": self.min,
            "repeats": self.repeats,
            "cpu_median": self.cpu_median,
        }


def percentile(ordered: Sequence[float], pct: float) -> float:
    """The nearest-rank percentile of already sorted samples."""
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Plan:
    """How many warm-up runs and timed repeats a measurement makes."""

    warmup: int
    repeats: int


def time_ms(
    run: Callable[[], object],
    plan: Plan,
    *,
    setup: Callable[[], object] | None = None,
) -> Stats:
    """Milliseconds per call of ``run``; ``setup`` (untimed) runs before every call."""
    for _ in range(plan.warmup):
        if setup:
            setup()
        run()
    gc.collect()
    samples = []
    cpu = []
    for _ in range(plan.repeats):
        if setup:
            setup()
        cpu_start = time.thread_time_ns()
        start = time.perf_counter_ns()
        run()
        samples.append((time.perf_counter_ns() - start) / 1e6)
        cpu.append((time.thread_time_ns() - cpu_start) / 1e6)
    return Stats.of(samples, cpu)


def time_parts_ms(parts: Sequence[Callable[[Any], Any]], first: Any, plan: Plan) -> list[Stats]:
    """Time a pipeline step by step: each part gets the previous part's result.

    Returns one summary per part, then one for the whole pipeline (the sum per run).
    """
    for _ in range(plan.warmup):
        value = first
        for part in parts:
            value = part(value)
    gc.collect()
    samples: list[list[float]] = [[] for _ in range(len(parts) + 1)]
    cpu: list[list[float]] = [[] for _ in range(len(parts) + 1)]
    for _ in range(plan.repeats):
        value = first
        total = total_cpu = 0.0
        for index, part in enumerate(parts):
            cpu_start = time.thread_time_ns()
            start = time.perf_counter_ns()
            value = part(value)
            elapsed = (time.perf_counter_ns() - start) / 1e6
            elapsed_cpu = (time.thread_time_ns() - cpu_start) / 1e6
            samples[index].append(elapsed)
            cpu[index].append(elapsed_cpu)
            total += elapsed
            total_cpu += elapsed_cpu
        samples[-1].append(total)
        cpu[-1].append(total_cpu)
    return [Stats.of(column, cpu_column) for column, cpu_column in zip(samples, cpu, strict=True)]
