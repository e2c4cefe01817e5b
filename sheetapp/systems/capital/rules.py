"""Every Capital rule, in the order of the creation steps. Each rule is one function with
a stable ``capital.*`` code; its docstring quotes the seed line it enforces.

Severity: an error is a rule broken; a warning is a step not finished yet (a new
character has several); info is advice.
"""

from __future__ import annotations

from sheetapp.core.issues import Issue
from sheetapp.systems.capital import (
    codes,
    rules_assets,
    rules_creation,
    rules_equipment,
    rules_systems,
)
from sheetapp.systems.capital.context import Rule, RuleContext, char_path, info, warning


def level_hp_rolls(ctx: RuleContext) -> list[Issue]:
    """ "Your max HP increases. Check your Role to find out how much." (line 357)"""
    role = ctx.sheet.role
    if role is None:
        return []
    return rules_assets.hp_roll_issues(
        ctx.character.hp_rolls, role.hp.increase.dice, ctx.character.level, char_path("hp_rolls")
    )


def vitals_state(ctx: RuleContext) -> list[Issue]:
    """Current vitals within their maxima; "While they are in Critical Condition and/or
    their Bones are not at their maximum, their Attribute Scores are reduced by 2."
    (line 289)"""
    vitals = ctx.character.vitals
    sheet = ctx.sheet
    issues = []
    for key, maximum in (
        ("hp", sheet.max_hp.value),
        ("energy", sheet.max_energy.value),
        ("bones", sheet.max_bones.value),
    ):
        current = getattr(vitals, key)
        if current is not None and current > maximum:
            issues.append(
                warning(
                    codes.VITAL_OVER_MAX,
                    f"Current {key.upper() if key == 'hp' else key.capitalize()} {current} is "
                    f"above the maximum {maximum}.",
                    char_path("vitals", key),
                    "Lower the current value, or fix what raises the maximum.",
                )
            )
    bones_down = vitals.bones is not None and vitals.bones < sheet.max_bones.value
    if bones_down or vitals.hp == 0:
        issues.append(
            info(
                codes.SCORES_REDUCED,
                "In Critical Condition or below maximum Bones: Attribute Scores are reduced by 2.",
                char_path("vitals"),
                "Bones come back only with a Full Rest (1d6).",
            )
        )
    return issues


RULES: tuple[Rule, ...] = (
    rules_creation.role_chosen,
    rules_creation.role_adjustments,
    rules_creation.stories_and_personality,
    rules_creation.strengths_and_weaknesses,
    rules_creation.attribute_dice,
    rules_creation.attribute_range,
    level_hp_rolls,
    rules_systems.slots_budget,
    rules_systems.system_levels,
    rules_systems.selectable,
    rules_systems.role_systems_present,
    rules_systems.requirements,
    rules_systems.repeats,
    rules_systems.replaced_kept,
    rules_systems.innate,
    rules_assets.special_asset,
    rules_equipment.starting_equipment,
    rules_equipment.equipment_choices,
    rules_equipment.hands,
    rules_equipment.heavy,
    rules_equipment.starting_money,
    rules_equipment.money,
    vitals_state,
)


def check(ctx: RuleContext) -> list[Issue]:
    issues: list[Issue] = []
    for rule in RULES:
        issues.extend(rule(ctx))
    return issues
