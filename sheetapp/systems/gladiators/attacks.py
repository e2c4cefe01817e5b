"""What a player needs at the table for each attack: the roll to hit and the range.

The roll: "All dice rolls are D10 ... where the Level and Resisting Level are the same
a roll of 6+ is required, if the Level is one worse than the Resisting Level then 7+,
one better then 5+" (line 409) — so the roll is 6 − the attacker's To Hit + the
target's Dodge. Which To Hit meets which Dodge depends on how the ability targets
(lines 510-521):

- Direct: "Accuracy vs Evade" (line 512); Accuracy is "Used To Hit with any Direct or
  Area ability" (line 56) and Fighting Skill "To Hit with any Melee ability or Short
  Focus attack" (lines 84-85). Both apply to a melee Direct attack; like defences ("use
  the best – don't add them together", line 549) the better one counts.
- Area: "Area Attack (depends on the shape ...) vs Move: Blast 2, Line 4, Cone 2,
  Shape 2" (lines 513-518); "A Fast Area has a 1 better chance of hitting targets in
  the Area" (line 167). The target hex is rolled for first, with Accuracy, against
  "a Dodge of 0 +1 for every full 10 hexes range" (line 499), except that "An Area
  with no range ... does not require a roll To Hit that hex" (line 167).
- Indirect: "0 (1 with Precise) vs Prediction" (line 520).
- Seeking: "Homing vs Confusion. Also it always miss on a roll of 1-4" (line 521).
- Complex: "If it requires a roll to hit it automatically misses on a roll 1-6"
  (line 174).

The cell gives the roll against a Dodge of 0 ("3+ vs Evade 0"): each point of the
target's Dodge adds 1. When the roll can't go lower (a D10 shows 1 at least; Seeking
and Complex miss on low rolls) the cell says up to which Dodge that roll still holds
("1+ vs Evade 0–2").

The range comes from the range modifier (lines 173-246): Touch "Range 0-1", Short
"1-2 hexes", Close "1-5 hexes ... or at 6-10 hexes with -1 to the Level", Ranged
"1-10 ... or at 11-20 at -1 to Level", Long Range "1-20 ... or at 21-40 at -1 to
Level", Distant "any distance 1+"; and "Ranged, Long Range or Distant attacks are at
-2 to hit if used at R1" (line 531). Without a range modifier the ability works in
the user's own hex (R0; "An Area with no range must be a blast, starts from the
user's own hex and includes him/her", line 167). Under a Flexible Modifier a dearer
range lowers the Level when used (line 184).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from sheetapp.systems.gladiators.costs import flexible_choice
from sheetapp.systems.gladiators.resolve import ResolvedAbility, ResolvedModifier

#: the roll that hits when To Hit and Dodge are equal (line 409)
EVEN_ROLL = 6
ACCURACY = "accuracy"
FIGHTING_SKILL = "fighting_skill"
TARGETING = ("direct", "area", "indirect", "seeking")
#: "Area Attack (depends on the shape as shown below) vs Move" (lines 513-518)
AREA_TO_HIT = {"blast": 2, "line": 4, "cone": 2, "shape": 2}
#: "Seeking ... always miss on a roll of 1-4" (line 521)
SEEKING_LOWEST = 5
#: "Complex ... automatically misses on a roll 1-6" (line 174)
COMPLEX_LOWEST = 7


@dataclass(frozen=True, slots=True)
class Band:
    """A range modifier's hexes: the normal band, and the far band at -1 Level."""

    name: str
    near: tuple[int, int | None]
    far: tuple[int, int] | None = None
    point_blank: bool = False  # -2 to hit at R1 (line 531)


RANGES: dict[str, Band] = {
    "touch": Band("Touch", (0, 1)),
    "short": Band("Short", (1, 2)),
    "close": Band("Close", (1, 5), (6, 10)),
    "ranged": Band("Ranged", (1, 10), (11, 20), point_blank=True),
    "long_range": Band("Long Range", (1, 20), (21, 40), point_blank=True),
    "distant": Band("Distant", (1, None), point_blank=True),
}


@dataclass(frozen=True, slots=True)
class AttackLine:
    """The To hit and Range cells of an ability, and how they were worked out."""

    to_hit: str
    range: str
    explanation: str


def best_levels(abilities: list[ResolvedAbility]) -> dict[str, int]:
    """Each ability id's highest Level among ``abilities`` (Accuracy, Fighting Skill):
    worked out once per sheet, not once per attack (quadratic in abilities)."""
    best: dict[str, int] = {}
    for a in abilities:
        ability_id = a.choice.ability
        best[ability_id] = max(best.get(ability_id, 0), a.choice.level)
    return best


def _best_level(best: dict[str, int], ability_id: str) -> int:
    return best.get(ability_id, 0)


def _roll(raw: int, lowest: int, dodge: str) -> str:
    """The roll against a Dodge of 0; below ``lowest`` the roll stays ``lowest`` while
    the target's Dodge is no more than the difference."""
    if raw >= lowest:
        return f"{raw}+ vs {dodge} 0"
    return f"{lowest}+ vs {dodge} 0–{lowest - raw}"


def _is_melee(ability: ResolvedAbility) -> bool:
    """Fighting Skill's attacks: "any Melee ability or Short Focus attack" (line 85)."""
    return ability.has_modifier("melee") or (
        ability.has_modifier("short") and ability.has_modifier("focus")
    )


def _targeting(ability: ResolvedAbility) -> list[ResolvedModifier]:
    return [m for m in ability.modifiers if m.choice.modifier in TARGETING]


def _ranges(ability: ResolvedAbility) -> list[tuple[int, ResolvedModifier]]:
    return [(i, m) for i, m in enumerate(ability.modifiers) if m.choice.modifier in RANGES]


def attack_line(
    ability: ResolvedAbility,
    abilities: list[ResolvedAbility],
    best: dict[str, int] | None = None,
) -> AttackLine | None:
    """The To hit and Range of an ability that targets or reaches something; None for
    one that does neither (a defence, a movement, a sense). ``best`` is
    :func:`best_levels` of ``abilities`` when the caller has it."""
    targeting = _targeting(ability)
    ranges = _ranges(ability)
    if not targeting and not ranges:
        return None
    if best is None:
        best = best_levels(abilities)
    aim = _Aim(
        ability,
        COMPLEX_LOWEST if ability.has_modifier("complex") else 1,
        bool(ranges),
        _best_level(best, ACCURACY),
        best,
    )
    hits: list[str] = []
    hows: list[str] = []
    for modifier in targeting:
        to_hit = _TO_HIT.get(modifier.choice.modifier)
        if to_hit is None:
            continue
        hit, how = to_hit(aim, modifier)
        hits.append((f"{modifier.name} " if len(targeting) > 1 else "") + hit)
        hows.append(how)
    if aim.lowest > 1 and hits:
        hows.append(f"Complex: misses on 1–{aim.lowest - 1}")
    return AttackLine(
        " / ".join(hits) or "—",
        _range_text(ability, ranges),
        "To hit: " + "; ".join(hows) if hows else "",
    )


@dataclass(frozen=True, slots=True)
class _Aim:
    """What every way of targeting reads: the ability, its lowest roll that can hit
    (Complex raises it), whether it has a range, and the character's best levels."""

    ability: ResolvedAbility
    lowest: int
    ranged: bool
    accuracy: int
    best: dict[str, int]


def _direct(aim: _Aim, modifier: ResolvedModifier) -> tuple[str, str]:
    fighting = _best_level(aim.best, FIGHTING_SKILL) if _is_melee(aim.ability) else 0
    accuracy = aim.accuracy
    bonus, source = (fighting, "Fighting Skill") if fighting > accuracy else (accuracy, "Accuracy")
    return (
        _roll(EVEN_ROLL - bonus, aim.lowest, "Evade"),
        f"Direct: 6 − {source} {bonus} + the target's Evade",
    )


def _area(aim: _Aim, modifier: ResolvedModifier) -> tuple[str, str]:
    shape = modifier.choice.shape or "blast"
    fast = 1 if modifier.choice.addons.get("fast", 0) > 0 else 0
    value = AREA_TO_HIT.get(shape)
    if value is None:
        return (
            "referee's call vs Move",
            f"Area {shape.capitalize()}: the rulebook gives no To Hit for it",
        )
    text = _roll(EVEN_ROLL - value - fast, aim.lowest, "Move")
    how = f"Area {shape.capitalize()}: 6 − {value}"
    how += " − 1 for Fast" if fast else ""
    how += " + the target's Move"
    if aim.ranged:
        hex_roll = max(EVEN_ROLL - aim.accuracy, aim.lowest)
        text += f"; hex {hex_roll}+"
        how += (
            f"; the target hex first: 6 − Accuracy {aim.accuracy}, +1 for every full 10 hexes to it"
        )
    else:
        how += "; no roll for the hex (no range: centred on the user)"
    return text, how


def _indirect(aim: _Aim, modifier: ResolvedModifier) -> tuple[str, str]:
    precise = 1 if modifier.choice.variant == "precise" else 0
    how = f"Indirect: 6 − {precise} (Precise)" if precise else "Indirect: 6"
    return (
        _roll(EVEN_ROLL - precise, aim.lowest, "Prediction"),
        how + " + the target's Prediction",
    )


def _seeking(aim: _Aim, modifier: ResolvedModifier) -> tuple[str, str]:
    homing = modifier.choice.units
    return (
        _roll(EVEN_ROLL - homing, max(aim.lowest, SEEKING_LOWEST), "Confusion"),
        f"Seeking: 6 − Homing {homing} + the target's Confusion; 1–4 always miss",
    )


#: the To hit of each way of targeting (the TARGETING modifiers)
_TO_HIT: Final[Mapping[str, Callable[[_Aim, ResolvedModifier], tuple[str, str]]]] = (
    MappingProxyType({"direct": _direct, "area": _area, "indirect": _indirect, "seeking": _seeking})
)


def _range_text(ability: ResolvedAbility, ranges: list[tuple[int, ResolvedModifier]]) -> str:
    if not ranges:
        return "0 (own hex)"
    level = ability.choice.level
    flexible = flexible_choice(ability)
    parts = []
    for index, modifier in ranges:
        band = RANGES[modifier.choice.modifier]
        used = level
        reduction = flexible.reduction_for(index) if flexible else None
        if reduction:
            used = level - reduction
        low, high = band.near
        text = f"{low}–{high}" if high is not None else f"{low}+"
        if band.far:
            text += f"; {band.far[0]}–{band.far[1]} at L{max(used - 1, 0)}"
        if band.point_blank:
            text += "; −2 to hit at 1"
        if used != level:
            text += f" (L{max(used, 0)} when used)"
        parts.append(f"{band.name} {text}" if len(ranges) > 1 else text)
    return " / ".join(parts)
