"""Capital edit builders: each returns changes that apply, undo exactly, and do what the
creation steps of the seed (../shared/seeds/003_740fba3ab4ba4f45.txt) describe."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sheetapp.core.changes import Change, apply_to_document, document_data, invert_all
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.collections import EQUIPMENT, SYSTEMS, TEXT_LISTS, set_system_choice
from sheetapp.systems.capital.dice import needs_reroll
from sheetapp.systems.capital.model import CapitalDocument
from sheetapp.systems.capital.system import SYSTEM
from tests.capital.helpers import ASSIGNMENT, DICE, DISCARDED, codes, evaluate


def new() -> CapitalDocument:
    return SYSTEM.new_document("Edit test")


def run(document: CapitalDocument, changes: Sequence[Change]) -> CapitalDocument:
    """Apply, and check that the inverse gives back the exact original."""
    assert changes, "the edit changed nothing"
    after = apply_to_document(document, changes)
    back = apply_to_document(after, invert_all(changes))
    assert document_data(back) == document_data(document)
    return after


def test_set_role_adds_its_systems_and_items() -> None:
    """Healer: "A primitive first aid kit" (line 748 area) and Patch Up I at Level 1
    (Role table); Step 1 "just write your choice in the appropriate box" (line 82)."""
    doc = run(new(), edits.set_role(new(), "healer"))
    ch = doc.character
    assert ch.role == "healer"
    assert [s.system for s in ch.systems] == ["patch_up_1"]
    assert any(e.item == "primitive_first_aid_kit" and e.note == "Role" for e in ch.equipment)
    assert "capital.role_missing" not in codes(evaluate(doc))


def test_changing_role_removes_the_old_roles_systems_items_and_choices() -> None:
    doc = run(new(), edits.set_role(new(), "healer"))
    doc = run(doc, edits.set_role_choice(doc, "plus", "wil"))
    changes = edits.set_role(doc, "captain")
    doc = run(doc, changes)
    ch = doc.character
    assert ch.role == "captain"
    assert [s.system for s in ch.systems] == ["thats_an_order_1"]
    assert not any(e.item == "primitive_first_aid_kit" for e in ch.equipment)
    assert any(e.item == "status_symbol" for e in ch.equipment)
    assert ch.role_choices == {}
    assert all(c.label == "Choose The Captain" for c in changes)
    assert edits.set_role(doc, "captain") == []


def test_unknown_role_is_refused() -> None:
    with pytest.raises(edits.EditError, match="no Role 'pilot'"):
        edits.set_role(new(), "pilot")


def test_role_choice_must_be_one_the_role_offers() -> None:
    """Lancer: "+1 STR or +1 VSN, -1 FTD or -1 AGI" (lines 666-670)."""
    doc = run(new(), edits.set_role(new(), "lancer"))
    doc = run(doc, edits.set_role_choice(doc, "plus", "vsn"))
    assert doc.character.role_choices == {"plus": "vsn"}
    doc = run(doc, edits.set_role_choice(doc, "plus", "str"))
    assert doc.character.role_choices == {"plus": "str"}
    with pytest.raises(edits.EditError, match="not CHA"):
        edits.set_role_choice(doc, "minus", "cha")
    doc = run(doc, edits.set_role_choice(doc, "plus", None))
    assert doc.character.role_choices == {}
    with pytest.raises(edits.EditError, match="Role first"):
        edits.set_role_choice(new(), "plus", "str")


def test_story_personality_and_text_lists() -> None:
    """Steps 2-4: Background/Origin (84-88), Ideal/Goal/Flaw (94), "3 Strengths and 2
    Weaknesses" (line 152)."""
    doc = new()
    doc = run(doc, edits.set_story(doc, "background", "Mining station"))
    doc = run(doc, edits.set_personality(doc, "flaw", "Stubborn"))
    assert doc.character.stories.background == "Mining station"
    assert doc.character.personality.flaw == "Stubborn"
    for text in ("Brave", "Kind", "Quick"):
        doc = run(doc, TEXT_LISTS["strengths"].insert(doc, text))
    doc = run(doc, TEXT_LISTS["strengths"].set_field(doc, 1, "", "Gentle"))
    doc = run(doc, TEXT_LISTS["strengths"].move(doc, 0, 2))
    assert doc.character.strengths == ["Gentle", "Quick", "Brave"]
    assert "capital.strengths_count" not in codes(evaluate(doc))
    doc = run(doc, TEXT_LISTS["strengths"].remove(doc, 0))
    assert "capital.strengths_count" in codes(evaluate(doc))
    doc = run(doc, TEXT_LISTS["stories"].insert(doc, "The Kessel job"))
    assert doc.character.stories.stories == ["The Kessel job"]
    assert edits.set_story(doc, "background", "Mining station") == []
    with pytest.raises(edits.EditError):
        TEXT_LISTS["weaknesses"].set_field(doc, 4, "", "x")


def test_enter_dice_and_refuse_a_set_that_must_be_rerolled() -> None:
    """ "If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." (line 196)"""
    doc = run(new(), edits.enter_attribute_dice(new(), DICE))
    rolls = doc.character.attributes
    assert rolls.dice == DICE and rolls.method == "entered"
    assert rolls.discarded == [] and rolls.assignment == {}
    with pytest.raises(edits.EditError, match="reroll everything"):
        edits.enter_attribute_dice(doc, [3, 3, 4, 4, 5, 5, 6, 6, 3, 4])
    with pytest.raises(edits.EditError, match="10 dice"):
        edits.enter_attribute_dice(doc, [1, 6])
    assert edits.parse_dice("6, 5 5 4 4 3 3 2 1 1") == DICE
    assert edits.parse_dice("6554433211") == DICE
    with pytest.raises(edits.EditError, match="'x'"):
        edits.parse_dice("6 x")


def test_roll_for_me_uses_the_given_random_source() -> None:
    changes_a = edits.roll_attribute_dice(new(), random.Random(7))
    changes_b = edits.roll_attribute_dice(new(), random.Random(7))
    assert changes_a == changes_b
    doc = run(new(), changes_a)
    rolls = doc.character.attributes
    assert len(rolls.dice) == 10 and rolls.method == "rolled"
    assert not needs_reroll(rolls.dice)


def test_discard_two_and_assign_the_rest() -> None:
    """ "Get rid of any 2 results of your choice" (line 197); scores by the table
    (lines 200-203) "in any order you like" (line 198)."""
    doc = run(new(), edits.enter_attribute_dice(new(), DICE))
    for index in DISCARDED:
        doc = run(doc, edits.toggle_discard(doc, index))
    assert doc.character.attributes.discarded == DISCARDED
    with pytest.raises(edits.EditError, match="already discarded"):
        edits.toggle_discard(doc, 0)
    for attr, index in ASSIGNMENT.items():
        doc = run(doc, edits.assign_die(doc, attr, index))
    result = evaluate(doc)
    assert result.derived_value("score.ftd").value == 6  # die 6 -> 6
    assert result.derived_value("score.knw").value == 4  # die 1 -> 4
    assert not {"capital.attribute_unassigned", "capital.discard_missing"} & codes(result)
    with pytest.raises(edits.EditError, match="discarded"):
        edits.assign_die(doc, "str", DISCARDED[0])


def test_assigning_a_taken_die_swaps_the_two_attributes() -> None:
    doc = run(new(), edits.enter_attribute_dice(new(), DICE))
    doc = run(doc, edits.assign_die(doc, "str", 0))
    doc = run(doc, edits.assign_die(doc, "ftd", 1))
    doc = run(doc, edits.assign_die(doc, "str", 1))
    assert doc.character.attributes.assignment == {"str": 1, "ftd": 0}
    doc = run(doc, edits.assign_die(doc, "agi", 1))
    assert doc.character.attributes.assignment == {"ftd": 0, "agi": 1}


def test_discarding_an_assigned_die_unassigns_it() -> None:
    doc = run(new(), edits.enter_attribute_dice(new(), DICE))
    doc = run(doc, edits.assign_die(doc, "wis", 5))
    doc = run(doc, edits.toggle_discard(doc, 5))
    assert doc.character.attributes.assignment == {}
    doc = run(doc, edits.toggle_discard(doc, 5))
    assert doc.character.attributes.discarded == []


def test_gm_assigned_scores() -> None:
    doc = run(new(), edits.set_base_score(new(), "str", 7))
    assert doc.character.attributes.base == {"str": 7}
    doc = run(doc, edits.set_base_score(doc, "str", None))
    assert doc.character.attributes.base == {}
    with pytest.raises(edits.EditError, match="0 to 10"):
        edits.set_base_score(doc, "str", 11)


def test_systems_add_choose_reorder_remove() -> None:
    """Slots at Level 1 are 0 (level table, lines 362-372): a Slot System is an error;
    Damage Resist is "Repeatable (Must choose different damage types)" (line 1868)."""
    doc = run(new(), SYSTEMS.add(new(), "cautious"))
    assert doc.character.systems[0].level == 1
    assert "capital.slots_over" in codes(evaluate(doc))
    doc = run(doc, SYSTEMS.add(doc, "damage_resist", at=0))
    assert [s.system for s in doc.character.systems] == ["damage_resist", "cautious"]
    doc = run(doc, set_system_choice(doc, 0, "heat"))
    assert doc.character.systems[0].choice == "heat"
    with pytest.raises(edits.EditError, match="not a damage type"):
        set_system_choice(doc, 0, "psychic")
    with pytest.raises(edits.EditError, match="no choice"):
        set_system_choice(doc, 1, "heat")
    doc = run(doc, SYSTEMS.move(doc, 0, 1))
    assert [s.system for s in doc.character.systems] == ["cautious", "damage_resist"]
    assert evaluate(doc).total("slots").spent == 3
    doc = run(doc, SYSTEMS.set_field(doc, 0, "gm_granted", True))
    assert evaluate(doc).total("slots").spent == 1  # a System given by the GM: no Slot
    doc = run(doc, SYSTEMS.remove(doc, 0))
    assert [s.system for s in doc.character.systems] == ["damage_resist"]
    with pytest.raises(edits.EditError, match="no System 'laser'"):
        SYSTEMS.add(doc, "laser")


def test_equipment_add_fields_and_hands() -> None:
    """Holding equipment: two hands (line 345); "Available with Sharp or Heat damage"
    weapons need the damage type chosen."""
    doc = run(new(), EQUIPMENT.add(new(), "standard_pistol"))
    index = len(doc.character.equipment) - 1
    assert doc.character.equipment[index].damage_type is None
    assert "capital.damage_type_missing" in codes(evaluate(doc))
    doc = run(doc, EQUIPMENT.set_field(doc, index, "damage_type", "heat"))
    assert "capital.damage_type_missing" not in codes(evaluate(doc))
    doc = run(doc, EQUIPMENT.set_field(doc, index, "held", True))
    assert str(evaluate(doc).derived_value("hands").value).startswith("1 / 2")
    doc = run(doc, EQUIPMENT.add_custom(doc, {"name": "Grandfather's compass"}))
    assert doc.character.equipment[-1].name == "Grandfather's compass"
    doc = run(doc, EQUIPMENT.move(doc, index, 0))
    assert doc.character.equipment[0].item == "standard_pistol"
    doc = run(doc, EQUIPMENT.remove(doc, 0))
    assert all(e.item != "standard_pistol" for e in doc.character.equipment)
    with pytest.raises(edits.EditError, match="needs a name"):
        EQUIPMENT.add_custom(doc, {"name": "  "})


def test_special_asset_companion_scores_swap() -> None:
    """Land Beast: "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (line 916)."""
    doc = run(new(), edits.choose_special_asset(new(), "land_beast"))
    assert "capital.companion_scores_missing" in codes(evaluate(doc))
    for attr, value in (("str", 7), ("ftd", 6), ("agi", 5), ("cha", 4)):
        doc = run(doc, edits.set_companion_score(doc, attr, value))
    assert "capital.companion_scores_missing" not in codes(evaluate(doc))
    doc = run(doc, edits.set_companion_score(doc, "cha", 7))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.scores == {"str": 4, "ftd": 6, "agi": 5, "cha": 7}
    with pytest.raises(edits.EditError, match="fixed"):
        edits.set_companion_score(doc, "wis", 5)
    with pytest.raises(edits.EditError, match="7, 6, 5, 4"):
        edits.set_companion_score(doc, "str", 9)


def test_sky_beast_may_have_two_fives() -> None:
    """Sky Beast: "6, 5, 5 and 4 in any order" — a second 5 is no swap."""
    doc = run(new(), edits.choose_special_asset(new(), "sky_beast"))
    doc = run(doc, edits.set_companion_score(doc, "ftd", 5))
    doc = run(doc, edits.set_companion_score(doc, "agi", 5))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.scores == {"ftd": 5, "agi": 5}


def test_special_asset_sub_choices_and_replacement() -> None:
    """Weapon augmentation: "Choose any Simple Weapon" (line 890); Mechsuit options."""
    doc = run(new(), edits.choose_special_asset(new(), "weapon"))
    doc = run(doc, edits.set_asset_field(doc, "name", "Arm blade"))
    doc = run(doc, edits.set_asset_field(doc, "weapon", "simple_dagger"))
    assert "capital.asset_choice_missing" not in codes(evaluate(doc))
    doc = run(doc, edits.choose_special_asset(doc, "mechsuit"))
    asset = doc.character.special_asset
    assert asset is not None and asset.asset == "mechsuit" and asset.name == "Arm blade"
    assert asset.weapon is None
    assert "capital.asset_choice_missing" in codes(evaluate(doc))
    doc = run(doc, edits.set_vehicle_option(doc, "legs", "strider_mechsuit_legs_mk1"))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.options == {"legs": "strider_mechsuit_legs_mk1"}
    doc = run(doc, edits.set_asset_field(doc, "level", 2))
    assert "capital.vehicle_level" in codes(evaluate(doc))
    doc = run(doc, edits.choose_special_asset(doc, None))
    assert doc.character.special_asset is None
    with pytest.raises(edits.EditError, match="first"):
        edits.set_asset_field(doc, "name", "x")
    with pytest.raises(edits.EditError, match="no Special Asset"):
        edits.choose_special_asset(doc, "dragon")


def test_special_weapon_with_one_damage_type_gets_it() -> None:
    doc = run(new(), edits.choose_special_asset(new(), "pistol"))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.damage_type is None  # Sharp or Heat: the player's
    doc = run(doc, edits.set_asset_field(doc, "damage_type", "heat"))
    assert "capital.damage_type_missing" not in codes(evaluate(doc))


def test_vehicle_systems_fitted() -> None:
    doc = run(new(), edits.choose_special_asset(new(), "bike"))
    doc = run(doc, edits.add_vehicle_system(doc, "capacitor_a1_mk1"))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.systems == ["capacitor_a1_mk1"]
    doc = run(doc, edits.remove_vehicle_system(doc, 0))
    assert doc.character.special_asset is not None
    assert doc.character.special_asset.systems == []


def test_vitals_grit_status_and_money() -> None:
    """Current vitals within their maxima (line 394 floor); Grit (lines 409-416)."""
    doc = run(new(), edits.set_vital(new(), "hp", 99))
    assert "capital.vital_over_max" in codes(evaluate(doc))
    doc = run(doc, edits.set_vital(doc, "hp", None))
    doc = run(doc, edits.set_grit(doc, 2))
    doc = run(doc, edits.toggle_status(doc, "prone"))
    assert doc.character.vitals.status == ["prone"]
    doc = run(doc, edits.toggle_status(doc, "prone"))
    assert doc.character.vitals.status == []
    doc = run(doc, edits.set_money(doc, "starting_money", 300))
    doc = run(doc, edits.set_money(doc, "money_adjustment", -50))
    assert (doc.character.starting_money, doc.character.money_adjustment) == (300, -50)
    with pytest.raises(edits.EditError):
        edits.set_money(doc, "money", 250)  # type: ignore[arg-type]  # worked out, never set
    with pytest.raises(edits.EditError):
        edits.set_vital(doc, "hp", -1)
    with pytest.raises(edits.EditError):
        edits.toggle_status(doc, "on_fire")
