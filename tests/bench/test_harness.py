"""The harness: statistics, statuses, pending measurements, and `python -m bench --quick`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.measures.domain import loglog_slope
from bench.registry import REGISTRY, Context, Measurement, Row, module_probe
from bench.stats import Plan, Stats, percentile, time_parts_ms
from bench.targets import REEVALUATE, STARTUP_RATIO

REPO = Path(__file__).resolve().parents[2]


def test_stats_take_median_nearest_rank_p90_and_min() -> None:
    stats = Stats.of([5.0, 1.0, 3.0, 2.0, 4.0, 10.0, 6.0, 7.0, 8.0, 9.0])
    assert (stats.median, stats.p90, stats.min, stats.repeats) == (5.5, 9.0, 1.0, 10)
    assert percentile([1.0], 90) == 1.0
    with pytest.raises(ValueError):
        Stats.of([])


def test_pipeline_parts_are_summed_into_a_total_per_run() -> None:
    apply_part, double_part, total = time_parts_ms(
        [lambda x: x + 1, lambda x: x * 2], 1, Plan(warmup=1, repeats=4)
    )
    assert apply_part.repeats == double_part.repeats == total.repeats == 4
    assert total.min >= apply_part.min


def test_status_compares_the_main_value_with_the_target() -> None:
    fast = Row("m", "t", "s", stats=Stats(4.9, 6, 4, 3), target=REEVALUATE)
    slow = Row("m", "t", "s", stats=Stats(5.0, 6, 4, 3), target=REEVALUATE)
    assert (fast.status, slow.status) == ("ok", "over")
    assert Row("m", "t", "s", unit="ratio", value=2.0, target=STARTUP_RATIO).status == "ok"
    assert Row("m", "t", "s", unit="ratio", value=2.01, target=STARTUP_RATIO).status == "over"
    assert Row("m", "t", "s", stats=Stats(1, 1, 1, 1)).status == "n/a"
    assert Row("m", "t", "s", target=REEVALUATE, note="not available").status == "n/a"


def test_linear_growth_has_slope_one() -> None:
    assert loglog_slope([(50, 1.0), (100, 2.0), (1000, 20.0)]) == pytest.approx(1.0)
    assert loglog_slope([(50, 1.0), (100, 4.0)]) == pytest.approx(2.0)


def test_a_measurement_whose_module_is_missing_reports_why_instead_of_a_number(
    tmp_path: Path,
) -> None:
    def never(context: Context) -> list[Row]:
        raise AssertionError("must not run")

    missing = Measurement(
        "x", "x", never, module_probe("sheetapp.no_such_module", "not built"), REEVALUATE, True
    )
    context = Context((), (), tmp_path, True, Plan(0, 1), Plan(0, 1))
    [row] = missing.execute(context)
    assert row.status == "n/a" and row.main is None
    assert "sheetapp.no_such_module does not exist (not built)" in row.note
    assert module_probe("sheetapp.core", "x")() is None


def test_the_measurements_cover_what_issue_8_asks_for() -> None:
    import bench.measures  # noqa: F401

    wanted = {"evaluate", "edit", "scaling", "open", "save", "pdf", "startup"}
    wanted |= {"window.show", "window.edit"}
    assert wanted <= set(REGISTRY)


@pytest.mark.slow
def test_quick_run_end_to_end_writes_a_well_formed_table(tmp_path: Path) -> None:
    """`python -m bench --quick` in a fresh process: exit 0, JSON and Markdown agree."""
    out_json, out_md = tmp_path / "r.json", tmp_path / "r.md"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench",
            "--quick",
            "--json",
            str(out_json),
            "--markdown",
            str(out_md),
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(out_json.read_text(encoding="utf-8"))
    assert report["format"] == "sheetapp.bench" and report["quick"] is True
    rows = report["rows"]
    assert {row["status"] for row in rows} <= {"ok", "over", "n/a"}
    assert not report["failures"]
    ids = {row["measurement"] for row in rows}
    assert {"evaluate", "edit", "open", "save", "startup", "scaling", "pdf"} <= ids
    for row in rows:
        if row["target"] and row["value"] is not None:
            assert row["status"] in ("ok", "over")
        if row["value"] is None:
            assert row["status"] == "n/a" and row["note"]
    large = [f for f in report["fixtures"] if f["kind"] == "large"]
    assert any(f["sizes"].get("abilities") == 300 for f in large)
    assert any(f["sizes"].get("equipment entries") == 300 for f in large)
    text = out_md.read_text(encoding="utf-8")
    assert text in done.stdout
    table = [line for line in text.splitlines() if line.startswith("| ")]
    header = "| measurement | subject | median | p90 | min | cpu | n | target | status | note |"
    assert header in table
    start = table.index(header)
    results = table[start + 1 : start + 1 + len(rows)]
    assert len(results) == len(rows)
    for line in results:
        assert len(re.split(r"(?<!\\)\|", line)) == 12, line
    assert {"cpu", "python", "qt"} <= set(report["machine"])
