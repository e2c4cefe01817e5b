"""The roll helper with a fixed seed (rules: ../shared/seeds/002_2465630f321cfb59.txt)."""

from __future__ import annotations

import random

import pytest

from sheetapp.systems.twod10.roll import (
    Modifier,
    RollRequest,
    hit_location,
    malfunction_save,
    resolve,
    shock_save,
)
from tests.twod10.helpers import cats


class FixedDice(random.Random):
    """Returns the given values in order (to test exact rolls)."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        value = self.values.pop(0)
        assert a <= value <= b
        return value


def test_same_seed_same_roll() -> None:
    request = RollRequest("Pistol", 10, 14, ev=6, attack=True)
    first = resolve(request, random.Random(42), cats())
    second = resolve(request, random.Random(42), cats())
    assert first == second


def test_ar_success_level_and_effect() -> None:
    """002 lines 11, 15, 22: AR = AV + 2D10; success when AR >= DV; ER = EV + 1 per 3 over."""
    request = RollRequest("Pistol", 10, 14, (Modifier("Aim", 2),), ev=6)
    result = resolve(request, FixedDice(4, 7), cats())
    assert (result.av, result.ar, result.success, result.level, result.effect) == (
        12,
        23,
        True,
        3,
        9,
    )
    bare = resolve(request, FixedDice(1, 1), cats())  # AR 14 = DV: a bare success
    assert (bare.ar, bare.success, bare.level, bare.effect) == (14, True, 0, 6)
    missed = resolve(RollRequest("x", 10, 14), FixedDice(1, 2), cats())
    assert (missed.ar, missed.success, missed.level) == (13, False, None)


def test_attack_hit_location_and_side() -> None:
    """002 line 35: even AR → right side, odd → left; 3d6 in the open."""
    request = RollRequest("Punch", 8, 14, ev=4, attack=True, armour_rv=2)
    result = resolve(request, FixedDice(5, 5, 4, 4, 3), cats())  # AR 18; 3d6 = 11
    assert result.hit is not None
    assert (result.hit.roll, result.hit.location.name, result.hit.side) == (11, "Vitals", "right")
    assert result.damage == 4 + 1 - 2  # ER 5 (1 level over DV 14) minus RV 2
    odd = resolve(request, FixedDice(5, 6, 1, 1, 1), cats())  # AR 19; 3d6 = 3
    assert odd.hit is not None and (odd.hit.location.name, odd.hit.side) == ("Eye", "left")


@pytest.mark.parametrize(
    ("cover", "dice", "roll"),
    [
        ("low_cover", (1, 1), 3),
        ("low_cover", (6, 6), 13),
        ("high_cover", (1, 1), 8),
        ("high_cover", (6, 6), 18),
    ],
)
def test_cover_rolls(cover: str, dice: tuple[int, int], roll: int) -> None:
    """002 line 35: "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover"."""
    total, used = hit_location(FixedDice(*dice), cats(), cover)  # type: ignore[arg-type]
    assert (total, used) == (roll, dice)


def test_called_shot_uses_the_table_modifier_and_no_location_roll() -> None:
    """002 line 39, the "Called" column: Head -4 (line 42)."""
    request = RollRequest("Shot", 10, 14, ev=5, attack=True, called="head")
    result = resolve(request, FixedDice(5, 4), cats())
    assert result.av == 6 and result.ar == 15
    assert result.hit is not None and result.hit.called and result.hit.location.name == "Head"


def test_surprise_bonus() -> None:
    """002 line 20: "Surprise gives a +4 AV bonus"."""
    result = resolve(RollRequest("Stab", 10, 14, surprise=True), FixedDice(1, 1), cats())
    assert result.av == 14


def test_failed_attack_hits_nothing() -> None:
    result = resolve(RollRequest("Shot", 0, 30, ev=5, attack=True), FixedDice(1, 1), cats())
    assert result.hit is None and result.damage is None and "failure" in result.text


def test_unknown_called_location() -> None:
    with pytest.raises(ValueError, match="no hit location"):
        resolve(RollRequest("Shot", 0, 10, called="tail"), random.Random(1), cats())


def test_malfunction_save() -> None:
    """002 line 73: "Toughness + 2D10 vs 14 + damage"."""
    assert malfunction_save(5, 3, FixedDice(6, 6), cats()) == ((6, 6), 17, 17, True)
    assert malfunction_save(5, 4, FixedDice(6, 6), cats()) == ((6, 6), 17, 18, False)


def test_shock_save() -> None:
    """002 line 69: "Shock save AVs are BODY + d20"; other wounds' penalties included."""
    assert shock_save(5, -2, 10, FixedDice(7)) == (7, 10, True)
    assert shock_save(5, -2, 10, FixedDice(6)) == (6, 9, False)


def test_psionic_attacks_get_no_surprise() -> None:
    """002 line 85: "Psionic attacks do not benefit from Surprise"."""
    with pytest.raises(ValueError, match="Surprise"):
        resolve(RollRequest("Blast", 10, 14, surprise=True, psionic=True), FixedDice(1, 1), cats())


def test_alien_mind_and_mass_targets() -> None:
    """002 line 87: "To contact an 'alien' mind, there is a -4 AV penalty"; lines 112-119:
    100 targets -8."""
    request = RollRequest("Blast", 20, 14, psionic=True, alien_mind=True, targets=100)
    result = resolve(request, FixedDice(1, 1), cats())
    assert result.av == 20 - 4 - 8
    assert "-8 100 targets" in result.text


def test_skill_uses_come_from_the_sheet_with_the_wound_penalty() -> None:
    """002 line 57: the wound penalty applies to all AVs, so the uses offered carry it."""
    from sheetapp.systems.twod10.model import PsionicPower, Weapon, Wound
    from sheetapp.systems.twod10.roll import dv_choices, skill_uses
    from sheetapp.systems.twod10.sheet import build_sheet
    from tests.twod10.helpers import new

    doc = new()
    doc.character.weapons = [Weapon(name="Knife", skill="Perception", ev=3)]
    doc.character.powers = [PsionicPower(name="Blast", power=4)]
    doc.character.wounds = [Wound(location="chest", damage=2)]
    uses = {use.label: use for use in skill_uses(build_sheet(doc.character, doc.campaign, cats()))}
    assert uses["Knife"].av == 5 + 0 - 2 and uses["Knife"].ev == 3 and uses["Knife"].attack
    assert uses["Blast"].psionic and uses["Blast"].av == 4 - 2
    assert dv_choices(cats())[1] == ("Normal (14)", 14)
