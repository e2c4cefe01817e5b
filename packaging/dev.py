#!/usr/bin/env python3
"""Set-up and the two everyday commands, on a fresh machine with only Python 3.11+.

    python3 packaging/dev.py run           # launch the window with the sample character
    python3 packaging/dev.py test          # the whole test suite, quality gates included (CI)
    python3 packaging/dev.py test --quick  # all but the tests marked slow: the everyday run
    python3 packaging/dev.py test PATH...  # pytest on PATH... (any pytest options)
    python3 packaging/dev.py test -x       # the whole suite with pytest options
    python3 packaging/dev.py dist          # build dist/sheetapp/ with PyInstaller, smoke-test it

The suite runs in two pytest-xdist worker processes (SHEETAPP_TEST_WORKERS=N for
another number, 0 for one process without xdist).

Each creates the virtual environment `.venv` when it is missing, installs the
project with its development tools, and (as root on Debian/Ubuntu) installs the
system libraries Qt needs. Uses only the standard library.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".sheetapp-installed"
SAMPLE = ROOT / "resources" / "examples" / "gladiators" / "night-owl.json"

# Debian packages a real PySide6 window (and the offscreen test platform) needs.
QT_DEBIAN_PACKAGES = [
    "libegl1", "libgl1", "libfontconfig1", "libdbus-1-3", "libxkbcommon0", "libglib2.0-0",
    "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
    "libxcb-randr0", "libxcb-render-util0", "libxcb-shape0", "libxcb-xinerama0", "libxcb-xkb1",
    # a TrueType font with Chinese and Japanese for the PDF sheets (DejaVu has none)
    "fonts-droid-fallback",
]  # fmt: skip


def say(text: str) -> None:
    print(f"[dev] {text}", flush=True)


def missing_debian_packages(names: list[str]) -> list[str]:
    missing = []
    for name in names:
        probe = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True, check=False
        )
        if "install ok installed" not in probe.stdout:
            missing.append(name)
    return missing


def ensure_system_packages(extra: list[str] | None = None) -> None:
    if not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None:
        return
    wanted = QT_DEBIAN_PACKAGES + (extra or [])
    missing = missing_debian_packages(wanted)
    if not missing:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        say(f"please install these system packages: {' '.join(missing)}")
        return
    say(f"installing system packages: {' '.join(missing)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env)


def ensure_venv() -> None:
    if not PYTHON.exists():
        say(f"creating the virtual environment {VENV}")
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (subprocess.CalledProcessError, OSError):
            # Debian's python3 ships venv without ensurepip until python3-venv is installed.
            ensure_system_packages(["python3-venv"])
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    fingerprint = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == fingerprint:
        return
    say("installing sheetapp and its development tools into .venv")
    pip = [str(PYTHON), "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "-q", "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(fingerprint)


def run_app(args: list[str]) -> int:
    ensure_system_packages()
    ensure_venv()
    targets = args or [str(SAMPLE)]
    return subprocess.run([str(BIN / "sheetapp"), *targets], check=False).returncode


#: the test modules and folders that drive the window; everything else is the domain's and
#: runs with Qt blocked from import (tests/qt_blocked.py). A quality gate keeps this list
#: equal to the test modules that import Qt.
QT_TEST_PATHS = (
    "tests/ui",
    "tests/bench/test_launch_watcher.py",
    "tests/pdf/test_print_preview.py",
    "tests/reliability/test_gui_monkey.py",
    "tests/reliability/test_hostile_text.py",
    "tests/test_gui_smoke.py",
)


#: pytest-xdist workers for the whole suite: the machines it runs on have two cores
WORKERS = 2
#: ``--dist loadgroup``: tests go to whichever worker is free, except those of one
#: ``xdist_group`` (the tests as other users share the users they create), which share one
PARALLEL = ("--dist", "loadgroup")


def worker_options() -> list[str]:
    """``-n N`` and the distribution mode, or nothing for one process (N = 0)."""
    wanted = os.environ.get("SHEETAPP_TEST_WORKERS", "").strip()
    workers = int(wanted) if wanted.isdigit() else WORKERS
    return ["-n", str(workers), *PARALLEL] if workers > 0 else []


def pytest_run(options: list[str]) -> int:
    """pytest with ``options``; "no test collected" (exit 5) is a failure too."""
    result = subprocess.run([str(PYTHON), "-m", "pytest", *options], cwd=ROOT, check=False)
    if result.returncode == 5:
        say("pytest collected no tests: that is a failure")
        return 1
    return result.returncode


def run_domain_tests(selection: list[str]) -> int:
    """The domain's tests with PySide6 blocked from import (a domain module or test that
    needs Qt fails here)."""
    say("domain tests with Qt blocked from import")
    ignored = [f"--ignore={path}" for path in QT_TEST_PATHS]
    blocked = ["-p", "tests.qt_blocked", "-p", "no:pytest-qt"]
    return pytest_run(["-q", *blocked, *worker_options(), *selection, *ignored, "tests"])


def run_window_tests(selection: list[str]) -> int:
    say("the window's tests")
    return pytest_run(["-q", *worker_options(), *selection, *QT_TEST_PATHS])


def names_tests(args: list[str]) -> bool:
    """Whether ``args`` name test files, folders or test ids (not only pytest options)."""
    return any((ROOT / arg.split("::")[0]).exists() for arg in args if not arg.startswith("-"))


def run_tests(args: list[str]) -> int:
    ensure_system_packages()
    ensure_venv()
    quick = "--quick" in args
    options = [arg for arg in args if arg != "--quick"]
    selection = ["-m", "not slow"] if quick else []
    if names_tests(options):
        return pytest_run([*selection, *options])
    # The whole suite in two runs: the domain without Qt, then the window's tests, with
    # the pytest options given (--durations=20, -x, ...); --quick leaves out the tests
    # marked slow (pyproject.toml says what those are).
    domain = run_domain_tests([*selection, *options])
    if domain != 0:
        say("the domain tests failed with Qt blocked")
        return domain
    return run_window_tests([*selection, *options])


#: the tools the build trims ICU's data with (packaging/trim_icu.py); without them the
#: bundle keeps ICU's whole data library
TRIM_TOOLS_DEBIAN_PACKAGES = ["icu-devtools", "gcc"]


def ensure_trim_tools() -> None:
    """icupkg and gcc for trimming ICU's data, installed when possible; never fails."""
    try:
        ensure_system_packages(TRIM_TOOLS_DEBIAN_PACKAGES)
    except (subprocess.CalledProcessError, OSError) as exc:
        say(f"could not install {' '.join(TRIM_TOOLS_DEBIAN_PACKAGES)} ({exc}): "
            "the bundle keeps ICU's whole data library")  # fmt: skip


def build_dist(args: list[str]) -> int:
    """PyInstaller one-folder build into dist/sheetapp, then the smoke test on it."""
    ensure_system_packages()
    ensure_trim_tools()
    ensure_venv()
    dist = ROOT / "dist"
    spec = ROOT / "packaging" / "sheetapp.spec"
    subprocess.run(
        [str(PYTHON), "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(dist),
         "--workpath", str(ROOT / "build" / "pyinstaller"), str(spec), *args],
        check=True,
        cwd=ROOT,
    )  # fmt: skip
    smoke = ROOT / "packaging" / "smoke_test.py"
    return subprocess.run(
        [sys.executable, str(smoke), str(dist / "sheetapp")], check=False
    ).returncode


def main() -> int:
    try:
        return dispatch()
    except subprocess.CalledProcessError as exc:
        say(f"set-up step failed (exit {exc.returncode}): {' '.join(map(str, exc.cmd))}")
        return 1


def dispatch() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test", "setup", "dist"}:
        print(__doc__)
        return 2
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "setup":
        ensure_system_packages()
        ensure_venv()
        return 0
    if command == "dist":
        return build_dist(rest)
    return run_app(rest) if command == "run" else run_tests(rest)


if __name__ == "__main__":
    sys.exit(main())
