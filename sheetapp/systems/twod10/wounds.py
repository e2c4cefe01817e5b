"""The wound track: penalties that stack, shock checks, destroyed areas (lines 39-69)."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.twod10.catalog import Catalogs, HitLocation, SpecialDamage
from sheetapp.systems.twod10.mechanics import destroys_area, temporary_recovery_text
from sheetapp.systems.twod10.model import Twod10Character, Wound


@dataclass(frozen=True, slots=True)
class WoundLine:
    """One wound as the sheet shows it."""

    index: int
    name: str
    penalty: int
    shock_dv: int | None
    shock_av: int
    shock_explanation: str
    effect: str
    destroyed: bool
    deadly: bool
    temporary: bool
    recovered: bool
    recovery: str
    continual_shock_dv: int | None

    @property
    def active(self) -> bool:
        return not self.recovered


@dataclass(frozen=True, slots=True)
class WoundTrack:
    lines: tuple[WoundLine, ...]
    penalty: int
    explanation: str
    dead: tuple[str, ...]
    run: int | None
    jump: int | None
    movement_explanation: str


def _rows(wound: Wound, cats: Catalogs) -> tuple[HitLocation | None, SpecialDamage | None]:
    location = cats.hit_locations.get(wound.location or "")
    special = cats.special_damage.get(wound.special or "")
    return location, special


def wound_name(wound: Wound, cats: Catalogs) -> str:
    location, special = _rows(wound, cats)
    parts = []
    if wound.side and location is not None:
        parts.append(wound.side.capitalize())
    if location is not None:
        parts.append(location.name)
    if special is not None:
        parts.append(f"({special.name})" if location is not None else special.name)
    return " ".join(parts) or "Wound (no location or type yet)"


def wound_penalty(wound: Wound, cats: Catalogs) -> int:
    """The row's negative number (line 57: "a penalty applied to all of the character's AVs
    and DVs"); a special damage type's own row replaces the location's (lines 61-67)."""
    location, special = _rows(wound, cats)
    if special is not None:
        return special.penalty
    if location is not None:
        return location.penalty
    return 0


def _damaged_sides(character: Twod10Character) -> dict[str, set[str]]:
    sides: dict[str, set[str]] = {}
    for wound in character.wounds:
        if wound.location and wound.side and not wound.recovered and wound.special is None:
            sides.setdefault(wound.location, set()).add(wound.side)
    return sides


def build_wound_track(character: Twod10Character, cats: Catalogs) -> WoundTrack:
    sides = _damaged_sides(character)
    penalties = [0 if wound.recovered else wound_penalty(wound, cats) for wound in character.wounds]
    total = sum(penalties)
    lines = tuple(
        _wound_line(index, wound, character, cats, sides, own=own, others=total - own)
        for index, (wound, own) in enumerate(zip(character.wounds, penalties, strict=True))
    )
    dead = tuple(line.name for line in lines if line.deadly)
    parts = [f"{line.name} {line.penalty}" for line in lines if line.active and line.penalty]
    explanation = " + ".join(parts) + f" = {total}" if parts else "no wounds"
    run, jump, moved = _movement(character, cats, sides)
    return WoundTrack(lines, total, explanation, dead, run, jump, moved)


def _wound_line(
    index: int,
    wound: Wound,
    character: Twod10Character,
    cats: Catalogs,
    sides: dict[str, set[str]],
    *,
    own: int,
    others: int,
) -> WoundLine:
    """One wound: its penalty, its Shock check with the other wounds' penalties (line 57),
    what it does, and how a temporary one recovers (lines 61-67)."""
    k = cats.constants
    body = character.attributes.body
    location, special = _rows(wound, cats)
    shock_dv = (
        special.shock_dv
        if special is not None
        else (location.shock_dv if location is not None else None)
    )
    effect, destroyed, deadly = _wound_effect(wound, location, special, sides, cats)
    temporary = special is not None and special.temporary
    recovery = temporary_recovery_text(character.attributes.rec, k) if temporary else ""
    continual = location.continual_shock_dv if location is not None and special is None else None
    return WoundLine(
        index,
        wound_name(wound, cats),
        own,
        shock_dv,
        body + others,
        f"BODY {body}" + (f" {others:+d} other wounds" if others else "") + " + d20",
        effect,
        destroyed,
        deadly,
        temporary,
        wound.recovered,
        recovery,
        continual,
    )


def _wound_effect(
    wound: Wound,
    location: HitLocation | None,
    special: SpecialDamage | None,
    sides: dict[str, set[str]],
    cats: Catalogs,
) -> tuple[str, bool, bool]:
    """What a wound does in words (the location's effect, both sides' when both are
    damaged, the special damage's), whether it destroys the area (line 57) and kills."""
    effect_parts: list[str] = []
    if location is not None and special is None:
        both = location.both_sides_effect is not None and len(sides.get(location.id, ())) == 2
        shown = location.both_sides_effect if both else location.effect
        if shown:
            effect_parts.append(shown + (" (both sides damaged)" if both else ""))
    if special is not None and special.effect:
        effect_parts.append(special.effect)
    if location is None or not destroys_area(wound.damage, cats.constants):
        return "; ".join(effect_parts), False, False
    deadly = location.death_when_destroyed
    effect_parts.append(
        f"{location.name} destroyed ({wound.damage} damage)" + (": instant death" if deadly else "")
    )
    return "; ".join(effect_parts), True, deadly


def _movement(
    character: Twod10Character, cats: Catalogs, sides: dict[str, set[str]]
) -> tuple[int | None, int | None, str]:
    """RUN and JUMP after the leg, knee and foot wounds (lines 51-55, 57)."""
    run = character.movement.run
    jump = character.movement.jump
    notes: list[str] = []
    legs = sum(
        1
        for wound in character.wounds
        if wound.location == "leg" and not wound.recovered and wound.special is None
    )
    if legs and run is not None:
        run -= 2 * legs
        notes.append(f"{legs} leg wound{'s' if legs > 1 else ''}: -{2 * legs} RUN")
    if _any(character, "knee"):
        run = 0 if run is not None else None
        jump = 0 if jump is not None else None
        notes.append("knee wound: no RUN, no JUMP")
    if _any(character, "foot"):
        if len(sides.get("foot", ())) == 2:
            run = 0 if run is not None else None
            notes.append("both feet wounded: no RUN")
        elif run is not None:
            run //= 2
            notes.append("foot wound: half RUN")
        jump = 0 if jump is not None else None
        notes.append("foot wound: no JUMP")
    if run is not None and run < 0:
        notes.append(f"RUN {run} below 0: cannot run")
    return run, jump, "; ".join(notes) or "no wound affects movement"


def _any(character: Twod10Character, location: str) -> bool:
    return any(
        wound.location == location and not wound.recovered and wound.special is None
        for wound in character.wounds
    )
