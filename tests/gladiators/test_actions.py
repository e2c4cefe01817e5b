"""Glorious Gladiators' declared actions with typed D10
(seed ../shared/seeds/000_5bffb215164afb79.txt)."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.document import Condition
from sheetapp.play.actions import ActionError
from tests.play.helpers import example, run


@pytest.mark.parametrize(("roll", "success", "number"), [("6", True, 1), ("4", False, None)])
def test_attack_roll(roll: str, success: bool, number: int | None) -> None:
    """ "The chance of success is a roll of Level of Ability – Resisting Level (Dodge or Defence)
    + 6 or higher." (line 409): To Hit 2 against Evade 1 needs 5+."""
    result = run(
        example("gladiators", "night-owl"),
        "attack",
        dice={"roll": roll},
        vs=1,
        options={"to_hit": 2},
    )
    assert result.values == {"needed": 5, "result_number": number}
    assert result.success is success


def test_ten_always_succeeds_for_major_characters() -> None:
    """ "Where a roll is required to achieve success a roll of 10 always succeeds for major
    characters" (line 409)."""
    result = run(example("gladiators", "night-owl"), "attack", dice={"roll": "10"}, vs=8)
    assert result.success is True and result.values["result_number"] == 0


def test_minor_character_rolls_again_after_a_ten() -> None:
    """ "a minor character needing a 13 must roll a 10 and then 4+ to succeed" (line 409)."""
    minor = example("gladiators", "minor-criminal")
    hit = run(minor, "attack", dice={"roll": "10", "again": "4"}, vs=7, options={"minor": "yes"})
    miss = run(minor, "attack", dice={"roll": "10", "again": "3"}, vs=7, options={"minor": "yes"})
    assert (hit.values["needed"], hit.success, miss.success) == (13, True, False)
    with pytest.raises(ActionError, match="second die"):
        run(minor, "attack", dice={"roll": "10"}, vs=7, options={"minor": "yes"})


@pytest.mark.parametrize(
    ("times", "turns", "needed"), [(1, 0, 4), (2, 0, 7), (3, 0, 10), (2, 2, 9)]
)
def test_reactivation_needed(times: int, turns: int, needed: int) -> None:
    """ "1	4+" (line 619), "2	7+" (line 620), "3	10+" (line 621); "The roll required to
    reactivate for named characters goes up by 1 on each end game turn." (line 632)"""
    result = run(
        example("gladiators", "night-owl"),
        "reactivate",
        dice={"": "10"},
        options={"times": times, "end_game_turns": turns},
    )
    assert result.values["needed"] == needed and result.success is True


def test_eleven_plus_is_out_of_play() -> None:
    """ "Any character requiring a roll of 11+ to reactivate is out of play and can take no
    further part in the combat." (line 632): a fourth time, 13+."""
    with pytest.raises(ActionError, match="out of play"):
        run(example("gladiators", "night-owl"), "reactivate", dice={"": "10"}, options={"times": 4})


def test_reactivation_records_out_of_action() -> None:
    """ "A character who becomes out of action is prone. At the start of the character's Character
    Turn s/he can roll to reactivate" (line 616): a failed roll keeps the condition, a success
    ends it."""
    owl = example("gladiators", "night-owl")
    failed = run(owl, "reactivate", dice={"": "3"})
    assert failed.success is False and failed.effect is not None
    owl = apply_to_document(owl, failed.effect.changes)
    assert [c.name for c in owl.play.conditions] == ["Out of action"]
    back = run(owl, "reactivate", dice={"": "4"})
    assert back.success is True and back.effect is not None
    assert apply_to_document(owl, back.effect.changes).play.conditions == []
    assert Condition(name="x").effect == ""


def test_minor_characters_reactivate_on_six() -> None:
    """ "Minor characters always reactivate on 6+. If they fail one reactivation roll they are
    removed from play altogether." (line 626)"""
    minor = example("gladiators", "minor-criminal")
    result = run(minor, "reactivate", dice={"": "5"}, options={"minor": "yes", "times": 3})
    assert result.values["needed"] == 6 and result.outcome == "removed from play"
