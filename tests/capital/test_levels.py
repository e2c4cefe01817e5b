"""Levelling up (lines 349-372) and the HP dice of each Role and companion."""

from __future__ import annotations

import random

import pytest

from sheetapp.systems.capital.catalog import catalogs
from sheetapp.systems.capital.levels import (
    LevelUpError,
    energy_bonus,
    hp_increase,
    level_up,
    table_slots,
)
from sheetapp.systems.capital.model import CapitalCampaign, SpecialAssetChoice, SystemChoice
from tests.capital.helpers import character, codes, evaluate, value


def test_level_table() -> None:
    """Max Energy WIL + 3/5/7/9/11 at Levels 1/3/5/7/9; Slots 0, 2, 4, 6, 9, 12 at Levels
    1, 2, 4, 6, 8, 10; blank cells carry the level before (lines 362-372)."""
    assert [energy_bonus(level) for level in range(1, 11)] == [3, 3, 5, 5, 7, 7, 9, 9, 11, 11]
    total = CapitalCampaign()
    assert [table_slots(level, total) for level in range(1, 11)] == [0, 2, 2, 4, 4, 6, 6, 9, 9, 12]
    gained = CapitalCampaign(slot_table="gained_per_level")
    assert table_slots(4, gained) == 6


def test_hp_increase_minimum() -> None:
    """Lancer: "1d6 + FTD + 2 (minimum FTD + 6)" (line 683); Tank "2d6 + FTD + 4 (minimum
    FTD + 12)" (line 831); Sky Beast "1d6 + FTD - 5 (minimum 4)" (line 933)."""
    cats = catalogs()
    lancer = cats.roles["lancer"].hp.increase
    assert hp_increase(lancer, 6, [1]) == 12 and hp_increase(lancer, 6, [5]) == 13
    tank = cats.roles["tank"].hp.increase
    assert hp_increase(tank, 7, [1, 2]) == 19 and hp_increase(tank, 7, [6, 6]) == 23
    sky = cats.companions["sky_beast"].hp.increase
    assert hp_increase(sky, 5, [1]) == 4 and hp_increase(sky, 5, [6]) == 6


def test_level_up_chain_with_a_companion() -> None:
    """Healer HP "increases by 2d6 + FTD (minimum FTD + 8)" (line 756); Land Beast HP
    "FTD + 5 at Level 1 ... increases by 1d6 + FTD (minimum FTD + 4)" (line 918);
    Supercharge at Level 3 (line 764); Energy WIL + 5 at Level 3 (line 364)."""
    beast = SpecialAssetChoice(asset="land_beast", scores={"str": 7, "ftd": 6, "agi": 5, "cha": 4})
    doc = character("healer", beast)
    result = evaluate(doc)
    assert value(result, "max_hp") == 20 and value(result, "companion.max_hp") == 11
    two = level_up(doc, hp_dice=[6, 5], companion_dice=[3])
    assert two.new_slots == 2 and two.document.character.level == 2
    assert doc.character.level == 1, "the original document is untouched"
    result = evaluate(two.document)
    # 20 + (6 + 5 + FTD 6 = 17); beast 11 + max(3 + 6, 6 + 4) = 21
    assert value(result, "max_hp") == 37 and value(result, "companion.max_hp") == 21
    assert two.changes, "the difference is ready for the history"
    two.document.character.systems.append(SystemChoice(system="healthy", level=2))
    three = level_up(two.document, hp_dice=[1, 1], companion_dice=[6])
    result = evaluate(three.document)
    assert not [i for i in result.issues if i.severity.value != "info"], result.issues
    # 37 + max(1 + 1 + 6, 6 + 8) = 51, Healthy +2 per level = +6
    assert value(result, "max_hp") == 57
    assert value(result, "companion.max_hp") == 21 + 12
    assert value(result, "max_energy") == 7 + 5
    assert "supercharge" in [c.system for c in three.document.character.systems]
    assert any(step.kind == "system" and "Supercharge" in step.text for step in three.steps)


def test_rolled_dice_are_stored() -> None:
    """ "roll for me": the dice are kept in the file so the result can be re-checked."""
    doc = character("lancer")
    result = level_up(doc, rng=random.Random(7))
    roll = result.document.character.hp_rolls[0]
    assert roll.level == 2 and roll.method == "rolled" and len(roll.dice) == 1


def test_level_up_refuses_bad_dice_and_the_last_level() -> None:
    doc = character("lancer")
    with pytest.raises(LevelUpError, match="1 dice are needed"):
        level_up(doc, hp_dice=[3, 4])
    with pytest.raises(LevelUpError, match="1 to 6"):
        level_up(doc, hp_dice=[7])
    doc.character.level = 10
    with pytest.raises(LevelUpError, match="last level"):
        level_up(doc, hp_dice=[3])


def test_missing_hp_dice_count_the_minimum() -> None:
    """Each Level Up adds HP (line 353): without dice the minimum is counted and flagged."""
    doc = character("lancer")
    doc.character.level = 2
    result = evaluate(doc)
    assert "capital.hp_roll_missing" in codes(result)
    assert value(result, "max_hp") == 16 + 6 + 6


def test_vehicle_stays_at_its_level() -> None:
    """ "Vehicles have a Level, but they do not Level Up by themselves." (line 600)"""
    doc = character("lancer", SpecialAssetChoice(asset="bike"))
    result = level_up(doc, hp_dice=[4])
    assert result.document.character.special_asset is not None
    assert result.document.character.special_asset.level == 1
    assert any(step.kind == "vehicle" for step in result.steps)
    assert value(evaluate(result.document), "vehicle.max_hp") == 10
