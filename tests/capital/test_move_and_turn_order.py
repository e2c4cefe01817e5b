"""The turn order roll and the Move a Capital character fights with.

Seed: Capital alpha2 (../shared/seeds/003_740fba3ab4ba4f45.txt); line numbers are lines
of that file.
"""

from __future__ import annotations

from sheetapp.sheet import KeyValueSection, build_sheet
from sheetapp.systems.capital.model import SystemChoice
from sheetapp.systems.capital.system import SYSTEM
from tests.capital.helpers import character, evaluate, value


def test_turn_order_is_two_dice_plus_agility() -> None:
    """Line 441: "To decide the turn order, all combatants roll an AGI check against
    each other (2d6 + AGI)."""
    result = evaluate(character("lancer"))
    agility = value(result, "score.agi")
    assert value(result, "turn_order") == f"2d6 + {agility}"


def test_thats_an_order_uses_charisma_when_it_is_better() -> None:
    """Lines 2097 and 2254, That's an Order I and II: "You can use your CHA instead of
    your AGI when rolling to determine turn order."""
    document = character("scout")
    document.character.systems.append(SystemChoice(system="thats_an_order_1", gm_granted=True))
    result = evaluate(document)
    agility, charisma = value(result, "score.agi"), value(result, "score.cha")
    assert isinstance(agility, int) and isinstance(charisma, int)
    assert agility > charisma  # the helper's dice: AGI is kept
    assert value(result, "turn_order") == f"2d6 + {agility}"
    assignment = document.character.attributes.assignment
    assignment["agi"], assignment["cha"] = assignment["cha"], assignment["agi"]
    swapped = evaluate(document)
    charisma = value(swapped, "score.cha")
    assert isinstance(charisma, int) and charisma > value(swapped, "score.agi")  # type: ignore[operator]
    assert value(swapped, "turn_order") == f"2d6 + {charisma}"
    assert "CHA instead of AGI" in swapped.derived_value("turn_order").explanation


def test_urgency_adds_agility_less_five_never_below_zero() -> None:
    """Line 2117, Urgency: "When you roll to determine turn order, you have a bonus of
    AGI - 5 (minimum bonus of 0)."""
    document = character("lancer")
    document.character.systems.append(SystemChoice(system="urgency", gm_granted=True))
    result = evaluate(document)
    agility = value(result, "score.agi")
    assert isinstance(agility, int)
    assert value(result, "turn_order") == f"2d6 + {agility + max(agility - 5, 0)}"


def test_move_is_ten_metres_and_quick_adds_a_die() -> None:
    """Line 457, the Move Action: "Move up to 10m."; line 2069, Quick: "When you take the
    Move Action, move up to 1d6 additional metres."""
    document = character("lancer")
    assert value(evaluate(document), "move") == "10 m"
    document.character.systems.append(SystemChoice(system="quick", gm_granted=True))
    assert value(evaluate(document), "move") == "10 m + 1d6"


def test_the_sheet_prints_turn_order_and_move_with_the_vitals() -> None:
    """The play card keeps the vitals: a fight starts with the turn order roll and each
    turn's Move (lines 441, 453-457)."""
    document = character("lancer")
    sheet = build_sheet(SYSTEM, document, evaluate(document))
    vitals = next(s for s in sheet.sections if s.key == "vitals")
    assert isinstance(vitals, KeyValueSection)
    labels = [entry.label for entry in vitals.entries]
    assert labels[-2:] == ["Turn order", "Move"]
