"""Issue codes are declared once per system (``sheetapp/systems/<id>/codes.py``), never
typed as strings in the rules; every declared code is asserted by some test, and every
declared citation stands in the rulebook."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from sheetapp.core.citation import holds
from sheetapp.core.codes import IssueCode
from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import list_examples, load_example
from tests.rulebooks import SEEDS, needs_rulebooks

REPO = Path(__file__).resolve().parents[1]
SYSTEM_IDS = installed_systems().ids()


def package(system_id: str) -> str:
    return system_id.replace("-", "_")


def declared(system_id: str) -> dict[str, IssueCode]:
    module = importlib.import_module(f"sheetapp.systems.{package(system_id)}.codes")
    codes: dict[str, IssueCode] = module.CODES
    return codes


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_rules_never_type_a_code_as_a_string(system_id: str) -> None:
    typed = re.compile(rf"""f?["']{re.escape(system_id)}\.[a-z_{{]""")
    offenders = [
        f"{path.relative_to(REPO)}:{number}"
        for path in (REPO / "sheetapp" / "systems" / package(system_id)).rglob("*.py")
        if path.name != "codes.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if typed.search(line)
    ]
    assert offenders == []


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_what_the_rules_emit_is_declared(system_id: str) -> None:
    registry = installed_systems()
    system = registry.get(system_id)
    documents = [system.new_document("New")] + [
        load_example(system_id, e.id, registry).document for e in list_examples(system_id, registry)
    ]
    codes = declared(system_id)
    for document in documents:
        for issue in system.evaluate(document).issues:
            assert issue.code in codes, f"{issue.code} is not declared in codes.py"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_declared_code_is_asserted_by_a_test(system_id: str) -> None:
    tests = "\n".join(
        path.read_text(encoding="utf-8")
        for path in (REPO / "tests").rglob("*.py")
        if path != Path(__file__).resolve()
    )
    missing = []
    for code in declared(system_id):
        short = code.split(".", 1)[1]
        names = (f'"{code}"', f'"{short}"', f"codes.{short.upper()}")
        if not any(name in tests for name in names):
            missing.append(code)
    assert missing == [], "declared but asserted by no test"


@needs_rulebooks
@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_declared_citations_stand_in_the_rulebook(system_id: str) -> None:
    system = installed_systems().get(system_id)
    lines = (SEEDS / system.seed).read_text(encoding="utf-8", errors="replace").split("\n")
    wrong = [
        f"{code}: {code.citation.where()}"
        for code in declared(system_id).values()
        if code.citation is not None and not holds(code.citation, lines)
    ]
    assert wrong == []
