"""Capital's declared actions with typed 2d6 (seed ../shared/seeds/003_740fba3ab4ba4f45.txt);
Mara Quell: WIL 7, AGI 5, Grit 0."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.play.actions import ActionError
from tests.play.helpers import example, run


def test_check_against_the_gm() -> None:
    """ "If you are rolling against the GM, they choose a Difficulty value between 0 and 10 to use
    instead of an Attribute Score." (line 245) "If your result is higher than your opponent's, you
    succeed." (line 249)"""
    result = run(
        example("capital", "mara-quell"),
        "check",
        dice={"roll": "4 5", "opponent": "3 3"},
        vs=6,
        options={"attribute": "wil"},
    )
    assert result.values["result"] == 16 and result.values["opposing"] == 12
    assert result.success is True and result.effect is None


def test_tie_against_the_gm_succeeds_with_a_drawback() -> None:
    """ "If you were rolling against the GM, you succeed, but with some kind of drawback."
    (line 251)"""
    result = run(
        example("capital", "mara-quell"),
        "check",
        dice={"roll": "4 4", "opponent": "4 4"},
        vs=5,
        options={"attribute": "agi"},
    )
    assert result.success is True and "drawback" in result.outcome


def test_failure_and_weakness_gain_grit() -> None:
    """ "Whenever you fail an Attribute Check, gain 1 Grit." (line 253) "If any of your
    Weaknesses might hinder you, gain 1 Grit and reduce your roll by -2." (line 258)"""
    mara = example("capital", "mara-quell")
    result = run(
        mara,
        "check",
        dice={"roll": "1 2", "opponent": "4 4"},
        vs=5,
        options={"attribute": "wil", "weakness": "yes"},
    )
    assert result.values["result"] == 3 + 7 - 2 and result.success is False
    assert result.effect is not None
    assert apply_to_document(mara, result.effect.changes).character.vitals.grit == 2


def test_strengths_and_grit_spent() -> None:
    """ "If more than one Strength, Training or Story applies, you get a bonus of +3." (line 257)
    "Increase your result by 1 for each 2 Grit consumed." (line 259)"""
    mara = example("capital", "mara-quell")
    mara.character.vitals.grit = 4
    result = run(
        mara,
        "check",
        dice={"roll": "2 2", "opponent": "3 3"},
        vs=5,
        options={"attribute": "agi", "helps": 2, "grit": 4},
    )
    assert result.values["result"] == 4 + 5 + 3 + 2
    assert result.effect is not None
    assert apply_to_document(mara, result.effect.changes).character.vitals.grit == 0


def test_no_grit_after_a_critical_failure() -> None:
    """ "You can't spend Grit if you Critically Failed." (line 259); "You roll a double one"
    (line 266)."""
    mara = example("capital", "mara-quell")
    mara.character.vitals.grit = 2
    with pytest.raises(ActionError, match="Critically Failed"):
        run(mara, "check", dice={"roll": "1 1", "opponent": "3 3"}, vs=5, options={"grit": 2})


def test_double_six_is_a_critical_success() -> None:
    """ "You roll a double six	You are surprised by your own ability." (line 264)"""
    result = run(
        example("capital", "mara-quell"), "check", dice={"roll": "6 6", "opponent": "6 6"}, vs=10
    )
    assert "Critical Success" in result.outcome and "more difficult" in result.outcome


def test_turn_order() -> None:
    """ "To decide the turn order, all combatants roll an AGI check against each other (2d6 +
    AGI)." (line 441)"""
    result = run(
        example("capital", "mara-quell"),
        "turn-order",
        dice={"": "3 4"},
        options={"others": "Vex=13, Drone=9"},
    )
    assert result.values == {"result": 12, "order": ["Vex", "Mara Quell", "Drone"]}


def test_gm_difficulty_is_zero_to_ten() -> None:
    """ "they choose a Difficulty value between 0 and 10 to use instead of an Attribute Score"
    (line 245)."""
    with pytest.raises(ActionError, match="between 0 and 10, not 11"):
        run(
            example("capital", "mara-quell"),
            "check",
            dice={"roll": "4 4", "opponent": "4 4"},
            vs=11,
        )
