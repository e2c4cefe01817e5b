"""Glorious Gladiators validation rules, each quoting its seed line."""

from __future__ import annotations

from typing import Any

from sheetapp.core.issues import Severity
from sheetapp.systems.gladiators.model import ModifierChoice, TraitChoice
from tests.gladiators.helpers import ability, character, codes, evaluate, trait


def test_over_budget_is_an_error() -> None:
    """ "A character has a number of Glory Points (GP) to spend on creation." (line 13)"""
    doc = character(ability("armour", 10, source="technological"), budget=10)
    result = evaluate(doc)
    # Armour L10 = 5×1 + 5×2 = 15, base 2 → 17; advantages 2 + 2 - disadvantage 2 → 2
    assert result.total("gp").spent == 19
    issue = next(i for i in result.issues if i.code == "gladiators.gp_over_budget")
    assert issue.severity is Severity.ERROR and "9 GP over budget" in issue.message
    doc.campaign.gp_budget = 19
    assert "gladiators.gp_over_budget" not in codes(evaluate(doc))


def test_minor_characters_max_level_3() -> None:
    """ "They cannot have abilities over Level 3 unless produced by a conventional or
    technological item that is large" (line 11)"""
    doc = character(ability("accuracy", 4, source="mutant"), kind="minor")
    assert "gladiators.minor_level" in codes(evaluate(doc))
    doc = character(ability("accuracy", 3, source="mutant"), kind="minor")
    assert "gladiators.minor_level" not in codes(evaluate(doc))
    doc = character(
        ability("damaging_attack", 4, "direct", source="technological", large_item=True),
        kind="minor",
    )
    assert "gladiators.minor_level" not in codes(evaluate(doc))
    doc = character(
        ability("damaging_attack", 4, "direct", source="magical", large_item=True), kind="minor"
    )
    assert "gladiators.minor_level" in codes(evaluate(doc)), "only conventional/technological items"


def test_conventional_max_level_5() -> None:
    """ "Conventional ... These cannot have a Level over 5 unless produced by a large
    item." (line 34)"""
    assert "gladiators.conventional_level" in codes(evaluate(character(ability("armour", 6))))
    assert "gladiators.conventional_level" not in codes(evaluate(character(ability("armour", 5))))
    large = character(ability("armour", 6, large_item=True))
    assert "gladiators.conventional_level" not in codes(evaluate(large))


def test_advantage_and_disadvantage_counts() -> None:
    """ "A character must have 2-5 advantages and 1-4 disadvantages." (line 274)"""
    doc = character()
    assert not {"gladiators.advantages_count", "gladiators.disadvantages_count"} & codes(
        evaluate(doc)
    )
    doc.character.advantages = doc.character.advantages[:1]
    doc.character.disadvantages = [trait("angst", "com", "min")] * 5
    found = codes(evaluate(doc))
    assert {"gladiators.advantages_count", "gladiators.disadvantages_count"} <= found
    doc.character.character_type = "minor"
    assert "gladiators.advantages_count" not in codes(evaluate(doc))


def test_no_advantages_or_no_disadvantages_is_an_error_to_do() -> None:
    """ "A character must have 2-5 advantages and 1-4 disadvantages." (line 274): a
    finished character with advantages and no disadvantage is not legal; none chosen is
    the same error, marked as the step still to do."""
    doc = character()
    doc.character.disadvantages = []
    [found] = [i for i in evaluate(doc).issues if i.code == "gladiators.disadvantages_count"]
    assert found.severity is Severity.ERROR and found.is_todo
    assert found.step == "Advantages and Disadvantages"
    doc.character.advantages = []
    found_codes = {i.code for i in evaluate(doc).issues if i.severity is Severity.ERROR}
    assert "gladiators.advantages_count" in found_codes


def test_trait_cost_is_frequency_plus_severity() -> None:
    """ "Ageless ... Com, Maj 3" and "Aggressive ... Fre, Maj -4" (line 294, 295), from
    Frequent 2, Common 1, Rare 0 and Major 2, Significant 1, Minor 0 (lines 278-283)."""
    doc = character()
    doc.character.advantages = [trait("ageless", "com", "maj"), trait("skill", "rar", "min")]
    doc.character.disadvantages = [trait("aggressive", "fre", "maj")]
    lines = evaluate(doc).costs[1].children
    assert [c.amount for c in lines[0].children] == [3, 0]
    assert [c.amount for c in lines[1].children] == [-4]


def test_disadvantage_points_only_pay_for_advantages() -> None:
    """ "Points from disadvantages can only be spent on advantages." (line 274)"""
    doc = character(ability("accuracy", 1, source="mutant"))  # 2 GP
    doc.character.advantages = [trait("skill", "com", "sig"), trait("contacts", "rar", "min")]  # 2
    doc.character.disadvantages = [trait("aggressive", "fre", "maj")]  # 4
    result = evaluate(doc)
    assert result.total("gp").spent == 2, "the 2 extra disadvantage points buy no abilities"
    warning = next(i for i in result.issues if i.code == "gladiators.disadvantage_points_unused")
    assert warning.severity is Severity.WARNING
    doc.character.advantages.append(TraitChoice(trait="ageless", frequency="com", severity="maj"))
    assert evaluate(doc).total("gp").spent == 2 + (5 - 4)


def test_activation_needs_persistent_or_always_on() -> None:
    """Activation "Can only be on an ability which is Persistent or Always On." (lines 159-160)"""
    doc = character(ability("armour", 2, ("activation", "roll_3"), source="mutant"))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.modifier_restriction")
    assert issue.path == ("character", "abilities", 0, "modifiers", 0)
    assert "Persistent or Always On" in issue.message
    ok = character(ability("armour", 2, "always_on", ("activation", "roll_3"), source="mutant"))
    assert "gladiators.modifier_restriction" not in codes(evaluate(ok))


def test_modifier_taken_more_than_allowed() -> None:
    """Energy Defence "Can be applied a maximum of twice." """
    twice = character(ability("armour", 2, "energy_defence", "energy_defence", source="mutant"))
    assert "gladiators.modifier_restriction" not in codes(evaluate(twice))
    thrice = character(ability("armour", 2, *["energy_defence"] * 3, source="mutant"))
    assert "gladiators.modifier_restriction" in codes(evaluate(thrice))
    doubled = character(ability("armour", 2, "item", "item", source="mutant"))
    assert "gladiators.modifier_restriction" in codes(evaluate(doubled))


def test_bullet_needs_a_direct_solid_lethal_attack_up_to_level_3() -> None:
    """ "A Direct, Solid, Lethal attack which isn't Melee and is L1-3 can be a Bullet" (line 170)"""
    pistol = ability(
        "damaging_attack",
        2,
        "direct",
        ("lethal", "any"),
        "ranged",
        "focus",
        "shots",
        "bullet",
        types=["solid"],
    )
    assert "gladiators.modifier_restriction" not in codes(evaluate(character(pistol)))
    pistol.level = 4
    assert "gladiators.modifier_restriction" in codes(evaluate(character(pistol)))


def test_variant_must_be_chosen() -> None:
    doc = character(ability("armour", 2, "limited", source="mutant"))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.modifier_restriction")
    assert "choose one of" in issue.message


def test_ability_with_a_type_needs_one() -> None:
    """Types "are selected when the ability is designed" (line 17)."""
    doc = character(ability("absorption", 2, source="mutant"))
    assert "gladiators.type_missing" in codes(evaluate(doc))


def test_uncertain_catalog_cost_is_flagged_until_a_referee_rules() -> None:
    doc = character(ability("heal", 1, source="magical"))
    assert "gladiators.uncertain_cost" in codes(evaluate(doc))
    doc.character.abilities[0].cost_override = 8
    assert "gladiators.uncertain_cost" not in codes(evaluate(doc))


def test_trait_bought_alongside_another() -> None:
    """Never Grows Up: "Bought alongside Young." (traits table, seed lines 272-406)"""
    doc = character()
    doc.character.disadvantages.append(trait("never_grows_up", "fre", "sig"))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.trait_prerequisite")
    assert issue.path == ("character", "disadvantages", 1)
    doc.character.disadvantages.append(trait("young", "com", "sig"))
    assert "gladiators.trait_prerequisite" not in codes(evaluate(doc))


def test_one_range_unless_flexible_range() -> None:
    """Flexible Range lets an ability have several ranges (line 184), so without it an
    ability has one range modifier."""
    doc = character(ability("damaging_attack", 2, "direct", "touch", "ranged", types=["solid"]))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.modifier_restriction")
    assert issue.path == ("character", "abilities", 0, "modifiers", 2)
    assert "range" in issue.message
    doc.character.abilities[0].modifiers.append(ModifierChoice(modifier="flexible_range"))
    assert not any(
        "range" in i.message
        for i in evaluate(doc).issues
        if i.code == "gladiators.modifier_restriction"
    )


def test_wall_must_be_an_area_line() -> None:
    """Wall "Has Solid or Physical Type. Must be an Area Line." (line 151)"""
    wall = ability("wall", 2, ("area", "area"), types=["solid"], source="mutant")
    issue = next(
        i for i in evaluate(character(wall)).issues if i.code == "gladiators.ability_restriction"
    )
    assert "Area Line" in issue.message
    wall.modifiers[0].shape = "line"
    assert "gladiators.ability_restriction" not in codes(evaluate(character(wall)))
    wall.types = ["energy"]
    assert "gladiators.ability_restriction" in codes(evaluate(character(wall)))


def test_unspent_glory_points_are_noted_not_an_error() -> None:
    """ "A character has a number of Glory Points (GP) to spend on creation." (line 13)
    GP left over are information: the character is legal, the player may still spend them."""
    from sheetapp.core.issues import Severity
    from sheetapp.systems.gladiators import codes as gladiator_codes

    result = evaluate(character(ability("armour", 2), budget=40))
    unspent = [i for i in result.issues if i.code == gladiator_codes.GP_UNSPENT]
    assert len(unspent) == 1 and unspent[0].severity is Severity.INFO
    assert unspent[0].path == ("campaign", "gp_budget")
    assert not any(i.code == gladiator_codes.GP_OVER_BUDGET for i in result.issues)


def _variant_issue(document: Any) -> Any:
    return next(
        (i for i in evaluate(document).issues if i.code == "gladiators.modifier_variant"), None
    )


def test_quick_is_priced_by_the_abilitys_range() -> None:
    """Quick: "1 if no range, 2 if Touch, otherwise 4" (line 233). Quick "if no range" on a
    Ranged attack is an error (it costs 4, not 1)."""
    ranged = character(ability("damaging_attack", 2, "ranged", ("quick", "no_range")))
    found = _variant_issue(ranged)
    assert found is not None and found.severity is Severity.ERROR
    assert found.path == ("character", "abilities", 0, "modifiers", 1, "variant")
    assert "otherwise 4" in found.message and found.hint == "Choose 'otherwise 4'."
    assert (
        _variant_issue(character(ability("damaging_attack", 2, "ranged", ("quick", "other"))))
        is None
    )
    assert (
        _variant_issue(character(ability("damaging_attack", 2, "touch", ("quick", "touch"))))
        is None
    )
    assert _variant_issue(character(ability("armour", 2, ("quick", "no_range")))) is None


def test_short_is_cheaper_only_for_a_damaging_attack() -> None:
    """Short: "2 or 1 for a Damaging Attack." (line 242)"""
    grab = character(ability("grab_attack", 2, ("short", "damaging_attack")))
    assert _variant_issue(grab) is not None
    attack = character(ability("damaging_attack", 2, ("short", "damaging_attack")))
    assert _variant_issue(attack) is None


def test_slow_minus_one_only_for_a_personal_persistent_ability() -> None:
    """Slow: "-1 for a Persistent ability which targets the user otherwise -2." (line 244)"""
    strength = character(ability("super_strength", 2, ("slow", "persistent_self")))
    assert _variant_issue(strength) is not None
    personal = character(
        ability("super_strength", 2, ("persistent", "personal"), ("slow", "persistent_self"))
    )
    assert _variant_issue(personal) is None


def test_persistent_target_for_trap_attack_only_on_a_trap_attack() -> None:
    """Persistent "Target for Trap Attack 2", "Target Other 3" (line 231)."""
    attack = character(ability("damaging_attack", 2, ("persistent", "target_trap")))
    assert _variant_issue(attack) is not None
    trap = character(ability("trap_attack", 2, ("persistent", "target_trap")))
    assert _variant_issue(trap) is None


def test_adding_a_priced_modifier_takes_the_variant_the_rule_gives() -> None:
    """The editor picks Quick's "2 if Touch" on a Touch ability (line 233) by itself."""
    from sheetapp.core.changes import apply_to_document
    from sheetapp.systems.gladiators import edits

    document = character(ability("damaging_attack", 2, "touch"))
    document = apply_to_document(document, edits.add_modifier(document, 0, "quick"))
    assert document.character.abilities[0].modifiers[-1].variant == "touch"
    assert _variant_issue(document) is None


def test_an_area_with_no_range_must_be_a_blast() -> None:
    """ "A cone can only be used with Touch range and begins one hex from the user. An Area
    with no range must be a blast" (line 167)."""
    line = ModifierChoice(modifier="area", variant="area", shape="line")
    document = character(ability("damaging_attack", 2, line))
    found = next(i for i in evaluate(document).issues if i.code == "gladiators.area_shape")
    assert found.severity is Severity.ERROR
    assert found.path == ("character", "abilities", 0, "modifiers", 0, "shape")
    cone = ModifierChoice(modifier="area", variant="area", shape="cone")
    ranged_cone = character(ability("damaging_attack", 2, "ranged", cone))
    assert "gladiators.area_shape" in codes(evaluate(ranged_cone))
    touch_cone = character(ability("damaging_attack", 2, "touch", cone))
    assert "gladiators.area_shape" not in codes(evaluate(touch_cone))
    blast = ModifierChoice(modifier="area", variant="area", shape="blast")
    assert "gladiators.area_shape" not in codes(
        evaluate(character(ability("damaging_attack", 2, blast)))
    )


def _codes_of(*abilities: Any) -> dict[str, Any]:
    return {i.code: i for i in evaluate(character(*abilities)).issues}


def test_types_are_the_rulebooks_five() -> None:
    """ "Unless stated otherwise all Types are selected when the ability is designed"
    (line 17): Energy, Physical, Poison, Psychic and Solid (lines 20-28)."""
    found = _codes_of(ability("damaging_attack", 2, types=["banana"]))
    assert found["gladiators.type_unknown"].path == ("character", "abilities", 0, "types", 0)
    assert found["gladiators.type_unknown"].severity is Severity.ERROR


def test_a_fixed_type_cannot_be_changed() -> None:
    """Wall "Has Solid or Physical Type" (line 151): a Type it does not allow is an error."""
    found = _codes_of(ability("wall", 2, "area", types=["psychic"]))
    assert "gladiators.type_not_allowed" in found


def test_the_type_follows_the_price() -> None:
    """A Damaging Attack priced as Energy but typed Solid shows "Solid, Energy" no more."""
    priced = ability("damaging_attack", 2, types=["solid"], options={"type": "energy"})
    found = _codes_of(priced)
    assert "gladiators.type_price_mismatch" in found
    assert (
        "priced as Energy but its Type is Solid" in found["gladiators.type_price_mismatch"].message
    )


def test_energy_subtypes() -> None:
    """Energy "Has subtypes: Heat, Cold, Electricity, Radiation, Entropy." (line 21)"""
    assert "gladiators.subtype_unknown" in _codes_of(
        ability("damaging_attack", 2, types=["energy"], subtype="Sound")
    )
    assert "gladiators.subtype_without_energy" in _codes_of(
        ability("damaging_attack", 2, types=["solid"], subtype="Heat")
    )
    heat = _codes_of(ability("damaging_attack", 2, types=["energy"], subtype="Heat"))
    assert not {"gladiators.subtype_unknown", "gladiators.subtype_without_energy"} & set(heat)
