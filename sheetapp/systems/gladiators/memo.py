"""Reuse the work on abilities an edit did not touch.

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

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from sheetapp.core.costs import CostLine
from sheetapp.core.issues import Issue
from sheetapp.systems.gladiators.costs import AbilityCost
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsCampaign,
    GladiatorsCharacter,
)
from sheetapp.systems.gladiators.resolve import ResolvedAbility

MAX_ENTRIES = 20_000


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


class AbilityMemo:
    """A bounded map from (index, ability snapshot, context) to the ability's result.

    Thread-safe: the window evaluates a character it opens on a worker thread while
    the user may be editing another one of the same system.
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: OrderedDict[Hashable, AbilityResult] = OrderedDict()
        self._max = max_entries
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> AbilityResult | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: Hashable, result: AbilityResult) -> None:
        with self._lock:
            self._entries[key] = result
            if len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
