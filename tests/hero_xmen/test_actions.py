"""X-Men HERO's declared actions with typed dice (seed ../shared/seeds/001_83bd08b00b463b10.txt);
Lodestar: DEX 20 (roll +2), OCV 7, Knockback Resistance 12."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document
from tests.play.helpers import example, run


def test_characteristic_roll() -> None:
    """ "roll 3d6, add or subtract any modifiers, and get a result equal to or better than the
    Target Number (TN)" (line 23); DEX 20: (20 - 10) / 5 = +2 (line 88)."""
    result = run(
        example("hero-xmen", "lodestar"),
        "characteristic",
        dice={"": "2 3 3"},
        options={"characteristic": "dex"},
    )
    assert result.values == {"result": 10, "target": 10, "margin": 0}
    assert result.success is True


@pytest.mark.parametrize(("dice", "success"), [("1 1 1", False), ("6 6 6", True)])
def test_natural_three_and_eighteen(dice: str, success: bool) -> None:
    """ "a natural roll of 3 (three ones) always fails, while a natural roll of 18 (three sixes)
    always succeeds" (line 25), whatever the modifiers and the TN."""
    lodestar = example("hero-xmen", "lodestar")
    result = run(
        lodestar,
        "characteristic",
        dice={"": dice},
        vs=30 if success else -10,
        options={"characteristic": "dex"},
    )
    assert result.success is success


def test_skill_roll_uses_the_skill_modifier() -> None:
    """ "Most dice-rolling requires the player or GM to roll 3d6" (line 23): a skill adds its
    characteristic's modifier and its level."""
    lodestar = example("hero-xmen", "lodestar")
    result = run(lodestar, "skill", dice={"": "3 4 5"}, vs=13)
    # Lodestar's first skill with a roll: Climbing, DEX -1 (its level below the roll)
    assert result.name == "Climbing roll" and result.values["result"] == 12 - 1


def test_attack_roll_ocv_against_ten_plus_dcv() -> None:
    """ "The attacker rolls 3d6 and adds their OCV (including modifiers such as combat levels).
    The target number is 10 plus the defender's DCV" (line 730)."""
    result = run(example("hero-xmen", "lodestar"), "attack", dice={"": "3 3 3"}, vs=6)
    assert result.values == {"result": 16, "target": 16, "ocv": 7}
    assert result.success is True


def test_damage_dice_stun_and_body() -> None:
    """ "does 3d6 damage" (line 554): STUN the total; BODY per die (HERO core)."""
    result = run(
        example("hero-xmen", "lodestar"), "damage", dice={"": "1 6 3"}, options={"dice": 3}
    )
    assert result.values == {"stun": 10, "body": 3}


def test_damage_needs_each_die() -> None:
    """BODY is counted per die: a total alone is refused."""
    from sheetapp.play.actions import ActionError

    with pytest.raises(ActionError, match="3 dice"):
        run(example("hero-xmen", "lodestar"), "damage", dice={"": "10"}, options={"dice": 3})


@pytest.mark.parametrize(
    ("dice", "body", "condition"),
    [("1 1 1", 5, None), ("4 4 4", 10, "Knocked Down"), ("6 6 6", 10, 'Knocked back 6"')],
)
def test_knockback_taken(dice: str, body: int, condition: str | None) -> None:
    """ "the attacker rolls 3d6 and the BODY rolled by the attack. If the result is equal to
    than 10 plus the defender's Knockback Resistance" (line 977): the defender is Knocked Down
    at 22; more is knockback (line 979)."""
    lodestar = example("hero-xmen", "lodestar")
    result = run(lodestar, "knockback", dice={"": dice}, options={"body": body})
    assert result.values["target"] == 22
    if condition is None:
        assert result.effect is None
    else:
        assert result.effect is not None
        after = apply_to_document(lodestar, result.effect.changes)
        assert [c.name for c in after.play.conditions] == [condition]


def test_knockback_circumstance() -> None:
    """Knockback circumstances: "Target is in the air" (line 982) adds 3."""
    result = run(
        example("hero-xmen", "lodestar"),
        "knockback",
        dice={"": "4 4 4"},
        options={"body": 7, "circumstance": "air"},
    )
    assert result.values["result"] == 12 + 7 + 3
