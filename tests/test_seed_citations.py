"""Every quotation of a rulebook in the code and the tests stands where it says it does,
and nothing shipped names a path of one machine.

A quotation is ``"the words" (line N)`` (or ``(lines N-M)``) in a file that belongs to a
game system (its package, its tests, its window code); the rulebook is the system's seed
in ``../shared/seeds/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.core.citation import holds, locate, quoted_citations
from sheetapp.core.system import installed_systems
from tests.rulebooks import SEEDS, needs_rulebooks

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("sheetapp", "ui", "tests")


def seed_lines(name: str) -> list[str]:
    return (SEEDS / name).read_text(encoding="utf-8", errors="replace").split("\n")


def system_files(package: str) -> list[Path]:
    """The files of a system: its package, tests and window code, and any other file
    named after it (``tests/ui/test_capital_page.py``)."""
    found = []
    for top in SOURCES:
        for path in (REPO / top).rglob("*.py"):
            parts = path.relative_to(REPO).parts
            if (
                package in parts
                or path.stem.startswith((f"test_{package}", package))
                or any(part.startswith(f"test_{package}_") for part in parts)
            ):
                found.append(path)
    return sorted(set(found))


@needs_rulebooks
@pytest.mark.parametrize("system_id", installed_systems().ids())
def test_every_quotation_stands_at_its_line(system_id: str) -> None:
    system = installed_systems().get(system_id)
    lines = seed_lines(system.seed)
    wrong = []
    checked = 0
    for path in system_files(system_id.replace("-", "_")):
        for line, citation in quoted_citations(path.read_text(encoding="utf-8"), system.seed):
            checked += 1
            if not holds(citation, lines):
                found = locate(citation.quote, lines, citation.first)
                at = f"lines {found[0]}-{found[1]}" if found else "not found"
                wrong.append(f"{path.relative_to(REPO)}:{line}: {citation.where()} ({at})")
    assert checked, f"no quotation of {system.name} was found to check"
    assert not wrong, "\n".join(wrong)


def test_nothing_shipped_names_a_path_of_this_machine() -> None:
    """Citations name a seed by its file name (``../shared/seeds/NAME``) or the book's
    title; the catalogs ship inside the wheel to users."""
    offenders = []
    for top in ("sheetapp", "ui", "resources", "templates", "tests", "docs"):
        for path in (REPO / top).rglob("*"):
            if path.suffix not in {".py", ".json", ".md", ".txt"} or not path.is_file():
                continue
            if path == Path(__file__).resolve():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if "/work/shared" in text or "/work/main" in text:
                offenders.append(str(path.relative_to(REPO)))
    assert offenders == []
