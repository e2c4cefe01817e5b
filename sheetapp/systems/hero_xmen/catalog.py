"""X-Men HERO catalogs (resources/hero-xmen/*.json) as validated, cross-checked models.

Every entry cites the lines of the rules supplement it comes from
(``../shared/seeds/001_83bd08b00b463b10.txt``). Numbers the supplement leaves to the
HERO System 5th Edition core book are not in these files: they are campaign settings
(:mod:`sheetapp.systems.hero_xmen.model`), except the core costs of the general skills,
which carry ``certainty: "uncertain"`` and a note saying so.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from pydantic import Field

from sheetapp.core.catalog import (
    CatalogEntry,
    CatalogError,
    CatalogFile,
    CatalogId,
    CatalogModel,
    index_entries,
    load_catalog,
    require_known,
)

CharGroup = Literal["primary", "figured", "movement", "other"]
SkillType = Literal["agility", "intellect", "interaction", "general"]
SkillCategory = Literal["major", "limited", "minor"]
Frequency = Literal["rarely", "infrequently", "frequently", "constantly"]
Intensity = Literal["mild", "moderate", "strong", "total"]
Importance = Literal["slightly", "greatly", "extremely"]
PRIMARIES = ("str", "dex", "con", "body", "int", "ego", "pre")
FREQUENCIES: tuple[Frequency, ...] = ("rarely", "infrequently", "frequently", "constantly")
INTENSITIES: tuple[Intensity, ...] = ("mild", "moderate", "strong", "total")
IMPORTANCES: tuple[Importance, ...] = ("slightly", "greatly", "extremely")

CHARACTERISTICS_FILE = "hero-xmen/characteristics.json"
SKILLS_FILE = "hero-xmen/skills.json"
TALENTS_FILE = "hero-xmen/talents.json"
POWERS_FILE = "hero-xmen/powers.json"
DISADVANTAGES_FILE = "hero-xmen/disadvantages.json"


# --- characteristics -------------------------------------------------------------------


class BaseTerm(CatalogModel):
    """One term of a figured characteristic's starting value: ``factor`` × a primary."""

    of: CatalogId
    factor: float


class CharacteristicDef(CatalogEntry):
    abbreviation: str
    group: CharGroup
    base: int = Field(description="the seed's Base Value (all primaries at 10)")
    base_terms: tuple[BaseTerm, ...] = Field(
        default=(), description="figured: the formula the starting value follows"
    )
    normal_maximum: float | None = None
    peak: float | None = None
    cost: float | None = Field(
        default=None, description="points per point when the seed states it; else a setting"
    )
    cost_lines: tuple[int, ...] = ()
    unit: str = ""


class RollRow(CatalogModel):
    low: int
    high: int
    modifier: int


class RollTable(CatalogModel):
    seed_lines: tuple[int, ...]
    text: str
    rows: tuple[RollRow, ...] = Field(min_length=1)


class OldRoll(CatalogModel):
    old: int
    now: int


class OldRollTable(CatalogModel):
    seed_lines: tuple[int, ...]
    text: str
    rows: tuple[OldRoll, ...] = Field(min_length=1)


class NotACharacteristic(CatalogEntry):
    pass


class CharacteristicsCatalog(CatalogFile):
    characteristics: tuple[CharacteristicDef, ...]
    roll_modifiers: RollTable
    old_rolls: OldRollTable
    not_characteristics: tuple[NotACharacteristic, ...]


# --- skills ----------------------------------------------------------------------------


class SkillTypeDef(CatalogEntry):
    characteristic: CatalogId | None = None


class CategoryLadder(CatalogEntry):
    """ "Major Skills cost 1 point for a Characteristic roll with a -3 penalty; +2 points for an
    unmodified Characteristic roll; and +2 points for each additional +1." (line 168); Limited
    and Minor Skills the same with their own figures (lines 170, 172)."""

    at_minus_3: int
    unmodified: int
    per_plus: int


class SkillDef(CatalogEntry):
    type: SkillType
    category: SkillCategory
    everyperson: bool = False
    everyperson_note: str = ""
    specialised: bool = Field(default=False, description="needs a subject (a Knowledge ...)")
    vehicle_categories: tuple[str, ...] | None = None
    extra_category_cost: int = 1
    everyperson_with_power: CatalogId | None = None


class GeneralOption(CatalogModel):
    id: CatalogId
    name: str
    cost: float = Field(ge=0)
    unit: str = "level"


class GeneralSkillDef(CatalogEntry):
    options: tuple[GeneralOption, ...] = Field(min_length=1)
    everyperson: bool = False
    everyperson_note: str = ""
    bought_as: Literal["skill", "talent"] = "skill"
    talent: CatalogId | None = None

    def option(self, option_id: str | None) -> GeneralOption:
        for option in self.options:
            if option.id == option_id:
                return option
        return self.options[0]


class EverypersonRule(CatalogModel):
    seed_lines: tuple[int, ...]
    text: str


class SkillsCatalog(CatalogFile):
    types: tuple[SkillTypeDef, ...]
    categories: tuple[CategoryLadder, ...]
    skills: tuple[SkillDef, ...]
    general: tuple[GeneralSkillDef, ...]
    everyperson: EverypersonRule


# --- talents ---------------------------------------------------------------------------


class TalentDef(CatalogEntry):
    pricing: Literal["per_level", "ladder"]
    cost_per_level: int = 0
    ladder: SkillCategory | None = None
    characteristic: CatalogId | None = None
    signed: bool = Field(default=False, description="levels may be negative (Unattractive)")
    normal_maximum: int | None = None
    peak: int | None = None
    unit: str = "level"


class TalentsCatalog(CatalogFile):
    talents: tuple[TalentDef, ...]


# --- powers ----------------------------------------------------------------------------


class PowerPart(CatalogModel):
    """A priced measure of a power: ``cost`` points per ``unit`` (5 per d6, 2 per inch)."""

    id: CatalogId
    name: str
    cost: float = Field(ge=0)
    unit: str
    minimum: int = 0


class PowerOption(CatalogModel):
    """A fixed-price version of a power (Find Weakness with all attacks: 30 points)."""

    id: CatalogId
    name: str
    cost: int = Field(ge=0)
    seed_lines: tuple[int, ...] = ()
    mental: bool = Field(default=False, description="this version is a Mental Power")


class AdderDef(CatalogEntry):
    """A flat-cost improvement of a power: "Extra radius is a +5/+10 adder, not a +0.25
    advantage." (line 365). Adders add to the base cost before advantages."""

    values: tuple[int, ...] = Field(min_length=1)


class PresetModifier(CatalogModel):
    modifier: CatalogId | None = None
    name: str = ""
    value: float


class PowerDef(CatalogEntry):
    mental: bool = False
    pricing: Literal["parts", "option", "entered", "forbidden"]
    parts: tuple[PowerPart, ...] = ()
    options: tuple[PowerOption, ...] = ()
    modes: tuple[str, ...] = ()
    preset: tuple[PresetModifier, ...] = ()
    grants_everyperson: CatalogId | None = None
    forbidden_text: str = ""
    aliases: tuple[str, ...] = ()
    cost_note: str = ""
    adders: tuple[AdderDef, ...] = ()
    costs_end: bool = Field(default=True, description="False: the power costs no END")
    end_note: str = ""
    end_lines: tuple[int, ...] = ()

    def is_mental(self, option: str | None) -> bool:
        """A Mental Power (lines 317-321), or the mental version of one (Missile
        Deflection against mental attacks, line 393)."""
        return self.mental or any(o.mental and o.id == option for o in self.options)


class ModifierDef(CatalogEntry):
    kind: Literal["advantage", "limitation"]
    value: float
    only_for: tuple[CatalogId, ...] = ()


class PowersCatalog(CatalogFile):
    powers: tuple[PowerDef, ...]
    modifiers: tuple[ModifierDef, ...]


# --- disadvantages ---------------------------------------------------------------------


class MeasureRow(CatalogModel):
    level: str
    points: int = Field(description="Frequency/Intensity: points; Importance: the divisor")
    text: str


class Measures(CatalogModel):
    frequency: tuple[MeasureRow, ...] = Field(min_length=4, max_length=4)
    intensity: tuple[MeasureRow, ...] = Field(min_length=4, max_length=4)
    importance: tuple[MeasureRow, ...] = Field(min_length=1, max_length=3)


class DisadvantageKind(CatalogEntry):
    category: str
    table: Measures
    table_lines: tuple[int, ...]
    second_intensity: str = Field(default="", description="what a second Intensity measures")
    time_chart: bool = False
    extra_dice: bool = False
    normal_damage_doubles: bool = False
    instant_rate_mild: bool = False
    resources: tuple[Literal["additional", "limited", "useful"], ...] = ()
    was: str = ""

    def intensity_columns(self, level: str) -> tuple[str, str]:
        """An Intensity row's two columns when the kind takes a second Intensity: Enraged's
        "-3 chance to affect, +3 chance to recover" (line 529), Dependence's "affects
        character every minute, does 1d6 damage" (line 552). Each roll is read from its
        own Intensity's column."""
        for row in self.table.intensity:
            if row.level == level:
                first, _, second = row.text.partition(", ")
                return first, second
        raise KeyError(level)


class DisadvantageRule(CatalogModel):
    seed_lines: tuple[int, ...]
    text: str


class DisadvantagesCatalog(CatalogFile):
    measures: Measures
    measure_lines: tuple[int, ...]
    value_rule: DisadvantageRule
    kinds: tuple[DisadvantageKind, ...] = Field(min_length=10, max_length=10)


# --- all of them -----------------------------------------------------------------------


@dataclass(frozen=True)
class Catalogs:
    characteristics: dict[str, CharacteristicDef]
    roll_modifiers: RollTable
    old_rolls: OldRollTable
    not_characteristics: dict[str, NotACharacteristic]
    types: dict[str, SkillTypeDef]
    ladders: dict[str, CategoryLadder]
    skills: dict[str, SkillDef]
    general: dict[str, GeneralSkillDef]
    everyperson: EverypersonRule
    talents: dict[str, TalentDef]
    powers: dict[str, PowerDef]
    modifiers: dict[str, ModifierDef]
    measures: Measures
    measure_lines: tuple[int, ...]
    value_rule: DisadvantageRule
    kinds: dict[str, DisadvantageKind]
    forbidden_names: dict[str, PowerDef] = field(default_factory=dict)

    def characteristic(self, char_id: str) -> CharacteristicDef:
        return self.characteristics[char_id]


def _check_characteristics(cat: CharacteristicsCatalog) -> dict[str, CharacteristicDef]:
    chars = index_entries(CHARACTERISTICS_FILE, cat.characteristics)
    for entry in chars.values():
        if entry.base_terms:
            for term in entry.base_terms:
                require_known(CHARACTERISTICS_FILE, entry.id, "base_terms", term.of, chars)
            start = sum(term.factor * chars[term.of].base for term in entry.base_terms)
            if round(start) != entry.base:
                raise CatalogError(
                    CHARACTERISTICS_FILE,
                    entry.id,
                    f"the formula gives {start} with every primary at its base, "
                    f"the table {entry.base}",
                )
    if tuple(c.id for c in chars.values() if c.group == "primary") != PRIMARIES:
        raise CatalogError(CHARACTERISTICS_FILE, None, "the seven primaries must come first")
    rows = cat.roll_modifiers.rows
    for before, after in itertools.pairwise(rows):
        if after.low != before.high + 1:
            raise CatalogError(CHARACTERISTICS_FILE, None, "the roll table has a gap")
    return chars


def _check_powers(cat: PowersCatalog) -> tuple[dict[str, PowerDef], dict[str, ModifierDef]]:
    powers = index_entries(POWERS_FILE, cat.powers)
    modifiers = index_entries(POWERS_FILE, cat.modifiers)
    for modifier in modifiers.values():
        if (modifier.kind == "advantage") != (modifier.value > 0) or modifier.value % 0.25:
            raise CatalogError(POWERS_FILE, modifier.id, "the value does not fit its kind")
        for ref in modifier.only_for:
            require_known(POWERS_FILE, modifier.id, "only_for", ref, powers)
    for power in powers.values():
        if power.pricing == "parts" and not power.parts:
            raise CatalogError(POWERS_FILE, power.id, "a power priced by parts needs parts")
        if power.pricing == "option" and not power.options:
            raise CatalogError(POWERS_FILE, power.id, "a power priced by option needs options")
        if power.pricing == "forbidden" and not power.forbidden_text:
            raise CatalogError(POWERS_FILE, power.id, "a forbidden power needs the rule's text")
        for preset in power.preset:
            if preset.modifier is not None:
                require_known(POWERS_FILE, power.id, "preset", preset.modifier, modifiers)
    return powers, modifiers


def _check_skill_references(
    *,
    chars: dict[str, CharacteristicDef],
    types: dict[str, SkillTypeDef],
    ladders: dict[str, CategoryLadder],
    skills: dict[str, SkillDef],
    general: dict[str, GeneralSkillDef],
    talents: dict[str, TalentDef],
    powers: dict[str, PowerDef],
) -> None:
    """Every id a skill, a skill type, a General Skill, a talent or a power names exists."""
    for skill in skills.values():
        if skill.id in general:
            raise CatalogError(SKILLS_FILE, skill.id, "the id is used by a general skill too")
        if skill.everyperson_with_power is not None:
            require_known(
                SKILLS_FILE,
                skill.id,
                "everyperson_with_power",
                skill.everyperson_with_power,
                powers,
            )
    for skill_type in types.values():
        if skill_type.characteristic is not None:
            require_known(
                SKILLS_FILE, skill_type.id, "characteristic", skill_type.characteristic, chars
            )
    for entry in general.values():
        if entry.talent is not None:
            require_known(SKILLS_FILE, entry.id, "talent", entry.talent, talents)
    for talent in talents.values():
        if talent.pricing == "ladder" and talent.ladder not in ladders:
            raise CatalogError(TALENTS_FILE, talent.id, "a ladder talent needs a skill category")
    for power in powers.values():
        if power.grants_everyperson is not None:
            require_known(
                POWERS_FILE, power.id, "grants_everyperson", power.grants_everyperson, skills
            )


def _check_kinds(kinds: dict[str, DisadvantageKind]) -> None:
    """A Disadvantage with a second Intensity has two columns in each Intensity row."""
    for kind in kinds.values():
        if kind.second_intensity and any(
            len(row.text.split(", ")) != 2 for row in kind.table.intensity
        ):
            raise CatalogError(
                DISADVANTAGES_FILE, kind.id, "a second Intensity needs two columns per row"
            )


@cache
def catalogs() -> Catalogs:
    """Every catalog, loaded and cross-checked once."""
    chars_cat = load_catalog(CHARACTERISTICS_FILE, CharacteristicsCatalog)
    skills_cat = load_catalog(SKILLS_FILE, SkillsCatalog)
    talents_cat = load_catalog(TALENTS_FILE, TalentsCatalog)
    powers_cat = load_catalog(POWERS_FILE, PowersCatalog)
    disadvantages_cat = load_catalog(DISADVANTAGES_FILE, DisadvantagesCatalog)
    chars = _check_characteristics(chars_cat)
    types = index_entries(SKILLS_FILE, skills_cat.types)
    ladders = index_entries(SKILLS_FILE, skills_cat.categories)
    skills = index_entries(SKILLS_FILE, skills_cat.skills)
    general = index_entries(SKILLS_FILE, skills_cat.general)
    talents = index_entries(TALENTS_FILE, talents_cat.talents)
    powers, modifiers = _check_powers(powers_cat)
    _check_skill_references(
        chars=chars,
        types=types,
        ladders=ladders,
        skills=skills,
        general=general,
        talents=talents,
        powers=powers,
    )
    kinds = index_entries(DISADVANTAGES_FILE, disadvantages_cat.kinds)
    _check_kinds(kinds)
    forbidden = {
        name.casefold(): power
        for power in powers.values()
        if power.pricing == "forbidden"
        for name in (power.name, *power.aliases)
    }
    return Catalogs(
        characteristics=chars,
        roll_modifiers=chars_cat.roll_modifiers,
        old_rolls=chars_cat.old_rolls,
        not_characteristics=index_entries(CHARACTERISTICS_FILE, chars_cat.not_characteristics),
        types=types,
        ladders=ladders,
        skills=skills,
        general=general,
        everyperson=skills_cat.everyperson,
        talents=talents,
        powers=powers,
        modifiers=modifiers,
        measures=disadvantages_cat.measures,
        measure_lines=disadvantages_cat.measure_lines,
        value_rule=disadvantages_cat.value_rule,
        kinds=kinds,
        forbidden_names=forbidden,
    )
