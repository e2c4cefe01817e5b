"""Rolling from the sheet: a skill use, a DV and modifiers → 2D10, AR, success, effect and,
for an attack, the hit location and side. Pure functions with an injected random.Random;
the log of rolls belongs to the session, never to the character file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from sheetapp.systems.twod10.catalog import Catalogs, HitLocation
from sheetapp.systems.twod10.mechanics import (
    action_result,
    damage,
    effect_result,
    mass_target_penalty,
    side_of,
    succeeds,
    success_level,
)
from sheetapp.systems.twod10.sheet import Twod10Sheet

Cover = Literal["open", "low_cover", "high_cover"]


@dataclass(frozen=True, slots=True)
class Modifier:
    label: str
    value: int


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What the player picked: the AV (a skill use from the sheet, wound penalty included),
    the DV, modifiers, and for an attack the EV, the cover and a called location."""

    label: str
    av: int
    dv: int
    modifiers: tuple[Modifier, ...] = ()
    ev: int | None = None
    attack: bool = False
    cover: Cover = "open"
    called: str | None = None
    armour_rv: int = 0
    surprise: bool = False
    psionic: bool = False
    alien_mind: bool = False
    targets: int = 1
    mass_reading: str = "up_to"


@dataclass(frozen=True, slots=True)
class HitResult:
    roll: int
    dice: tuple[int, ...]
    location: HitLocation
    side: str
    called: bool


@dataclass(frozen=True, slots=True)
class RollResult:
    request: RollRequest
    modifiers: tuple[Modifier, ...]
    dice: tuple[int, int]
    av: int
    ar: int
    success: bool
    level: int | None
    effect: int | None
    hit: HitResult | None
    damage: int | None

    @property
    def text(self) -> str:
        """The roll in one line, as the log shows it."""
        request = self.request
        mods = "".join(f" {m.value:+d} {m.label}" for m in self.modifiers)
        outcome = f"success (level {self.level})" if self.success else "failure"
        parts = [
            f"{request.label}: AV {request.av}{mods} = {self.av}; 2D10 {self.dice[0]}+"
            f"{self.dice[1]} → AR {self.ar} vs DV {request.dv}: {outcome}"
        ]
        if self.effect is not None:
            parts.append(f"ER {self.effect}")
        hit = self.hit
        if hit is not None:
            where = "called" if hit.called else f"roll {hit.roll}"
            side = f"{hit.side} " if hit.location.paired else f"{hit.side} side, "
            parts.append(f"hits {side}{hit.location.name} ({where})")
        if self.damage is not None:
            parts.append(
                f"damage {self.effect} - RV {request.armour_rv} = {self.damage}"
                + ("" if self.damage > 0 else ": no wound")
            )
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class SkillUse:
    """Something on the sheet to roll: its AV (wound penalty included) and, for attacks,
    the EV."""

    label: str
    av: int
    ev: int | None = None
    attack: bool = False
    psionic: bool = False


def skill_uses(sheet: Twod10Sheet) -> list[SkillUse]:
    """Every roll the sheet offers: skills, weapons, psionic powers and the named uses."""
    uses = [
        SkillUse(f"{line.name} ({line.attribute.upper()})", line.av.value) for line in sheet.skills
    ]
    uses += [SkillUse(w.name, w.av.value, w.ev, attack=True) for w in sheet.weapons]
    uses += [SkillUse(p.name, p.attack.value, None, psionic=True) for p in sheet.powers]
    uses.append(SkillUse("Perception check (INT + Perception)", sheet.perception.value))
    return uses


def dv_choices(cats: Catalogs) -> list[tuple[str, int]]:
    """The DV chart (lines 26-31) as choices: "Normal (14)"."""
    return [(f"{step.name} ({step.dv})", step.dv) for step in cats.tables.dv_chart]


def roll_dice(rng: random.Random, count: int, sides: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, sides) for _ in range(count))


def hit_location(rng: random.Random, cats: Catalogs, cover: Cover) -> tuple[int, tuple[int, ...]]:
    """Line 35: "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover, else
    roll 3d6"."""
    how = cats.hit_rolls[cover]
    dice = roll_dice(rng, how.dice, how.sides)
    return sum(dice) + how.bonus, dice


def resolve(request: RollRequest, rng: random.Random, cats: Catalogs) -> RollResult:
    """Roll 2D10 for ``request`` (lines 5-15, 20, 22, 35-37)."""
    k = cats.constants
    called = cats.hit_locations.get(request.called or "") if request.called else None
    if request.called and called is None:
        raise ValueError(f"there is no hit location '{request.called}'")
    modifiers = list(request.modifiers)
    if request.surprise:
        if request.psionic:
            raise ValueError("Psionic attacks do not benefit from Surprise")
        modifiers.append(Modifier("Surprise", k.surprise_bonus))
    if request.alien_mind:
        modifiers.append(Modifier("Alien mind", k.alien_mind_penalty))
    if request.targets != 1:
        penalty = mass_target_penalty(request.targets, k, request.mass_reading)
        modifiers.append(Modifier(f"{request.targets} targets", penalty))
    if called is not None:
        modifiers.append(Modifier(f"Called shot: {called.name}", called.called_shot))
    av = request.av + sum(modifier.value for modifier in modifiers)
    first, second = roll_dice(rng, 2, 10)
    ar = action_result(av, first + second)
    success = succeeds(ar, request.dv)
    level = success_level(ar, request.dv, k)
    effect = effect_result(request.ev, ar, request.dv, k) if request.ev is not None else None
    hit = None
    dealt = None
    if request.attack and success:
        if called is not None:
            hit = HitResult(0, (), called, side_of(ar), True)
        else:
            total, dice = hit_location(rng, cats, request.cover)
            hit = HitResult(total, dice, cats.location_for_roll(total), side_of(ar), False)
        if effect is not None:
            dealt = damage(effect, request.armour_rv)
    return RollResult(
        request, tuple(modifiers), (first, second), av, ar, success, level, effect, hit, dealt
    )


def malfunction_save(
    toughness: int, damage_taken: int, rng: random.Random, cats: Catalogs
) -> tuple[tuple[int, int], int, int, bool]:
    """Line 73: "Malfunction saves are Toughness + 2D10 vs 14 + damage" → dice, AR, DV, saved."""
    first, second = roll_dice(rng, 2, 10)
    ar = toughness + first + second
    dv = cats.constants.malfunction_base + damage_taken
    return (first, second), ar, dv, ar >= dv


def shock_save(
    body: int, other_penalties: int, dv: int, rng: random.Random
) -> tuple[int, int, bool]:
    """Line 69: "Shock save AVs are BODY + d20. Ignore the penalty from the wound itself,
    although include other wound penalities." → d20, AR, passed."""
    die = rng.randint(1, 20)
    ar = body + other_penalties + die
    return die, ar, ar >= dv


@dataclass
class RollLog:
    """The session's rolls (kept by the window, never saved in the character file)."""

    entries: list[RollResult]

    def add(self, result: RollResult) -> None:
        self.entries.append(result)
