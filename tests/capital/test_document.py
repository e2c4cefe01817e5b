"""The Capital file: the shipped examples, a new character, round-trips, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.cli import main
from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.systems.capital.model import CapitalDocument
from sheetapp.systems.capital.system import SYSTEM
from tests.capital.helpers import character

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples" / "capital"


def test_the_system_is_installed() -> None:
    assert isinstance(SYSTEM, GameSystem)
    assert installed_systems().get("capital") is SYSTEM


@pytest.mark.parametrize("name", ["mara-quell", "mara-quell-level-3"])
def test_examples_are_legal(name: str) -> None:
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    document = CapitalDocument.model_validate(data)
    result = SYSTEM.evaluate(document)
    assert not result.issues, [(i.code, i.message) for i in result.issues]
    assert not SYSTEM.unknown_references(document)
    assert document.model_dump(mode="json") == data


def test_new_document_validates_and_lists_the_steps_to_do() -> None:
    """A blank character has no errors; its unfinished steps are warnings."""
    result = SYSTEM.evaluate(SYSTEM.new_document("Nova"))
    assert not result.has_errors
    assert {"capital.role_missing", "capital.special_asset_missing"} <= {
        i.code for i in result.issues
    }


def test_round_trip_keeps_unknown_keys() -> None:
    document = character("tank")
    data = document.model_dump(mode="json")
    data["character"]["future_field"] = {"x": 1}
    data["character"]["systems"][0]["colour"] = "blue"
    again = CapitalDocument.model_validate(json.loads(json.dumps(data)))
    assert again.model_dump(mode="json") == data


def test_unknown_catalog_ids_are_reported() -> None:
    document = character("lancer")
    document.character.systems[0].system = "laser_eyes"
    refs = SYSTEM.unknown_references(document)
    assert [(r.path, r.ref) for r in refs] == [
        (("character", "systems", 0, "system"), "laser_eyes")
    ]
    SYSTEM.evaluate(document)  # an unknown id never breaks the evaluation


def test_cli_new_from_example_and_validate(tmp_path: Path) -> None:
    target = tmp_path / "mara.json"
    assert main(["new", "capital", "--example", "mara-quell", "-o", str(target)]) == 0
    assert main(["validate", str(target)]) == 0
    blank = tmp_path / "blank.json"
    assert main(["new", "capital", "-o", str(blank), "--name", "Nova"]) == 0
    assert main(["validate", str(blank)]) == 0
