#!/usr/bin/env python3
"""Check a built application folder from outside the source tree.

    python3 packaging/smoke_test.py dist/sheetapp

Runs the binary's --version, systems, new, validate, examples and export-pdf in a
temporary folder, then opens the window offscreen with a character and closes it.
Exits non-zero with the failing step named. Uses only the standard library.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path


class SmokeFailure(Exception):
    pass


def run(binary: Path, args: list[str], cwd: Path, expect: tuple[int, ...] = (0,)) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONPATH", None)
    result = subprocess.run(
        [str(binary), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    if result.returncode not in expect:
        raise SmokeFailure(
            f"`sheetapp {' '.join(args)}` exited {result.returncode}\n"
            f"stdout: {result.stdout}\nstderr: {result.stderr}"
        )
    return result.stdout


def smoke(app_dir: Path) -> list[str]:
    binary = app_dir / ("sheetapp.exe" if os.name == "nt" else "sheetapp")
    if not binary.exists():
        raise SmokeFailure(f"no executable at {binary}")
    done = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        version = run(binary, ["--version"], work)
        if not version.startswith("sheetapp "):
            raise SmokeFailure(f"--version printed {version!r}")
        done.append(version.strip())
        systems = run(binary, ["systems"], work)
        if "gladiators" not in systems:
            raise SmokeFailure(f"systems printed {systems!r}")
        done.append(f"systems: {len(systems.splitlines())}")
        hero = work / "hero.json"
        run(binary, ["new", "gladiators", "-o", str(hero), "--name", "Smoke"], work)
        data = json.loads(hero.read_text(encoding="utf-8"))
        if data["meta"]["name"] != "Smoke":
            raise SmokeFailure("new wrote the wrong name")
        report = json.loads(run(binary, ["validate", str(hero), "--json"], work, (0, 1)))
        done.append(f"validate: {len(report['issues'])} issues")
        owl = work / "owl.json"
        run(binary, ["new", "gladiators", "--example", "night-owl", "-o", str(owl)], work)
        run(binary, ["validate", str(owl)], work)
        pdf = work / "owl.pdf"
        run(binary, ["export-pdf", str(owl), "-o", str(pdf)], work)
        if not pdf.read_bytes().startswith(b"%PDF"):
            raise SmokeFailure("export-pdf did not write a PDF")
        done.append(f"export-pdf: {pdf.stat().st_size} bytes")
        env_probe = {"SHEETAPP_QUIT_AFTER_SHOW": "1"}
        os.environ.update(env_probe)
        try:
            run(binary, [str(owl)], work)
        finally:
            for key in env_probe:
                os.environ.pop(key, None)
        done.append("window opened and closed")
    return done


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    try:
        for line in smoke(Path(sys.argv[1]).resolve()):
            print(f"[smoke] ok: {line}")
    except (SmokeFailure, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        print(f"[smoke] FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
