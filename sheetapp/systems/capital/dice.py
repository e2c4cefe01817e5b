"""The d6 helpers: Step 5's roll-and-assign (lines 196-205) and Level Up HP dice.

"Roll for me" takes an injectable :class:`random.Random`; "enter my dice" is checked
by the same functions, so a rolled set and an entered set follow one rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

ATTRIBUTE_DICE = 10
DISCARDED = 2
#: the table of lines 200-203: a d6 result of 1 or 2 scores 4, 3 or 4 scores 5, 5 or 6 scores 6
SCORE_FOR_DIE = {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6}
MAX_REROLLS = 10_000


def score_for_die(die: int) -> int:
    """The Attribute Score a kept d6 result gives (lines 200-203)."""
    try:
        return SCORE_FOR_DIE[die]
    except KeyError:
        raise ValueError(f"{die} is not a d6 result (1-6)") from None


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
    for rerolls in range(MAX_REROLLS):
        dice = roll_d6(ATTRIBUTE_DICE, rng)
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
    problems = dice_problems(dice, ATTRIBUTE_DICE)
    if not problems and needs_reroll(dice):
        problems.append("no 5s or 6s, or no 1s or 2s: reroll everything (line 196)")
    return problems


def lowest_discards(dice: Sequence[int]) -> list[int]:
    """Indexes of the two lowest dice: the 'optimal' discard of line 197."""
    order = sorted(range(len(dice)), key=lambda index: (dice[index], index))
    return sorted(order[:DISCARDED])


def kept_indexes(dice: Sequence[int], discarded: Sequence[int]) -> list[int]:
    return [index for index in range(len(dice)) if index not in set(discarded)]
