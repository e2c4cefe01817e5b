"""A broken catalog entry fails loudly at start-up with its file and entry id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sheetapp.core import resources
from sheetapp.core.catalog import CatalogError
from sheetapp.systems.gladiators.catalog import Catalogs

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def editable_resources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "resources"
    shutil.copytree(REPO / "resources", copy)
    monkeypatch.setattr(
        resources, "data_root", lambda kind: copy if kind == "resources" else REPO / kind
    )
    return copy


def edit(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")


def test_shipped_catalogs_load() -> None:
    catalogs = Catalogs()
    assert len(catalogs.abilities) == 47
    assert len(catalogs.modifiers) == 61


def test_bad_value_names_file_and_entry(editable_resources: Path) -> None:
    def break_armour(data: dict) -> None:  # type: ignore[type-arg]
        armour = next(a for a in data["abilities"] if a["id"] == "armour")
        armour["level_limit"] = "five"

    edit(editable_resources / "gladiators" / "abilities.json", break_armour)
    with pytest.raises(CatalogError) as caught:
        Catalogs()
    assert caught.value.file == "gladiators/abilities.json"
    assert caught.value.entry_id == "armour"
    assert "level_limit" in str(caught.value)


def test_unknown_reference_names_the_known_ids(editable_resources: Path) -> None:
    def break_bullet(data: dict) -> None:  # type: ignore[type-arg]
        bullet = next(m for m in data["modifiers"] if m["id"] == "bullet")
        bullet["restrictions"][0]["modifier"] = "directt"

    edit(editable_resources / "gladiators" / "modifiers.json", break_bullet)
    with pytest.raises(CatalogError, match=r"entry 'bullet'.*unknown id 'directt'"):
        Catalogs()


def test_duplicate_id_is_refused(editable_resources: Path) -> None:
    def duplicate(data: dict) -> None:  # type: ignore[type-arg]
        data["abilities"].append(dict(data["abilities"][0]))

    edit(editable_resources / "gladiators" / "abilities.json", duplicate)
    with pytest.raises(CatalogError, match="used twice"):
        Catalogs()


def test_syntax_error_names_the_line(editable_resources: Path) -> None:
    (editable_resources / "gladiators" / "traits.json").write_text('{\n "advantages": [,]\n}')
    with pytest.raises(CatalogError, match=r"traits.json.*line 2"):
        Catalogs()
