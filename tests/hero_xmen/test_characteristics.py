"""Characteristics: rolls, costs, figured values, maxima
(../shared/seeds/001_83bd08b00b463b10.txt)."""

from __future__ import annotations

import pytest

from sheetapp.core.issues import Severity
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.costs import roll_modifier

from .helpers import blank, evaluate, issues, spent


@pytest.mark.parametrize(
    ("value", "modifier"),
    [
        (-2, -2), (2, -2), (3, -1), (7, -1), (8, 0), (12, 0),
        (13, 1), (17, 1), (18, 2), (22, 2), (23, 3), (27, 3),
        (28, 4), (-3, -3), (33, 5),
    ],
)  # fmt: skip
def test_roll_modifier_at_the_table_boundaries(value: int, modifier: int) -> None:
    """Line 88: "subtract 10 ..., then divide by 5 and round to the nearest whole number";
    table lines 91-93 ("-2 to 2 -2 | 13 to 17 +1", "3 to 7 -1 | 18 to 22 +2",
    "8 to 12 0 | 23 to 27 +3"); beyond the table the same formula."""
    assert roll_modifier(value, catalogs().roll_modifiers) == modifier


def test_old_rolls_convert_lines_37_to_41() -> None:
    """ "8- -3 ... 11- +0 ... 15- +4": an old roll of N- is now N - 11."""
    rows = catalogs().old_rolls.rows
    assert {(r.old, r.now) for r in rows} >= {(8, -3), (11, 0), (12, 1), (15, 4)}


def test_intelligence_costs_2_per_point() -> None:
    """Line 116: "Intelligence costs 2 Character Points per point, not 1 per point."."""
    assert spent(blank(int=13)) == 6
    assert spent(blank(int=20)) == 20


def test_hero_5e_costs_of_the_other_primaries() -> None:
    """The supplement does not restate them (campaign settings: STR 1, DEX 3, CON 2,
    BODY 2, EGO 2, PRE 1 — HERO 5e)."""
    assert spent(blank(str=15)) == 5
    assert spent(blank(dex=15)) == 15
    assert spent(blank(con=15, body=12)) == 10 + 4
    assert spent(blank(ego=11, pre=13)) == 2 + 3


def test_base_values_cost_nothing_and_selling_back_gives_points() -> None:
    """ "The Base Value of all Primary Characteristics costs 0 character points." (line 75)."""
    assert spent(blank()) == 0
    assert spent(blank(str=8)) == -2


def test_mental_defence_is_ego_over_5_and_1_point_per_point() -> None:
    """Line 142: "Mental Defence has a base value of EGO/5, and may be increased by 1 point
    for 1 Character Point."."""
    document = blank(ego=20)
    evaluation = evaluate(document)
    assert evaluation.derived_value("char.md").value == 4
    for buy in document.character.characteristics:
        if buy.characteristic == "md":
            buy.bought = 3
    evaluation = evaluate(document)
    assert evaluation.derived_value("char.md").value == 7
    assert evaluation.total("points").spent == 20 + 3  # EGO 10 × 2, MD 3 × 1


def test_figured_characteristics_follow_the_primaries() -> None:
    """Figured values derive from the primaries (line 130); HERO 5e's formulas give the
    table's bases at 10 (lines 133-138) and round .5 up."""
    evaluation = evaluate(blank(str=23, con=18, body=12))
    assert evaluation.derived_value("char.pd").value == 5  # 23/5 = 4.6
    assert evaluation.derived_value("char.ed").value == 4  # 18/5 = 3.6
    assert evaluation.derived_value("char.rec").value == 8  # 4.6 + 3.6 = 8.2
    assert evaluation.derived_value("char.end").value == 36
    assert evaluation.derived_value("char.stun").value == 33  # 12 + 11.5 + 9 = 32.5 → 33


def test_no_speed_and_no_comeliness() -> None:
    """ "Speed is not a Figured Characteristic." (line 146); "Comeliness is not a Primary
    Characteristic." (line 126)."""
    keys = {value.key for value in evaluate(blank()).derived}
    assert "char.spd" not in keys and "char.com" not in keys


def test_knockback_resistance_base_10_and_2_points_per_plus_1() -> None:
    """Line 373: "All characters have 10 Knockback Resistance. Each +1 Knockback
    Resistance costs 2 Character Points."."""
    document = blank()
    for buy in document.character.characteristics:
        if buy.characteristic == "kb_resistance":
            buy.bought = 3
    evaluation = evaluate(document)
    assert evaluation.derived_value("kb_resistance").value == 13
    assert evaluation.total("points").spent == 6


def test_maxima_are_flagged_with_the_campaign_severity() -> None:
    """Line 75: "20 ... the maximum an ordinary person can obtain, while 25 is considered the
    peak of human potential" — X-Men may pass both: info above 20, warning above 25."""
    assert not issues(blank(str=20), "hero-xmen.above_normal_maximum")
    above = issues(blank(str=21), "hero-xmen.above_normal_maximum")
    assert [i.severity for i in above] == [Severity.INFO]
    assert "maximum an ordinary person" in above[0].message
    assert not issues(blank(str=25), "hero-xmen.above_peak")
    peak = issues(blank(str=26), "hero-xmen.above_peak")
    assert [i.severity for i in peak] == [Severity.WARNING]
    document = blank(str=26)
    document.campaign.above_peak = "error"
    assert [i.severity for i in issues(document, "hero-xmen.above_peak")] == [Severity.ERROR]


def test_swimming_peak_is_two_and_a_half_inches() -> None:
    """Line 154: Swimming normal maximum 2", peak 2.5"."""
    document = blank()
    for buy in document.character.characteristics:
        if buy.characteristic == "swimming":
            buy.bought = 2
    assert issues(document, "hero-xmen.above_peak")  # 3" > 2.5"


def test_a_characteristic_listed_twice_is_an_error_and_counts_once() -> None:
    document = blank(str=15)
    document.character.characteristics.append(document.character.characteristics[0].model_copy())
    found = issues(document, "hero-xmen.characteristic_twice")
    assert found and found[0].severity is Severity.ERROR
    assert "STR is listed twice" in found[0].message
    assert spent(document) == 5
