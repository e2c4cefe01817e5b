"""The play state in the file: optional (files without it load unchanged, no schema bump),
kept on a save and load, beside the advancement ledger, never in it."""

from __future__ import annotations

import json
from pathlib import Path

from sheetapp.core.document import Condition, Contact
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import dump_document, load_document
from tests.play.helpers import EXAMPLES


def test_a_file_without_play_state_loads_and_keeps_it_after(tmp_path: Path) -> None:
    source = EXAMPLES / "twod10" / "dax-morrow-soldier.json"
    assert "play" not in json.loads(source.read_text(encoding="utf-8"))
    document = load_document(source, installed_systems()).document
    assert document.play.is_empty()
    assert dump_document(document) == source.read_bytes()  # never played: written as before
    document.play.conditions.append(Condition(name="Stunned", effect="loses next Action"))
    document.play.contacts.append(Contact(target="Bob", target_spirit=4, dropping="dropped"))
    path = tmp_path / "dax.json"
    path.write_bytes(dump_document(document))
    again = load_document(path, installed_systems()).document
    assert again.play == document.play
    assert again.history == document.history
