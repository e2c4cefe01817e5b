"""A Glorious Gladiators character evaluated: each ability worked out (reused from the
document's memos while it is unchanged, :mod:`sheetapp.systems.gladiators.memo`), the
traits priced, the Glory Points totalled, the sheet's values derived and the rules
checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress, count
from operator import is_not
from typing import Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, HistoryEntry, earned_total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.gladiators import derived, rules
from sheetapp.systems.gladiators.catalog import Catalogs, TraitDef, catalogs
from sheetapp.systems.gladiators.cost_lines import GP, ability_line, traits_line
from sheetapp.systems.gladiators.costs import ability_cost
from sheetapp.systems.gladiators.memo import (
    ABILITY_RESULTS,
    ABILITY_VALUES,
    ADVANTAGE_PRICES,
    DERIVED_VALUES,
    DISADVANTAGE_PRICES,
    AbilityResult,
    KeptValues,
    ability_key,
    context_key,
)
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsCampaign,
    GladiatorsCharacter,
    TraitChoice,
)
from sheetapp.systems.gladiators.resolve import ResolvedAbility, resolve_ability
from sheetapp.systems.gladiators.traits import TraitPrice, trait_price

#: how many changed abilities the derived values' index is patched for (else built anew)
_PATCHED_AT_MOST = 16


def earned_gp(history: Sequence[HistoryEntry]) -> int:
    """Every GP earned in the ledger."""
    return earned_total(history, GP)


@dataclass(frozen=True, slots=True)
class _Traits:
    """The advantages' and disadvantages' prices, and what they add to the GP spent."""

    advantages: list[TraitPrice]
    disadvantages: list[TraitPrice]

    @property
    def advantage_points(self) -> int:
        return sum(price.points for price in self.advantages)

    @property
    def disadvantage_points(self) -> int:
        return sum(price.points for price in self.disadvantages)

    @property
    def net(self) -> int:
        """Disadvantage points only pay for advantages: never below 0."""
        return max(0, self.advantage_points - self.disadvantage_points)


def evaluate(document: CharacterDocument[Any, Any]) -> Evaluation:
    """The character's cost lines, GP total, derived values and issues (inside the
    document's memos: :func:`sheetapp.core.memo.evaluates_with_memos`)."""
    character: GladiatorsCharacter = document.character
    campaign: GladiatorsCampaign = document.campaign
    cats = catalogs()
    results = ability_results(character, campaign, cats)
    abilities = [result.ability for result in results]
    costs = [result.cost for result in results]
    ability_lines = [result.line for result in results]
    traits = _Traits(
        _trait_prices(ADVANTAGE_PRICES, character.advantages, cats.advantages, campaign),
        _trait_prices(DISADVANTAGE_PRICES, character.disadvantages, cats.disadvantages, campaign),
    )
    ability_gp = sum(line.amount for line in ability_lines)
    spent = ability_gp + traits.net
    lines = [
        CostLine(
            "Abilities",
            ability_gp,
            f"{len(ability_lines)} abilities",
            ("character", "abilities"),
            GP,
            tuple(ability_lines),
        ),
        traits_line(character, traits.advantages, traits.disadvantages, traits.net),
    ]
    total = _gp_total(document, ability_gp, traits)
    ctx = rules.RuleContext(
        character,
        campaign,
        abilities,
        costs,
        cats,
        spent,
        total.budget,
        traits.advantage_points,
        traits.disadvantage_points,
    )
    values = derived_values(character, results, abilities, cats)
    issues = [issue for result in results for issue in result.issues]
    issues += rules.check_character(ctx)
    return Evaluation.build(lines, [total], values, issues)


def _gp_total(document: CharacterDocument[Any, Any], ability_gp: int, traits: _Traits) -> Total:
    """The Glory Points spent against the budget: the campaign's starting GP plus every
    GP earned in the ledger (unspent GP carry forward: advance.py)."""
    character: GladiatorsCharacter = document.character
    campaign: GladiatorsCampaign = document.campaign
    spent = ability_gp + traits.net
    earned = earned_gp(document.history)
    # "A character has a number of Glory Points (GP) to spend on creation. 40 is a
    # suitable number for starting player-characters" (line 13): minor characters
    # have the campaign's own budget for them, none unless it sets one.
    base = campaign.gp_budget if character.character_type == "major" else campaign.minor_gp_budget
    budget = None if base is None else base + earned
    advantages, disadvantages = traits.advantage_points, traits.disadvantage_points
    return Total(
        GP,
        "Glory Points",
        spent,
        budget,
        "GP",
        f"abilities {ability_gp} + advantages {advantages} - disadvantages "
        f"{min(disadvantages, advantages)} = {spent}"
        + (f"; budget {base} + {earned} earned = {budget}" if earned and base else "")
        + ("; minor characters have no GP budget" if base is None else ""),
        (("campaign budget", base or 0), ("earned", earned)),
    )


def ability_results(
    character: GladiatorsCharacter, campaign: GladiatorsCampaign, cats: Catalogs
) -> list[AbilityResult]:
    """Each ability's resolution, cost, cost line and rule issues, reused from the
    document's memos when the ability, its place and its context are unchanged."""
    context = context_key(character, campaign)
    work = _AbilityWork(character, campaign, cats, context)
    return ABILITY_RESULTS.current().each(character.abilities, context, work.result)


class _AbilityWork:
    """Works out one ability's result, or finds it by its values (an undo brings back
    an ability object not seen before with values seen before)."""

    def __init__(
        self,
        character: GladiatorsCharacter,
        campaign: GladiatorsCampaign,
        cats: Catalogs,
        context: tuple[Any, ...],
    ) -> None:
        self.character, self.campaign, self.cats, self.context = character, campaign, cats, context
        self.custom_abilities = {c.id: c.detached_copy() for c in character.custom_abilities}
        self.custom_modifiers = {c.id: c.detached_copy() for c in character.custom_modifiers}
        self.with_positive = campaign.negative_scaling_basis == "with_positive_modifiers"
        self.by_value = ABILITY_VALUES.current()

    def result(self, index: int, choice: AbilityChoice) -> AbilityResult:
        key = (index, ability_key(choice), self.context)
        return self.by_value.get_or_make(key, lambda: self._worked_out(index, choice))

    def _worked_out(self, index: int, choice: AbilityChoice) -> AbilityResult:
        # A private copy: the kept result must not change when the user's model is
        # later changed in place.
        private = choice.detached_copy()
        cats, campaign = self.cats, self.campaign
        ability = resolve_ability(private, cats, self.custom_abilities, self.custom_modifiers)
        cost = ability_cost(ability, self.with_positive)
        line = ability_line(index, ability, cost, cats, campaign)
        alone = rules.RuleContext(
            self.character, campaign, [ability], [cost], cats, 0, 0, 0, 0, first_index=index
        )
        return AbilityResult(ability, cost, line, tuple(rules.check_ability(alone)))


def _trait_prices(
    memo: Memo[IdentityMemo[TraitPrice]],
    chosen: list[TraitChoice],
    known: Mapping[str, TraitDef],
    campaign: GladiatorsCampaign,
) -> list[TraitPrice]:
    reading = campaign.trait_cost_reading
    return memo.current().each(
        chosen, (known, reading), lambda _i, t: trait_price(t, known.get(t.trait), reading)
    )


def derived_values(
    character: GladiatorsCharacter,
    results: list[AbilityResult],
    abilities: list[ResolvedAbility],
    cats: Catalogs,
) -> list[DerivedValue]:
    """The sheet's values, which read the resolved abilities and the character type
    only: the same results (objects) as last time give the same values (a ledger
    replay evaluates thousands of steps that change no ability)."""
    key = (tuple(map(id, results)), character.character_type)
    memo = DERIVED_VALUES.current()
    kept = memo.get()
    if kept is not None and kept.key == key:
        return list(kept.values)
    index = None
    if kept is not None and len(kept.results) == len(results):
        # an edit changes a result or two: the index is patched, not built anew
        before = kept.results
        places = list(compress(count(), map(is_not, before, results)))
        if len(places) <= _PATCHED_AT_MOST:
            index = kept.index.replaced(places, [r.ability for r in before], abilities)
    if index is None:
        index = derived.AbilityIndex(abilities)
    values = [
        derived.hits(character, index),
        *derived.reactivation(character, index, cats),
        derived.initiative(index, cats),
        *derived.movement(index, cats),
        *derived.dodges(index, cats),
        *derived.protections(index, cats),
    ]
    # the results are kept with the key: their ids cannot be reused while it is held
    memo.keep(KeptValues(key, results, tuple(values), index))
    return values
