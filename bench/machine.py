"""Facts about the machine and the software a result was measured with."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "not installed"


def _qt_version() -> str:
    try:
        from PySide6 import QtCore
    except ImportError:
        return "not installed"
    return QtCore.qVersion()


def _git() -> str:
    try:
        commit = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{commit}{' (with uncommitted changes)' if dirty else ''}"


def load_average() -> str:
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def facts(load_start: str = "") -> dict[str, str]:
    """``load_start``: the load average when the run began (the end is read now)."""
    return {
        "cpu": cpu_model(),
        "cores": str(os.cpu_count() or "?"),
        "os": f"{platform.system()} {platform.release()} ({platform.machine()})",
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "qt": _qt_version(),
        "pyside6": _version("PySide6-Essentials"),
        "pydantic": _version("pydantic"),
        "reportlab": _version("reportlab"),
        "sheetapp": _version("sheetapp"),
        "commit": _git(),
        "qt_platform": "offscreen",
        "load_start": load_start or load_average(),
        "load_end": load_average(),
    }
