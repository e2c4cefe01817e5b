"""Flexible Ability, Flexible Modifier and combinable variants (seed lines 183-187)."""

from __future__ import annotations

from sheetapp.systems.gladiators.model import AlternativeAbility, ModifierChoice
from tests.gladiators.helpers import ability, ability_cost, character, codes, evaluate


def test_flexible_ability_pays_every_base_cost_and_the_lowest_level_limit() -> None:
    """Line 183: "To work out the cost pay the base cost of all the abilities and the cost
    for the Level for the one with the lowest Level limit." "+4 per extra ability".
    Prediction (base -1, limit 5) or Evasion (base 1, limit 4), L5:
    levels 4×1 + 1×2 = 6, base -1 + 1 = 0, Flexible Ability +4 → 10."""
    prediction = ability("prediction", 5, "flexible_ability")
    prediction.alternatives = [AlternativeAbility(ability="evasion")]
    doc = character(prediction)
    assert ability_cost(doc) == 10
    line = evaluate(doc).costs[0].children[0]
    assert "L5: 4×1 + 1×2 = 6, base +0" in line.explanation
    assert [child.amount for child in line.children if "Evasion" in child.label] == [1]
    assert not codes(evaluate(doc)) & {
        "gladiators.flexible_ability_alternatives",
        "gladiators.alternatives_without_flexible_ability",
    }


def test_flexible_ability_counts_its_alternatives_not_its_units() -> None:
    """ "+4 per extra ability": two alternatives cost 8 whatever the units say."""
    attack = ability("damaging_attack", 1, ModifierChoice(modifier="flexible_ability", units=1))
    attack.types = ["solid"]
    attack.alternatives = [
        AlternativeAbility(ability="draining_attack"),  # base Named -1
        AlternativeAbility(ability="evasion"),  # base 1
    ]
    # levels 1, base 0 - 1 + 1 = 0, modifiers +8 → 9
    assert ability_cost(character(attack)) == 9


def test_alternatives_need_the_flexible_ability_modifier_and_vice_versa() -> None:
    listed = ability("evasion", 1)
    listed.alternatives = [AlternativeAbility(ability="prediction")]
    assert "gladiators.alternatives_without_flexible_ability" in codes(evaluate(character(listed)))
    unlisted = ability("evasion", 1, "flexible_ability")
    assert "gladiators.flexible_ability_alternatives" in codes(evaluate(character(unlisted)))


def flexible(modifier_id: str) -> ModifierChoice:
    return ModifierChoice(modifier=modifier_id, flexible=True)


def test_flexible_modifier_pays_the_cheapest_and_lowers_the_level_for_the_dearer() -> None:
    """Line 184: "with Flexible Range Touch and Distant pay the cost of Touch only (2 GP).
    When Distant is activated (5 GP) the Level of the ability will be reduced by 3 GP
    worth." Damaging Attack Solid L2: levels 2 + Touch 2 + Flexible Modifier 1 = 5."""
    attack = ability("damaging_attack", 2, "direct", "flexible_modifier")
    attack.types = ["solid"]
    attack.modifiers += [flexible("touch"), flexible("distant")]
    doc = character(attack)
    evaluation = evaluate(doc)
    assert ability_cost(doc) == 5
    line = evaluation.costs[0].children[0]
    assert "flexible: pays Touch +2; Distant lowers the Level by 3 when used" in line.explanation
    distant = next(child for child in line.children if child.label == "Distant")
    assert distant.amount == 0
    assert "lowers the Level by 3" in distant.explanation
    # Two ranges are legal here: the Flexible Modifier chooses between them.
    assert "gladiators.modifier_group" not in codes(evaluation)


def test_flexible_marks_need_the_flexible_modifier() -> None:
    attack = ability("damaging_attack", 2, "direct")
    attack.types = ["solid"]
    attack.modifiers += [flexible("touch"), flexible("distant")]
    found = codes(evaluate(character(attack)))
    assert "gladiators.flexible_without_modifier" in found
    # Without the Flexible Modifier both ranges are paid in full.
    assert ability_cost(character(attack)) == 2 + 2 + 5


def test_flexible_modifier_with_one_alternative_is_a_warning() -> None:
    attack = ability("damaging_attack", 2, "direct", "flexible_modifier")
    attack.types = ["solid"]
    attack.modifiers.append(flexible("touch"))
    assert "gladiators.flexible_modifier_unused" in codes(evaluate(character(attack)))


def test_combinable_variants_add_up() -> None:
    """Undetectable Effect: "Vision 3 Others 1 each" — Vision and two other kinds = 5."""
    attack = ability(
        "damaging_attack",
        1,
        "direct",
        ModifierChoice(
            modifier="undetectable_effect", variants={"vision": 1, "other_detection": 2}
        ),
    )
    attack.types = ["solid"]
    line = evaluate(character(attack)).costs[0].children[0]
    modifier = next(child for child in line.children if child.label.startswith("Undetectable"))
    assert modifier.amount == 5
    assert modifier.label == "Undetectable Effect (Vision, Others 1 each ×2)"


def test_flexible_type_combines_extra_types_and_energy_subtypes() -> None:
    """Line 187: "+2 per extra Type or +1 for an extra Energy subtype"."""
    attack = ability(
        "damaging_attack",
        1,
        "direct",
        ModifierChoice(
            modifier="flexible_type", variants={"extra_type": 1, "extra_energy_subtype": 2}
        ),
    )
    attack.types = ["solid"]
    line = evaluate(character(attack)).costs[0].children[0]
    modifier = next(child for child in line.children if child.label.startswith("Flexible Type"))
    assert modifier.amount == 2 + 2
