"""What a Point Buy file stores: the campaign's settings and the character's choices.
Bounds here are what the file format accepts; the rulebook's ranges are rules
(``rules.py``), so a rating out of range is shown as an issue, never clamped."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetapp.core.catalog import CatalogId
from sheetapp.core.document import CharacterDocument, FileModel


class Attributes(FileModel):
    body: int = Field(default=1, ge=0, le=99)
    mind: int = Field(default=1, ge=0, le=99)
    grace: int = Field(default=1, ge=0, le=99)
    heart: int = Field(default=1, ge=0, le=99)


class SkillChoice(FileModel):
    skill: CatalogId
    rank: int = Field(default=1, ge=0, le=99)


class PointbuyCharacter(FileModel):
    attributes: Attributes = Field(default_factory=Attributes)
    skills: list[SkillChoice] = Field(default_factory=list)


class PointbuyCampaign(FileModel):
    starting_points: int = Field(default=20, ge=0, le=10_000, title="Starting points")
    leftover: Literal["carry_over", "spend_all"] = Field(
        default="carry_over",
        title="Points left at creation",
        json_schema_extra={
            "choice_labels": {
                "carry_over": "Carry over to play",
                "spend_all": "Must all be spent",
            }
        },
    )


class PointbuyDocument(CharacterDocument[PointbuyCampaign, PointbuyCharacter]):
    system: Literal["pointbuy"] = "pointbuy"
