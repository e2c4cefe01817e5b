"""Capital rules as issues with document-rooted paths, each quoting its seed line."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.capital.model import EquipmentChoice, SpecialAssetChoice, SystemChoice
from tests.capital.helpers import character, codes, evaluate, issue


def test_too_many_slot_systems() -> None:
    """ "When you Level Up, you can choose any Systems to fill the Slots you have." (line
    273); Level 2 has 2 Slots (line 365)."""
    doc = character("lancer", SpecialAssetChoice(asset="limb"))
    doc.character.level = 2
    doc.character.hp_rolls = []
    doc.character.systems += [
        SystemChoice(system="generous", level=2),
        SystemChoice(system="quick", level=2),
    ]
    result = evaluate(doc)
    found = issue(result, "capital.slots_over")
    assert found.severity is Severity.ERROR and found.path == ("character", "systems", 2)
    assert result.total("slots").spent == 3 and result.total("slots").budget == 2


def test_slots_filled_when_gained() -> None:
    """Slots come with the level (table, lines 362-372): nothing fits at Level 1."""
    doc = character("lancer", SpecialAssetChoice(asset="limb"))
    doc.character.level = 2
    doc.character.systems.append(SystemChoice(system="generous", level=1))
    found = issue(evaluate(doc), "capital.slots_over_at_level")
    assert found.path == ("character", "systems", 1, "level")


def test_missing_requirement() -> None:
    """ "Systems with requirements cannot be gained unless all the prerequisites are
    met" (line 2566); Bonk "Requires The Tank" (line 1822)."""
    doc = character("lancer")
    doc.character.systems.append(SystemChoice(system="bonk"))
    found = issue(evaluate(doc), "capital.system_requirement")
    assert found.path == ("character", "systems", 1) and "The Tank" in found.message
    scout = character("scout")
    scout.character.systems.append(SystemChoice(system="defensive_focus"))
    assert "capital.system_requirement" not in codes(evaluate(scout)), "Focus I gives Focus"


def test_replacement_keeps_the_requirement_met() -> None:
    """Focus II "Requires Focus I, which this replaces" (line 1896)."""
    doc = character("scout")
    doc.character.systems = [SystemChoice(system="focus_2")]
    result = evaluate(doc)
    assert not {"capital.system_requirement", "capital.role_system_missing"} & codes(result)
    doc.character.systems.insert(0, SystemChoice(system="focus_1"))
    kept = issue(evaluate(doc), "capital.replaced_system_kept")
    assert kept.path == ("character", "systems", 0) and kept.severity is Severity.ERROR


def test_role_systems_present() -> None:
    """The Healer gains "1 Patch Up I" (line 763)."""
    doc = character("healer")
    doc.character.systems = []
    assert issue(evaluate(doc), "capital.role_system_missing").path == ("character", "systems")


def test_signature_system_only_at_level_three() -> None:
    """ "3 Surge (Signature System)" (line 691)."""
    doc = character("lancer")
    doc.character.systems.append(SystemChoice(system="surge"))
    assert issue(evaluate(doc), "capital.role_system_level").path == ("character", "systems", 1)


def test_systems_without_slots_cannot_be_selected() -> None:
    """ "If a system does not specify a number of Slots, you cannot select it unless the
    rules specifically tell you to." (line 275)"""
    doc = character("lancer")
    doc.character.systems.append(SystemChoice(system="patch_up_1"))
    assert issue(evaluate(doc), "capital.system_not_selectable").path == ("character", "systems", 1)
    doc.character.systems[1].gm_granted = True
    assert "capital.system_not_selectable" not in codes(evaluate(doc))


def test_only_repeatable_systems_twice() -> None:
    """ "Only Repeatable Systems can be gained multiple times." (line 2562); Damage Resist
    "Must choose different damage types" (line 1868)."""
    doc = character("lancer")
    doc.character.level = 2
    doc.character.hp_rolls = []
    doc.character.systems += [SystemChoice(system="generous", level=2)] * 2
    assert issue(evaluate(doc), "capital.system_repeated").path == ("character", "systems", 2)
    doc.character.systems[1:] = [
        SystemChoice(system="damage_resist", level=2, choice="heat"),
        SystemChoice(system="damage_resist", level=2, choice="heat"),
    ]
    found = issue(evaluate(doc), "capital.system_choice_repeated")
    assert found.path == ("character", "systems", 2, "choice")
    doc.character.systems[2].choice = "cold"
    assert "capital.system_choice_repeated" not in codes(evaluate(doc))


def test_innate_only_at_creation() -> None:
    """Innate: "can only be gained when you first build your character" (line 2539)."""
    doc = character("lancer")
    doc.character.level = 2
    doc.character.systems.append(SystemChoice(system="deaf", level=2))
    assert issue(evaluate(doc), "capital.innate_after_creation").path == (
        "character",
        "systems",
        1,
        "level",
    )
    doc.character.systems[1].level = 1
    assert "capital.innate_after_creation" not in codes(evaluate(doc))


def test_vehicle_above_character_level() -> None:
    """ "A character cannot upgrade a Vehicle to any Level higher than their own." (609)"""
    doc = character("lancer", SpecialAssetChoice(asset="bike", level=2))
    found = issue(evaluate(doc), "capital.vehicle_level")
    assert found.path == ("character", "special_asset", "level")


def test_vehicle_slots_and_limited_systems() -> None:
    """Bike Level 1: 3 Slots (line 1008), Capacitor A1 (2) + Bike Wheels (1); Giant Wheels
    are "Limited: Giant Vehicle or larger" (line 2374)."""
    doc = character("lancer", SpecialAssetChoice(asset="bike", systems=["giant_wheels_mk1"]))
    result = evaluate(doc)
    assert issue(result, "capital.vehicle_system_limited").path == (
        "character",
        "special_asset",
        "systems",
        0,
    )
    assert result.total("vehicle_slots").spent == 4 and result.total("vehicle_slots").budget == 3
    assert "capital.vehicle_slots_over" in codes(result)


def test_three_two_handed_items_held() -> None:
    """ "they can hold up to 2 pieces of Equipment, or one piece of Two-handed
    equipment." (line 347)"""
    doc = character("lancer")
    for item in ("simple_club_longsword", "primitive_shield", "precision_rifle"):
        doc.character.equipment.append(EquipmentChoice(item=item, held=True, damage_type="sharp"))
    result = evaluate(doc)
    found = issue(result, "capital.hands")
    index = len(doc.character.equipment) - 3
    assert found.path == ("character", "equipment", index + 1, "held")
    assert result.total("hands").spent == 6 and result.total("hands").budget == 2


def test_limb_augmentation_holds_one_more() -> None:
    """ "You can use it like an extra hand to hold one more piece of Equipment." (908)"""
    doc = character("lancer", SpecialAssetChoice(asset="limb"))
    doc.character.equipment[-1].held = True
    doc.character.equipment.append(
        EquipmentChoice(item="simple_club_longsword", held=True, damage_type="blunt")
    )
    assert "capital.hands" not in codes(evaluate(doc))
    doc.character.special_asset = SpecialAssetChoice(asset="slots")
    assert "capital.hands" in codes(evaluate(doc))


def test_attribute_augmentation_caps_at_ten() -> None:
    """ "You have +2 to any one Attribute Score, up to a maximum of 10." (line 902)"""
    doc = character("lancer", SpecialAssetChoice(asset="attribute", attribute="str"))
    result = evaluate(doc)
    assert result.derived_value("score.str").value == 9
    doc.campaign.attribute_method = "gm_assigned"
    doc.character.attributes.base = dict.fromkeys(
        ("str", "ftd", "agi", "vsn", "wis", "wil", "cha", "knw"), 9
    )
    assert evaluate(doc).derived_value("score.str").value == 10


def test_attribute_range() -> None:
    """ "Each of your eight Attribute Scores is a number between 0 and 10." (line 192)"""
    doc = character("lancer")
    doc.campaign.attribute_method = "gm_assigned"
    doc.character.attributes.base = dict.fromkeys(
        ("str", "ftd", "agi", "vsn", "wis", "wil", "cha", "knw"), 10
    )
    assert issue(evaluate(doc), "capital.attribute_range").path == ("character", "attributes")


def test_companion_scores_in_any_order() -> None:
    """Land Beast: "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (916)."""
    good = SpecialAssetChoice(asset="land_beast", scores={"str": 4, "ftd": 7, "agi": 6, "cha": 5})
    assert "capital.companion_scores" not in codes(evaluate(character("healer", good)))
    bad = SpecialAssetChoice(asset="land_beast", scores={"str": 7, "ftd": 7, "agi": 6, "cha": 5})
    found = issue(evaluate(character("healer", bad)), "capital.companion_scores")
    assert found.path == ("character", "special_asset", "scores")


def test_special_weapon_damage_type() -> None:
    """ "Available with Sharp or Heat damage." (line 1221)"""
    doc = character("lancer", SpecialAssetChoice(asset="pistol", damage_type="cold"))
    assert issue(evaluate(doc), "capital.damage_type_invalid").path == (
        "character",
        "special_asset",
        "damage_type",
    )


def test_weapon_augmentation_needs_a_simple_weapon() -> None:
    """ "Choose any Simple Weapon. It is permanently attached to your body." (line 890)"""
    doc = character("lancer", SpecialAssetChoice(asset="weapon", weapon="sonic_rifle"))
    assert issue(evaluate(doc), "capital.asset_choice_invalid").path == (
        "character",
        "special_asset",
        "weapon",
    )


def test_starting_equipment() -> None:
    """The Sentinel starts with "A Standard Pistol (choose sharp or heat)" (line 861), and
    every character with "2 Everyday or Professional Outfits" and "An Adventuring Kit"."""
    doc = character("sentinel")
    doc.character.equipment = [e for e in doc.character.equipment if e.item != "standard_pistol"]
    missing = issue(evaluate(doc), "capital.starting_equipment_missing")
    assert missing.path == ("character", "equipment") and missing.severity is Severity.ERROR


def test_before_a_role_the_missing_equipment_is_a_step_not_done() -> None:
    """ "You also get: [...] 2 Everyday or Professional Outfits. [...] An Adventuring Kit."
    (lines 221-227): a new character without a Role yet, missing them, has the error as
    a step to do."""
    from sheetapp.systems.capital.system import SYSTEM

    document = SYSTEM.new_document("New")
    document.character.equipment = []
    missing = [
        i for i in evaluate(document).issues if i.code == "capital.starting_equipment_missing"
    ]
    assert missing and all(i.severity is Severity.ERROR for i in missing)
    assert {i.step for i in missing} == {"Step 7: Equipment"}


def test_dice_must_be_rerolled() -> None:
    """ "If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." (line 196)"""
    doc = character("lancer")
    doc.character.attributes.dice = [3, 3, 4, 4, 5, 5, 6, 6, 4, 3]
    found = issue(evaluate(doc), "capital.dice_reroll")
    assert found.path == ("character", "attributes", "dice")


def test_assignment_uses_kept_dice_once() -> None:
    """ "Get rid of any 2 results ... assign them to the 8 Attributes" (lines 197-198)."""
    doc = character("lancer")
    doc.character.attributes.assignment["str"] = 5  # a discarded die
    found = issue(evaluate(doc), "capital.assignment_invalid")
    assert found.path == ("character", "attributes", "assignment", "str")


def test_strengths_and_weaknesses_count() -> None:
    """ "You start with 3 Strengths and 2 Weaknesses." (line 152): another number breaks
    the rule (an error, so validate fails); none written yet is a step not done."""
    doc = character("lancer")
    doc.character.strengths.pop()
    found = issue(evaluate(doc), "capital.strengths_count")
    assert found.severity is Severity.ERROR and found.path == ("character", "strengths")
    assert found.hint == "Add 1."
    doc.character.weaknesses.append("Vertigo")
    found = issue(evaluate(doc), "capital.weaknesses_count")
    assert found.severity is Severity.ERROR and found.hint == "Remove 1."
    doc.character.strengths = []
    found = issue(evaluate(doc), "capital.strengths_count")
    assert found.severity is Severity.ERROR and found.step.startswith("Step 4")


def test_starting_money_range() -> None:
    """ "200-400mC depending on your current circumstances" (line 226)."""
    doc = character("lancer")
    doc.character.starting_money = 500
    assert issue(evaluate(doc), "capital.starting_money").severity is Severity.ERROR
    doc.campaign.starting_money_max = 600
    assert "capital.starting_money" not in codes(evaluate(doc))


def test_scores_set_by_the_gm_stay_in_the_tables_range() -> None:
    """ "convert the remaining 8 results into Attribute Scores between 4 and 6" (line 198):
    a GM-assigned score outside the campaign's range (4-6 by default) is an error."""
    doc = character("lancer")
    doc.campaign.attribute_method = "gm_assigned"
    doc.character.attributes.base = dict.fromkeys(("ftd", "wil", "str", "vsn", "agi", "wis"), 5)
    doc.character.attributes.base.update({"cha": 6, "knw": 9})
    found = issue(evaluate(doc), "capital.gm_score_range")
    assert found.severity is Severity.ERROR
    assert found.path == ("character", "attributes", "base", "knw")
    doc.campaign.gm_score_max = 10
    assert "capital.gm_score_range" not in codes(evaluate(doc))
