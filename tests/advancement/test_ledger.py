"""Entry zero, the character at any entry, and the ledger in the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetapp.advancement import (
    Advancement,
    LedgerError,
    character_at,
    commit,
    drift,
    start_ledger,
)
from sheetapp.advancement.report import format_ledger, ledger_report
from sheetapp.core.changes import document_data
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import dump_document, load_document, save_document
from sheetapp.storage.schema import file_schema
from sheetapp.systems.gladiators.model import GladiatorsDocument
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import ACCURACY, ARMOUR, level, night_owl


def two_sessions() -> GladiatorsDocument:
    owl = night_owl()
    first = commit(
        SYSTEM, owl, Advancement({"gp": 5}, [level(ARMOUR, 4, 6)], "Session 1", "", "2024-05-01")
    )
    return commit(
        SYSTEM,
        first,
        Advancement(
            {"gp": 3}, [level(ACCURACY, 3, 4)], "Session 2", "Saved the mayor", "2024-05-08"
        ),
    )


def test_entry_zero_answers_what_the_character_looked_like_at_creation() -> None:
    owl = night_owl()
    created = document_data(owl)
    later = two_sessions()
    zero = later.history[0]
    assert zero.kind == "creation" and zero.snapshot is not None
    assert zero.snapshot == {"campaign": created["campaign"], "character": created["character"]}
    at_creation = character_at(later, 0)
    assert document_data(at_creation)["character"] == created["character"]
    assert SYSTEM.evaluate(at_creation).total("gp").budget == 40
    after_first = character_at(later, 1)
    assert after_first.character.abilities[ARMOUR].level == 6
    assert after_first.character.abilities[ACCURACY].level == 3
    assert SYSTEM.evaluate(after_first).total("gp").budget == 45
    assert document_data(character_at(later, 2))["character"] == document_data(later)["character"]
    with pytest.raises(LedgerError, match="no ledger entry 3"):
        character_at(later, 3)


def test_start_ledger_is_idempotent_and_needs_no_system() -> None:
    owl = night_owl()
    started = start_ledger(owl, date="2024-04-01")
    assert started.history[0].date == "2024-04-01" and started.history[0].label == "Starting build"
    assert start_ledger(started) is started
    assert owl.history == [], "the source is not modified"


def test_a_history_written_without_entry_zero_gets_one_by_undoing_its_changes() -> None:
    """A file whose history holds only advances (another tool, or before entry zero existed)."""
    later = two_sessions()
    raw = document_data(later)
    raw["history"] = [
        {key: entry[key] for key in ("date", "label", "note", "earned", "changes")}
        for entry in raw["history"][1:]
    ]
    legacy = GladiatorsDocument.model_validate(raw)
    assert legacy.history[0].kind == "advance" and legacy.history[0].id == ""
    started = start_ledger(legacy)
    assert started.history[0].snapshot == night_owl_tracked()
    assert len(started.history) == 3


def night_owl_tracked() -> dict[str, object]:
    data = document_data(night_owl())
    return {"campaign": data["campaign"], "character": data["character"]}


def test_edits_outside_the_ledger_are_seen_as_drift() -> None:
    later = two_sessions()
    assert drift(later) == []
    later.character.abilities[0].label = "Run!"
    [change] = drift(later)
    assert (change.path, change.before, change.after) == (
        ("character", "abilities", 0, "label"),
        "Walk/Run",
        "Run!",
    )


def test_a_file_with_a_ledger_round_trips_byte_identical(tmp_path: Path) -> None:
    path = tmp_path / "owl.json"
    save_document(two_sessions(), path)
    first = path.read_bytes()
    loaded = load_document(path, installed_systems())
    assert loaded.notes == (), "every ledger key is known to the model"
    save_document(loaded.document, path)
    assert path.read_bytes() == first
    stored = json.loads(first)["history"]
    assert [entry["kind"] for entry in stored] == ["creation", "advance", "advance"]
    assert stored[2]["changes"][0]["cost"] == {"gp": 2}


def test_an_old_history_entry_still_loads(tmp_path: Path) -> None:
    """Entries written before id/kind/snapshot existed: the new fields take their defaults."""
    raw = json.loads(dump_document(night_owl()))
    raw["history"] = [{"date": "2023-01-01", "label": "old", "earned": {"gp": 2}}]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_document(path, installed_systems())
    entry = loaded.document.history[0]
    assert (entry.kind, entry.id, entry.snapshot, entry.changes) == ("advance", "", None, [])
    assert SYSTEM.evaluate(loaded.document).total("gp").budget == 42


def test_the_schema_describes_the_ledger_entry() -> None:
    schema = file_schema(installed_systems())
    entry = schema["$defs"]["HistoryEntry"]
    assert entry["required"] == ["date"]
    assert {"id", "kind", "date", "label", "note", "earned", "changes", "snapshot"} <= set(
        entry["properties"]
    )
    assert entry["properties"]["kind"]["enum"] == ["creation", "advance"]
    json.dumps(schema)


def test_the_report_lists_outside_edits_and_a_ledger_that_no_longer_replays() -> None:
    later = two_sessions()
    later.character.abilities[ARMOUR].label = "Kevlar Mk II"
    report = ledger_report(SYSTEM, later)
    assert [line.index for line in report.lines] == [0, 1, 2]
    assert [total.budget for line in report.lines for total in line.totals] == [40, 45, 48]
    [outside] = report.outside
    assert (outside.label, outside.before_text, outside.after_text) == (
        "Kevlar Suit (Armour): label",
        "Kevlar Suit",
        "Kevlar Mk II",
    )
    text = format_ledger(SYSTEM, report)
    assert text[-2:] == [
        "Edits made outside the ledger:",
        "    Kevlar Suit (Armour): label Kevlar Suit → Kevlar Mk II",
    ]
    # A file edited by hand so that entry 2 no longer fits what entry 1 left.
    raw = document_data(later)
    raw["history"][2]["changes"][0]["before"] = 1
    broken = GladiatorsDocument.model_validate(raw)
    report = ledger_report(SYSTEM, broken)
    assert report.lines[2].totals == ()
    assert report.lines[2].problem.startswith(
        'entry 2 (2024-05-08, "Session 2") cannot be replayed'
    )
    assert "expected 1, found 3" in report.problem


def test_a_long_ledger_is_replayed_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """The history of a 3,000-entry ledger took 20 s: every entry validated the whole
    document and the whole ledger again. Now the document is built once and each entry's
    changes are applied to the one before (the work grows with the entries, not their
    square): the whole-document build happens once however long the ledger is."""
    from sheetapp.advancement import ledger, ledger_report, report
    from sheetapp.advancement.ledger import new_entry_id, start_ledger
    from sheetapp.core.document import HistoryEntry
    from sheetapp.systems.gladiators.system import SYSTEM as GLADIATORS

    document = start_ledger(GLADIATORS.new_document("Long"), date="2024-01-01")
    entries = [
        HistoryEntry(id=new_entry_id(), date="2024-01-02", label=f"S{n}", earned={"gp": 1})
        for n in range(300)
    ]
    document = document.model_copy(update={"history": [*document.history, *entries]})
    built: list[int] = []
    real = ledger.with_parts

    def counting(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(report, "with_parts", counting)
    result = ledger_report(GLADIATORS, document)
    assert len(result.lines) == 301 and built == [1]
    assert result.lines[-1].totals[0].budget == 40 + 300
