"""Build Capital characters for tests."""

from __future__ import annotations

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue
from sheetapp.systems.capital.catalog import AttributeId
from sheetapp.systems.capital.creation import add_common_equipment, apply_role
from sheetapp.systems.capital.model import CapitalDocument, EquipmentChoice, SpecialAssetChoice
from sheetapp.systems.capital.system import SYSTEM

#: Kept dice 6 5 5 4 4 2 1 1 (the two 3s discarded) -> scores 6 6 6 5 5 4 4 4.
DICE = [6, 5, 5, 4, 4, 3, 3, 2, 1, 1]
DISCARDED = [5, 6]
#: FTD 6, WIL 5 -> 6 (die 5), ... before the Role's changes.
ASSIGNMENT: dict[AttributeId, int] = {
    "ftd": 0,
    "wil": 1,
    "str": 2,
    "vsn": 3,
    "agi": 4,
    "wis": 7,
    "cha": 8,
    "knw": 9,
}
ROLE_CHOICES: dict[str, dict[str, AttributeId]] = {
    "lancer": {"plus": "str", "minus": "agi"},
    "scout": {"plus": "cha", "minus": "str"},
    "healer": {"plus": "wil", "minus": "str"},
    "captain": {"plus": "wil", "minus": "str"},
    "tank": {"plus": "str", "minus": "vsn"},
    "sentinel": {"plus": "knw", "minus": "str"},
}
STARTING_WEAPON = {
    "lancer": EquipmentChoice(item="standard_pistol", damage_type="sharp"),
    "scout": EquipmentChoice(item="simple_dagger"),
    "tank": EquipmentChoice(item="simple_baton_shortsword", damage_type="blunt"),
    "sentinel": EquipmentChoice(item="standard_pistol", damage_type="heat"),
}


def character(role: str = "lancer", asset: SpecialAssetChoice | None = None) -> CapitalDocument:
    """A complete, legal Level 1 character of ``role`` (no warnings)."""
    document = SYSTEM.new_document("Test")
    ch = document.character
    apply_role(ch, role)
    ch.role_choices = dict(ROLE_CHOICES[role])
    ch.stories.background = "b"
    ch.stories.origin = "o"
    ch.personality.ideal, ch.personality.goal, ch.personality.flaw = "i", "g", "f"
    ch.strengths = ["a", "b", "c"]
    ch.weaknesses = ["d", "e"]
    ch.attributes.dice = list(DICE)
    ch.attributes.discarded = list(DISCARDED)
    ch.attributes.assignment = dict(ASSIGNMENT)
    add_common_equipment(ch)
    if role in STARTING_WEAPON:
        ch.equipment.append(STARTING_WEAPON[role].model_copy())
    if role == "sentinel":
        ch.equipment = [
            e for e in ch.equipment if not (e.item == "standard_pistol" and not e.damage_type)
        ]
    ch.special_asset = asset or SpecialAssetChoice(asset="slots")
    return document


def evaluate(document: CapitalDocument) -> Evaluation:
    return SYSTEM.evaluate(document)


def codes(evaluation: Evaluation) -> set[str]:
    return {issue.code for issue in evaluation.issues}


def issue(evaluation: Evaluation, code: str) -> Issue:
    return next(i for i in evaluation.issues if i.code == code)


def value(evaluation: Evaluation, key: str) -> int | float | str:
    return evaluation.derived_value(key).value
