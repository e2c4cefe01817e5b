"""`python -m bench`: generate the fixtures, run every registered measurement, report."""

from __future__ import annotations

import argparse
import gc
import json
import shutil
import sys
import tempfile
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from bench import fixtures, machine
from bench.registry import REGISTRY, Context, Row
from bench.report import Report, markdown, to_json
from bench.stats import Plan

FULL = (Plan(warmup=5, repeats=30), Plan(warmup=2, repeats=10))
QUICK = (Plan(warmup=1, repeats=3), Plan(warmup=0, repeats=1))
#: Report order: the domain first, then files, PDF, the window, whole processes.
ORDER = ("evaluate", "edit", "scaling", "open", "save", "pdf", "window.", "startup")


def _rank(measurement_id: str) -> int:
    return next(
        (i for i, prefix in enumerate(ORDER) if measurement_id.startswith(prefix)), len(ORDER)
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Measure sheetapp on large generated characters and compare with the "
        "targets in DESIGN.md. Never fails on time; exits 1 only when a measurement crashes.",
    )
    parser.add_argument("--quick", action="store_true", help="a fast smoke run: few repeats")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON")
    parser.add_argument(
        "--markdown", type=Path, metavar="OUT", help="also write the Markdown report to OUT"
    )
    parser.add_argument(
        "--only", action="append", metavar="ID", help="run only this measurement (repeatable)"
    )
    parser.add_argument(
        "--fixtures", type=Path, metavar="DIR", help="keep the generated fixtures in DIR"
    )
    parser.add_argument("--list", action="store_true", help="list the measurements and exit")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    import bench.measures  # noqa: F401  (registers the measurements)

    args = build_parser().parse_args(argv)
    if args.list:
        for measurement in REGISTRY.values():
            print(f"{measurement.id}\t{measurement.title}")
        return 0
    unknown = sorted(set(args.only or ()) - set(REGISTRY))
    if unknown:
        print(f"bench: unknown measurement(s) {', '.join(unknown)}; see --list", file=sys.stderr)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="sheetapp-bench-"))
    try:
        report = run(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    text = markdown(report)
    print(text)
    if args.markdown:
        args.markdown.write_text(text, encoding="utf-8")
    if args.json:
        args.json.write_text(
            json.dumps(to_json(report), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
    return 1 if report.failures else 0


def run(args: argparse.Namespace, scratch: Path) -> Report:
    load_start = machine.load_average()
    folder = args.fixtures or scratch / "fixtures"
    print(f"bench: generating fixtures in {folder}", file=sys.stderr)
    coverage = fixtures.build(folder, quick=args.quick)
    # The fixtures, catalogs and modules stay alive for the whole run, as what start-up
    # loaded stays alive in the app; the app moves that to the permanent generation after
    # its first paint (sheetapp.startup), and so does the bench, so that collections
    # during a measurement scan what the app's would, not every fixture at once.
    gc.collect()
    gc.freeze()
    fast, slow = QUICK if args.quick else FULL
    context = Context(
        fixtures=coverage.fixtures,
        scaling=coverage.scaling,
        scratch=scratch,
        quick=args.quick,
        fast=fast,
        slow=slow,
    )
    rows: list[Row] = []
    failures: list[str] = []
    for measurement in sorted(REGISTRY.values(), key=lambda m: _rank(m.id)):
        if args.only and measurement.id not in args.only:
            continue
        print(f"bench: {measurement.id} …", file=sys.stderr)
        try:
            rows.extend(measurement.execute(context))
        except Exception as exc:
            traceback.print_exc()
            failures.append(f"{measurement.id}: {type(exc).__name__}: {exc}")
            rows.append(
                Row(
                    measurement.id,
                    measurement.title,
                    "-",
                    target=measurement.target,
                    note=f"FAILED: {type(exc).__name__}: {exc}",
                )
            )
    return Report(
        generated_at=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        quick=args.quick,
        machine=machine.facts(load_start),
        coverage=coverage,
        rows=tuple(rows),
        failures=tuple(failures),
    )
