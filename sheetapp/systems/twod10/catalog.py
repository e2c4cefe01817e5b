"""The tables of the 2d10 rules fragment (resources/twod10/tables.json), validated at load.

Every entry names the seed it comes from (``source``) and its lines (``seed_lines``);
a broken entry stops the program with the file and the entry id.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from sheetapp.core.catalog import (
    CatalogEntry,
    CatalogError,
    CatalogFile,
    index_entries,
    load_catalog,
    require_known,
)

SEED = "../shared/seeds/002_2465630f321cfb59.txt"
FILE = "twod10/tables.json"

AttributeId = Literal["int", "ref", "inf", "body", "will", "spirit", "rec", "toughness"]
ATTRIBUTES: tuple[AttributeId, ...] = (
    "int",
    "ref",
    "inf",
    "body",
    "will",
    "spirit",
    "rec",
    "toughness",
)
Movement = Literal["run_minus_2", "no_run_no_jump", "half_run_no_jump"]


class SeedEntry(CatalogEntry):
    """An entry that cites its seed and lines."""

    source: Literal["../shared/seeds/002_2465630f321cfb59.txt"]
    seed_lines: tuple[int, ...] = Field(min_length=1)


class AttributeDef(SeedEntry):
    id: AttributeId


class SkillDef(SeedEntry):
    attribute: AttributeId


class DvStep(SeedEntry):
    dv: int


class HitRoll(SeedEntry):
    """How a hit location is rolled: 3d6, 2d6+1 (low cover), 2d6+6 (high cover), line 35."""

    dice: int = Field(ge=1)
    sides: int = Field(ge=2)
    bonus: int

    @property
    def lowest(self) -> int:
        return self.dice + self.bonus

    @property
    def highest(self) -> int:
        return self.dice * self.sides + self.bonus

    def describe(self) -> str:
        bonus = f"+{self.bonus}" if self.bonus else ""
        return f"{self.dice}d{self.sides}{bonus}"


class HitLocation(SeedEntry):
    """One row (or rows) of the hit-location table, lines 39-55."""

    rolls: tuple[int, ...] = Field(min_length=1)
    called_shot: int = Field(le=0)
    shock_dv: int
    marked_d: bool = Field(description="the row carries the unexplained mark 'D!'")
    penalty: int = Field(lt=0)
    effect: str
    both_sides_effect: str | None = Field(
        description="after the slash: replaces the effect when both sides are damaged"
    )
    paired: bool = Field(description="the body has a left and a right one")
    continual_shock_dv: int | None
    death_when_destroyed: bool
    movement: Movement | None


class SpecialDamage(SeedEntry):
    shock_dv: int
    marked_d: bool
    penalty: int = Field(lt=0)
    effect: str
    temporary: bool
    repeat_shock_dv: int | None = None


class InfluenceResult(SeedEntry):
    low: int = Field(ge=1)
    high: int | None
    attribute_penalty: int = 0


class RangeStep(SeedEntry):
    points: int = Field(ge=1)


class MassTargetStep(SeedEntry):
    targets: int = Field(ge=1)
    penalty: int = Field(le=0)


class Constants(SeedEntry):
    surprise_bonus: int
    surprise_base: int
    success_step: int = Field(ge=1)
    malfunction_base: int
    destroy_damage: int = Field(ge=1)
    ping_base: int
    ping_free_distance_m: int = Field(ge=0)
    ping_step_m: int = Field(ge=1)
    alien_mind_penalty: int
    detect_identity_margin: int
    contact_death_dv_base: int
    temporary_heal_base: int
    mass_step_penalty: int
    mass_step_factor: int = Field(ge=2)


class TablesFile(CatalogFile):
    attributes: tuple[AttributeDef, ...] = Field(min_length=8, max_length=8)
    skills: tuple[SkillDef, ...] = Field(min_length=1)
    dv_chart: tuple[DvStep, ...] = Field(min_length=1)
    hit_rolls: tuple[HitRoll, ...] = Field(min_length=3, max_length=3)
    hit_locations: tuple[HitLocation, ...] = Field(min_length=1)
    special_damage: tuple[SpecialDamage, ...] = Field(min_length=1)
    influence: tuple[InfluenceResult, ...] = Field(min_length=1)
    psionic_range: tuple[RangeStep, ...] = Field(min_length=1)
    mass_targets: tuple[MassTargetStep, ...] = Field(min_length=2)
    constants: Constants

    @model_validator(mode="after")
    def _rolls_cover_3d6(self) -> TablesFile:
        rolls = sorted(roll for location in self.hit_locations for roll in location.rolls)
        if rolls != list(range(3, 19)):
            raise ValueError("the hit locations must cover the rolls 3-18 exactly once")
        steps = [step.points for step in self.psionic_range]
        if steps != list(range(1, len(steps) + 1)):
            raise ValueError("the psionic range table must list 1, 2, 3, ... points")
        return self


class Catalogs:
    """The tables by id, with look-ups the rules use."""

    def __init__(self) -> None:
        tables = load_catalog(FILE, TablesFile)
        self.tables = tables
        self.attributes = index_entries(FILE, tables.attributes)
        if tuple(self.attributes) != ATTRIBUTES:
            raise CatalogError(FILE, None, f"attributes must be {', '.join(ATTRIBUTES)} in order")
        self.skills = index_entries(FILE, tables.skills)
        self.dv_chart = index_entries(FILE, tables.dv_chart)
        require_known(FILE, "dv_chart", "difficulty", "normal", self.dv_chart)
        self.hit_rolls = index_entries(FILE, tables.hit_rolls)
        for needed in ("open", "low_cover", "high_cover"):
            require_known(FILE, "hit_rolls", "hit roll", needed, self.hit_rolls)
        self.hit_locations = index_entries(FILE, tables.hit_locations)
        self.special_damage = index_entries(FILE, tables.special_damage)
        self.influence = index_entries(FILE, tables.influence)
        self.psionic_range = index_entries(FILE, tables.psionic_range)
        self.mass_targets = index_entries(FILE, tables.mass_targets)
        self.constants = tables.constants
        for skill in ("perception", "sneak_camouflage", "persuasion", "defense", "focus"):
            require_known(FILE, "skills", "skill", skill, self.skills)
        self._by_roll = {roll: loc for loc in tables.hit_locations for roll in loc.rolls}

    def location_for_roll(self, roll: int) -> HitLocation:
        """The row of the hit-location table for a roll of 3-18 (lines 40-55)."""
        try:
            return self._by_roll[roll]
        except KeyError:
            raise ValueError(f"a hit-location roll is 3-18, not {roll}") from None

    def influence_for(self, effect: int) -> InfluenceResult | None:
        """The Being Influenced row (lines 77-80) for an effect of ``effect``; None below 1."""
        for row in self.tables.influence:
            if effect >= row.low and (row.high is None or effect <= row.high):
                return row
        return None

    def range_for(self, points: int) -> RangeStep | None:
        """The psionic range (lines 97-106) at ``points``; None outside the table."""
        return self.psionic_range.get(f"points_{points}")


@cache
def catalogs() -> Catalogs:
    return Catalogs()
