"""Reuse the work on abilities an edit did not touch: what Gladiators keeps between two
evaluations of a character, each a :class:`~sheetapp.core.memo.Memo` the document holds.

Evaluating an ability (resolving it against the catalog, pricing it, writing its cost
line and checking its rules) depends only on the ability's own choices, its position
(the paths in its cost line and issues), the campaign settings, the character type
and the custom entries. :func:`ability_key` turns those choices into a hashable
snapshot of plain values, so an ability whose snapshot was seen before reuses the
earlier result: one edit on a 300-ability character re-evaluates one ability.

The snapshot holds values, not identities, so it stays correct when a model is
changed in place; a test checks that every field of the models is part of it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.issues import Issue
from sheetapp.core.memo import ByValue, Latest, Memo
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.gladiators.costs import AbilityCost
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsCampaign,
    GladiatorsCharacter,
)
from sheetapp.systems.gladiators.resolve import ResolvedAbility
from sheetapp.systems.gladiators.traits import TraitPrice

if TYPE_CHECKING:
    from sheetapp.systems.gladiators.derived import AbilityIndex


def ability_key(c: AbilityChoice) -> tuple[Hashable, ...]:
    return (
        c.ability,
        c.label,
        c.level,
        tuple(c.types),
        c.subtype,
        tuple(c.kinds),
        c.source,
        tuple(c.options.items()),
        tuple(c.addons.items()),
        tuple(
            [
                (
                    m.modifier,
                    m.variant,
                    m.units,
                    tuple(m.addons.items()),
                    m.shape,
                    tuple(m.variants.items()),
                    m.flexible,
                    m.note,
                )
                for m in c.modifiers
            ]
        ),
        tuple(
            [
                (a.ability, a.label, tuple(a.options.items()), tuple(a.addons.items()))
                for a in c.alternatives
            ]
        ),
        c.starting,
        c.cost_override,
        c.large_item,
        c.note,
    )


def context_key(character: GladiatorsCharacter, campaign: GladiatorsCampaign) -> tuple[Any, ...]:
    """What an ability's result depends on besides the ability itself."""
    return (
        tuple(campaign.__dict__.items()),
        character.character_type,
        tuple(tuple(custom.__dict__.items()) for custom in character.custom_abilities),
        tuple(tuple(custom.__dict__.items()) for custom in character.custom_modifiers),
    )


@dataclass(frozen=True, slots=True)
class AbilityResult:
    ability: ResolvedAbility
    cost: AbilityCost
    line: CostLine
    issues: tuple[Issue, ...]


ABILITY_RESULTS: Memo[IdentityMemo[AbilityResult]] = Memo(
    "gladiators:ability_results",
    "the character's abilities",
    "each ability's result, kept by the identity of the unchanged ability: an edit on a "
    "1,000-ability character works out one",
    IdentityMemo,
)
ABILITY_VALUES: Memo[ByValue[AbilityResult]] = Memo(
    "gladiators:ability_values",
    "the character's abilities",
    "each ability's result by its place, its snapshot (ability_key) and its context: an "
    "ability object not seen before may still hold values seen before (an undo)",
    ByValue,
)
ADVANTAGE_PRICES: Memo[IdentityMemo[TraitPrice]] = Memo(
    "gladiators:advantage_prices",
    "the character's advantages",
    "each advantage's price while it, the catalog and the campaign's reading are unchanged",
    IdentityMemo,
)
DISADVANTAGE_PRICES: Memo[IdentityMemo[TraitPrice]] = Memo(
    "gladiators:disadvantage_prices",
    "the character's disadvantages",
    "each disadvantage's price while it, the catalog and the campaign's reading are unchanged",
    IdentityMemo,
)


@dataclass(frozen=True, slots=True)
class KeptValues:
    """The derived values last worked out, with what they were worked out from."""

    key: tuple[Any, ...]
    results: list[AbilityResult]
    values: tuple[DerivedValue, ...]
    index: AbilityIndex


DERIVED_VALUES: Memo[Latest[KeptValues]] = Memo(
    "gladiators:derived_values",
    "the character's abilities, as a whole",
    "the sheet's values read the resolved abilities and the character type only: the same "
    "results (objects) give the same values, and an edit patches the ability index",
    Latest,
)
