"""Defences, initiative and reactivation as the sheet shows them (seed 000)."""

from __future__ import annotations

from tests.gladiators.helpers import ability, character, evaluate


def value(document: object, key: str) -> object:
    return evaluate(document).derived_value(key).value  # type: ignore[arg-type]


def test_evade_is_the_evasion_level() -> None:
    """Line 512: "Direct attacks is Accuracy vs Evade"; Evasion: "Dodge against Direct
    attacks" (line 76)."""
    assert value(character(), "defence.evade") == 0
    assert value(character(ability("evasion", 3)), "defence.evade") == 3


def test_the_best_defence_counts_not_the_sum() -> None:
    """Line 549: "If the target has more than one defence which could apply then use the
    best – don't add them together." Fighting Skill is a Dodge against Melee attacks."""
    doc = character(ability("evasion", 2), ability("fighting_skill", 4))
    assert value(doc, "defence.evade") == 2
    assert value(doc, "defence.evade_close") == 4
    doc = character(ability("evasion", 5), ability("fighting_skill", 4))
    assert value(doc, "defence.evade_close") == 5


def test_move_vs_areas_adds_the_movement_class_modifier() -> None:
    """Line 480: "a modifier to Move's Level when resisting area attacks"; Leap +2
    (line 487), Air has none (line 483)."""
    leap = ability("movement", 2, options={"movement_class": "leap"}, types=["solid"])
    air = ability("movement", 3, options={"movement_class": "air"}, types=["solid"])
    assert value(character(leap), "defence.move") == 4
    assert value(character(air), "defence.move") == 3
    assert value(character(air, leap), "defence.move") == 4
    assert value(character(), "defence.move") == 0


def test_confusion_and_prediction() -> None:
    """Lines 520-521: "Indirect is 0 (1 with Precise) vs Prediction. Seeking attacks is
    Homing vs Confusion"."""
    doc = character(ability("confusion", 2), ability("prediction", 3))
    assert value(doc, "defence.confusion") == 2
    assert value(doc, "defence.prediction") == 3


def test_armour_protects_half_against_energy_rounded_up() -> None:
    """Armour "Protects against damage which is Solid or Physical. Has half its levels to
    Protect against Energy and Direct Poison" (line 57); "Any time an ability description
    refers to a fractional level it is rounded up" (line 44)."""
    doc = character(ability("armour", 3))
    assert value(doc, "protects.armour") == "3 vs Solid, Physical; 2 vs Energy, Direct Poison"
    assert "protects.force_field" not in {v.key for v in evaluate(doc).derived}


def test_damage_defence_protects_against_its_chosen_types() -> None:
    """Damage Defence "Protects against a named Damaging Attack Type or Source" (line 67)."""
    doc = character(ability("damage_defence", 2, types=["energy"]))
    assert value(doc, "protects.damage_defence") == "2 vs Energy"


def test_super_strength_adds_to_forced_move_defence() -> None:
    """Super Strength: "Level is added to Forced Move Defence" (line 142)."""
    doc = character(ability("forced_move_defence", 2), ability("super_strength", 3))
    assert value(doc, "protects.forced_move_defence") == "5"
    only_strength = character(ability("super_strength", 3))
    assert value(only_strength, "protects.forced_move_defence") == "3"


def test_energy_defence_doubles_against_its_sub_type() -> None:
    """Energy Defence: "A defence is worth x2 level against one named sub-type of energy"
    (line 177)."""
    armour = ability("armour", 2, "energy_defence")
    armour.modifiers[0].note = "Fire"
    assert value(character(armour), "protects.armour").endswith("; 4 vs Fire")  # type: ignore[union-attr]


def test_initiative_is_the_speed_level() -> None:
    """Line 413: "The order of the turn sequence (initiative) is in order of Speed Level"."""
    assert value(character(), "initiative") == 0
    assert value(character(ability("speed", 2)), "initiative") == 2


def test_reactivation_table_and_regeneration() -> None:
    """Lines 618-622: times out of action 1 → 4+, 2 → 7+, 3 → 10+, each +1 → +3;
    Regeneration "Adds level to chance of reactivation" (line 137)."""
    assert value(character(), "reactivation") == "4+ / 7+ / 10+ / 13+ / +3"
    regen = character(ability("regeneration", 2))
    assert value(regen, "reactivation") == "2+ / 5+ / 8+ / 11+ / +3"


def test_minor_characters_reactivate_on_six_once() -> None:
    """Line 626: "Minor characters always reactivate on 6+. If they fail one reactivation
    roll they are removed from play altogether." """
    assert value(character(kind="minor"), "reactivation") == "6+ once"


def test_hits_on_reactivation_are_half_the_total_rounded_up() -> None:
    """Line 624: "On reactivation a character has ½ of his/her total hits (3 + Levels in
    Toughness)"."""
    assert value(character(), "reactivation_hits") == 2
    assert value(character(ability("toughness", 3)), "reactivation_hits") == 3
