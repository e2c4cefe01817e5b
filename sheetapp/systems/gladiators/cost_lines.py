"""The cost lines of a Glorious Gladiators character: one per ability (its levels,
options, alternatives and modifiers below it) and the advantages and disadvantages."""

from __future__ import annotations

from sheetapp.core.costs import CostLine
from sheetapp.core.issues import DataPath
from sheetapp.systems.gladiators.catalog import Catalogs
from sheetapp.systems.gladiators.costs import AbilityCost, ability_cost
from sheetapp.systems.gladiators.model import GladiatorsCampaign, GladiatorsCharacter
from sheetapp.systems.gladiators.notation import ability_notation
from sheetapp.systems.gladiators.resolve import ResolvedAbility, resolve_ability, without_cost
from sheetapp.systems.gladiators.starting import starting_abilities
from sheetapp.systems.gladiators.traits import TraitPrice

GP = "gp"


def ability_line(
    index: int,
    ability: ResolvedAbility,
    cost: AbilityCost,
    cats: Catalogs,
    campaign: GladiatorsCampaign,
) -> CostLine:
    """The ability's line: what it costs (after a referee's ruling or a free starting
    ability), with its levels, options, alternatives and modifiers below it."""
    path = ("character", "abilities", index)
    amount, explanation = _ability_amount(ability, cost, cats, campaign)
    children = [
        CostLine(
            f"Level {ability.choice.level}", cost.levels, cost.levels_sum, (*path, "level"), GP
        ),
        *_option_lines(ability, path),
        *_alternative_lines(ability, path),
        *(
            modifier_line(ability, cost, m_index, (*path, "modifiers", m_index))
            for m_index in range(len(ability.modifiers))
        ),
    ]
    return CostLine(ability_notation(ability), amount, explanation, path, GP, tuple(children))


def _ability_amount(
    ability: ResolvedAbility, cost: AbilityCost, cats: Catalogs, campaign: GladiatorsCampaign
) -> tuple[int, str]:
    amount = cost.total
    explanation = cost.explain(ability.choice.level)
    if ability.choice.cost_override is not None:
        amount = ability.choice.cost_override
        explanation = f"referee's ruling: {amount} GP (the rules give {cost.total})"
    if ability.choice.starting and campaign.starting_upgrade == "full" and _upgraded(ability):
        explanation += "; an upgraded starting ability costs its full price (campaign setting)"
    elif ability.choice.starting:
        free = _starting_allowance(ability.choice.starting, cats)
        amount = max(0, amount - free)
        explanation += f"; free starting ability worth {free} GP → {amount} GP"
    return amount, explanation


def _option_lines(ability: ResolvedAbility, path: DataPath) -> list[CostLine]:
    return [
        CostLine(
            without_cost(option.label, "Base cost"),
            option.cost * count,
            f"{count}×{option.cost}" if count > 1 else "",
            (*path, "options"),
            GP,
        )
        for option, count in ability.options
    ]


def _alternative_lines(ability: ResolvedAbility, path: DataPath) -> list[CostLine]:
    return [
        CostLine(
            without_cost(alt.choice.label or alt.name, alt.name),
            alt.base_cost,
            "Flexible Ability: its base cost is paid too (line 183)",
            (*path, "alternatives", a_index),
            GP,
        )
        for a_index, alt in enumerate(ability.alternatives)
    ]


def modifier_line(
    ability: ResolvedAbility, cost: AbilityCost, m_index: int, path: DataPath
) -> CostLine:
    mod = ability.modifiers[m_index]
    value = cost.modifier_values[m_index]
    note = mod.choice.note
    flexible = cost.flexible
    if flexible and mod.choice.flexible:
        reduction = flexible.reduction_for(m_index)
        if reduction is None:
            note = "flexible: the cheapest alternative, paid"
        else:
            lowers = f"lowers the Level by {reduction}" if reduction else "costs the same"
            note = f"flexible: not paid ({value:+d}); {lowers} when used"
            value = 0
    if value < 0 and cost.negative_scale > 1:
        # Limitations scale with the ability's cost: the row shows what it takes off.
        scaled = f"{value:+d} ×{cost.negative_scale}"
        if cost.negative_over_cap:
            scaled += f" (all limitations together are capped at -{cost.negative_cap})"
        note = f"{scaled}; {note}" if note else scaled
        value *= cost.negative_scale
    return CostLine(mod.display, value, note, path, GP)


def _upgraded(ability: ResolvedAbility) -> bool:
    template = starting_abilities().get(ability.choice.starting or "")
    return template is None or ability.choice.model_dump() != template.model_dump()


def _starting_allowance(key: str, cats: Catalogs) -> int:
    template = starting_abilities().get(key)
    if template is None:
        return 0
    resolved = resolve_ability(template, cats, {}, {})
    return ability_cost(resolved).total


def traits_line(
    character: GladiatorsCharacter,
    advantage_prices: list[TraitPrice],
    disadvantage_prices: list[TraitPrice],
    net: int,
) -> CostLine:
    """The advantages and disadvantages, each with its points, and what they add."""
    adv = tuple(
        CostLine(
            t.name or t.trait, price.points, price.explanation, ("character", "advantages", i), GP
        )
        for i, (t, price) in enumerate(zip(character.advantages, advantage_prices, strict=True))
    )
    dis = tuple(
        CostLine(
            t.name or t.trait,
            -price.points,
            price.explanation,
            ("character", "disadvantages", i),
            GP,
        )
        for i, (t, price) in enumerate(
            zip(character.disadvantages, disadvantage_prices, strict=True)
        )
    )
    advantages = sum(price.points for price in advantage_prices)
    disadvantages = sum(price.points for price in disadvantage_prices)
    balance = advantages - disadvantages
    explanation = f"advantages {advantages} - disadvantages {disadvantages} = {balance}"
    if net == 0 and disadvantages > advantages:
        explanation += "; disadvantage points only pay for advantages, so 0"
    return CostLine(
        "Advantages and disadvantages",
        net,
        explanation,
        ("character",),
        GP,
        (
            CostLine("Advantages", advantages, "", ("character", "advantages"), GP, adv),
            CostLine("Disadvantages", -disadvantages, "", ("character", "disadvantages"), GP, dis),
        ),
    )
