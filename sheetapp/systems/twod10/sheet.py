"""Every value a 2d10 sheet shows, computed once per evaluation with its explanation.

Line 57: wound penalties are "applied to all of the character's AVs and DVs", so every
AV and every DV of the character below includes the wound track's total penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetapp.core.memo import Latest, Memo, memos_of
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.twod10.catalog import AttributeId, Catalogs, catalogs
from sheetapp.systems.twod10.mechanics import (
    layered_armour,
    malfunction_dv,
    ping_dv,
    psionic_range,
    temporary_recovery_phases,
    temporary_recovery_text,
)
from sheetapp.systems.twod10.model import Skill, Twod10Campaign, Twod10Character
from sheetapp.systems.twod10.wounds import WoundTrack, build_wound_track


@dataclass(frozen=True, slots=True)
class Value:
    value: int
    explanation: str


@dataclass(frozen=True, slots=True)
class SkillLine:
    index: int
    name: str
    attribute: AttributeId
    rating: int
    av: Value


@dataclass(frozen=True, slots=True)
class WeaponLine:
    index: int
    name: str
    av: Value
    ev: int
    malfunction: str


@dataclass(frozen=True, slots=True)
class PowerLine:
    index: int
    name: str
    power: int
    points: int
    attack: Value
    range: str
    ping: Value
    detectable: bool


@dataclass(frozen=True, slots=True)
class Twod10Sheet:
    wounds: WoundTrack
    skills: tuple[SkillLine, ...]
    perception: Value
    surprise_hiding: Value
    surprise_unexpected: Value
    psionic_defense: Value
    detection_dv: Value
    armour: Value
    weapons: tuple[WeaponLine, ...]
    powers: tuple[PowerLine, ...]
    initiative: Value
    shock_save: Value
    malfunction: Value
    recovery_phases: Value
    conditions: str = ""
    #: what conditions take from attributes (Awed: -3 to REF, INT, INF)
    attribute_penalties: tuple[tuple[AttributeId, int], ...] = ()

    @property
    def penalty(self) -> int:
        return self.wounds.penalty


def skill_name(skill: Skill, cats: Catalogs) -> str:
    known = cats.skills.get(skill.skill or "")
    if skill.name:
        return skill.name
    return known.name if known is not None else "(unnamed skill)"


def find_skill(character: Twod10Character, skill_id: str, cats: Catalogs) -> Skill | None:
    """The character's skill ``skill_id`` (by seed id, or a custom skill of that name)."""
    wanted = cats.skills[skill_id].name.casefold() if skill_id in cats.skills else skill_id
    for skill in character.skills:
        if skill.skill == skill_id or (skill.skill is None and skill.name.casefold() == wanted):
            return skill
    return None


def skills_by_name(character: Twod10Character, lines: Sequence[SkillLine]) -> dict[str, Skill]:
    """The character's skills by their shown name (case-folded; the first of a name wins),
    so each weapon finds its skill without a scan of the list."""
    folded = [line.name.casefold() for line in lines]
    chosen = [character.skills[line.index] for line in lines]
    # built from the last line back, so the first of a name is the one left
    return dict(zip(reversed(folded), reversed(chosen), strict=True))


def _penalty_text(penalty: int) -> str:
    return f" {penalty:+d} wounds" if penalty else ""


def _use(
    character: Twod10Character,
    cats: Catalogs,
    attribute: AttributeId,
    skill_id: str,
    *,
    penalty: int,
    bonus: int = 0,
) -> Value:
    """attribute + skill (+ bonus) + wound penalty, explained in the user's words."""
    score = character.attributes.get(attribute)
    skill = find_skill(character, skill_id, cats)
    rating = skill.rating if skill is not None else 0
    skill_label = cats.skills[skill_id].name
    missing = " (not on the sheet: 0)" if skill is None else ""
    total = score + rating + bonus + penalty
    text = (
        f"{cats.attributes[attribute].name} {score} + {skill_label} {rating}{missing}"
        + (f" + {bonus}" if bonus else "")
        + _penalty_text(penalty)
    )
    return Value(total, text)


def _initiative(character: Twod10Character, campaign: Twod10Campaign) -> Value:
    """Line 18: "in descending order of INIT" (INIT is never defined: a campaign setting)."""
    attrs = character.attributes
    if campaign.initiative == "entered":
        if character.initiative is None:
            return Value(0, "INIT entered by the player: not entered yet")
        return Value(character.initiative, "INIT as entered")
    if campaign.initiative == "ref_plus_int":
        return Value(attrs.ref + attrs.int, f"REF {attrs.ref} + INT {attrs.int}")
    return Value(attrs.ref, f"REF {attrs.ref}")


def _skill_line(
    index: int, skill: Skill, *, name: str, attribute: str, score: int, penalty: int
) -> SkillLine:
    """One skill's AV: attribute + rating + the wound penalty."""
    return SkillLine(
        index,
        name,
        skill.attribute,
        skill.rating,
        Value(
            score + skill.rating + penalty,
            f"{attribute} {score} + {name} {skill.rating}{_penalty_text(penalty)}",
        ),
    )


_SKILL_LINES: Memo[IdentityMemo[SkillLine]] = Memo(
    "twod10:skill_lines",
    "the character's skills",
    "a skill's line kept by the identity of the unchanged skill, while the attributes, the "
    "wound penalty and the catalogs are the same: an edit works out one line",
    IdentityMemo,
)


#: "9-12 Awed: target loses next Action, -3 to REF, INT, INF." (line 79)
AWED_ATTRIBUTES: tuple[AttributeId, ...] = ("ref", "int", "inf")


def under_conditions(
    character: Twod10Character, conditions: Sequence[str], cats: Catalogs
) -> tuple[Twod10Character, str]:
    """The character as its influence conditions leave it (Awed: -3 to REF, INT, INF), and
    what changed in words ("" when nothing did)."""
    awed = cats.influence.get("awed")
    if awed is None or awed.name not in conditions or not awed.attribute_penalty:
        return character, ""
    attrs = character.attributes
    lowered: dict[str, int] = {a: attrs.get(a) + awed.attribute_penalty for a in AWED_ATTRIBUTES}
    changed = character.model_copy(update={"attributes": attrs.model_copy(update=lowered)})
    names = ", ".join(cats.attributes[a].name for a in AWED_ATTRIBUTES)
    return changed, f"{awed.name}: {awed.attribute_penalty:+d} to {names}"


def build_sheet(
    character: Twod10Character,
    campaign: Twod10Campaign,
    cats: Catalogs,
    conditions: Sequence[str] = (),
) -> Twod10Sheet:
    k = cats.constants
    character, conditions_text = under_conditions(character, conditions, cats)
    track = build_wound_track(character, cats)
    penalty = track.penalty
    attrs = character.attributes
    skills = _skill_lines(character, cats, penalty)
    recovery = attrs.rec
    return Twod10Sheet(
        wounds=track,
        skills=skills,
        perception=_use(character, cats, "int", "perception", penalty=penalty),
        surprise_hiding=_use(
            character, cats, "ref", "sneak_camouflage", penalty=penalty, bonus=k.surprise_base
        ),
        surprise_unexpected=_use(
            character, cats, "inf", "persuasion", penalty=penalty, bonus=k.surprise_base
        ),
        psionic_defense=_use(character, cats, "will", "defense", penalty=penalty),
        detection_dv=_use(character, cats, "int", "defense", penalty=penalty),
        armour=_armour(character),
        weapons=_weapon_lines(character, cats, skills, penalty),
        powers=_power_lines(character, cats, penalty),
        initiative=_initiative(character, campaign),
        shock_save=Value(
            attrs.body + penalty,
            f"BODY {attrs.body}{_penalty_text(penalty)} + d20 (a wound's own penalty is "
            "left out of its own Shock check)",
        ),
        malfunction=Value(
            attrs.toughness + penalty,
            f"Toughness {attrs.toughness}{_penalty_text(penalty)} + 2D10 vs "
            f"{malfunction_dv(0, k)} + damage",
        ),
        recovery_phases=Value(
            temporary_recovery_phases(recovery, k), temporary_recovery_text(recovery, k)
        ),
        conditions=conditions_text,
        attribute_penalties=_attribute_penalties(conditions_text, cats),
    )


def _attribute_penalties(
    conditions_text: str, cats: Catalogs
) -> tuple[tuple[AttributeId, int], ...]:
    """What the conditions take from attributes (Awed: -3 to REF, INT, INF; line 79)."""
    awed = cats.influence.get("awed")
    if not conditions_text or awed is None:
        return ()
    return tuple((a, awed.attribute_penalty) for a in AWED_ATTRIBUTES)


def _skill_lines(character: Twod10Character, cats: Catalogs, penalty: int) -> tuple[SkillLine, ...]:
    attrs = character.attributes
    return tuple(
        _SKILL_LINES.current().each(
            character.skills,
            (attrs.model_dump(), penalty, cats),
            lambda index, skill: _skill_line(
                index,
                skill,
                name=skill_name(skill, cats),
                attribute=cats.attributes[skill.attribute].name,
                score=attrs.get(skill.attribute),
                penalty=penalty,
            ),
        )
    )


def _armour(character: Twod10Character) -> Value:
    """Line 37: the highest layer worn plus half the next."""
    worn = [layer.rv for layer in character.armour if layer.worn]
    ordered = sorted(worn, reverse=True)
    if len(ordered) >= 2:
        armour_text = f"highest layer {ordered[0]} + half of the next {ordered[1]} (rounded down)"
    elif ordered:
        armour_text = f"one layer worn: {ordered[0]}"
    else:
        armour_text = "no armour worn"
    return Value(layered_armour(worn), armour_text)


def _weapon_lines(
    character: Twod10Character, cats: Catalogs, skills: Sequence[SkillLine], penalty: int
) -> tuple[WeaponLine, ...]:
    """Each weapon's AV (its attribute + its skill + the wound penalty), EV and
    malfunction save."""
    k = cats.constants
    attrs = character.attributes
    weapons = []
    named = skills_by_name(character, skills) if character.weapons else {}
    for index, weapon in enumerate(character.weapons):
        skill = named.get(weapon.skill.strip().casefold()) if weapon.skill else None
        rating = skill.rating if skill is not None else 0
        score = attrs.get(weapon.attribute)
        shown_skill = (
            f"{skill_name(skill, cats)} {rating}"
            if skill is not None
            else (f"{weapon.skill} (not on the sheet) 0" if weapon.skill else "no skill 0")
        )
        av = Value(
            score + rating + penalty,
            f"{cats.attributes[weapon.attribute].name} {score} + {shown_skill}"
            f"{_penalty_text(penalty)}",
        )
        malfunction = (
            f"Toughness {weapon.toughness} + 2D10 vs {k.malfunction_base} + damage"
            if weapon.toughness is not None
            else ""
        )
        weapons.append(
            WeaponLine(index, weapon.name or "(unnamed weapon)", av, weapon.ev, malfunction)
        )
    return tuple(weapons)


def _power_lines(character: Twod10Character, cats: Catalogs, penalty: int) -> tuple[PowerLine, ...]:
    """Each psionic power's attack AV (the full Power + Focus), range and ping."""
    k = cats.constants
    focus = find_skill(character, "focus", cats)
    focus_rating = focus.rating if focus is not None else 0
    largest = len(cats.psionic_range)
    powers = []
    for index, power in enumerate(character.powers):
        points = power.power if power.points is None else power.points
        attack = Value(
            power.power + focus_rating + penalty,
            f"Power {power.power} (full score) + Focus {focus_rating}{_penalty_text(penalty)}",
        )
        distance = psionic_range(points, cats)
        ping = ping_dv(points, 0, k)
        powers.append(
            PowerLine(
                index,
                power.name or "(unnamed power)",
                power.power,
                points,
                attack,
                distance or f"{points} points: outside the range table (1-{largest})",
                Value(
                    ping,
                    f"{k.ping_base} - {points} points, within {k.ping_free_distance_m}m; "
                    f"+1 per {k.ping_step_m}m beyond",
                ),
                power.detectable,
            )
        )
    return tuple(powers)


def condition_names(document: Any) -> tuple[str, ...]:
    """The names of the conditions the character is in (the file's play state)."""
    return tuple(condition.name for condition in document.play.conditions)


class LastSheet:
    """The sheet of the last document evaluated or asked about. A table repaints many
    cells of one document: its sheet is the one the evaluation just built, not built
    again per cell (or once more per edit). For the editor's documents, which are
    never changed in place (an edit makes a new document). Kept in the document's
    memos (:data:`_SHEET`)."""

    def keep(self, document: object, sheet: Twod10Sheet) -> None:
        with memos_of(document):
            _SHEET.current().keep((document, sheet))

    def of(self, document: Any) -> Twod10Sheet:
        with memos_of(document):
            kept = _SHEET.current()
            last = kept.get()
            if last is not None and last[0] is document:
                return last[1]
            sheet = build_sheet(
                document.character, document.campaign, catalogs(), condition_names(document)
            )
            kept.keep((document, sheet))
        return sheet


_SHEET: Memo[Latest[tuple[object, Twod10Sheet]]] = Memo(
    "twod10:last_sheet",
    "the character",
    "the sheet of the document last evaluated: a table's cells read it, not build it again",
    Latest,
)


LAST_SHEET = LastSheet()
