"""Issue codes are declared once per system (the ``codes.py`` beside its ``system.py``),
never typed as strings in the rules; every declared code is asserted by some test, and
every declared citation stands in the rulebook.

Each check runs for every shipped system and for the guide's Point Buy plug-in
(``tests/plugins/pointbuy``): a newcomer's system copied from it is held to the same."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.citation import holds
from sheetapp.core.codes import IssueCode
from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.storage.examples import list_examples, load_example
from tests.rulebooks import SEEDS, skip_without

REPO = Path(__file__).resolve().parents[1]
SHIPPED = installed_systems().ids()
#: plug-ins of the test tree, held to the same checks (not installed for users)
TEST_PLUGINS = {"pointbuy": "tests.plugins.pointbuy.system"}
SYSTEM_IDS = [*SHIPPED, *TEST_PLUGINS]
#: a string literal that starts with a system's id and a dot
_LITERAL = r"""f?(["'])({id}\.[^"'\n]*)\1"""
#: what an issue code's name is made of (an f-string's ``{...}`` included)
_CODE_NAME = re.compile(r"[a-z_{][a-z0-9_{}.]*")
#: a file name (a rulebook named after its system, ``pointbuy.md``), not a code
_FILE_NAME = re.compile(r"\.(md|txt|json|pdf|png|py)$")


def system_of(system_id: str) -> GameSystem[Any]:
    if system_id in TEST_PLUGINS:
        found: GameSystem[Any] = importlib.import_module(TEST_PLUGINS[system_id]).SYSTEM
        return found
    return installed_systems().get(system_id)


def package_dir(system: GameSystem[Any]) -> Path:
    """The folder of the system's package (where its ``system.py`` lies)."""
    return Path(str(sys.modules[type(system).__module__].__file__)).parent


def declared(system_id: str) -> dict[str, IssueCode]:
    package = type(system_of(system_id)).__module__.rpartition(".")[0]
    codes: dict[str, IssueCode] = importlib.import_module(f"{package}.codes").CODES
    return codes


def typed_codes(source: str, system_id: str) -> list[int]:
    """The lines of ``source`` that type an issue code of ``system_id`` as a string: a
    literal ``"<id>.<name>"`` (or an f-string of that shape). A file name such as a
    rulebook named after the system (``"pointbuy.md"``, ``"005_pointbuy.md"``) is not one."""
    literal = re.compile(_LITERAL.format(id=re.escape(system_id)))
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        for match in literal.finditer(line):
            text = match.group(2)
            if _CODE_NAME.fullmatch(text.partition(".")[2]) and not _FILE_NAME.search(text):
                found.append(number)
                break
    return found


def test_a_seed_file_name_is_not_taken_for_an_issue_code() -> None:
    """The check once flagged a rulebook named after its system (``seed = "pointbuy.md"``)."""
    assert typed_codes('seed = "pointbuy.md"', "pointbuy") == []
    assert typed_codes("SEED = '005_pointbuy.md'  # the rulebook", "pointbuy") == []
    assert typed_codes('cite("pointbuy.txt", 3, "Each attribute")', "pointbuy") == []
    assert typed_codes('Issue(ERROR, "pointbuy.overspent", "Too many")', "pointbuy") == [1]
    assert typed_codes('x = 1\ncode = f"pointbuy.{kind}_range"', "pointbuy") == [2]
    assert typed_codes("'hero-xmen.points' if over else ''", "hero-xmen") == [1]


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_rules_never_type_a_code_as_a_string(system_id: str) -> None:
    folder = package_dir(system_of(system_id))
    offenders = [
        f"{path.relative_to(REPO)}:{number}"
        for path in folder.rglob("*.py")
        if path.name != "codes.py"
        for number in typed_codes(path.read_text(encoding="utf-8"), system_id)
    ]
    assert offenders == []


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_what_the_rules_emit_is_declared(system_id: str) -> None:
    system = system_of(system_id)
    documents = [system.new_document("New")]
    if system_id in SHIPPED:
        registry = installed_systems()
        documents += [
            load_example(system_id, e.id, registry).document
            for e in list_examples(system_id, registry)
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


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_declared_citations_stand_in_the_rulebook(system_id: str) -> None:
    """A shipped system's rulebook is in ``../shared/seeds/``; a test plug-in keeps its
    own beside its code."""
    system = system_of(system_id)
    seed = package_dir(system) / system.seed if system_id in TEST_PLUGINS else SEEDS / system.seed
    skip_without(seed)
    lines = seed.read_text(encoding="utf-8", errors="replace").split("\n")
    wrong = [
        f"{code}: {code.citation.where()}"
        for code in declared(system_id).values()
        if code.citation is not None and not holds(code.citation, lines)
    ]
    assert wrong == []
