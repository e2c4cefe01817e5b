"""One meaning per module name (issue 38, item 5).

Inside ``sheetapp/`` and inside ``ui/`` no two modules share a name, so a name found in a
traceback, a review or the architecture guide points at one file. The window may mirror a
domain module's name only when it is that module's window side (it imports it): the
window's ``document.py`` wraps the domain's ``document.py``. A system's package follows one
plan: ``sheet_pdf.py`` builds the printed sheet (it is the only module beside ``system.py``
that imports :mod:`sheetapp.sheet`) and ``sheet.py``, where a system has one, holds the
computed sheet values the rules, sheet and window read.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = sorted(p for p in (ROOT / "sheetapp" / "systems").iterdir() if (p / "system.py").exists())


def _modules(tree: str) -> dict[str, list[Path]]:
    """Module file names under ``tree``, outside the per-system packages (whose names
    are the plug-in plan: every system has its own ``system.py``, ``rules.py``...)."""
    found: dict[str, list[Path]] = defaultdict(list)
    for path in (ROOT / tree).rglob("*.py"):
        relative = path.relative_to(ROOT)
        if path.name in {"__init__.py", "__main__.py"} or "systems" in relative.parts:
            continue
        found[path.stem].append(relative)
    return found


def _imported_modules(path: Path) -> set[str]:
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
            imported.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    return imported


@pytest.mark.parametrize("tree", ["sheetapp", "ui"])
def test_no_two_modules_share_a_name_within_a_tree(tree: str) -> None:
    repeated = {name: paths for name, paths in _modules(tree).items() if len(paths) > 1}
    assert not repeated, f"module names used twice in {tree}/: {repeated}"


def test_a_window_module_named_like_a_domain_module_is_its_window_side() -> None:
    domain = _modules("sheetapp")
    strays = []
    for name, paths in _modules("ui").items():
        for domain_path in domain.get(name, []):
            dotted = ".".join(domain_path.with_suffix("").parts)
            if not any(dotted in _imported_modules(ROOT / p) for p in paths):
                strays.append(f"{paths[0]} is named like {domain_path} but does not use it")
    assert not strays, "\n".join(strays)


@pytest.mark.parametrize("package", SYSTEMS, ids=lambda p: p.name)
def test_a_system_prints_from_sheet_pdf(package: Path) -> None:
    printers = sorted(
        path.name
        for path in package.glob("*.py")
        if path.name != "system.py"
        and any(
            m == "sheetapp.sheet" or m.startswith("sheetapp.sheet.")
            for m in _imported_modules(path)
        )
    )
    assert printers == ["sheet_pdf.py"], (
        f"{package.name}: the printed sheet is built in sheet_pdf.py only; found {printers}"
    )
