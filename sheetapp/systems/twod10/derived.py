"""The values a 2d10 sheet shows, each with where it comes from."""

from __future__ import annotations

from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.twod10.catalog import ATTRIBUTES, Catalogs
from sheetapp.systems.twod10.model import Twod10Character
from sheetapp.systems.twod10.sheet import PowerLine, SkillLine, Twod10Sheet, WeaponLine
from sheetapp.systems.twod10.wounds import WoundLine


def _skill_value(line: SkillLine) -> DerivedValue:
    return DerivedValue(
        f"skill.{line.index}",
        f"{line.name} AV",
        line.av.value,
        line.av.explanation,
        ("character", "skills", line.index),
        per_row=True,
    )


_SKILL_VALUES: Memo[ByIdentity[SkillLine, DerivedValue]] = Memo(
    "twod10:skill_values",
    "the sheet's skill lines",
    "a skill's line is the same object while the skill is unchanged (sheet.py)",
    ByIdentity,
)


def derived_values(
    character: Twod10Character, sheet: Twod10Sheet, cats: Catalogs
) -> list[DerivedValue]:
    values = _attribute_values(character, sheet, cats)
    values += _state_values(sheet)
    values += _named_values(sheet)
    values += _SKILL_VALUES.current().each(sheet.skills, _skill_value)
    values += _weapon_and_power_values(sheet)
    values += [_wound_value(wound) for wound in sheet.wounds.lines]
    if character.movement.run is not None or character.movement.jump is not None:
        track = sheet.wounds
        values.append(
            DerivedValue(
                "movement",
                "RUN / JUMP",
                f"{_shown(track.run)} / {_shown(track.jump)}",
                track.movement_explanation,
                ("character", "movement"),
            )
        )
    return values


def _attribute_values(
    character: Twod10Character, sheet: Twod10Sheet, cats: Catalogs
) -> list[DerivedValue]:
    """Each attribute, lowered by the conditions that lower it."""
    lowered = dict(sheet.attribute_penalties)
    return [
        DerivedValue(
            f"attribute.{attribute}",
            cats.attributes[attribute].name,
            character.attributes.get(attribute) + lowered.get(attribute, 0),
            cats.attributes[attribute].text
            + (f" ({sheet.conditions})" if attribute in lowered else ""),
            ("character", "attributes", attribute),
        )
        for attribute in ATTRIBUTES
    ]


def _state_values(sheet: Twod10Sheet) -> list[DerivedValue]:
    """The conditions held, the wound penalty and the status."""
    track = sheet.wounds
    values = []
    if sheet.conditions:
        values.append(
            DerivedValue("conditions", "Conditions", sheet.conditions, sheet.conditions, ("play",))
        )
    values.append(
        DerivedValue(
            "wound_penalty",
            "Wound penalty",
            track.penalty,
            f"{track.explanation}; applied to every AV and DV",
            ("character", "wounds"),
        )
    )
    values.append(
        DerivedValue(
            "status",
            "Status",
            "Dead" if track.dead else ("Wounded" if track.penalty else "Unhurt"),
            "; ".join(f"{name} destroyed" for name in track.dead) or track.explanation,
            ("character", "wounds"),
        )
    )
    return values


def _named_values(sheet: Twod10Sheet) -> list[DerivedValue]:
    """The sheet's single values: INIT, Perception, Surprise, defences, saves, recovery."""
    named = (
        ("initiative", "INIT", sheet.initiative, ("character", "initiative")),
        ("perception", "Perception (INT + Perception)", sheet.perception, ("character", "skills")),
        ("surprise_hiding", "Surprise when hiding", sheet.surprise_hiding, ("character", "skills")),
        (
            "surprise_unexpected",
            "Surprise when attacking unexpectedly",
            sheet.surprise_unexpected,
            ("character", "skills"),
        ),
        ("psionic_defense", "Psionic defence (WILL + Defense)", sheet.psionic_defense, ()),
        ("detection_dv", "DV to detect as a source (INT + Defense)", sheet.detection_dv, ()),
        ("armour", "Armour RV", sheet.armour, ("character", "armour")),
        ("shock_save", "Shock save AV", sheet.shock_save, ("character", "attributes", "body")),
        ("malfunction", "Malfunction save", sheet.malfunction, ()),
        ("recovery", "Temporary wounds heal in (phases)", sheet.recovery_phases, ()),
    )
    return [
        DerivedValue(key, label, value.value, value.explanation, path)
        for key, label, value, path in named
    ]


def _weapon_and_power_values(sheet: Twod10Sheet) -> list[DerivedValue]:
    """Each weapon's AV, then each psionic power's attack AV."""
    weapons = [
        DerivedValue(
            f"weapon.{weapon.index}",
            f"{weapon.name} AV",
            weapon.av.value,
            weapon_explanation(weapon),
            ("character", "weapons", weapon.index),
        )
        for weapon in sheet.weapons
    ]
    powers = [
        DerivedValue(
            f"power.{power.index}",
            f"{power.name} attack AV",
            power.attack.value,
            power_explanation(power),
            ("character", "powers", power.index),
        )
        for power in sheet.powers
    ]
    return weapons + powers


def _wound_value(wound: WoundLine) -> DerivedValue:
    """A wound's penalty, with its Shock check, effect and recovery."""
    return DerivedValue(
        f"wound.{wound.index}",
        wound.name,
        wound.penalty,
        (
            f"Shock check {wound.shock_explanation} = {wound.shock_av} + d20 vs DV {wound.shock_dv}"
            if wound.shock_dv is not None
            else "no location or type yet"
        )
        + (f"; {wound.effect}" if wound.effect else "")
        + (f"; {wound.recovery}" if wound.recovery else "")
        + ("; recovered" if wound.recovered else ""),
        ("character", "wounds", wound.index),
    )


def weapon_explanation(weapon: WeaponLine) -> str:
    return f"{weapon.av.explanation}; EV {weapon.ev}"


def power_explanation(power: PowerLine) -> str:
    return (
        f"{power.attack.explanation} vs WILL + Defense; {power.points} points: range "
        f"{power.range}, ping DV {power.ping.value}"
        + ("" if power.detectable else "; not detectable (still pings)")
    )


def row_value(sheet: Twod10Sheet, kind: str, row: int) -> tuple[int, str] | None:
    """The AV of one row of a list ("skill", "weapon" or "power") and its explanation, as
    :func:`derived_values` gives it, without building every other value (a table asks
    for one cell at a time)."""
    if kind == "skill" and row < len(sheet.skills):
        skill = sheet.skills[row]
        return skill.av.value, skill.av.explanation
    if kind == "weapon" and row < len(sheet.weapons):
        weapon = sheet.weapons[row]
        return weapon.av.value, weapon_explanation(weapon)
    if kind == "power" and row < len(sheet.powers):
        power = sheet.powers[row]
        return power.attack.value, power_explanation(power)
    return None


def _shown(value: int | None) -> str:
    return "—" if value is None else str(value)
