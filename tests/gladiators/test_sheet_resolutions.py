"""The sheet reads each ability as the evaluation resolved it (kept per ability by the
system), and prints exactly what resolving every ability again prints."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.memo import memos_of
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators import sheet_pdf as gladiators_sheet_module
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.evaluate import ability_results
from sheetapp.systems.gladiators.resolve import resolve_character

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources/examples/gladiators").glob("*.json")
)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_sheet_prints_what_resolving_again_prints(path: Path) -> None:
    system: Any = installed_systems().get("gladiators")
    document = load_document(path, installed_systems()).document
    evaluation = system.evaluate(document)
    with memos_of(document):
        kept = [
            r.ability for r in ability_results(document.character, document.campaign, catalogs())
        ]
    assert kept == resolve_character(document.character, catalogs())
    build = gladiators_sheet_module.gladiators_sheet
    fresh = copy.deepcopy(document)  # a deep copy starts with no memos: everything resolved again
    assert system.sheet(document, evaluation) == build(system, fresh, system.evaluate(fresh))
