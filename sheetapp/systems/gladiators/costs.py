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
    Variant,
    VariantCost,
)
from sheetapp.systems.gladiators.resolve import ResolvedAbility, ResolvedModifier

MINIMUM_ABILITY_COST = 1
FLEXIBLE_ABILITY = "flexible_ability"
FLEXIBLE_MODIFIER = "flexible_modifier"


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


def modifier_value(modifier: ResolvedModifier, level: int, alternatives: int = 0) -> int:
    """The GP a modifier adds (negative for a limitation) before negative scaling.

    ``alternatives`` is the number of other abilities a Flexible Ability lists; when
    there are some they, not the units, count: "+4 per extra ability" (line 183).
    """
    if modifier.custom_cost is not None:
        return modifier.custom_cost * modifier.choice.units
    cost = modifier.definition.cost if modifier.definition else None
    units = modifier.choice.units
    if modifier.choice.modifier == FLEXIBLE_ABILITY and alternatives:
        units = alternatives
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
    if modifier.combined:
        # Combinable variants, e.g. Undetectable Effect "Vision 3 Others 1 each".
        return sum(_one_variant(variant, units, level) for variant, units in modifier.combined)
    if modifier.variant is None:
        return 0
    return _one_variant(modifier.variant, modifier.choice.units, level)


def _one_variant(variant: Variant, units: int, level: int) -> int:
    if variant.by_level:
        return step_value(variant.by_level, level)
    if variant.per_unit:
        # priced as entered, also past the rulebook's most (rules.counts_over_lists
        # reports that): a quietly lower price would hide the mistake
        return variant.value * units
    return variant.value


def _addons_value(cost: VariantCost, modifier: ResolvedModifier) -> int:
    """Extras bought on a variant, e.g. Area "Fast +2" or "+2 per extra kind of Area"."""
    total = 0
    for addon in cost.addons:
        count = modifier.choice.addons.get(addon.id, 0)  # as entered, see above
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
    flexible: FlexibleChoice | None = None
    #: each modifier's value at the ability's level, in the ability's order
    modifier_values: tuple[int, ...] = ()

    @property
    def negative_scaled(self) -> int:
        return self.negative_raw * self.negative_scale

    @property
    def negative_over_cap(self) -> bool:
        return -self.negative_scaled > self.negative_cap

    def explain(self, level: int) -> str:
        text = f"L{level}: {self.levels_sum} = {self.levels}"
        text += f", base {self.base:+d}"
        if self.flexible:
            text += f" ({self.flexible.explain()})"
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


@dataclass(frozen=True, slots=True)
class FlexibleChoice:
    """Modifiers chosen between on activation under a Flexible Modifier (line 184): "pay
    the smallest cost of the flexible modifiers. Instead of paying the cost when a more
    expensive Flexible modifier is used the Level of the ability is reduced by the GP
    cost of the modifier" — by the difference, as its Touch/Distant example shows."""

    paid: str
    paid_value: int
    paid_index: int
    level_reductions: tuple[tuple[int, str, int], ...]

    def explain(self) -> str:
        text = f"flexible: pays {self.paid} {self.paid_value:+d}"
        for _index, name, reduction in self.level_reductions:
            if reduction:
                text += f"; {name} lowers the Level by {reduction} when used"
        return text

    def reduction_for(self, modifier_index: int) -> int | None:
        """None for the paid modifier, else how far it lowers the Level when used."""
        for index, _name, reduction in self.level_reductions:
            if index == modifier_index:
                return reduction
        return None if modifier_index == self.paid_index else 0


def flexible_choice(
    ability: ResolvedAbility, values: tuple[int, ...] | None = None
) -> FlexibleChoice | None:
    if not ability.has_modifier(FLEXIBLE_MODIFIER):
        return None
    if values is None:
        values = modifier_values(ability)
    priced = [
        (index, m.display, values[index])
        for index, m in enumerate(ability.modifiers)
        if m.choice.flexible
    ]
    if len(priced) < 2:
        return None
    paid_index, paid, paid_value = min(priced, key=lambda item: item[2])
    reductions = tuple(
        (index, name, value - paid_value) for index, name, value in priced if index != paid_index
    )
    return FlexibleChoice(paid, paid_value, paid_index, reductions)


def modifier_values(ability: ResolvedAbility) -> tuple[int, ...]:
    level = ability.choice.level
    alternatives = len(ability.alternatives)
    return tuple(modifier_value(m, level, alternatives) for m in ability.modifiers)


def ability_cost(ability: ResolvedAbility, scaling_with_positive: bool = False) -> AbilityCost:
    level = ability.choice.level
    levels, levels_sum = level_cost(level, ability.level_limit)
    base = ability.base_cost
    values = modifier_values(ability)
    flexible = flexible_choice(ability, values)
    positive = flexible.paid_value if flexible and flexible.paid_value > 0 else 0
    negative = flexible.paid_value if flexible and flexible.paid_value < 0 else 0
    for modifier, value in zip(ability.modifiers, values, strict=True):
        if flexible and modifier.choice.flexible:
            continue
        if value >= 0:
            positive += value
        else:
            negative += value
    before_modifiers = levels + base
    scale = negative_scale(before_modifiers + (positive if scaling_with_positive else 0))
    cap = max(0, (before_modifiers + positive) // 2)
    applied = max(negative * scale, -cap)
    total = max(MINIMUM_ABILITY_COST, before_modifiers + positive + applied)
    return AbilityCost(
        levels, levels_sum, base, positive, negative, scale, cap, applied, total, flexible, values
    )
