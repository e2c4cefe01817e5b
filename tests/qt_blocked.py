"""A pytest plugin for the domain-only run: importing Qt (PySide6, shiboken6) or the GUI
package fails, so a domain test that needs Qt, or domain code that imports it, fails
loudly instead of passing with Qt around.

    python -m pytest -p tests.qt_blocked -p no:pytest-qt --ignore=... tests

``packaging/dev.py test`` runs the domain's tests with it, then the window's tests; the
test modules that need Qt are listed once, in ``packaging/dev.py``'s ``QT_TEST_PATHS``,
and a quality gate checks that list against what the test modules import.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

import pytest

BLOCKED = ("PySide6", "shiboken6", "pytestqt", "ui")


class QtBlocker(importlib.abc.MetaPathFinder):
    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname.partition(".")[0] in BLOCKED:
            raise ImportError(f"{fullname} is blocked: the domain must not need Qt")
        return None


def pytest_addoption(parser: pytest.Parser) -> None:
    """pytest-qt's settings in pyproject.toml, known to this run (it is off here, and
    --strict-config refuses settings nobody declared)."""
    for name in ("qt_api", "qt_log_level_fail"):
        parser.addini(name, "pytest-qt's (not used without Qt)")
    parser.addini("qt_log_ignore", "pytest-qt's (not used without Qt)", type="linelist")


def pytest_configure() -> None:
    loaded = [name for name in sys.modules if name.partition(".")[0] in BLOCKED]
    assert not loaded, f"Qt was imported before the block: {loaded}"
    sys.meta_path.insert(0, QtBlocker())
