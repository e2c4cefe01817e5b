"""The Capital rules that no other test reached, each broken once on a legal character
and found at its place with its declared code and severity."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sheetapp.core.issues import Severity
from sheetapp.systems.capital import codes
from sheetapp.systems.capital.model import (
    CapitalDocument,
    EquipmentChoice,
    HpRoll,
    SpecialAssetChoice,
    SystemChoice,
)
from tests.capital.helpers import character, evaluate

Break = Callable[[CapitalDocument], None]


def dice(values: list[int]) -> Break:
    def run(document: CapitalDocument) -> None:
        document.character.attributes.dice = values

    return run


def _discard_three(document: CapitalDocument) -> None:
    document.character.attributes.discarded = [5, 6, 7]


def _all_high_kept(document: CapitalDocument) -> None:
    # "it's a good idea to keep at least 2 low scores." (line 197): advice, not a rule.
    rolls = document.character.attributes
    rolls.dice = [6, 6, 6, 5, 5, 5, 4, 4, 2, 1]
    rolls.discarded = [8, 9]
    rolls.assignment = dict(zip(rolls.assignment, range(8), strict=False))


def _heavy_held(document: CapitalDocument) -> None:
    document.character.equipment.append(EquipmentChoice(item="simple_greatsword", held=True))


def _hp_roll(level: int, values: list[int], character_level: int = 1) -> Break:
    def run(document: CapitalDocument) -> None:
        document.character.level = character_level
        document.character.hp_rolls.append(HpRoll(level=level, dice=values))

    return run


def _two_rolls_for_level_two(document: CapitalDocument) -> None:
    document.character.level = 3
    document.character.hp_rolls = [HpRoll(level=2, dice=[3]), HpRoll(level=2, dice=[4])]


def _tent_option(document: CapitalDocument) -> None:
    document.character.equipment.append(EquipmentChoice(item="tent", option="castle"))


def _unnamed_custom_item(document: CapitalDocument) -> None:
    document.character.equipment.append(EquipmentChoice(name="  "))


def _no_ideal(document: CapitalDocument) -> None:
    document.character.personality.ideal = ""


def _three_weaknesses(document: CapitalDocument) -> None:
    document.character.weaknesses = ["d", "e", "f"]


def _no_role_choice(document: CapitalDocument) -> None:
    document.character.role_choices = {}


def _no_bones(document: CapitalDocument) -> None:
    document.character.vitals.bones = 0


def _no_background(document: CapitalDocument) -> None:
    document.character.stories.background = ""


def _damage_resist(choice: str | None) -> Break:
    def run(document: CapitalDocument) -> None:
        document.character.systems.append(
            SystemChoice(system="damage_resist", level=1, choice=choice, gm_granted=True)
        )

    return run


def _system_above_level(document: CapitalDocument) -> None:
    document.character.systems[0].level = 2


def _vehicle_twice(document: CapitalDocument) -> None:
    document.character.special_asset = SpecialAssetChoice(
        asset="bike", systems=["capacitor_a1_mk1"]
    )


CASES: list[tuple[str, str, Break, tuple[str | int, ...]]] = [
    # "Roll 10d6" (line 196)
    (codes.DICE_COUNT, "error", dice([6, 5, 4, 3, 2, 1]), ("attributes", "dice")),
    # a d6 shows 1 to 6
    (codes.DIE_VALUE, "error", dice([7, 5, 5, 4, 4, 3, 3, 2, 1, 1]), ("attributes", "dice", 0)),
    # "Get rid of any 2 results of your choice" (line 197)
    (codes.DISCARD_INVALID, "error", _discard_three, ("attributes", "discarded")),
    (codes.FEW_LOW_SCORES, "info", _all_high_kept, ("attributes", "discarded")),
    # Heavy 6: "You cannot Move twice in a turn while holding this item unless your STR is
    # at least 2 more" (lines 2534-2535)
    (codes.HEAVY, "info", _heavy_held, ("equipment",)),
    # the Lancer's HP "increases by 1d6 + FTD + 2" (line 683): one d6 per Level Up
    (codes.HP_DICE_INVALID, "error", _hp_roll(2, [9], character_level=2), ("hp_rolls", 0, "dice")),
    (codes.HP_ROLL_LEVEL, "error", _hp_roll(5, [3]), ("hp_rolls", 0)),
    (codes.HP_ROLL_REPEATED, "error", _two_rolls_for_level_two, ("hp_rolls", 1)),
    (codes.ITEM_OPTION_INVALID, "error", _tent_option, ("equipment",)),
    (codes.ITEM_UNNAMED, "warning", _unnamed_custom_item, ("equipment",)),
    # Step 3: "every character has an Ideal, a Goal and a Flaw" (line 98)
    (codes.PERSONALITY_MISSING, "error", _no_ideal, ("personality", "ideal")),
    # "You start with 3 Strengths and 2 Weaknesses." (line 152)
    (codes.WEAKNESSES_COUNT, "error", _three_weaknesses, ("weaknesses",)),
    # the Lancer "Gain/lose each of the following: ... +1 STR or +1 VSN" (lines 666-670)
    (codes.ROLE_CHOICE_MISSING, "error", _no_role_choice, ("role_choices",)),
    # "their Attribute Scores are reduced by 2" (line 289)
    (codes.SCORES_REDUCED, "info", _no_bones, ("vitals",)),
    # Step 2: a Background and an Origin, "which you can write" (line 88)
    (codes.STORY_MISSING, "info", _no_background, ("stories", "background")),
    # "When you gain this, choose a damage type." (line 1870)
    (codes.SYSTEM_CHOICE_MISSING, "error", _damage_resist(None), ("systems",)),
    (codes.SYSTEM_CHOICE_INVALID, "error", _damage_resist("psychic"), ("systems",)),
    (codes.SYSTEM_LEVEL, "error", _system_above_level, ("systems", 0, "level")),
    (codes.VEHICLE_SYSTEM_REPEATED, "error", _vehicle_twice, ("special_asset", "systems")),
]


@pytest.mark.parametrize(("code", "severity", "breaks", "where"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_rule_is_found_with_its_code_and_place(
    code: str, severity: str, breaks: Break, where: tuple[str | int, ...]
) -> None:
    document = character("lancer")
    assert code not in {i.code for i in evaluate(document).issues}
    breaks(document)
    found = [i for i in evaluate(document).issues if i.code == code]
    assert found, f"{code} not reported"
    assert found[0].severity is Severity(severity)
    assert found[0].path[: len(where) + 1] == ("character", *where)
    assert found[0].message and "capital." not in found[0].message


def test_a_weapon_with_one_printed_damage_type_accepts_it() -> None:
    """The Simple Dagger's attacks print "8 Sharp damage." (line 1648): giving it Sharp is
    right, another type is wrong and the message names the printed one."""
    document = character("lancer")
    document.character.equipment.append(EquipmentChoice(item="simple_dagger", damage_type="sharp"))
    assert codes.DAMAGE_TYPE_INVALID not in {i.code for i in evaluate(document).issues}
    document.character.equipment[-1].damage_type = "heat"
    wrong = [i for i in evaluate(document).issues if i.code == codes.DAMAGE_TYPE_INVALID]
    assert wrong and "available with Sharp damage, not 'heat'" in wrong[0].message


def test_the_own_special_weapon_is_listed_under_training() -> None:
    """ "You always have Training with your own Special Asset." (line 427): shown with the
    rest of the character's Training, not only applied to its attacks."""
    from sheetapp.systems.capital.catalog import catalogs

    weapon = next(iter(catalogs().special_weapons.values()))
    document = character("lancer", SpecialAssetChoice(asset=weapon.id))
    training = evaluate(document).derived_value("training").value
    assert f"your own Special Weapon ({weapon.name})" in str(training)


@pytest.mark.parametrize("asset_id", ["limb", "land_beast", "bike", "pistol"])
def test_training_with_the_own_special_asset_of_any_kind(asset_id: str) -> None:
    """ "You always have Training with your own Special Asset." (line 427): an
    Augmentation, a Companion and a Vehicle as much as a Special Weapon."""
    from sheetapp.systems.capital.catalog import catalogs
    from sheetapp.systems.capital.sheet import own_asset_name

    name = own_asset_name(asset_id, catalogs())
    assert name
    document = character("healer", SpecialAssetChoice(asset=asset_id))
    training = str(evaluate(document).derived_value("training").value)
    assert f"your own {name}" in training
    assert "The Healer (Role)" in training


def test_the_adventuring_kit_offers_its_light() -> None:
    """ "A Torch OR an Electric Lantern" (line 1343): the kit's Option column chooses it."""
    from sheetapp.editing.collections import cell
    from sheetapp.systems.capital.collections import EQUIPMENT
    from sheetapp.systems.capital.model import EquipmentChoice as Item

    document = character("lancer")
    document.character.equipment.append(Item(item="adventuring_kit"))
    option = cell(EQUIPMENT, document, len(document.character.equipment) - 1, 3)
    assert option.edit == "choice"
    assert [label for _value, label in option.choices or []][1:] == ["Torch", "Electric Lantern"]
