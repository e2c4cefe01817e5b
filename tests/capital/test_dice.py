"""Step 5's dice (lines 196-205): "roll for me" and "enter my dice"."""

from __future__ import annotations

import random

from sheetapp.systems.capital.dice import (
    attribute_dice_problems,
    lowest_discards,
    needs_reroll,
    roll_attribute_dice,
    score_for_die,
)


def test_score_table() -> None:
    """ "1, 2 -> 4; 3, 4 -> 5; 5, 6 -> 6" (lines 201-203)."""
    assert [score_for_die(d) for d in range(1, 7)] == [4, 4, 5, 5, 6, 6]


def test_reroll_condition() -> None:
    """ "If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." (196)"""
    assert needs_reroll([3, 4, 4, 3, 3, 4, 3, 4, 1, 2])
    assert needs_reroll([3, 4, 4, 3, 3, 4, 3, 4, 5, 6])
    assert not needs_reroll([3, 4, 4, 3, 3, 4, 3, 4, 1, 6])


def test_entered_dice_are_checked() -> None:
    assert attribute_dice_problems([1, 6, 3, 3, 3, 3, 3, 3, 3, 3]) == []
    assert "10 dice are needed" in attribute_dice_problems([1, 6])[0]
    assert "not 7" in attribute_dice_problems([1, 6, 7, 3, 3, 3, 3, 3, 3, 3])[0]
    assert "reroll" in attribute_dice_problems([3] * 10)[0]


def test_roll_for_me_is_reproducible_and_valid() -> None:
    first = roll_attribute_dice(random.Random(3))
    again = roll_attribute_dice(random.Random(3))
    assert first == again and len(first.dice) == 10 and not needs_reroll(first.dice)


def test_lowest_discards() -> None:
    """ "Obviously the optimal choice is to get rid of the lowest two" (line 197)."""
    assert lowest_discards([4, 1, 6, 2, 5, 3, 3, 1, 6, 6]) == [1, 7]
