"""Starting abilities, derived values and the rulebook notation."""

from __future__ import annotations

from sheetapp.systems.gladiators.system import SYSTEM
from tests.gladiators.helpers import ability, character, evaluate


def test_new_character_has_the_four_free_abilities() -> None:
    """ "All characters start with the following at no cost: Walk/Run Level 1 ...
    Normal Senses Level 1 ... Punch/Kick Level 1 ... Grapple Level 1" (lines 260-268)"""
    document = SYSTEM.new_document("New")
    result = evaluate(document)
    assert [a.starting for a in document.character.abilities] == [
        "walk",
        "vision",
        "punch",
        "grapple",
    ]
    assert result.total("gp").spent == 0


def test_upgrading_a_starting_ability_costs_the_difference() -> None:
    """ "These standard abilities may be upgraded" (line 270): Walk L2 costs 2 - 1 = 1."""
    document = SYSTEM.new_document("New")
    document.character.abilities[0].level = 2
    line = evaluate(document).costs[0].children[0]
    assert line.amount == 1
    assert "free starting ability worth 1 GP" in line.explanation


def test_hits_are_three_plus_toughness() -> None:
    """ "total hits (3 + Levels in Toughness)" (line 624); "A minor character takes 1 hit"."""
    doc = character(ability("toughness", 2, source="mutant"))
    assert evaluate(doc).derived_value("hits").value == 5
    doc.character.character_type = "minor"
    assert evaluate(doc).derived_value("hits").value == 1


def test_movement_in_hexes() -> None:
    """ "Walk L2 (6 squares)" (line 685): Ground moves 3 hexes per level;
    Underground 2 (line 490)."""
    document = SYSTEM.new_document("New")
    document.character.abilities[0].level = 2
    document.character.abilities.append(
        ability(
            "movement",
            3,
            types=["physical"],
            options={"movement_class": "underground"},
            source="mutant",
        )
    )
    values = {v.label: v.value for v in evaluate(document).derived}
    assert values["Move: Walk/Run"] == 6
    assert values["Move: Underground"] == 6


def test_ability_written_as_the_rulebook_does() -> None:
    """The seed writes "Pistol: Damaging Attack L2, Lethal, Solid, Ranged, Focus, Shots,
    Bullet, Conv." (line 677)."""
    pistol = ability(
        "damaging_attack",
        2,
        ("lethal", "any"),
        "ranged",
        "focus",
        "shots",
        "bullet",
        label="Pistol",
        types=["solid"],
        options={"type": "solid"},
    )
    line = evaluate(character(pistol)).costs[0].children[0]
    assert (
        line.label
        == "Pistol: Damaging Attack L2, Solid, Lethal, Ranged, Focus, Shots, Bullet, Conv."
    )
