"""The superpowers' character point budget (lines 2427-2515): what the budget is, what
each power costs, and what failings and power modifiers give back, each explained."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from sheetapp.core.memo import Memo
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
    Sidekick,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.mutation_effects import final_scores


def power_name(choice: SuperpowerChoice) -> str:
    """The name a player knows the power by: its own, else the catalog's."""
    if choice.name.strip():
        return choice.name.strip()
    found = superpowers().get(choice.power)
    return found.name if found is not None else choice.power


def cost_per_level(choice: SuperpowerChoice, power: Superpower) -> int | None:
    """The character points of one level as the entry prints them: the power's, or its
    chosen option's (Drain's hit points cost 10). SIZ and the power's own modifier apply
    to the whole price (:func:`price`)."""
    per_level = power.cost_per_level
    for spec in power.choices:
        if spec.option_costs and choice.choice in spec.options:
            per_level = spec.option_costs[spec.options.index(choice.choice)]
    return per_level


#: "1 per point of STR, CON, SIZ, or CHA; 3 points for each point of DEX, INT, POW, and
#: EDU" (line 3203)
SUPER_CHARACTERISTIC_COST: dict[str, int] = {
    "STR": 1,
    "CON": 1,
    "SIZ": 1,
    "CHA": 1,
    "DEX": 3,
    "INT": 3,
    "POW": 3,
}
#: Super Skill: "2 per level" (line 3261)
SUPER_SKILL_COST = 2


def sidekick_price(sidekick: Sidekick) -> tuple[int, str]:
    """A Sidekick's characteristics bought "as if they were Super Characteristics", its
    skills as Super Skills, and its powers and equipment (line 3116)."""
    scores = sidekick.scores()
    parts = [f"{name} {scores[name]}×{each}" for name, each in SUPER_CHARACTERISTIC_COST.items()]
    cost = sum(scores[name] * each for name, each in SUPER_CHARACTERISTIC_COST.items())
    cost += SUPER_SKILL_COST * sidekick.skill_levels + sidekick.powers_cost
    text = " + ".join(parts)
    if sidekick.skill_levels:
        text += f" + Super Skill {sidekick.skill_levels}×{SUPER_SKILL_COST}"
    if sidekick.powers_cost:
        text += f" + powers and equipment {sidekick.powers_cost}"
    return cost, f"{text} = {cost}"


def sidekick_of(character: PowersetsCharacter, choice: SuperpowerChoice) -> Sidekick | None:
    """The sidekick a Sidekick power buys: the one of the power's name."""
    name = power_name(choice).casefold()
    return next((s for s in character.sidekicks if s.name.strip().casefold() == name), None)


def doublings(character: PowersetsCharacter, choice: SuperpowerChoice) -> int:
    """How many of the power's modifiers double its base cost (line 2505)."""
    name = power_name(choice).casefold()
    found = power_modifiers()
    return sum(
        1
        for applied in character.power_modifiers
        if applied.power.strip().casefold() == name
        and (modifier := found.get(applied.modifier)) is not None
        and modifier.reward_kind == "doubles_cost"
    )


def price(choice: SuperpowerChoice, power: Superpower, siz: int) -> tuple[int | None, str]:
    """What the levels bought cost before power modifiers, and how: levels × cost per
    level, × SIZ for a power priced "per point of SIZ" (Force Field: "a character of SIZ
    14 must pay 14 points for Force Field 1" (line 3007)), then the power's own modifier
    on the whole price (Armor "needing power points to activate costs ½ the normal price
    (round up)" (line 2786)); the gamemaster's cost for a Variable one."""
    if choice.cost_override is not None:
        return choice.cost_override, f"{choice.cost_override} (the gamemaster's cost)"
    per_level = cost_per_level(choice, power)
    if per_level is None:
        return None, f"{power.cost_text}: the gamemaster sets the cost"
    cost = per_level * choice.levels
    text = f"{choice.levels} × {per_level}"
    if power.per_siz:
        cost *= siz
        text += f" × SIZ {siz}"
    own = next((m for m in power.modifiers if m.id == choice.own_modifier), None)
    if own is not None:
        if own.cost_per_level is not None:
            cost = own.cost_per_level * choice.levels
            text = f"{choice.levels} × {own.cost_per_level} ({own.name.lower()})"
        else:
            whole = cost
            cost = -(-whole * own.cost_numerator // own.cost_denominator)
            text += (
                f" = {whole}, × {own.cost_numerator}/{own.cost_denominator} round up "
                f"({own.name.lower()})"
            )
    return cost, f"{text} = {cost}"


@dataclass(frozen=True, slots=True)
class PowerCost:
    index: int
    name: str
    #: what the power costs the budget: its initial cost, raised by modifiers that
    #: double its base cost
    cost: int | None
    explanation: str
    #: budget points its power modifiers would give
    reward: int
    #: "½ its initial cost (round down)" (line 2491)
    reward_cap: int
    reward_text: str
    #: its cost before power modifiers ("its initial cost", line 2491)
    initial: int | None = None
    #: what modifiers that double its base cost add (line 2505)
    surcharge: int = 0

    @property
    def reward_counted(self) -> int:
        """The modifiers' points the budget takes: at most the cap (line 2491)."""
        return min(self.reward, self.reward_cap)

    @property
    def reward_lost(self) -> int:
        return max(0, self.reward - self.reward_cap)


@dataclass(frozen=True)
class Budget:
    level: PowerLevelId | None
    starting: int
    starting_text: str
    powers: tuple[PowerCost, ...]
    #: the failings' points as given, after the psycho-social cap
    failings: int
    failings_counted: int
    failings_cap: int
    earned: int = 0
    #: POW experience gains turned into budget points (line 2535)
    converted: int = 0
    #: psycho-social frailties' points as given, and the most that count (line 2464)
    psycho_social: int = 0
    psycho_social_cap: int | None = None

    @cached_property
    def spent(self) -> int:
        return sum(p.cost or 0 for p in self.powers)

    @cached_property
    def modifiers(self) -> int:
        return sum(min(p.reward, p.reward_cap) for p in self.powers if p.reward)

    @cached_property
    def total(self) -> int:
        """The starting budget plus what failings and power modifiers give."""
        return self.starting + self.failings_counted + self.modifiers + self.earned + self.converted

    @cached_property
    def banked(self) -> int:
        return self.total - self.spent

    @cached_property
    def psycho_social_counted(self) -> int:
        if self.psycho_social_cap is None:
            return self.psycho_social
        return min(self.psycho_social, self.psycho_social_cap)

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
    character: PowersetsCharacter,
    campaign: PowersetsCampaign,
    earned: int = 0,
    scores: dict[str, int] | None = None,
) -> Budget:
    level = superpower_level(character)
    starting, text = starting_budget(character, campaign, level) if level else (0, "no set")
    by_name: dict[str, list[tuple[int, str]]] = {}
    for number, applied in enumerate(character.power_modifiers):
        by_name.setdefault(applied.power.strip().casefold(), []).append((number, applied.modifier))
    applied_values = [applied.model_dump() for applied in character.power_modifiers]
    siz = (scores or final_scores(character))["SIZ"]
    sidekicks = [s.model_dump() for s in character.sidekicks]
    powers = _POWER_COSTS.current().each(
        character.superpowers,
        (applied_values, siz, sidekicks),
        lambda index, choice: _power_cost(character, by_name, index, choice, siz),
    )
    rows = failings()
    psycho = sum(f.points for f in character.failings if f.failing == PSYCHO_SOCIAL)
    psycho_cap = rows[PSYCHO_SOCIAL].cap if PSYCHO_SOCIAL in rows else None
    if campaign.psycho_social_above_cap:
        psycho_cap = None
    others = sum(
        f.points for f in character.failings if f.failing in rows and f.failing != PSYCHO_SOCIAL
    )
    given = others + (psycho if psycho_cap is None else min(psycho, psycho_cap))
    cap = -(-starting // 2)
    # line 2535: "These characteristic points can also be turned into an equivalent amount
    # of character power budget points"
    converted = sum(r.gain or 0 for r in character.pow_increases if r.to_budget)
    return Budget(
        level,
        starting,
        text,
        tuple(powers),
        given,
        min(given, cap),
        cap,
        earned,
        converted,
        psycho,
        psycho_cap,
    )


SIDEKICK = "sidekick"

#: "Psycho-social frailty ... +1 point each (+3 points maximum, higher with gamemaster's
#: approval)" (line 2464)
PSYCHO_SOCIAL = "psycho_social_frailty"

_POWER_COSTS: Memo[IdentityMemo[PowerCost]] = Memo(
    "powersets:power_costs",
    "the character's superpowers",
    "each power's cost kept by the identity of its choice, while the power modifiers "
    "the character applies and SIZ are the same: an edit reprices only the power it "
    "changed",
    IdentityMemo,
)


def _power_cost(
    character: PowersetsCharacter,
    by_name: dict[str, list[tuple[int, str]]],
    index: int,
    choice: SuperpowerChoice,
    siz: int,
) -> PowerCost:
    power = superpowers().get(choice.power)
    name = power_name(choice)
    if power is None:
        return PowerCost(index, name, None, "not in the catalog", 0, 0, "")
    initial, explanation = price(choice, power, siz)
    sidekick = sidekick_of(character, choice) if choice.power == SIDEKICK else None
    if sidekick is not None and choice.cost_override is None:
        initial, explanation = sidekick_price(sidekick)
    base = initial or 0
    reward, surcharge, texts = 0, 0, []
    for number, modifier_id in by_name.get(name.casefold(), []):
        modifier = power_modifiers().get(modifier_id)
        if modifier is None:
            continue
        applied = character.power_modifiers[number]
        if modifier.reward_kind == "doubles_cost":
            # "Doubles base cost of power" (line 2505): the base cost is paid again
            surcharge += base
            texts.append(f"{modifier.name} +{base} cost")
            continue
        gives = modifier_reward(
            modifier.reward_kind, modifier.reward, applied.amount, choice.levels
        )
        reward += gives
        texts.append(f"{modifier.name} {gives:+d}")
    cost = None if initial is None else initial + surcharge
    if surcharge:
        explanation += f"; + {surcharge} (base cost doubled) = {cost}"
    cap = base // 2
    return PowerCost(
        index, name, cost, explanation, reward, cap, ", ".join(texts), initial, surcharge
    )


def modifier_reward(kind: str, reward: int, amount: int, levels: int) -> int:
    """Budget points one power modifier gives its power (lines 2495-2515); a modifier
    that doubles the base cost gives none (it raises the cost instead)."""
    if kind == "flat":
        return reward
    if kind == "per_level":
        return reward * levels
    if kind == "per_power_point":
        return reward * amount
    if kind == "ten_minus_uses":
        # "a limited number of uses per day (minimum 1)" (line 2502): fewer than 1 use
        # is an error (rules.superpower_budget) and gives nothing
        return 10 - amount if amount >= 1 else 0
    return 0
