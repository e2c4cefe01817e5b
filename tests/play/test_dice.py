"""Dice notation and typed dice: what a die can show, and nothing absurd accepted."""

from __future__ import annotations

import pytest

from sheetapp.play.dice import DiceError, DiceSpec, parse_typed


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("2D10", (2, 10, 0)),
        ("3d6", (3, 6, 0)),
        ("D100", (1, 100, 0)),
        ("2d6+6", (2, 6, 6)),
        ("2D6 - 1", (2, 6, -1)),
    ],
)
def test_notation(text: str, spec: tuple[int, int, int]) -> None:
    parsed = DiceSpec.parse(text)
    assert (parsed.count, parsed.sides, parsed.bonus) == spec


@pytest.mark.parametrize("text", ["2D1", "0D6", "101D6", "D", "two dice", "2D6*2"])
def test_impossible_notation(text: str) -> None:
    with pytest.raises(DiceError):
        DiceSpec.parse(text)


def test_typed_faces_and_totals() -> None:
    spec = DiceSpec.parse("2D6+6")
    roll = parse_typed(spec, "3, 4", total_allowed=True)
    assert (roll.faces, roll.total, roll.how) == ((3, 4), 13, "typed")
    assert roll.describe() == "2D6+6 3+4 +6 = 13"
    total = parse_typed(spec, "7", total_allowed=True)
    assert (total.faces, total.total, total.how) == ((), 13, "total")
    with pytest.raises(DiceError, match="takes 2 dice,"):
        parse_typed(spec, "7", total_allowed=False)
    with pytest.raises(DiceError, match="totals 2 to 12, not 13"):
        parse_typed(spec, "13", total_allowed=True)


def test_a_huge_typed_text_is_refused_briefly() -> None:
    with pytest.raises(DiceError) as refused:
        parse_typed(DiceSpec.parse("2D10"), "5 " * 10_000, total_allowed=True)
    assert len(str(refused.value)) < 120
