"""Each system versions its own data (``system_version``) and upgrades older files with
the steps it declares; a version it does not know is refused, never half-read."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sheetapp.core.system import SystemDataStep, SystemRegistry
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import parse_document
from tests.fakesystem import FakeSystem


def skills_level_to_rank(raw: dict[str, Any]) -> dict[str, Any]:
    """Version "0" of the fake system called a skill's rank its ``level``."""
    character = dict(raw["character"])
    character["skills"] = [
        {("rank" if key == "level" else key): value for key, value in skill.items()}
        for skill in character.get("skills", [])
    ]
    raw["character"] = character
    return raw


class RenamedFake(FakeSystem):
    system_data_steps = (SystemDataStep("0", "1", skills_level_to_rank),)


REGISTRY = SystemRegistry([RenamedFake()])


def raw_file(system_version: object, skills: list[dict[str, Any]]) -> bytes:
    return json.dumps(
        {
            "format": "sheetapp.character",
            "schema_version": 2,
            "system": "fake",
            "system_version": system_version,
            "meta": {"name": "Ada"},
            "campaign": {"points": 20},
            "character": {"strength": 10, "skills": skills},
            "history": [],
        }
    ).encode()


def test_an_older_systems_data_is_upgraded_on_load() -> None:
    loaded = parse_document(raw_file("0", [{"skill": "climb", "level": 3}]), REGISTRY, source="old")
    assert loaded.document.system_version == "1"
    assert loaded.document.character.skills[0].rank == 3


def test_the_current_version_loads_unchanged() -> None:
    loaded = parse_document(raw_file("1", [{"skill": "swim", "rank": 2}]), REGISTRY, source="new")
    assert loaded.document.character.skills[0].rank == 2


@pytest.mark.parametrize("version", ["999", "", 7])
def test_an_unknown_system_version_is_refused_with_its_place(version: object) -> None:
    with pytest.raises(CharacterFileError) as caught:
        parse_document(raw_file(version, []), REGISTRY, source="future.json")
    assert caught.value.path == ("system_version",)
    assert "does not know" in str(caught.value) and "'0', '1'" in str(caught.value)
    # only a version that names one may come from a newer sheetapp (issue 31)
    assert ("update sheetapp" in caught.value.hint) == (version == "999")


def test_a_file_without_its_system_version_says_what_to_do() -> None:
    """Issue 31: a file without ``system_version`` said "data is of version None, which
    this sheetapp does not know … update sheetapp" (wrong advice: no sheetapp writes
    such a file)."""
    data = json.loads(raw_file("1", []))
    del data["system_version"]
    for raw in (json.dumps(data).encode(), raw_file(None, [])):
        with pytest.raises(CharacterFileError) as caught:
            parse_document(raw, REGISTRY, source="by-hand.json")
        message = str(caught.value)
        assert "None" not in message and "update sheetapp" not in message
        assert "does not say which version" in message
        assert '"system_version": "1"' in caught.value.hint


def test_a_system_without_steps_refuses_any_other_version() -> None:
    registry = SystemRegistry([FakeSystem()])
    with pytest.raises(CharacterFileError, match="version '0'"):
        parse_document(raw_file("0", []), registry, source="old.json")
