"""Derived values with their explanations: characteristic values and rolls, the combat box
(OCV, DCV, ECV, Initiative, Knockback Resistance), movement and damage dice."""

from __future__ import annotations

from fractions import Fraction

from sheetapp.core.evaluation import DerivedValue
from sheetapp.systems.hero_xmen.build import Build
from sheetapp.systems.hero_xmen.catalog import PRIMARIES, Catalogs
from sheetapp.systems.hero_xmen.costs import round_half, signed
from sheetapp.systems.hero_xmen.model import CHARS_PATH, TALENTS_PATH, HeroCampaign, HeroCharacter
from sheetapp.systems.hero_xmen.play import old_roll, power_values, table_values


def _char_path(build: Build, char_id: str) -> tuple[str | int, ...]:
    row = build.chars[char_id]
    return (*CHARS_PATH, row.index, "bought") if row.index is not None else CHARS_PATH


def characteristic_values(build: Build) -> list[DerivedValue]:
    values = []
    for row in build.char_rows:
        unit = row.char.unit
        text = f"{row.base_text}; {signed(row.bought)} bought = {row.value}{unit}"
        if row.roll is not None:
            text += f"; roll {signed(row.roll)}"
        values.append(
            DerivedValue(
                f"char.{row.char.id}",
                row.char.abbreviation,
                row.value,
                text,
                _char_path(build, row.char.id),
            )
        )
    return values


def rolls(build: Build, cats: Catalogs) -> list[DerivedValue]:
    """ "subtract 10 ..., then divide by 5 and round to the nearest whole number" (line 88);
    the old roll it corresponds to from "Converting Old 3d6 Rolls" (line 35)."""
    values = []
    for char_id in PRIMARIES:
        row = build.chars[char_id]
        assert row.roll is not None
        old = old_roll(row.roll, cats.old_rolls)
        values.append(
            DerivedValue(
                f"roll.{char_id}",
                f"{row.char.abbreviation} roll",
                signed(row.roll),
                f"({row.value} - 10) / 5, to the nearest whole number: 3d6 {signed(row.roll)}"
                + (f" (an old {old} roll)" if old else ""),
                _char_path(build, char_id),
            )
        )
    return values


def lightning_reflexes(character: HeroCharacter) -> tuple[int, int | None]:
    for index, talent in enumerate(character.talents):
        if talent.talent == "lightning_reflexes":
            return max(talent.level, 0), index
    return 0, None


def combat_box(
    character: HeroCharacter, campaign: HeroCampaign, build: Build
) -> list[DerivedValue]:
    """OCV and DCV (HERO 5e: DEX/3, a campaign setting), ECV (EGO/3), Initiative equal to
    the Combat Value plus Lightning Reflexes (line 718), Knockback Resistance 10 + bought
    (line 373) against 3d6 + BODY rolled (line 977)."""
    return [
        *_combat_values(character, campaign, build),
        *_movement_values(build),
        *_strength_and_presence(build),
    ]


def _combat_values(
    character: HeroCharacter, campaign: HeroCampaign, build: Build
) -> list[DerivedValue]:
    """OCV, DCV, ECV and Initiative."""
    dex = build.value("dex")
    ego = build.value("ego")
    rounding = campaign.figured_rounding
    cv_div = campaign.combat_value_divisor
    cv = round_half(Fraction(dex, cv_div), rounding)
    ecv = round_half(Fraction(ego, campaign.ecv_divisor), rounding)
    reflexes, reflex_index = lightning_reflexes(character)
    cv_text = f"DEX {dex} / {cv_div}, to the nearest whole number"
    initiative_text = f"Combat Value {cv}"
    if reflexes:
        initiative_text += f" + Lightning Reflexes {reflexes}"
    return [
        DerivedValue(
            "ocv",
            "OCV",
            cv,
            f"{cv_text}; attack roll 3d6 + OCV vs 10 + the defender's DCV",
            _char_path(build, "dex"),
        ),
        DerivedValue(
            "dcv", "DCV", cv, f"{cv_text}; attackers need 10 + DCV", _char_path(build, "dex")
        ),
        DerivedValue(
            "ecv",
            "ECV",
            ecv,
            f"EGO {ego} / {campaign.ecv_divisor}, to the nearest whole number",
            _char_path(build, "ego"),
        ),
        DerivedValue(
            "initiative",
            "Initiative",
            cv + reflexes,
            initiative_text + " (the Combat Value plus Lightning Reflexes)",
            (*TALENTS_PATH, reflex_index, "level")
            if reflex_index is not None
            else _char_path(build, "dex"),
        ),
    ]


def _movement_values(build: Build) -> list[DerivedValue]:
    """Knockback Resistance, Running and Swimming."""
    kb = build.chars["kb_resistance"]
    running = build.chars["running"].value
    swimming = build.chars["swimming"].value
    return [
        DerivedValue(
            "kb_resistance",
            "Knockback Resistance",
            kb.value,
            f"base 10 {signed(kb.bought)}; knocked down on 3d6 + BODY rolled = {10 + kb.value}, "
            f'knocked back 1" per point above',
            _char_path(build, "kb_resistance"),
        ),
        DerivedValue(
            "running",
            "Running",
            f'{running}"/{2 * running}"',
            "combat / non-combat (double)",
            _char_path(build, "running"),
        ),
        DerivedValue(
            "swimming",
            "Swimming",
            f'{swimming}"/{2 * swimming}"',
            "combat / non-combat (double)",
            _char_path(build, "swimming"),
        ),
    ]


def _strength_and_presence(build: Build) -> list[DerivedValue]:
    """STR damage, the Presence Attack and the Perception roll."""
    strength = build.value("str")
    presence = build.value("pre")
    return [
        DerivedValue(
            "str_damage",
            "STR damage",
            _dice(strength),
            f"STR {strength} / 5 = {strength / 5:g}d6 of Normal damage",
            _char_path(build, "str"),
        ),
        DerivedValue(
            "presence_attack",
            "Presence Attack",
            _dice(presence),
            f"PRE {presence} / 5 = {presence / 5:g}d6",
            _char_path(build, "pre"),
        ),
        DerivedValue(
            "perception",
            "Perception roll",
            signed(build.chars["int"].roll or 0),
            "the INT roll",
            _char_path(build, "int"),
        ),
    ]


def _dice(value: int) -> str:
    """``4d6``, ``3½d6``: HERO writes half dice with a ½."""
    if value <= 0:
        return "0d6"
    whole, rest = divmod(value, 5)
    half = "½" if rest >= 3 else ""
    return f"{whole}{half}d6" if whole else f"{half or '0'}d6"


def derived_values(
    character: HeroCharacter, campaign: HeroCampaign, build: Build, cats: Catalogs
) -> list[DerivedValue]:
    return [
        *characteristic_values(build),
        *rolls(build, cats),
        *combat_box(character, campaign, build),
        *table_values(character, campaign, build, cats),
        *power_values(build, character),
    ]
