"""One Level 1 character per Role, every derived number from the seed's formulas.

Base scores for all: dice 6 5 5 4 4 [3 3] 2 1 1 -> FTD 6, WIL 6, STR 6, VSN 5, AGI 5,
WIS 4, CHA 4, KNW 4 (table, lines 200-203).
"""

from __future__ import annotations

import pytest

from sheetapp.systems.capital.catalog import ATTRIBUTES
from tests.capital.helpers import character, evaluate, value

# role: (scores after the Role's changes, max HP, max Energy, max Bones)
EXPECTED = {
    # Lancer "+1 WIL, +1 STR or +1 VSN, -1 FTD or -1 AGI" (666-670); HP "FTD + 10" (683)
    "lancer": ({"str": 7, "agi": 4, "wil": 7, "ftd": 6}, 16, 10, 6),
    # Scout "+1 AGI, +1 CHA or +1 WIS, -1 STR or -1 WIL" (703-707); HP FTD + 10 (720)
    "scout": ({"agi": 6, "cha": 5, "str": 5, "wil": 6}, 16, 9, 6),
    # Healer "+1 KNW, +1 WIL or +1 AGI, -1 STR or -1 VSN" (740-744); HP FTD + 14 (756)
    "healer": ({"knw": 5, "wil": 7, "str": 5}, 20, 10, 6),
    # Captain "+1 CHA, +1 WIL or +1 WIS, -1 STR or -1 AGI" (776-780); HP FTD + 14 (792)
    "captain": ({"cha": 5, "wil": 7, "str": 5}, 20, 10, 6),
    # Tank "+1 FTD, +1 STR or +1 WIL, -1 VSN or -1 AGI" (814-818); HP FTD + 18 (831)
    "tank": ({"ftd": 7, "str": 7, "vsn": 4}, 25, 9, 7),
    # Sentinel "+1 WIS, +1 CHA or +1 KNW, -1 STR or -1 AGI" (853-857); HP FTD + 10 (870)
    "sentinel": ({"wis": 5, "knw": 5, "str": 5}, 16, 9, 6),
}


@pytest.mark.parametrize("role", sorted(EXPECTED))
def test_level_one_character_of_each_role(role: str) -> None:
    """Energy "WIL + 3 (minimum 5)" (line 213); Bones "equal to your FTD" (line 215)."""
    scores, hp, energy, bones = EXPECTED[role]
    result = evaluate(character(role))
    assert not result.issues, [i.code for i in result.issues]
    for attr, score in scores.items():
        assert value(result, f"score.{attr}") == score, attr
    assert value(result, "max_hp") == hp
    assert value(result, "max_energy") == energy
    assert value(result, "max_bones") == bones
    assert result.total("slots").budget == 2  # Level 1: 0 Slots + the Slots augmentation's 2


def test_role_choice_outside_the_options_is_an_error() -> None:
    """The Lancer gains "+1 STR or +1 VSN" (line 669): not +1 CHA."""
    doc = character("lancer")
    doc.character.role_choices["plus"] = "cha"
    issue = next(i for i in evaluate(doc).issues if i.code == "capital.role_choice_invalid")
    assert issue.path == ("character", "role_choices", "plus")


def test_training_comes_from_the_role() -> None:
    """Lancer Training: "The Lancer (Role)", "Simple weapons" (lines 678-679)."""
    result = evaluate(character("lancer"))
    assert value(result, "training") == (
        "The Lancer (Role), Simple weapons, your own Special Augmentation (Slots)"
    )


def test_vital_minimum_of_five() -> None:
    """ "You can never have less than 5 maximum HP, Energy or Bones." (line 394)"""
    doc = character("lancer")
    doc.campaign.attribute_method = "gm_assigned"
    doc.character.role_choices["minus"] = "ftd"
    doc.character.attributes.base = dict.fromkeys(ATTRIBUTES, 1)
    result = evaluate(doc)
    assert value(result, "max_bones") == 5  # FTD 1 - 1 (Lancer) = 0 -> 5
    assert value(result, "max_energy") == 5  # WIL 2 + 3 = 5
    assert value(result, "max_hp") == 10  # FTD 0 + 10


def test_attack_line_in_the_seeds_format() -> None:
    """ "[Range] Attack: [Hit Attribute] vs [Dodge Attribute]. [Damage] [Damage type]
    damage. [Special Rules]." (line 463); Standard Pistol line 1742."""
    result = evaluate(character("lancer"))
    lines = [v.value for v in result.derived if v.key.startswith("attack.")]
    assert "30m Attack: VSN vs AGI. 10 Sharp damage. Spend 1 Ammo." in lines
    pistol = next(v for v in result.derived if v.value == lines[0])
    assert pistol.explanation == "Attack Roll 2d6 + VSN 5"


def test_healthy_adds_two_max_hp_per_level() -> None:
    """ "Your Max HP is increased by 2 for each Level you have." (line 1921): a Lancer
    (FTD 6: 6 + 10 = 16 at Level 1) with Healthy has 18."""
    from sheetapp.systems.capital.model import SystemChoice

    document = character("lancer")
    before = value(evaluate(document), "max_hp")
    document.character.systems.append(SystemChoice(system="healthy", level=1, gm_granted=True))
    assert value(evaluate(document), "max_hp") == before + 2  # type: ignore[operator]


def test_every_character_has_the_unarmed_attack() -> None:
    """ "Melee Attack: STR vs STR. 2 (*) damage. Choose Blunt or Sharp Damage depending on
    the nature of the attack. This is an Unarmed Attack." (line 547)"""
    attacks = [d for d in evaluate(character("healer")).derived if d.key.startswith("attack.")]
    assert attacks[0].label == "Unarmed"
    assert str(attacks[0].value).startswith("Melee Attack: STR vs STR. 2 (*) damage.")


def test_a_companion_has_bones_equal_to_its_ftd() -> None:
    """ "All Companions have Bones equal to their FTD." (line 2522): a Land Beast with FTD 6
    has 6 Bones; its HP is FTD + 5 at Level 1 (line 918)."""
    from sheetapp.systems.capital.model import SpecialAssetChoice

    scores = {"str": 7, "ftd": 6, "agi": 5, "cha": 4}
    document = character("healer", SpecialAssetChoice(asset="land_beast", scores=scores))
    result = evaluate(document)
    assert value(result, "companion.max_bones") == 6
    assert value(result, "companion.max_hp") == 11
