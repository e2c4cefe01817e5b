"""Load/save keeps bytes, unknown keys, and imports the portable export."""

from __future__ import annotations

import json
from pathlib import Path

from sheetapp.core.issues import Severity
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.files import dump_document, load_document, save_document
from sheetapp.storage.portable import export_bytes
from tests.fakesystem import FAKE_SYSTEM, FakeSkill


def test_load_then_save_gives_the_same_bytes(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    document = FAKE_SYSTEM.new_document("Zoë «Ελένη» Дмитриевна <&>")
    document.character.skills.append(FakeSkill(skill="swim", rank=3))
    path = tmp_path / "a.json"
    save_document(document, path)
    first = path.read_bytes()
    loaded = load_document(path, fake_registry)
    save_document(loaded.document, path)
    assert path.read_bytes() == first
    assert "Zoë «Ελένη» Дмитриевна <&>".encode() in first, "UTF-8, not escaped"


def test_unknown_keys_survive_and_are_reported(
    tmp_path: Path, fake_registry: SystemRegistry
) -> None:
    raw = json.loads(dump_document(FAKE_SYSTEM.new_document("Ada")))
    raw["mood"] = "cheerful"
    raw["meta"]["pronouns"] = "she/her"
    raw["character"]["skills"] = [{"skill": "climb", "rank": 2, "specialty": "ice"}]
    path = tmp_path / "a.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_document(path, fake_registry)
    notes = {(issue.path, issue.severity) for issue in loaded.notes}
    assert notes == {
        (("mood",), Severity.INFO),
        (("meta", "pronouns"), Severity.INFO),
        (("character", "skills", 0, "specialty"), Severity.INFO),
    }
    save_document(loaded.document, path)
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["mood"] == "cheerful"
    assert again["meta"]["pronouns"] == "she/her"
    assert again["character"]["skills"][0]["specialty"] == "ice"


def test_portable_export_can_be_imported(tmp_path: Path, fake_registry: SystemRegistry) -> None:
    document = FAKE_SYSTEM.new_document("Ada")
    path = tmp_path / "a.json"
    save_document(document, path)
    loaded = load_document(path, fake_registry)
    export = tmp_path / "a.export.json"
    export.write_bytes(export_bytes(loaded, FAKE_SYSTEM.evaluate(loaded.document)))
    data = json.loads(export.read_text(encoding="utf-8"))
    assert data["format"] == "sheetapp.export"
    assert data["evaluation"]["totals"][0]["key"] == "pts"
    assert data["evaluation"]["derived"][0]["value"] == 50
    imported = load_document(export, fake_registry)
    assert dump_document(imported.document) == dump_document(loaded.document)
