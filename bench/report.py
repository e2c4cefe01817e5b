"""The results as a Markdown table and as JSON."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bench.fixtures import Coverage, coverage_lines
from bench.registry import Row

COLUMNS = ("measurement", "subject", "median", "p90", "min", "cpu", "n", "target", "status", "note")


@dataclass(frozen=True, slots=True)
class Report:
    generated_at: str
    quick: bool
    machine: dict[str, str]
    coverage: Coverage
    rows: tuple[Row, ...]
    failures: tuple[str, ...] = ()

    def summary(self) -> dict[str, int]:
        counts = Counter(row.status for row in self.rows)
        return {status: counts.get(status, 0) for status in ("ok", "over", "n/a")}


def number(value: float | None, unit: str) -> str:
    if value is None or math.isnan(value):
        return "-"
    if unit == "ratio":
        return f"{value:.2f}×"
    if unit == "slope":
        return f"{value:.2f}"
    if unit == "MB":
        return f"{value:.0f} MB"
    digits = 3 if value < 1 else 2 if value < 10 else 1 if value < 1000 else 0
    return f"{value:.{digits}f} {unit}"


def _cells(row: Row) -> list[str]:
    stats = row.stats
    median = number(row.main, row.unit)
    p90 = number(stats.p90, row.unit) if stats and row.value is None else "-"
    low = number(stats.min, row.unit) if stats and row.value is None else "-"
    cpu = number(stats.cpu_median, row.unit) if stats and stats.cpu_median is not None else "-"
    count = str(stats.repeats) if stats else "-"
    target = row.target.describe() if row.target else "-"
    note = row.note.replace("|", "\\|")
    return [row.title, row.subject, median, p90, low, cpu, count, target, row.status, note]


def results_table(rows: tuple[Row, ...]) -> list[str]:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_cells(row)) + " |" for row in rows]
    return lines


def markdown(report: Report) -> str:
    summary = report.summary()
    mode = "quick smoke run (few repeats: numbers are rough)" if report.quick else "full run"
    lines = [
        "# sheetapp benchmark results",
        "",
        f"Generated {report.generated_at} by `python -m bench{' --quick' if report.quick else ''}`"
        f" — {mode}. Times are per call; median, 90th percentile and minimum of the repeats "
        "after warm-up runs; cpu is the median CPU time of the measuring thread (in-process "
        "rows only), which other programs running on the machine do not inflate. Status "
        "compares the median wall-clock time (or the ratio/slope) with the target.",
        "",
        *_load_warning(report.machine),
        f"**{summary['ok']} ok, {summary['over']} over, {summary['n/a']} n/a.**",
        "",
        "## Results",
        "",
        *results_table(report.rows),
        "",
    ]
    if report.failures:
        lines += ["## Failures", "", *(f"- {failure}" for failure in report.failures), ""]
    lines += [
        "## Fixtures",
        "",
        *coverage_lines(report.coverage),
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        *(f"| {key} | {value} |" for key, value in report.machine.items()),
        "",
    ]
    return "\n".join(lines)


def _load_warning(machine: dict[str, str]) -> list[str]:
    try:
        load = max(float(machine["load_start"]), float(machine["load_end"]))
        cores = float(machine["cores"])
    except (KeyError, ValueError):
        return []
    if load < 0.5 * cores:
        return []
    return [
        f"> The machine was busy during this run (1-minute load average up to {load:.1f} on "
        f"{cores:.0f} cores): wall-clock medians are inflated; compare the cpu column.",
        "",
    ]


def to_json(report: Report) -> dict[str, Any]:
    return {
        "format": "sheetapp.bench",
        "version": 1,
        "generated_at": report.generated_at,
        "quick": report.quick,
        "summary": report.summary(),
        "machine": report.machine,
        "fixtures": [
            {
                "system": f.system,
                "name": f.name,
                "kind": f.kind,
                "sizes": f.sizes,
                "bytes": f.bytes,
                "expected_errors": sorted(f.expected_errors),
                "description": f.description,
            }
            for f in (*report.coverage.fixtures, *report.coverage.scaling)
        ],
        "systems_without_generator": list(report.coverage.missing),
        "rows": [row.to_json() for row in report.rows],
        "failures": list(report.failures),
    }
