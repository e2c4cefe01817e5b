"""What a 2d10 file stores: the player's choices and play-time state, never totals.

The fragment (``../shared/seeds/002_2465630f321cfb59.txt``) has no character creation, so
every range and budget is a campaign setting (``Twod10Campaign``, see README.md).
"""

from __future__ import annotations

import builtins
from typing import Literal

from pydantic import Field

from sheetapp.core.catalog import ID_PATTERN
from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, CharacterDocument, FileModel
from sheetapp.systems.twod10.catalog import AttributeId

#: Far beyond any campaign's range: only a guard against absurd input; the campaign's
#: ranges are checked by the rules (an error, never a clamp).
SCORE_LIMIT = 1000
Side = Literal["left", "right"]


class Attributes(FileModel):
    """The attributes the fragment names (lines 18-91)."""

    int: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="INT", description="INT"
    )
    ref: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="REF", description="REF"
    )
    inf: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="INF", description="INF"
    )
    body: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="BODY", description="BODY"
    )
    will: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="WILL", description="WILL"
    )
    spirit: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="SPIRIT", description="SPIRIT"
    )
    rec: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="REC", description="REC"
    )
    toughness: builtins.int = Field(
        default=5, ge=-SCORE_LIMIT, le=SCORE_LIMIT, description="Toughness"
    )

    def get(self, attribute: AttributeId) -> builtins.int:
        value: builtins.int = getattr(self, attribute)
        return value


class Skill(FileModel):
    """A skill: one the fragment names (``skill`` set) or the player's own (``name`` set)."""

    skill: str | None = Field(default=None, pattern=ID_PATTERN, description="a seed skill id")
    name: str = Field(default="", max_length=MAX_NAME_LENGTH, description="a custom skill")
    attribute: AttributeId = "int"
    rating: int = Field(default=0, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Weapon(FileModel):
    """A weapon with the EV the player enters (the fragment lists none)."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    skill: str = Field(default="", max_length=MAX_NAME_LENGTH, description="skill used to attack")
    attribute: AttributeId = "ref"
    ev: int = Field(default=0, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    toughness: int | None = Field(default=None, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Armour(FileModel):
    """A layer of armour with the RV the player enters; only worn layers count."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    rv: int = Field(default=0, ge=0, le=SCORE_LIMIT)
    worn: bool = True
    toughness: int | None = Field(default=None, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Wound(FileModel):
    """One wound: a hit location (lines 39-55) and/or a special damage type (lines 61-67)."""

    location: str | None = Field(default=None, pattern=ID_PATTERN)
    side: Side | None = None
    special: str | None = Field(default=None, pattern=ID_PATTERN)
    damage: int = Field(default=1, ge=0, le=SCORE_LIMIT, description="EV minus RV")
    recovered: bool = Field(default=False, description="a temporary wound that has healed")
    ar: int | None = Field(
        default=None, ge=-SCORE_LIMIT, le=10 * SCORE_LIMIT, description="the attack's AR"
    )
    location_roll: int | None = Field(
        default=None, ge=3, le=18, description="the hit-location roll (none: a called shot)"
    )
    cover: Literal["open", "low_cover", "high_cover"] = "open"
    stabilised: bool = Field(default=False, description="no more continual Shock rolls")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class PsionicPower(FileModel):
    """A power with its Power score; ``points`` is the usual number used (None: all)."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    power: int = Field(default=1, ge=0, le=SCORE_LIMIT)
    points: int | None = Field(default=None, ge=0, le=SCORE_LIMIT)
    detectable: bool = True
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Movement(FileModel):
    """RUN and JUMP: used by the wound table (lines 51-55), never defined; entered."""

    run: int | None = Field(default=None, ge=0, le=100_000, title="RUN")
    jump: int | None = Field(default=None, ge=0, le=100_000, title="JUMP")


class Twod10Character(FileModel):
    concept: str = Field(default="", max_length=MAX_NAME_LENGTH)
    attributes: Attributes = Field(default_factory=Attributes)
    initiative: int | None = Field(
        default=None,
        ge=-SCORE_LIMIT,
        le=SCORE_LIMIT,
        description="INIT when the campaign enters it",
    )
    movement: Movement = Field(default_factory=Movement)
    skills: list[Skill] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    armour: list[Armour] = Field(default_factory=list)
    wounds: list[Wound] = Field(default_factory=list)
    powers: list[PsionicPower] = Field(default_factory=list)
    equipment: list[str] = Field(default_factory=list)


class Twod10Campaign(FileModel):
    """Everything the fragment does not give (README.md, "Campaign settings")."""

    attribute_min: int = Field(default=1, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    attribute_max: int = Field(default=10, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    skill_min: int = Field(default=0, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    skill_max: int = Field(default=10, ge=-SCORE_LIMIT, le=SCORE_LIMIT)
    power_max: int = Field(default=10, ge=0, le=SCORE_LIMIT)
    creation_budget: int | None = Field(
        default=None, ge=0, le=100_000, description="attribute + skill points; None: no budget"
    )
    initiative: Literal["ref", "ref_plus_int", "entered"] = Field(
        default="ref",
        title="Initiative (INIT)",
        description="the seed uses INIT without defining it",
        json_schema_extra={
            "choice_labels": {
                "ref": "REF",
                "ref_plus_int": "REF + INT",
                "entered": "Entered by the player",
            }
        },
    )
    mass_targets: Literal["up_to", "at_least"] = Field(
        default="up_to",
        title="Mass-target table rows",
        description="a row's number is the most targets it covers, or the fewest",
        json_schema_extra={
            "choice_labels": {"up_to": "Up to that many targets", "at_least": "At least that many"}
        },
    )
    attribute_xp: int = Field(default=5, ge=0, le=10_000, description="XP per new rating")
    skill_xp: int = Field(default=2, ge=0, le=10_000, description="XP per new rating")
    power_xp: int = Field(default=3, ge=0, le=10_000, description="XP per new rating")


class Twod10Document(CharacterDocument[Twod10Campaign, Twod10Character]):
    system: Literal["twod10"] = "twod10"
