"""Start-up and peak memory, each in a fresh process (``bench/launch.py``), offscreen.

Start-up is the time from just before the process is started to the first paint of
its main window: sheetapp with the sample character (``python -m sheetapp FILE``'s
entry point; the launcher checks that this paint shows the character) against a bare
PySide6 window started the same way; the two kinds of run alternate, so a slow moment
of the machine hits both. Both run with Python's bytecode cache, as installed programs
do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench import targets
from bench.fixtures import Fixture
from bench.registry import Context, Row, measurement
from bench.stats import Stats
from sheetapp.core.resources import data_file
from sheetapp.core.system import installed_systems

LAUNCHER = Path(__file__).resolve().parents[1] / "launch.py"
SAMPLE = "examples/gladiators/night-owl.json"
TIMEOUT_S = 60


class LaunchFailed(RuntimeError):
    pass


@dataclass(frozen=True, slots=True)
class Launch:
    shown_ms: float
    max_rss_mb: float
    documents: int | None = None


def launch(args: list[str], scratch: Path) -> Launch:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # An installed sheetapp runs from compiled bytecode (pip and PyInstaller write it);
    # a development shell may forbid writing it, which would make every start compile
    # sheetapp from source. The warm-up runs write the cache.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(scratch / "home" / name.lower())
    start = time.monotonic_ns()
    done = subprocess.run(
        [sys.executable, str(LAUNCHER), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT_S,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise LaunchFailed(
            f"`launch.py {' '.join(args)}` exited with {done.returncode}: {done.stderr[-500:]}"
        )
    report = json.loads(lines[-1])
    launched = Launch(
        (report["shown_ns"] - start) / 1e6, report["max_rss_kb"] / 1024, report.get("documents")
    )
    files = args[1:] if args[:1] == ["app"] else []
    if files and launched.documents != len(files):
        raise LaunchFailed(
            f"`launch.py {' '.join(args)}` painted its window with {launched.documents} "
            f"character(s) open, not {len(files)}"
        )
    return launched


def sample_path() -> str:
    return str(data_file("resources", SAMPLE))


def example_paths() -> dict[str, str]:
    """The first shipped example of each installed system (by file name), the sample
    character first."""
    folder = data_file("resources", "examples")
    found = {"gladiators": sample_path()}
    for system_id in installed_systems().ids():
        system_folder = folder / system_id
        files = (
            sorted(
                str(f) for f in system_folder.iterdir() if f.is_file() and f.name.endswith(".json")
            )
            if system_folder.is_dir()
            else []
        )
        if files and system_id not in found:
            found[system_id] = files[0]
    return found


@measurement("startup", "start-up to a shown main window", target=targets.STARTUP_RATIO)
def startup(context: Context) -> list[Row]:
    large = context.large()
    examples = example_paths()
    kinds: dict[str, list[str]] = {"bare": ["bare"], "stack": ["stack"]}
    for system_id, path in examples.items():
        kinds[f"example:{system_id}"] = ["app", path]
    # the first large character of each system
    largest: dict[str, Fixture] = {}
    for fixture in large:
        largest.setdefault(fixture.system, fixture)
    for system_id, fixture in largest.items():
        kinds[f"large:{system_id}"] = ["app", str(fixture.path)]
    runs: dict[str, list[Launch]] = {kind: [] for kind in kinds}
    plan = context.slow
    warmup = max(plan.warmup, 1)  # at least one, which writes the bytecode cache
    for round_ in range(warmup + plan.repeats):
        for kind, args in kinds.items():
            result = launch(args, context.scratch)
            if round_ >= warmup:
                runs[kind].append(result)
    shown = {kind: Stats.of([r.shown_ms for r in results]) for kind, results in runs.items()}
    memory = {kind: max(r.max_rss_mb for r in results) for kind, results in runs.items()}
    stack = shown["stack"].median
    floor = stack / shown["bare"].median
    rows = [
        Row(
            "startup.bare",
            "start-up: bare PySide6 QMainWindow",
            "-",
            stats=shown["bare"],
            note="process start → first paint",
        ),
        Row(
            "startup.stack",
            "start-up: bare PySide6 QMainWindow + pydantic (one model validated)",
            "-",
            stats=shown["stack"],
            note="process start → first paint; the floor of the fixed stack, the target's "
            f"reference ({floor:.2f}× the bare window)",
        ),
    ]
    for system_id, path in examples.items():
        kind = f"example:{system_id}"
        rows += [
            Row(
                "startup.app",
                "start-up: sheetapp FILE (a shipped example)",
                Path(path).name,
                stats=shown[kind],
                note="process start → first paint, which shows the character (checked)",
            ),
            Row(
                "startup",
                "start-up ratio: sheetapp FILE / the stack floor",
                f"{system_id}: {Path(path).name}",
                unit="ratio",
                value=shown[kind].median / stack,
                target=targets.STARTUP_RATIO,
                note=f"{shown[kind].median:.0f} ms / {stack:.0f} ms (medians)",
            ),
        ]
    rows += [
        Row(
            "startup.large",
            "start-up: sheetapp FILE (large character)",
            fixture.label,
            stats=shown[f"large:{system_id}"],
            note="no target",
        )
        for system_id, fixture in largest.items()
    ]
    rows += [
        Row(
            "memory.bare",
            "peak memory (max RSS): bare PySide6",
            "-",
            unit="MB",
            value=memory["bare"],
            note="no target",
        ),
        Row(
            "memory.stack",
            "peak memory (max RSS): the stack floor",
            "-",
            unit="MB",
            value=memory["stack"],
            note="the memory target's reference",
        ),
    ]
    for system_id, path in examples.items():
        kind = f"example:{system_id}"
        rows.append(
            Row(
                "memory.ratio",
                "peak memory at first paint / the stack floor's",
                f"{system_id}: {Path(path).name}",
                unit="ratio",
                value=memory[kind] / memory["stack"],
                target=targets.STARTUP_MEMORY_RATIO,
                note=f"{memory[kind]:.0f} MB / {memory['stack']:.0f} MB",
            )
        )
    rows += [
        Row(
            "memory.large",
            "peak memory (max RSS): sheetapp, large character open",
            fixture.label,
            unit="MB",
            value=memory[f"large:{system_id}"],
            note="at the first paint; no target",
        )
        for system_id, fixture in largest.items()
    ]
    return rows
