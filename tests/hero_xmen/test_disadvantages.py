"""Disadvantages: value = (Frequency + Intensity) / Importance with each kind's table
(../shared/seeds/001_83bd08b00b463b10.txt, lines 456-696), and the totals."""

from __future__ import annotations

import itertools

import pytest

from sheetapp.core.issues import Severity
from sheetapp.systems.hero_xmen.catalog import (
    FREQUENCIES,
    IMPORTANCES,
    INTENSITIES,
    catalogs,
)
from sheetapp.systems.hero_xmen.costs import combined_intensity, disadvantage_value

from .helpers import DisadvantageChoice, PowerChoice, blank, evaluate, issues


def _value(**fields: object) -> int:
    choice = DisadvantageChoice.model_validate(fields)
    return disadvantage_value(choice, catalogs().kinds[choice.kind], "half_up").value


@pytest.mark.parametrize("kind", sorted(catalogs().kinds))
def test_every_table_every_cell(kind: str) -> None:
    """Line 479: "add the points for Frequency and Intensity together and divide by the
    Importance"; Frequency/Intensity +0/+5/+10/+15, Importance /5, /2, /1 in every table;
    an exact .5 rounds up."""
    points = dict(zip(FREQUENCIES, (0, 5, 10, 15), strict=True))
    divisors = {"slightly": 5, "greatly": 2, "extremely": 1}
    importances = ("extremely",) if kind == "vulnerability" else IMPORTANCES
    for frequency, intensity, importance in itertools.product(
        FREQUENCIES, INTENSITIES, importances
    ):
        total = points[frequency] + dict(zip(INTENSITIES, (0, 5, 10, 15), strict=True))[intensity]
        expected = int(total / divisors[importance] + 0.5)
        got = _value(kind=kind, frequency=frequency, intensity=intensity, importance=importance)
        assert got == expected, (frequency, intensity, importance)


def test_shadowdancer_line_496() -> None:
    """ "occurs Constantly at Mild Intensity, for 15 + 0 = 15pts ... of Slight importance.
    The final value of the Disadvantage is 15 / 5 = 3pts."."""
    assert (
        _value(kind="physical", frequency="constantly", intensity="mild", importance="slightly")
        == 3
    )


def test_waterspout_line_561_intensity_arithmetic() -> None:
    """ "for a total Intensity of 15 - 10 = 5 / 2 = +3pts": two Intensities are summed and
    halved (line 544), and the example rounds 2.5 up to 3."""
    assert combined_intensity(15, -10, "half_up") == 3
    assert combined_intensity(15, -10, "half_down") == 2


def test_waterspout_by_the_tables() -> None:
    """The example prices 3d6 as "Strong +15pts" and its total as "15 + 3 = 18" after
    "Infrequently +5pts"; by the tables (lines 548, 554) Strong is +10 and the rate moved
    2 steps down from Mild is 0 - 10: Intensity (-10 + 10) / 2 = 0, and Frequency 5 + 0 = 5
    before Importance (the README explains the reading)."""
    choice = {
        "kind": "dependence",
        "frequency": "infrequently",
        "intensity": "mild",
        "time_chart_steps": 2,
        "second_intensity": "strong",
        "importance": "extremely",
    }
    assert _value(**choice) == 5
    assert (
        _value(
            **{
                **choice,
                "importance": "greatly",
            }
        )
        == 3
    )  # 5 / 2 = 2.5 → 3


def test_dependence_damage_dice_and_normal_damage() -> None:
    """Lines 542-544: "+5pts for each +1d6"; "If the character takes Normal damage, apply an
    additional x2 modifier"."""
    base = {
        "kind": "susceptibility",
        "frequency": "frequently",
        "intensity": "moderate",
        "importance": "extremely",
    }
    assert _value(**base) == 15
    assert _value(**base, extra_dice=1) == 20
    assert _value(**base, normal_damage=True) == 30


def test_susceptibility_to_an_instant_effect_is_mild() -> None:
    """Line 567: "If the character is Susceptible to an Instant Power or effect, the rate of
    being affected is automatically Mild (+0pts)."."""
    base = {
        "kind": "susceptibility",
        "frequency": "frequently",
        "intensity": "total",
        "importance": "extremely",
    }
    assert _value(**base, instant=True) == 10


def test_enraged_chance_to_recover_is_averaged() -> None:
    """Line 521: "A character can have a chance to recover of a different Intensity ...: sum
    the points for both Intensities and divide by 2"."""
    assert _value(kind="enraged", frequency="frequently", intensity="strong",
                  second_intensity="moderate", importance="extremely") == 10 + 8  # fmt: skip


def test_enemy_and_dnpc_resources() -> None:
    """Enemy: "additional resources ... +5pts; ... limited resources ... -5pts" (line 606);
    DNPC: "useful resources or opportunities ... reduced by -5pts" (line 587)."""
    enemy = {
        "kind": "enemy",
        "frequency": "infrequently",
        "intensity": "strong",
        "importance": "extremely",
    }
    assert _value(**enemy) == 15
    assert _value(**enemy, resources="additional") == 20
    assert _value(**enemy, resources="limited") == 10
    dnpc = {
        "kind": "dependent_npc",
        "frequency": "frequently",
        "intensity": "strong",
        "importance": "greatly",
    }
    assert _value(**dnpc, resources="useful") == 8  # (10 + 5) / 2 = 7.5 → 8


def test_vulnerability_is_always_extremely_important() -> None:
    """Line 683: "Vulnerabilities are always Extremely Important."."""
    document = blank()
    document.character.disadvantages.append(
        DisadvantageChoice(
            kind="vulnerability",
            name="Magic",
            frequency="infrequently",
            intensity="strong",
            importance="slightly",
        )
    )
    found = issues(document, "hero-xmen.vulnerability_importance")
    assert [i.severity for i in found] == [Severity.ERROR]
    assert evaluate(document).total("disadvantages").spent == 15


def test_options_of_other_kinds_are_refused() -> None:
    document = blank()
    document.character.disadvantages.append(
        DisadvantageChoice(kind="physical", name="Blind", time_chart_steps=1)
    )
    assert issues(document, "hero-xmen.disadvantage_option")


def test_totals_base_plus_disadvantages_against_spent() -> None:
    """Hero Designer's way: 200 base + up to 150 from Disadvantages (campaign settings)."""
    document = blank(dex=20)  # 30 points
    for _ in range(11):
        document.character.disadvantages.append(
            DisadvantageChoice(
                kind="psychological",
                name="Code",
                frequency="constantly",
                intensity="total",
                importance="extremely",
            )
        )
    evaluation = evaluate(document)
    total = evaluation.total("points")
    assert (total.spent, total.budget) == (30, 350)
    assert evaluation.total("disadvantages").spent == 330
    assert issues(document, "hero-xmen.disadvantage_cap")
    assert issues(document, "hero-xmen.unspent")[0].message == "320 points left to spend."
    document.character.powers.append(PowerChoice(name="Energy Blast", base_cost=330))
    over = issues(document, "hero-xmen.over_budget")
    assert [i.severity for i in over] == [Severity.ERROR]
    assert over[0].message == "360 points spent of 350: 10 too many."
