"""Schema migrations: each step tested, and a meta-test that every step has a fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.core.document import SCHEMA_VERSION
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import dump_document, load_document
from sheetapp.storage.migrations import STEPS, NewerSchemaError, migrate, migrate_1_to_2

FIXTURES = Path(__file__).parent / "data" / "migrations"


def test_every_step_has_a_fixture_and_the_chain_is_complete() -> None:
    assert sorted(STEPS) == list(range(1, SCHEMA_VERSION))
    for version in STEPS:
        assert (FIXTURES / f"v{version}.json").is_file(), f"add a fixture for schema {version}"


def test_version_1_moves_name_player_notes_into_meta() -> None:
    old = {
        "format": "sheetapp.character",
        "schema_version": 1,
        "name": "Ada",
        "player": "Kim",
        "notes": "n",
        "system": "fake",
    }
    new = migrate_1_to_2(old)
    assert new["meta"] == {"name": "Ada", "player": "Kim", "notes": "n"}
    assert new["history"] == []
    assert new["schema_version"] == 2
    assert "name" not in new and "name" in old, "the input is not modified"


@pytest.mark.parametrize("version", sorted(STEPS))
def test_fixture_loads_through_the_chain(
    version: int, tmp_path: Path, fake_registry: SystemRegistry
) -> None:
    fixture = FIXTURES / f"v{version}.json"
    before = fixture.read_bytes()
    loaded = load_document(fixture, fake_registry)
    assert loaded.migrated_from == version
    assert loaded.document.schema_version == SCHEMA_VERSION
    assert loaded.document.meta.name == "Old Timer"
    assert fixture.read_bytes() == before
    saved = json.loads(dump_document(loaded.document))
    assert saved["schema_version"] == SCHEMA_VERSION


def test_newer_version_is_refused() -> None:
    with pytest.raises(NewerSchemaError):
        migrate({}, SCHEMA_VERSION + 1)
