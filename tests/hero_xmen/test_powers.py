"""Powers: Active and Real Points, the supplement's powers and the forbidden ones
(../shared/seeds/001_83bd08b00b463b10.txt, lines 315-436)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.core.issues import Severity
from sheetapp.systems.hero_xmen.costs import added_damage_classes, power_points
from sheetapp.systems.hero_xmen.model import HeroCampaign

from .helpers import PowerChoice, PowerModifier, blank, evaluate, issues


def _power(choice: PowerChoice) -> tuple[int, int]:
    document = blank()
    document.character.powers.append(choice)
    line = evaluate(document).costs[3].children[0]
    return dict(line.figures)["Active"], line.amount


def test_active_and_real_points_of_an_advantaged_limited_power() -> None:
    """Active = base × (1 + advantages), Real = Active / (1 + limitations): a 6 DC
    Hand-to-Hand Attack (5 per DC, line 359) with Attack versus Resistant Defence (+0.5,
    line 422) and Easily Detected (-0.25, line 436): 30 × 1.5 = 45 Active, 45 / 1.25 = 36."""
    choice = PowerChoice(
        power="hand_to_hand_attack",
        levels=6,
        modifiers=[
            PowerModifier(modifier="attack_vs_resistant_defence", value=0.5),
            PowerModifier(modifier="easily_detected", value=-0.25),
        ],
    )
    assert _power(choice) == (45, 36)


def test_rounding_half_points_in_the_characters_favour() -> None:
    """Telepathy 5d6 (5 points per 1d6, line 409) with Penetrating (+0.5, line 428):
    25 × 1.5 = 37.5 → 37 Active (HERO 5e: .5 rounds in the character's favour); with a
    -1/4 limitation 37 / 1.25 = 29.6 → 30 Real. The campaign may round .5 up instead."""
    campaign = HeroCampaign()
    points = power_points(25, Fraction(1, 2), Fraction(1, 4), campaign)
    assert (points.active, points.real) == (37, 30)
    assert "37.5" not in points.explanation and "29.60 → 30" in points.explanation
    up = campaign.model_copy(update={"point_rounding": "half_up"})
    assert power_points(25, Fraction(1, 2), Fraction(0), up).active == 38
    # Tunnelling 1" and 1 DEF (2 + 3 = 5, line 413) with a -1 limitation: 2.5 → 2
    assert power_points(5, Fraction(0), Fraction(1), campaign).real == 2
    assert power_points(5, Fraction(0), Fraction(1), up).real == 3


def test_a_power_costs_at_least_one_point() -> None:
    assert power_points(1, Fraction(0), Fraction(2), HeroCampaign()).real == 1


def test_the_astral_form_build_line_325() -> None:
    """ "0 END (+0.5), persistent (+0.5), ... 0 DCV (-1.5), can be attacked at the
    "perception point" ... (-1) [220 active points, 63 character points]"."""
    choice = PowerChoice(
        power="clairsentience_astral_form",
        option="astral_form",
        modifiers=[
            PowerModifier(modifier="zero_end", value=0.5),
            PowerModifier(modifier="persistent", value=0.5),
            PowerModifier(modifier="astral_concentration", value=-1.5),
            PowerModifier(modifier="astral_perception_point", value=-1),
        ],
    )
    assert _power(choice) == (220, 63)


def test_tunnelling_find_weakness_missile_deflection_prices() -> None:
    """Tunnelling "2 points for 1" of movement and 3 points for each 1 DEF" (line 413);
    Find Weakness 10/20/30 (line 337); Missile Deflection 5/10/15/20 (line 399), with
    "reflect attacks at the attacker is a +1 Power Advantage"."""
    assert _power(PowerChoice(power="tunnelling", levels=4, levels2=5)) == (23, 23)
    assert _power(PowerChoice(power="find_weakness", option="related_group")) == (20, 20)
    reflect = PowerChoice(
        power="missile_deflection",
        option="bullets",
        modifiers=[PowerModifier(modifier="reflect_at_attacker", value=1)],
    )
    assert _power(reflect) == (30, 30)


def test_hand_to_hand_attack_str_example_line_361() -> None:
    """ "A character with 20 STR (20 active points) normally has 4 DC from STR. However,
    their effective STR is only 10 when these two advantages are applied ..., so they only
    add 2 DC"; Black Ninja (line 973): "+8 DC ... with +1 in advantages ... total damage
    of the attack is thus 8 DC" (4 + 4)."""
    assert added_damage_classes(4, Fraction(1)) == 2
    assert 4 + added_damage_classes(8, Fraction(1)) == 8


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        (PowerChoice(power="luck"), "Characters cannot purchase Luck."),
        (PowerChoice(name="Luck", base_cost=15), "Characters cannot purchase Luck."),
        (PowerChoice(power="killing_attack"), "Killing Attack is not a separate power."),
        (PowerChoice(name="killing attack - ranged", base_cost=45), "Killing Attack"),
        (PowerChoice(name="Mental Defense", base_cost=10), "Mental Defence is no longer a Power"),
    ],
)
def test_forbidden_powers_are_errors_quoting_the_rule(choice: PowerChoice, words: str) -> None:
    """Luck (line 381), Killing Attack (line 369), Mental Defence (line 385)."""
    document = blank()
    document.character.powers.append(choice)
    found = issues(document, "hero-xmen.forbidden_power")
    assert [i.severity for i in found] == [Severity.ERROR]
    assert words in found[0].message and found[0].hint


def test_no_telepathic_link_only_on_mind_control() -> None:
    """Line 389: "Mind Control automatically comes with telepathic link: No Telepathic Link
    is a -0.25 limitation."."""
    document = blank()
    link = PowerModifier(modifier="no_telepathic_link", value=-0.25)
    document.character.powers.append(PowerChoice(power="mind_control", levels=8, modifiers=[link]))
    assert not issues(document, "hero-xmen.modifier_power")
    assert _power(document.character.powers[0]) == (40, 32)
    document.character.powers.append(PowerChoice(power="ego_blast", levels=4, modifiers=[link]))
    assert issues(document, "hero-xmen.modifier_power")


def test_a_catalog_modifier_keeps_its_rules_value() -> None:
    document = blank()
    wrong = PowerModifier(modifier="penetrating", value=1)
    document.character.powers.append(PowerChoice(power="ego_blast", levels=4, modifiers=[wrong]))
    found = issues(document, "hero-xmen.modifier_value")
    assert found and "+0.5" in found[0].message
    assert _power(document.character.powers[0]) == (60, 60)


def test_custom_powers_take_their_base_cost_and_quarter_modifiers() -> None:
    custom = PowerChoice(
        name="Energy Blast",
        base_cost=50,
        modifiers=[PowerModifier(name="Reduced Endurance (0 END)", value=0.5)],
    )
    assert _power(custom) == (75, 75)
    document = blank()
    document.character.powers.append(
        PowerChoice(name="Flight", base_cost=20, modifiers=[PowerModifier(name="Odd", value=0.3)])
    )
    assert issues(document, "hero-xmen.modifier_quarters")
    document.character.powers.append(PowerChoice(name="Forcefield"))
    assert [i.severity for i in issues(document, "hero-xmen.power_base_cost")] == [Severity.WARNING]


def test_telepathy_is_bought_per_mode() -> None:
    """Line 409: "You must buy Telepathy twice if you want to use both modes."."""
    document = blank()
    document.character.powers.append(PowerChoice(power="telepathy", levels=6))
    assert issues(document, "hero-xmen.power_mode")
    document.character.powers[0].mode = "passive"
    assert not issues(document, "hero-xmen.power_mode")
