#!/usr/bin/env python3
"""Check a built application folder from outside the source tree.

    python3 packaging/smoke_test.py dist/sheetapp

Runs the binary's --version, systems, new, validate, examples and export-pdf in a
temporary folder, then opens the window offscreen with a character and closes it; then,
for every example of every system the binary lists, writes it with `new --example`,
validates it, exports its PDF (checked: a PDF, more than a few pages' worth of bytes,
its fonts embedded) and opens it in the window offscreen for a moment. Prints which
ICU data library the folder holds (packaging/trim_icu.py) and the folder's size last.
Exits non-zero with the failing step named. Uses only the standard library.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from trim_icu import is_trimmed

#: a printed sheet of any system is larger than this (a page of text with its fonts)
SMALLEST_PDF = 20_000


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
        open_window(binary, owl, work)
        done.append("window opened and closed")
        done += every_example(binary, work)
    return done


def open_window(binary: Path, character: Path, work: Path) -> None:
    """The window shows ``character`` offscreen and quits once it has painted."""
    os.environ["SHEETAPP_QUIT_AFTER_SHOW"] = "1"
    try:
        run(binary, [str(character)], work)
    finally:
        os.environ.pop("SHEETAPP_QUIT_AFTER_SHOW", None)


def check_pdf(pdf: Path, what: str) -> int:
    """The size of ``pdf``, a real sheet with embedded fonts (sheetapp embeds every font
    it prints with: no font of the viewer's stands in)."""
    if not pdf.is_file():
        raise SmokeFailure(f"{what}: export-pdf wrote no file")
    data = pdf.read_bytes()
    if not data.startswith(b"%PDF") or len(data) < SMALLEST_PDF:
        raise SmokeFailure(f"{what}: export-pdf wrote {len(data)} bytes, not a sheet")
    fonts = len(re.findall(rb"/Type\s*/Font\b", data))
    embedded = len(re.findall(rb"/FontFile[23]?\b", data))
    if embedded == 0:
        raise SmokeFailure(f"{what}: the PDF embeds none of its {fonts} fonts")
    return len(data)


def every_example(binary: Path, work: Path) -> list[str]:
    """Each system's examples, through the built binary: new, validate, export-pdf, and
    the window with the first one of each system."""
    done = []
    systems = [line.split("\t")[0] for line in run(binary, ["systems"], work).splitlines()]
    for system in filter(None, systems):
        examples = [
            line.split("\t")[0] for line in run(binary, ["examples", system], work).splitlines()
        ]
        if not any(examples):
            raise SmokeFailure(f"{system} lists no example")
        sizes = []
        for example in filter(None, examples):
            what = f"{system} example {example}"
            character = work / f"{system}-{example}.json"
            run(binary, ["new", system, "--example", example, "-o", str(character)], work)
            report = json.loads(run(binary, ["validate", str(character), "--json"], work, (0, 1)))
            if report.get("system") not in (None, system) or "issues" not in report:
                raise SmokeFailure(f"{what}: validate --json printed {sorted(report)}")
            pdf = work / f"{system}-{example}.pdf"
            run(binary, ["export-pdf", str(character), "-o", str(pdf)], work)
            sizes.append(check_pdf(pdf, what))
        open_window(binary, work / f"{system}-{examples[0]}.json", work)
        done.append(
            f"{system}: {len(sizes)} examples validated and printed "
            f"({min(sizes):,}-{max(sizes):,} bytes), the window opened the first"
        )
    return done


def folder_size(folder: Path) -> int:
    """Bytes in ``folder``'s files (symbolic links not followed: they add nothing)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def icu_data_state(app_dir: Path) -> str:
    """Which ICU data library the folder holds: the trimmed one packaging/trim_icu.py
    builds, PySide6's whole one, or none (a platform whose Qt uses the system's ICU)."""
    found = app_dir.rglob("libicudata.so.*")
    libraries = [path for path in found if path.is_file() and not path.is_symlink()]
    if not libraries:
        return "none bundled"
    return ", ".join(
        f"{path.name} {'trimmed' if is_trimmed(path) else 'whole'} "
        f"({path.stat().st_size / 2**20:.1f} MiB)"
        for path in libraries
    )


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    try:
        app_dir = Path(sys.argv[1]).resolve()
        for line in smoke(app_dir):
            print(f"[smoke] ok: {line}")
    except (SmokeFailure, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        print(f"[smoke] FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"[smoke] ICU data library: {icu_data_state(app_dir)}")
    print(f"[smoke] size of {app_dir}: {folder_size(app_dir) / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
