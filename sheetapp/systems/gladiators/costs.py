"""Glorious Gladiators ability costs (seed lines 52-54 and 155).

"Each level up to and including the Level Limit costs 1 GP/Level, up to and
including double the Level Limit costs 2 GP/Level, up to and including triple the
Level Limit costs 3GP/Level and so on." "A negative base cost is subtracted from the
cost of Levels and Modifiers. No ability can ever cost less than 1 GP."
"Negative modifiers cannot exceed half of the total cost of the ability including
positive modifiers ... Negative modifiers are per 10 points of base cost of the
ability so on abilities that cost 11-20 points modifiers are worth twice as much and
21-30 three times as much."
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.gladiators.catalog import (
    ByLevelCost,
    FixedCost,
    LevelStep,
    PerUnitCost,
    VariantCost,
)
from sheetapp.systems.gladiators.resolve import ResolvedAbility, ResolvedModifier

MINIMUM_ABILITY_COST = 1


def level_cost(level: int, limit: int | None) -> tuple[int, str]:
    """GP for ``level`` levels: level n costs ceil(n / limit). Returns the cost and its sum."""
    if level <= 0:
        return 0, "no levels"
    if limit is None:
        return level, f"{level}×1"
    tiers, rest = divmod(level, limit)
    parts = [f"{limit}×{tier}" for tier in range(1, tiers + 1)]
    if rest:
        parts.append(f"{rest}×{tiers + 1}")
    cost = limit * tiers * (tiers + 1) // 2 + rest * (tiers + 1)
    return cost, " + ".join(parts)


def step_value(table: tuple[LevelStep, ...], level: int) -> int:
    """The value of the first step whose ``max_level`` covers ``level``."""
    for step in table:
        if step.max_level is None or level <= step.max_level:
            return step.value
    return table[-1].value


def modifier_value(modifier: ResolvedModifier, level: int) -> int:
    """The GP a modifier adds (negative for a limitation) before negative scaling."""
    if modifier.custom_cost is not None:
        return modifier.custom_cost * modifier.choice.units
    cost = modifier.definition.cost if modifier.definition else None
    units = modifier.choice.units
    if isinstance(cost, FixedCost):
        return cost.value
    if isinstance(cost, PerUnitCost):
        # e.g. Seeking "3 + 1 per point of Homing"
        return cost.base + cost.value * units
    if isinstance(cost, ByLevelCost):
        # e.g. Versatile "2 for one Follow Up +1 per extra. X2 cost for Level 4+."
        extras = step_value(cost.per_extra.table, level) * (units - 1) if cost.per_extra else 0
        return step_value(cost.table, level) + max(0, extras)
    if isinstance(cost, VariantCost):
        return _variant_value(cost, modifier, level) + _addons_value(cost, modifier)
    return 0


def _variant_value(cost: VariantCost, modifier: ResolvedModifier, level: int) -> int:
    variant = modifier.variant
    if variant is None:
        return 0
    if variant.by_level:
        return step_value(variant.by_level, level)
    return variant.value * modifier.choice.units if variant.per_unit else variant.value


def _addons_value(cost: VariantCost, modifier: ResolvedModifier) -> int:
    """Extras bought on a variant, e.g. Area "Fast +2" or "+2 per extra kind of Area"."""
    total = 0
    for addon in cost.addons:
        count = modifier.choice.addons.get(addon.id, 0)
        if addon.max_units is not None:
            count = min(count, addon.max_units)
        total += addon.value * count
    return total


def negative_scale(pre_modifier_cost: int) -> int:
    """×1 up to 10 GP, ×2 for 11-20, ×3 for 21-30, ..."""
    return max(1, -(-pre_modifier_cost // 10))


@dataclass(frozen=True, slots=True)
class AbilityCost:
    levels: int
    levels_sum: str
    base: int
    positive: int
    negative_raw: int
    negative_scale: int
    negative_cap: int
    negative_applied: int
    total: int

    @property
    def negative_scaled(self) -> int:
        return self.negative_raw * self.negative_scale

    @property
    def negative_over_cap(self) -> bool:
        return -self.negative_scaled > self.negative_cap

    def explain(self, level: int) -> str:
        text = f"L{level}: {self.levels_sum} = {self.levels}"
        text += f", base {self.base:+d}"
        if self.positive:
            text += f", modifiers {self.positive:+d}"
        if self.negative_raw:
            scale = f" ×{self.negative_scale}" if self.negative_scale > 1 else ""
            text += f", limitations {self.negative_raw:+d}{scale}"
            if self.negative_over_cap:
                text += f" (capped at -{self.negative_cap})"
        raw = self.levels + self.base + self.positive + self.negative_applied
        if raw < MINIMUM_ABILITY_COST:
            text += f" → {raw}, raised to the minimum of {MINIMUM_ABILITY_COST}"
        return f"{text} → {self.total} GP"


def ability_cost(ability: ResolvedAbility, scaling_with_positive: bool = False) -> AbilityCost:
    level = ability.choice.level
    levels, levels_sum = level_cost(level, ability.level_limit)
    base = ability.base_cost
    positive = 0
    negative = 0
    for modifier in ability.modifiers:
        value = modifier_value(modifier, level)
        if value >= 0:
            positive += value
        else:
            negative += value
    before_modifiers = levels + base
    scale = negative_scale(before_modifiers + (positive if scaling_with_positive else 0))
    cap = max(0, (before_modifiers + positive) // 2)
    applied = max(negative * scale, -cap)
    total = max(MINIMUM_ABILITY_COST, before_modifiers + positive + applied)
    return AbilityCost(levels, levels_sum, base, positive, negative, scale, cap, applied, total)
