"""Lint, format, types and the layer contract are part of the test suite."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TOP_LEVEL = {"pyproject.toml", "sheetapp", "ui", "resources", "templates", "tests", "packaging"}
ALLOWED_EXTRA = {"README.md", "LICENSE", "CHANGELOG.md", "Makefile", "docs", "bench", "tools"}


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=REPO, capture_output=True, text=True, check=False)


def test_ruff_lint() -> None:
    result = run_tool(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run_tool(str(BIN / "ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_for_the_domain() -> None:
    result = run_tool(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contract() -> None:
    result = run_tool(str(BIN / "lint-imports"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_domain_never_imports_qt_or_ui() -> None:
    """The same contract read straight from the source, including imports inside functions."""
    offenders = []
    for path in (REPO / "sheetapp").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in {"PySide6", "shiboken6", "ui", "PyQt5", "PyQt6"}:
                    offenders.append(f"{path.relative_to(REPO)}: {name}")
    assert offenders == []


def test_top_level_layout() -> None:
    tracked = run_tool("git", "ls-files").stdout.split()
    top = {name.split("/")[0] for name in tracked if not name.startswith(".")}
    assert top | {"templates"} >= TOP_LEVEL
    assert top - TOP_LEVEL - ALLOWED_EXTRA == set()


def test_the_qt_test_list_is_exactly_the_tests_that_import_qt() -> None:
    """The domain-only run (Qt blocked) leaves out the paths in packaging/dev.py's
    QT_TEST_PATHS: a domain test must not hide there, and a window test must be listed."""
    import importlib.util
    import re

    spec = importlib.util.spec_from_file_location("dev", REPO / "packaging" / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    listed = [REPO / path for path in dev.QT_TEST_PATHS]
    qt_import = re.compile(r"^\s*(from|import) (PySide6|shiboken6|pytestqt|ui)\b|qtbot", re.M)
    needs_qt = {
        path
        for path in (REPO / "tests").rglob("test_*.py")
        if path != Path(__file__).resolve() and qt_import.search(path.read_text(encoding="utf-8"))
    }
    covered = {p for p in needs_qt if any(p == q or q in p.parents for q in listed)}
    assert needs_qt == covered, f"window tests not listed: {sorted(needs_qt - covered)}"
    for path in listed:
        modules = [path] if path.is_file() else list(path.rglob("test_*.py"))
        assert any(m in needs_qt for m in modules), f"{path} is listed but needs no Qt"
