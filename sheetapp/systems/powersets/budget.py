"""The superpowers' character point budget (lines 2427-2515): what the budget is, what
each power costs, and what failings and power modifiers give back, each explained."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.powersets.catalog import (
    PowerLevelId,
    Superpower,
    failings,
    power_levels,
    power_modifiers,
    superpowers,
)
from sheetapp.systems.powersets.model import (
    PowersetsCampaign,
    PowersetsCharacter,
    SuperpowerChoice,
)


def power_name(choice: SuperpowerChoice) -> str:
    """The name a player knows the power by: its own, else the catalog's."""
    if choice.name.strip():
        return choice.name.strip()
    found = superpowers().get(choice.power)
    return found.name if found is not None else choice.power


def cost_per_level(choice: SuperpowerChoice, power: Superpower) -> int | None:
    """The character points of one level: the power's, its chosen option's (Drain's
    hit points cost 10), or its own modifier's (a force-field Armor costs half)."""
    per_level = power.cost_per_level
    for spec in power.choices:
        if spec.option_costs and choice.choice in spec.options:
            per_level = spec.option_costs[spec.options.index(choice.choice)]
    if per_level is None:
        return None
    own = next((m for m in power.modifiers if m.id == choice.own_modifier), None)
    return own.per_level(per_level) if own is not None else per_level


@dataclass(frozen=True, slots=True)
class PowerCost:
    index: int
    name: str
    cost: int | None
    explanation: str
    reward: int
    reward_cap: int
    reward_text: str


@dataclass(frozen=True)
class Budget:
    level: PowerLevelId | None
    starting: int
    starting_text: str
    powers: tuple[PowerCost, ...]
    failings: int
    failings_counted: int
    failings_cap: int
    earned: int = 0
    #: POW experience gains turned into budget points (line 2535)
    converted: int = 0

    @cached_property
    def spent(self) -> int:
        return sum(p.cost or 0 for p in self.powers)

    @cached_property
    def modifiers(self) -> int:
        return sum(min(p.reward, p.reward_cap) for p in self.powers)

    @cached_property
    def total(self) -> int:
        """The starting budget plus what failings and power modifiers give."""
        return self.starting + self.failings_counted + self.modifiers + self.earned + self.converted

    @cached_property
    def banked(self) -> int:
        return self.total - self.spent

    def explanation(self) -> str:
        parts = [f"{self.starting} ({self.starting_text})"]
        if self.failings:
            capped = (
                f" of {self.failings}, at most ½ the starting budget"
                if self.failings_counted < self.failings
                else ""
            )
            parts.append(f"+ {self.failings_counted} from failings{capped}")
        if self.modifiers:
            parts.append(f"+ {self.modifiers} from power modifiers")
        if self.earned:
            parts.append(f"+ {self.earned} awarded since")
        if self.converted:
            parts.append(f"+ {self.converted} from POW increases")
        return " ".join(parts) + f" = {self.total}"


def superpower_level(character: PowersetsCharacter) -> PowerLevelId | None:
    return next((c.level for c in character.power_sets if c.power_set == "superpowers"), None)


def starting_budget(
    character: PowersetsCharacter, campaign: PowersetsCampaign, level: PowerLevelId
) -> tuple[int, str]:
    """Lines 2431-2436: from the unmodified characteristics, or the GM's flat budget."""
    start = next(s for s in power_levels().superpowers if s.id == level)
    if campaign.superpower_budget == "flat":
        return start.flat_budget, f"the gamemaster's flat budget for {level.title()}"
    scores = character.characteristics.scores()
    base = sum(scores.values()) if start.budget.of == "total" else max(scores.values())
    if start.budget.of not in ("total", "highest"):
        base = scores[start.budget.of]
    return start.budget.value(base), f"{level.title()}: {start.budget.describe()} of {base}"


def work_out_budget(
    character: PowersetsCharacter, campaign: PowersetsCampaign, earned: int = 0
) -> Budget:
    level = superpower_level(character)
    starting, text = starting_budget(character, campaign, level) if level else (0, "no set")
    by_name: dict[str, list[tuple[int, str]]] = {}
    for number, applied in enumerate(character.power_modifiers):
        by_name.setdefault(applied.power.strip().casefold(), []).append((number, applied.modifier))
    applied_values = [applied.model_dump() for applied in character.power_modifiers]
    powers = _POWER_COSTS.each(
        character.superpowers,
        applied_values,
        lambda index, choice: _power_cost(character, by_name, index, choice),
    )
    given = sum(f.points for f in character.failings if f.failing in failings())
    cap = -(-starting // 2)
    # line 2535: "These characteristic points can also be turned into an equivalent amount
    # of character power budget points"
    converted = sum(r.gain or 0 for r in character.pow_increases if r.to_budget)
    return Budget(
        level, starting, text, tuple(powers), given, min(given, cap), cap, earned, converted
    )


#: each power's cost kept by the identity of its choice, while the power modifiers the
#: character applies are the same: an edit reprices only the power it changed
_POWER_COSTS: IdentityMemo[PowerCost] = IdentityMemo()


def _power_cost(
    character: PowersetsCharacter,
    by_name: dict[str, list[tuple[int, str]]],
    index: int,
    choice: SuperpowerChoice,
) -> PowerCost:
    power = superpowers().get(choice.power)
    name = power_name(choice)
    if power is None:
        return PowerCost(index, name, None, "not in the catalog", 0, 0, "")
    per_level = cost_per_level(choice, power)
    if choice.cost_override is not None:
        cost: int | None = choice.cost_override
        explanation = f"{choice.cost_override} (the gamemaster's cost)"
    elif per_level is None:
        cost, explanation = None, f"{power.cost_text}: the gamemaster sets the cost"
    else:
        cost = per_level * choice.levels
        explanation = f"{choice.levels} × {per_level}"
    reward, texts = 0, []
    for number, modifier_id in by_name.get(name.casefold(), []):
        modifier = power_modifiers().get(modifier_id)
        if modifier is None:
            continue
        applied = character.power_modifiers[number]
        gives = modifier_reward(
            modifier.reward_kind, modifier.reward, applied.amount, choice.levels, cost or 0
        )
        reward += gives
        texts.append(f"{modifier.name} {gives:+d}")
    cap = (cost or 0) // 2
    return PowerCost(index, name, cost, explanation, reward, cap, ", ".join(texts))


def modifier_reward(kind: str, reward: int, amount: int, levels: int, cost: int) -> int:
    """Budget points one power modifier gives its power (lines 2495-2515)."""
    if kind == "flat":
        return reward
    if kind == "per_level":
        return reward * levels
    if kind == "per_power_point":
        return reward * amount
    if kind == "ten_minus_uses":
        return max(0, 10 - amount)
    return -cost  # doubles the power's cost
