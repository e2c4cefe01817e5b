"""What an X-Men HERO file stores: the player's purchases and the campaign's readings of
what the supplement leaves to the HERO System 5th Edition core book. Never totals."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from pydantic.config import JsonDict

from sheetapp.core.catalog import ID_PATTERN
from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, CharacterDocument, FileModel
from sheetapp.systems.hero_xmen.catalog import (
    Frequency,
    Importance,
    Intensity,
    SkillCategory,
    SkillType,
)

CharId = Literal[
    "str", "dex", "con", "body", "int", "ego", "pre",
    "pd", "ed", "md", "rec", "end", "stun",
    "running", "swimming", "kb_resistance",
]  # fmt: skip
Flag = Literal["none", "info", "warning", "error"]
Rounding = Literal["half_up", "half_down"]
ROUNDING_LABELS: JsonDict = {"half_up": "A half rounds up", "half_down": "A half rounds down"}
FLAG_LABELS: JsonDict = {
    "none": "Not shown",
    "info": "A note",
    "warning": "A warning",
    "error": "An error",
}
#: where each list of the character is in the file
CHARS_PATH = ("character", "characteristics")
SKILLS_PATH = ("character", "skills")
TALENTS_PATH = ("character", "talents")
POWERS_PATH = ("character", "powers")
FRAMEWORKS_PATH = ("character", "frameworks")
DISADVANTAGES_PATH = ("character", "disadvantages")
#: the largest number a purchase may hold (a level, a die count, points)
BIG = 10_000


class CharacteristicBuy(FileModel):
    """A characteristic and the points of it bought above (or sold below) its base."""

    characteristic: CharId
    bought: int = Field(default=0, ge=-BIG, le=BIG, description="value above the base")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SkillChoice(FileModel):
    """A skill: a catalog id, or a custom one (``skill`` None, ``name`` set).

    ``level`` is the step of the cost ladder: -3 (a roll at -3), 0 (unmodified) or +1
    and up. For a General Skill it counts the option's units (levels, languages ...).
    """

    skill: str | None = Field(default=None, pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH, description="subject or own name")
    level: int = Field(default=-3, ge=-BIG, le=BIG)
    everyperson: bool = Field(default=False, description="known for free at -3 (lines 200-219)")
    option: str | None = Field(default=None, description="General Skill: the priced option")
    vehicles: list[str] = Field(default_factory=list, description="vehicle or mount categories")
    custom_type: SkillType | None = None
    custom_category: SkillCategory | None = None
    points: int | None = Field(default=None, ge=0, le=BIG, description="custom General Skill")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class TalentChoice(FileModel):
    talent: str = Field(pattern=ID_PATTERN)
    level: int = Field(default=1, ge=-BIG, le=BIG)
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class PowerModifier(FileModel):
    """An advantage (positive value) or limitation (negative) on a power."""

    modifier: str | None = Field(default=None, pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    value: float = Field(ge=-20, le=20)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class PowerAdder(FileModel):
    """A flat-cost adder on a power (Images' Extra radius, +5 or +10: line 365)."""

    adder: str | None = Field(default=None, pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    points: int = Field(ge=0, le=BIG)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


SlotKind = Literal["fixed", "flexible"]
FrameworkKind = Literal["multipower", "elemental_control"]
FRAMEWORK_LABELS: dict[str, str] = {
    "multipower": "Multipower",
    "elemental_control": "Elemental Control",
}
SLOT_LABELS: dict[str, str] = {"fixed": "fixed", "flexible": "flexible"}


class PowerChoice(FileModel):
    """A power: a catalog id, or a custom HERO power (``power`` None) with its base cost.
    ``framework`` names the Power Framework it is a slot of ("" for none); ``slot`` is a
    Multipower slot's kind."""

    power: str | None = Field(default=None, pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    levels: int = Field(default=1, ge=0, le=BIG, description="the first priced measure")
    levels2: int = Field(default=0, ge=0, le=BIG, description="the second priced measure")
    option: str | None = None
    mode: str | None = None
    base_cost: int | None = Field(default=None, ge=0, le=BIG, description="entered base cost")
    modifiers: list[PowerModifier] = Field(default_factory=list)
    adders: list[PowerAdder] = Field(default_factory=list)
    framework: str = Field(default="", max_length=MAX_NAME_LENGTH, description="framework name")
    costs_end: bool = Field(
        default=True, description="a custom power: False when HERO 5e says it costs no END"
    )
    slot: SlotKind = "fixed"
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class FrameworkChoice(FileModel):
    """A Power Framework (lines 438-454): a Multipower's reserve or an Elemental Control's
    pool, in Active Points; its slots are the powers that name it."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    kind: FrameworkKind = "multipower"
    points: int = Field(default=0, ge=0, le=BIG, description="reserve or pool, Active Points")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class DisadvantageChoice(FileModel):
    """A disadvantage built from Frequency, Intensity and Importance (line 469)."""

    kind: str = Field(pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH, description="what it is")
    frequency: Frequency = "infrequently"
    intensity: Intensity = "moderate"
    second_intensity: Intensity | None = None
    importance: Importance = "greatly"
    time_chart_steps: int = Field(default=0, ge=0, le=20)
    extra_dice: int = Field(default=0, ge=0, le=100)
    normal_damage: bool = False
    instant: bool = False
    resources: Literal["none", "additional", "limited", "useful"] = "none"
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    hdc_id: str = Field(
        default="",
        max_length=100,
        description="the Hero Designer element it was imported from",
        exclude_if=lambda value: value == "",
    )


class HeroDesignerKept(FileModel):
    """What a Hero Designer (``.hdc``) file held that the campaign's model has no place
    for: given back, as it was, when the character is exported to Hero Designer."""

    template: str = Field(default="", max_length=MAX_NAME_LENGTH)
    version: str = Field(default="", max_length=100)
    #: whole elements no entry took (perks, equipment, a Talent the campaign lacks ...),
    #: as XML text, by the section they came from
    elements: list[tuple[str, str]] = Field(default_factory=list, max_length=10_000)
    #: each imported entry's element as it was, by ``hdc_id``: its attributes and
    #: children the campaign does not use are written back on export
    entries: dict[str, str] = Field(default_factory=dict, max_length=10_000)


class HeroCharacter(FileModel):
    concept: str = Field(default="", max_length=MAX_NAME_LENGTH)
    characteristics: list[CharacteristicBuy] = Field(default_factory=list)
    skills: list[SkillChoice] = Field(default_factory=list)
    talents: list[TalentChoice] = Field(default_factory=list)
    powers: list[PowerChoice] = Field(default_factory=list)
    frameworks: list[FrameworkChoice] = Field(default_factory=list)
    disadvantages: list[DisadvantageChoice] = Field(default_factory=list)
    hero_designer: HeroDesignerKept | None = Field(
        default=None,
        description="what a Hero Designer file held that did not map (given back on export)",
        exclude_if=lambda value: value is None,
    )


def _cost(default: float, what: str) -> float:
    return Field(
        default=default,
        ge=0,
        le=100,
        title=f"Points per +1 {what}",
        description=f"points per +1 {what}; HERO 5e core value, not restated by the supplement",
    )


class HeroCampaign(FileModel):
    """What the supplement leaves to the core book, and the group's readings (README)."""

    base_points: int = Field(
        default=200, ge=0, le=1_000_000, description="HERO 5e superheroic base points"
    )
    disadvantage_cap: int = Field(
        default=150,
        ge=0,
        le=1_000_000,
        description="HERO 5e superheroic: at most 150 from Disadvantages",
    )
    str_cost: float = _cost(1, "STR")
    dex_cost: float = _cost(3, "DEX")
    con_cost: float = _cost(2, "CON")
    body_cost: float = _cost(2, "BODY")
    ego_cost: float = _cost(2, "EGO")
    pre_cost: float = _cost(1, "PRE")
    pd_cost: float = _cost(1, "PD")
    ed_cost: float = _cost(1, "ED")
    rec_cost: float = _cost(2, "REC")
    end_cost: float = _cost(0.5, "END")
    stun_cost: float = _cost(1, "STUN")
    running_cost: float = _cost(2, "inch of Running")
    swimming_cost: float = _cost(1, "inch of Swimming")
    figured_rounding: Rounding = Field(
        default="half_up",
        description="figured characteristics and combat values: HERO 5e rounds .5 up",
        json_schema_extra={"choice_labels": ROUNDING_LABELS},
    )
    point_rounding: Rounding = Field(
        default="half_down",
        description="Active and Real Points: HERO 5e rounds .5 in the character's favour (down)",
        json_schema_extra={"choice_labels": ROUNDING_LABELS},
    )
    minimum_power_cost: int = Field(
        default=1, ge=0, le=10, description="HERO 5e: a power costs at least 1 Real Point"
    )
    disadvantage_rounding: Rounding = Field(
        default="half_up",
        description="Disadvantage values: .5 up, as the Waterspout example rounds 2.5 to 3",
        json_schema_extra={"choice_labels": ROUNDING_LABELS},
    )
    above_normal_maximum: Flag = Field(
        default="info",
        description="a value above the ordinary person's maximum",
        json_schema_extra={"choice_labels": FLAG_LABELS},
    )
    above_peak: Flag = Field(
        default="warning",
        description="a value above the peak of human potential",
        json_schema_extra={"choice_labels": FLAG_LABELS},
    )
    combat_value_divisor: int = Field(
        default=3, ge=1, le=10, description="HERO 5e: OCV, DCV and Combat Value are DEX/3"
    )
    ecv_divisor: int = Field(default=3, ge=1, le=10, description="HERO 5e: ECV is EGO/3")
    everyperson_improvement: Literal["full_cost", "difference"] = Field(
        default="full_cost",
        description="improving an Everyperson Skill pays the full cost",
        json_schema_extra={
            "choice_labels": {"full_cost": "Full cost", "difference": "Only the difference"}
        },
    )
    core_prices: dict[
        Annotated[str, Field(max_length=100)], Annotated[float, Field(ge=-100, le=1000)]
    ] = Field(
        default_factory=dict,
        max_length=200,
        title="Core-book prices",
        description=(
            "prices the supplement leaves to the HERO 5e core book (Ego Blast per d6, the "
            "General Skills, Armour Piercing): the group's own figures, by price"
        ),
    )
    multipower_reserve_cost: float = Field(
        default=1,
        ge=0,
        le=10,
        title="Multipower reserve: points per Active Point",
        description="HERO 5e: a Multipower's reserve costs 1 point per Active Point",
    )
    fixed_slot_divisor: int = Field(
        default=10,
        ge=1,
        le=100,
        title="Multipower fixed slot: Real Points divided by",
        description="HERO 5e: a fixed slot costs its Real Points / 10 (the 6-point slot of "
        "a 60-point Multipower in the rules' example)",
    )
    flexible_slot_divisor: int = Field(
        default=5,
        ge=1,
        le=100,
        title="Multipower flexible slot: Real Points divided by",
        description="HERO 5e: a flexible slot costs its Real Points / 5",
    )
    elemental_slot_minimum: int = Field(
        default=2,
        ge=1,
        le=10,
        title="Elemental Control: a power's Active Points at least the pool times",
        description="HERO 5e: each power of an Elemental Control has at least twice the "
        "pool's Active Points",
    )
    end_active_points: int = Field(
        default=10,
        ge=1,
        le=100,
        title="Active Points per 1 END",
        description="HERO 5e: a power costs 1 END per 10 Active Points (½ END: per 20)",
    )
    unattractive: Literal["costs_points", "gives_points"] = Field(
        default="costs_points",
        description="Unattractive levels cost 3 points each, as the supplement reads",
        json_schema_extra={
            "choice_labels": {
                "costs_points": "Unattractive costs points",
                "gives_points": "Unattractive gives points",
            }
        },
    )


class HeroDocument(CharacterDocument[HeroCampaign, HeroCharacter]):
    system: Literal["hero-xmen"] = "hero-xmen"
