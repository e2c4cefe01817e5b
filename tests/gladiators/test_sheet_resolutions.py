"""The sheet reads each ability as the evaluation resolved it (kept per ability by the
system), and prints exactly what resolving every ability again prints."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators import sheet_pdf as gladiators_sheet_module
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.resolve import resolve_character

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources/examples/gladiators").glob("*.json")
)


class _ResolvesAgain:
    """The Gladiators system without its kept resolutions."""

    def __init__(self, system: Any) -> None:
        self._system = system

    def __getattr__(self, name: str) -> Any:
        if name == "resolved_abilities":
            raise AttributeError(name)
        return getattr(self._system, name)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_sheet_prints_what_resolving_again_prints(path: Path) -> None:
    system: Any = installed_systems().get("gladiators")
    document = load_document(path, installed_systems()).document
    evaluation = system.evaluate(document)
    kept = system.resolved_abilities(document.character, document.campaign)
    assert [a.name for a in kept] == [
        a.name for a in resolve_character(document.character, catalogs())
    ]
    build = gladiators_sheet_module.gladiators_sheet
    assert build(system, document, evaluation) == build(
        _ResolvesAgain(system), document, evaluation
    )
