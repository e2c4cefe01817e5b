"""The d6 helpers: Step 5's roll-and-assign (lines 196-205) and Level Up HP dice.

"Roll for me" takes an injectable :class:`random.Random`; "enter my dice" is checked
by the same functions, so a rolled set and an entered set follow one rule. How many dice
are rolled and discarded, and the score table, are read from the basics catalog
(``resources/capital/basics.json``: ``attribute_dice``, ``score_table``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sheetapp.systems.capital.catalog import AttributeDice, catalogs

MAX_REROLLS = 10_000


def attribute_dice() -> AttributeDice:
    """How many d6 Step 5 rolls and how many of them are discarded (lines 196-197)."""
    return catalogs().basics.attribute_dice


def die_score(die: int) -> int | None:
    """The Attribute Score a kept d6 result gives (lines 200-203); None for a number no
    d6 shows."""
    return catalogs().basics.score_table.score(die)


def score_for_die(die: int) -> int:
    """The Attribute Score a kept d6 result gives (lines 200-203)."""
    score = die_score(die)
    if score is None:
        raise ValueError(f"{die} is not a d6 result (1-6)")
    return score


def roll_d6(count: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def needs_reroll(dice: Sequence[int]) -> bool:
    """ "If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." (line 196)"""
    return not any(d >= 5 for d in dice) or not any(d <= 2 for d in dice)


@dataclass(frozen=True, slots=True)
class AttributeDiceRoll:
    dice: list[int]
    rerolls: int


def roll_attribute_dice(rng: random.Random) -> AttributeDiceRoll:
    """Roll 10d6, rerolling everything while the set breaks line 196's condition."""
    count = attribute_dice().rolled
    for rerolls in range(MAX_REROLLS):
        dice = roll_d6(count, rng)
        if not needs_reroll(dice):
            return AttributeDiceRoll(dice, rerolls)
    raise RuntimeError("the random source never produced a usable set of dice")


def dice_problems(dice: Sequence[int], count: int) -> list[str]:
    """Why entered dice are not a valid roll of ``count``d6 (empty when they are)."""
    problems = []
    if len(dice) != count:
        problems.append(f"{count} dice are needed, {len(dice)} were given")
    bad = [d for d in dice if not 1 <= d <= 6]
    if bad:
        problems.append(f"a d6 shows 1 to 6, not {', '.join(str(d) for d in bad)}")
    return problems


def attribute_dice_problems(dice: Sequence[int]) -> list[str]:
    """Why entered Step 5 dice cannot be used (empty when they can)."""
    problems = dice_problems(dice, attribute_dice().rolled)
    if not problems and needs_reroll(dice):
        problems.append("no 5s or 6s, or no 1s or 2s: reroll everything (line 196)")
    return problems


def lowest_discards(dice: Sequence[int]) -> list[int]:
    """Indexes of the two lowest dice: the 'optimal' discard of line 197."""
    order = sorted(range(len(dice)), key=lambda index: (dice[index], index))
    return sorted(order[: attribute_dice().discarded])


def kept_indexes(dice: Sequence[int], discarded: Sequence[int]) -> list[int]:
    return [index for index in range(len(dice)) if index not in set(discarded)]
