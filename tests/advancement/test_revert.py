"""Reverting an entry: rebuild from entry zero, replay the later ones, refuse what breaks."""

from __future__ import annotations

import pytest

from sheetapp.advancement import Advancement, LedgerError, commit, revert
from sheetapp.core.changes import Change, document_data
from sheetapp.systems.gladiators.model import GladiatorsDocument
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import ACCURACY, ARMOUR, forty_gp_hero, level, night_owl


def advance(
    document: GladiatorsDocument, gp: int, *changes: Change, label: str, date: str = "2024-05-01"
) -> GladiatorsDocument:
    return commit(SYSTEM, document, Advancement({"gp": gp} if gp else {}, changes, label, "", date))


def test_reverting_an_older_entry_replays_the_later_ones() -> None:
    first = advance(night_owl(), 5, level(ARMOUR, 4, 6), label="Session 1")
    second = advance(first, 3, level(ACCURACY, 3, 4), label="Session 2", date="2024-05-08")
    result = revert(SYSTEM, second, 1)
    assert result.ok and result.document is not None and result.reverted is not None
    assert result.reverted.label == "Session 1"
    after = result.document
    assert after.character.abilities[ARMOUR].level == 4
    assert after.character.abilities[ACCURACY].level == 4
    assert [entry.label for entry in after.history] == ["Starting build", "Session 2"]
    assert after.history[1].id == second.history[2].id
    assert after.history[1].changes[0]["cost"] == {"gp": 2}
    gp = SYSTEM.evaluate(after).total("gp")
    assert (gp.spent, gp.budget) == (30, 43)


def test_a_stale_replay_is_refused_naming_the_entry_and_nothing_changes() -> None:
    first = advance(night_owl(), 2, level(ARMOUR, 4, 5), label="Session 1")
    second = advance(first, 2, level(ARMOUR, 5, 6), label="Session 2", date="2024-05-08")
    before = document_data(second)
    result = revert(SYSTEM, second, 1)
    assert not result.ok and result.document is None
    assert result.refusal is not None
    assert (result.refusal.entry_index, result.refusal.date, result.refusal.label) == (
        2,
        "2024-05-08",
        "Session 2",
    )
    assert result.refusal.message.startswith('Entry 2 (2024-05-08, "Session 2") no longer applies')
    assert "expected 5, found 4" in result.refusal.message
    assert document_data(second) == before


def test_a_replay_that_would_break_a_rule_is_refused_with_the_entry_named() -> None:
    """Seed line 13: the GP to spend are the budget. Without the 5 GP of session 1, session 2's
    Armour L7 (44 GP spent) no longer fits the 40 GP budget."""
    first = advance(forty_gp_hero(), 5, label="Session 1")
    second = advance(first, 0, level(ARMOUR, 4, 7), label="Session 2", date="2024-05-08")
    before = document_data(second)
    result = revert(SYSTEM, second, 1)
    assert result.refusal is not None
    assert result.refusal.entry_index == 2
    assert result.refusal.reason == "would break a rule"
    assert [issue.code for issue in result.refusal.issues] == ["gladiators.gp_over_budget"]
    assert "44 GP spent of 40" in result.refusal.message
    assert document_data(second) == before


def test_a_change_that_now_points_at_another_item_is_refused() -> None:
    """Session 1 drops the free Vision, so Grapple moves up to index 2; reverting session 1
    puts Punch/Kick (also Level 1) back at index 2, and session 2's raise must not hit it."""
    owl = night_owl()
    vision = owl.character.abilities[1].model_dump(mode="json")
    first = advance(
        owl, 0, Change("remove", ("character", "abilities", 1), before=vision), label="Session 1"
    )
    assert first.character.abilities[2].label == "Grapple"
    second = advance(first, 1, level(2, 1, 2), label="Session 2")
    result = revert(SYSTEM, second, 1)
    assert result.refusal is not None and result.refusal.entry_index == 2
    assert "'Grapple (Grab Attack): level'" in result.refusal.message
    assert "'Punch/Kick (Damaging Attack): level'" in result.refusal.message


def test_edits_made_outside_the_ledger_survive_a_revert() -> None:
    first = advance(night_owl(), 5, level(ARMOUR, 4, 6), label="Session 1")
    second = advance(first, 3, level(ACCURACY, 3, 4), label="Session 2")
    second.character.abilities[0].label = "Run!"
    result = revert(SYSTEM, second, 2)
    assert result.document is not None
    assert result.document.character.abilities[0].label == "Run!"
    assert result.document.character.abilities[ACCURACY].level == 3


def test_an_outside_edit_that_no_longer_fits_is_refused() -> None:
    first = advance(night_owl(), 5, level(ACCURACY, 3, 4), label="Session 1")
    first.character.abilities[ACCURACY].level = 5
    result = revert(SYSTEM, first, 1)
    assert result.refusal is not None and result.refusal.entry_index is None
    assert result.refusal.message.startswith("The edits made outside the ledger no longer apply")


def test_an_entry_whose_absence_breaks_the_character_cannot_be_reverted() -> None:
    """A starting build 4 GP over budget, fixed by the 5 GP of session 1."""
    hero = forty_gp_hero()
    hero.character.abilities[ARMOUR].level = 7
    assert SYSTEM.evaluate(hero).has_errors
    fixed = advance(hero, 5, label="Session 1")
    result = revert(SYSTEM, fixed, 1)
    assert result.refusal is not None and result.refusal.entry_index == 1
    assert "cannot be reverted" in result.refusal.message


def test_entry_zero_and_missing_entries_cannot_be_reverted() -> None:
    first = advance(night_owl(), 5, label="Session 1")
    with pytest.raises(LedgerError, match="starting build"):
        revert(SYSTEM, first, 0)
    with pytest.raises(LedgerError, match="no ledger entry 4"):
        revert(SYSTEM, first, 4)
    with pytest.raises(LedgerError, match="no ledger entry 1"):
        revert(SYSTEM, night_owl(), 1)
