"""The formulas of the 2d10 fragment (seed ../shared/seeds/002_2465630f321cfb59.txt, "002")."""

from __future__ import annotations

import pytest

from sheetapp.systems.twod10 import mechanics as m
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import cats

K = cats().constants


def test_action_result() -> None:
    """002 line 11: "AR Action Result AV + 2D10"."""
    assert m.action_result(7, 12) == 19


@pytest.mark.parametrize(("ar", "dv", "ok"), [(14, 14, True), (13, 14, False), (15, 14, True)])
def test_success_at_and_around_the_dv(ar: int, dv: int, ok: bool) -> None:
    """002 line 22: "If your AR is higher than or equel to the DV, you have succeeded"."""
    assert m.succeeds(ar, dv) is ok


@pytest.mark.parametrize(
    ("ar", "level"), [(13, None), (14, 0), (16, 0), (17, 1), (19, 1), (20, 2), (23, 3)]
)
def test_success_level_every_three_points(ar: int, level: int | None) -> None:
    """002 line 7: "For every three points above the target, the 'level' of success
    increases" (DV 14)."""
    assert m.success_level(ar, 14, K) == level


@pytest.mark.parametrize(("ar", "er"), [(13, None), (14, 5), (16, 5), (17, 6), (20, 7), (26, 9)])
def test_effect_result_plus_one_per_three_over(ar: int, er: int | None) -> None:
    """002 line 15: "ER Effect Result EV + 1 per 3 points of AR over DV" (EV 5, DV 14)."""
    assert m.effect_result(5, ar, 14, K) == er


@pytest.mark.parametrize(
    ("layers", "total"),
    [([], 0), ([6], 6), ([6, 4], 8), ([4, 6], 8), ([6, 5], 8), ([10, 10, 10], 15), ([3, 1], 3)],
)
def test_layered_armour(layers: list[int], total: int) -> None:
    """002 line 37: "their total Armour equels the highest layer plus half the next highest"
    (half rounded down; a third layer adds nothing)."""
    assert m.layered_armour(layers) == total


def test_damage_is_ev_minus_rv() -> None:
    """002 line 37: "Damage is determined with weapon EV minus armour RV"."""
    assert m.damage(9, 4) == 5
    assert m.damage(3, 4) == -1


@pytest.mark.parametrize(("ar", "side"), [(20, "right"), (21, "left"), (0, "right"), (-3, "left")])
def test_side_from_parity(ar: int, side: str) -> None:
    """002 line 35: "if the AR is even, it hits the right side of the body, else the left"."""
    assert m.side_of(ar) == side


def test_surprise() -> None:
    """002 line 20: "You have Surprise if your target's AR is below your [REF +
    Sneak/Camoflague + 10]" — below, not equal; "Surprise gives a +4 AV bonus"."""
    threshold = m.surprise_threshold(6, 3, K)
    assert threshold == 19
    assert m.has_surprise(18, threshold)
    assert not m.has_surprise(19, threshold)
    assert K.surprise_bonus == 4


@pytest.mark.parametrize(("damage", "dv"), [(0, 14), (1, 15), (8, 22)])
def test_malfunction_dv(damage: int, dv: int) -> None:
    """002 line 73: "Malfunction saves are Toughness + 2D10 vs 14 + damage"."""
    assert m.malfunction_dv(damage, K) == dv


@pytest.mark.parametrize(("damage", "destroyed"), [(7, False), (8, True), (12, True)])
def test_eight_points_destroy_the_area(damage: int, destroyed: bool) -> None:
    """002 line 57: "Eight or more points of damage will instantly destroy the area"."""
    assert m.destroys_area(damage, K) is destroyed


@pytest.mark.parametrize(("rec", "phases"), [(3, 7), (9, 1), (10, 0), (12, 0), (30, 0)])
def test_temporary_recovery(rec: int, phases: int) -> None:
    """002 lines 63, 67: "Temporary (wounds heal 1/phase in 10-REC phases)": REC 10 or
    more leaves no phases to wait (at once), never a negative count."""
    assert m.temporary_recovery_phases(rec, K) == phases


def test_temporary_recovery_shown_at_once_for_high_rec() -> None:
    """002 line 63: "Temporary (wounds heal 1/phase in 10-REC phases)": REC 12 on the
    sheet reads 0 phases, "heals at once", never "-2"."""
    from tests.twod10.helpers import new

    document = new()
    document.character.attributes.rec = 12
    value = SYSTEM.evaluate(document).derived_value("recovery")
    assert value.value == 0
    assert "at once" in value.explanation and "-2" not in value.explanation
    assert m.temporary_recovery_text(3, K) == "heals 1/phase in 10 - REC 3 = 7 phases"


@pytest.mark.parametrize(
    ("points", "distance", "dv"),
    [(1, 0, 29), (5, 20, 25), (5, 24, 25), (5, 25, 26), (5, 29, 26), (5, 30, 27), (10, 120, 40)],
)
def test_psionic_ping_dv(points: int, distance: int, dv: int) -> None:
    """002 line 83: "an Awareness DV of 30 - points used within 20m of user +1 per 5m"."""
    assert m.ping_dv(points, distance, K) == dv


@pytest.mark.parametrize(
    ("targets", "penalty"),
    [
        (1, 0),
        (2, -4),
        (9, -4),
        (10, -4),
        (11, -8),
        (100, -8),
        (101, -12),
        (1000, -12),
        (10000, -16),
        (10001, -20),
        (100000, -20),
        (1000000, -24),
    ],
)
def test_mass_targets_up_to_reading(targets: int, penalty: int) -> None:
    """002 lines 112-119: "1 0 / 10 -4 / 100 -8 / 1,000 -12 / 10,000 -16", "Increases by -4
    for every multiple of 10" — default reading: a row covers every number up to it."""
    assert m.mass_target_penalty(targets, K) == penalty


@pytest.mark.parametrize(
    ("targets", "penalty"),
    [(1, 0), (2, 0), (9, 0), (10, -4), (99, -4), (100, -8), (10000, -16), (100000, -20)],
)
def test_mass_targets_at_least_reading(targets: int, penalty: int) -> None:
    """002 lines 112-119, the other reading: a row applies from its number on."""
    assert m.mass_target_penalty(targets, K, "at_least") == penalty


def test_mass_targets_need_a_target() -> None:
    with pytest.raises(ValueError, match="at least one target"):
        m.mass_target_penalty(0, K)


def test_psionic_range() -> None:
    """002 lines 97-106: range by points; outside 1-10 there is none."""
    assert m.psionic_range(4, cats()) == "2km"
    assert m.psionic_range(11, cats()) is None


def test_contact_death_dv() -> None:
    """002 line 91: "a Shock roll against a DV of 16 + target's SPIRIT"."""
    assert m.contact_death_dv(4, K) == 20


def test_stated_constants() -> None:
    """002 line 87: "-4 AV penalty" for an alien mind; line 89: "beating it by four or
    more" tells the identity."""
    assert K.alien_mind_penalty == -4
    assert K.detect_identity_margin == 4
