"""The supplement's numbers as pure functions: rolls, ladders, point costs, disadvantage
values. Each says how it rounds; each is tested against the line it comes from."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from sheetapp.systems.hero_xmen.catalog import (
    CategoryLadder,
    CharacteristicDef,
    DisadvantageKind,
    MeasureRow,
    RollTable,
)
from sheetapp.systems.hero_xmen.model import DisadvantageChoice, HeroCampaign, Rounding

Number = int | float | Fraction


def exact(value: Number) -> Fraction:
    """``value`` as an exact fraction (a float such as 0.1 read as the decimal it shows)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) or float(value * 4).is_integer():
        return Fraction(value)
    return Fraction(value).limit_denominator(1_000_000)


def round_half(value: Number, rounding: Rounding) -> int:
    """To the nearest whole number; an exact .5 goes up (``half_up``) or down."""
    if isinstance(value, int):
        return value
    fraction = exact(value)
    whole, rest = divmod(fraction.numerator, fraction.denominator)
    twice = 2 * rest
    if twice > fraction.denominator:
        return whole + 1
    if twice < fraction.denominator:
        return whole
    return whole + 1 if rounding == "half_up" else whole


def signed(value: int | float) -> str:
    """``+1``, ``+0``, ``-3``."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+g}"
    return f"{int(value):+d}"


# --- characteristics ---------------------------------------------------------------------


def roll_modifier(value: int, table: RollTable) -> int:
    """ "subtract 10 from the value of the Primary Characteristic, then divide by 5 and round
    to the nearest whole number" (line 88); the table (lines 90-93) prints -2 to 27. Outside
    it the same formula holds ((value - 10) / 5 is never exactly halfway)."""
    for row in table.rows:
        if row.low <= value <= row.high:
            return row.modifier
    return round_half(Fraction(value - 10, 5), "half_up")


def characteristic_base(
    char: CharacteristicDef, primaries: dict[str, int], rounding: Rounding
) -> tuple[int, str]:
    """The starting value and how it is worked out (figured: from the primaries)."""
    if not char.base_terms:
        return char.base, f"base {char.base}"
    start = sum((exact(term.factor) * primaries[term.of] for term in char.base_terms), Fraction(0))
    value = round_half(start, rounding)
    parts = []
    for term in char.base_terms:
        factor = exact(term.factor)
        name = term.of.upper()
        if factor == 1:
            parts.append(f"{name} {primaries[term.of]}")
        elif factor.numerator == 1:
            parts.append(f"{name} {primaries[term.of]}/{factor.denominator}")
        else:
            parts.append(f"{factor.numerator}×{name} {primaries[term.of]}")
    shown = f"{float(start):g}" if start.denominator != 1 else str(start)
    rounded = f" → {value}" if start.denominator != 1 else ""
    return value, f"{' + '.join(parts)} = {shown}{rounded}"


def cost_per_point(char: CharacteristicDef, campaign: HeroCampaign) -> float:
    """The seed's price when it states one (INT 2, MD 1, Knockback Resistance 2), else the
    campaign's HERO 5e value."""
    if char.cost is not None:
        return char.cost
    value = getattr(campaign, f"{char.id}_cost", None)
    if not isinstance(value, int | float):
        raise KeyError(f"no cost for {char.id}")
    return float(value)


def characteristic_cost(bought: int, per_point: float, rounding: Rounding) -> int:
    """Points for ``bought`` above the base (negative: sold back), rounded in the
    character's favour by default."""
    points = exact(per_point) * bought
    if points >= 0:
        return round_half(points, rounding)
    return -round_half(-points, "half_up" if rounding == "half_down" else "half_down")


# --- skills and ladders --------------------------------------------------------------------

#: the ladder's steps: -3, then +0, +1, +2 ...
LADDER_START = -3


def ladder_step_ok(level: int) -> bool:
    """Only -3, +0 and up are steps (lines 168-172 price nothing in between)."""
    return level == LADDER_START or level >= 0


def ladder_cost(ladder: CategoryLadder, level: int) -> int:
    """ "Major Skills cost 1 point for a Characteristic roll with a -3 penalty; +2 points for an
    unmodified Characteristic roll; and +2 points for each additional +1." (line 168); Limited
    and Minor Skills the same with their own figures (lines 170, 172).
    A level between the steps is priced as the next step up."""
    if level <= LADDER_START:
        return ladder.at_minus_3
    return ladder.at_minus_3 + ladder.unmodified + max(0, level) * ladder.per_plus


def ladder_explanation(ladder: CategoryLadder, level: int) -> str:
    if level <= LADDER_START:
        return f"{ladder.name}: {ladder.at_minus_3} for the roll at -3"
    text = f"{ladder.name}: {ladder.at_minus_3} + {ladder.unmodified} for +0"
    if level > 0:
        text += f" + {level}×{ladder.per_plus} for {signed(level)}"
    return f"{text} = {ladder_cost(ladder, level)}"


# --- powers --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PowerPoints:
    base: int
    advantages: Fraction
    limitations: Fraction
    active: int
    real: int
    explanation: str


def quarter(value: float) -> Fraction:
    """A modifier's value in whole quarters (+1/4, -1 1/2 ...)."""
    return Fraction(round(value * 4), 4)


def fraction_text(value: Fraction) -> str:
    """``1``, ``1/2``, ``1 1/4`` — HERO writes modifiers in quarters."""
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    part = f"{rest}/{value.denominator}"
    return f"{whole} {part}" if whole else part


def power_points(
    base: int, advantages: Fraction, limitations: Fraction, campaign: HeroCampaign
) -> PowerPoints:
    """Active Points = base × (1 + advantages); Real Points = Active / (1 + limitations)
    (``limitations`` as a positive sum). Each is rounded to the nearest whole number, an
    exact .5 by the campaign's ``point_rounding`` (HERO 5e: in the character's favour,
    down); a power costs at least ``minimum_power_cost`` Real Points."""
    rounding = campaign.point_rounding
    active = round_half(base * (1 + advantages), rounding)
    real_exact = Fraction(active) / (1 + limitations)
    real = round_half(real_exact, rounding)
    floor_note = ""
    if base > 0 and real < campaign.minimum_power_cost:
        real = campaign.minimum_power_cost
        floor_note = f", at least {campaign.minimum_power_cost}"
    half = "down" if rounding == "half_down" else "up"
    parts = [f"Active {base} × (1 + {fraction_text(advantages)}) = {active}"]
    parts.append(
        f"Real {active} / (1 + {fraction_text(limitations)}) = {float(real_exact):.2f} → {real}"
        f"{floor_note} (nearest whole point, .5 rounds {half})"
    )
    return PowerPoints(base, advantages, limitations, active, real, "; ".join(parts))


def end_cost(
    active: int, per_end: int, zero_end: bool, reduced: bool, rounding: Rounding
) -> tuple[int, str]:
    """END a power costs each time it is used (HERO 5e, a campaign setting): 1 per
    ``per_end`` Active Points, at least 1; Reduced Endurance (1/2 END) halves it; 0 END
    (+0.5, line 325) makes it 0."""
    if zero_end:
        return 0, "0 END advantage: no END"
    divisor = per_end * (2 if reduced else 1)
    value = max(1, round_half(Fraction(active, divisor), rounding)) if active > 0 else 0
    half = " (1/2 END)" if reduced else ""
    return value, f"{active} Active Points / {divisor}{half} = {value} END"


def multipower_slot_cost(real: int, divisor: int, minimum: int, rounding: Rounding) -> int:
    """A Multipower slot costs its Real Points / 10 (fixed) or / 5 (flexible) (HERO 5e:
    "60pt MP with 6U slot (60pts)", line 444), at least ``minimum``."""
    return max(minimum, round_half(Fraction(real, divisor), rounding))


def elemental_slot_cost(
    active: int, pool: int, limitations: Fraction, minimum: int, rounding: Rounding
) -> int:
    """A power in an Elemental Control pays its Active Points less the pool, then its
    limitations (HERO 5e; "30pt EC with 30pt (60pt total)", line 450)."""
    return max(minimum, round_half(Fraction(active - pool) / (1 + limitations), rounding))


def knockback_distance(roll: int, resistance: int) -> int:
    """Inches of Knockback for 3d6 + BODY rolled = ``roll`` against 10 + Knockback
    Resistance: 1" per point above (line 979); 0 when knocked down or less."""
    return max(0, roll - (10 + resistance))


def added_damage_classes(damage_classes: int, advantages: Fraction) -> int:
    """DC from STR or other sources added to an advantaged attack: their active points
    divided by (1 + the attack's advantages) (lines 359-361, 971-973): 4 DC with +1 in
    advantages add 2 DC. Fractions of a DC are dropped."""
    return math.floor(Fraction(damage_classes * 5) / (1 + advantages) / 5)


# --- disadvantages -------------------------------------------------------------------------


def measure(rows: tuple[MeasureRow, ...], level: str) -> MeasureRow:
    for row in rows:
        if row.level == level:
            return row
    raise KeyError(level)


@dataclass(frozen=True, slots=True)
class DisadvantageValue:
    frequency: int
    intensity: int
    divisor: int
    value: int
    explanation: str


def combined_intensity(first: int, second: int, rounding: Rounding) -> int:
    """ "sum the points for both Intensities and divide by 2" (lines 521, 544, 567)."""
    return round_half(Fraction(first + second, 2), rounding)


def disadvantage_value(
    choice: DisadvantageChoice, kind: DisadvantageKind, rounding: Rounding
) -> DisadvantageValue:
    """ "add the points for Frequency and Intensity together and divide by the Importance"
    (line 479), rounding an exact .5 by ``rounding``. Dependence and Susceptibility move
    the rate down the time chart at -5 per step and add +5 per extra 1d6 (lines 544,
    567), double for Normal damage (lines 542, 565); a Dependent NPC with useful resources
    is -5 Intensity (line 587), an Enemy +5 with additional resources and -5 with limited
    ones (line 606); Vulnerabilities are always Extremely important (line 683)."""
    table = kind.table
    frequency = measure(table.frequency, choice.frequency).points
    first = measure(table.intensity, choice.intensity).points
    steps: list[str] = [f"Frequency {choice.frequency.capitalize()} {frequency}"]
    rate_note = ""
    if kind.instant_rate_mild and choice.instant:
        first = 0
        rate_note = " (an Instant effect: rate Mild)"
    first_text = f"{choice.intensity.capitalize()} {first}{rate_note}"
    if kind.time_chart and choice.time_chart_steps:
        first -= 5 * choice.time_chart_steps
        first_text += f" - 5×{choice.time_chart_steps} time steps"
    second: int | None = None
    second_text = ""
    if kind.second_intensity and choice.second_intensity is not None:
        second = measure(table.intensity, choice.second_intensity).points
        second_text = f"{choice.second_intensity.capitalize()} {second}"
    if kind.extra_dice and choice.extra_dice:
        if second is None:
            first += 5 * choice.extra_dice
            first_text += f" + 5×{choice.extra_dice} dice"
        else:
            second += 5 * choice.extra_dice
            second_text += f" + 5×{choice.extra_dice} dice"
    if second is None:
        intensity = first
        intensity_text = f"Intensity {first_text}"
    else:
        intensity = combined_intensity(first, second, rounding)
        intensity_text = f"Intensity ({first_text} + {second_text}) / 2 = {intensity}"
    adjust = _resource_adjustment(choice, kind)
    if adjust:
        intensity += adjust
        intensity_text += f" {signed(adjust)} for resources"
    steps.append(intensity_text)
    importance = "extremely" if kind.id == "vulnerability" else choice.importance
    divisor = measure(table.importance, importance).points
    total = frequency + intensity
    ratio = Fraction(total, divisor)
    value = round_half(ratio, rounding)
    explanation = f"({' + '.join(steps)}) / {importance.capitalize()} {divisor}"
    explanation += f" = {float(ratio):g}" + (f" → {value}" if ratio.denominator != 1 else "")
    if kind.normal_damage_doubles and choice.normal_damage:
        value *= 2
        explanation += f"; ×2 for Normal damage = {value}"
    return DisadvantageValue(frequency, intensity, divisor, value, explanation)


def _resource_adjustment(choice: DisadvantageChoice, kind: DisadvantageKind) -> int:
    if choice.resources == "none" or choice.resources not in kind.resources:
        return 0
    return {"additional": 5, "limited": -5, "useful": -5}[choice.resources]
