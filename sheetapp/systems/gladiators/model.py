"""What a Glorious Gladiators file stores: the player's choices, never totals."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from sheetapp.core.catalog import ID_PATTERN
from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, CharacterDocument, FileModel

MAX_LEVEL = 999
MAX_UNITS = 999

#: How many of an add-on or variant unit: never negative, never absurd.
Count = Annotated[int, Field(ge=0, le=MAX_UNITS)]

Frequency = Literal["fre", "com", "rar"]
Severity = Literal["maj", "sig", "min"]
TraitCategory = Literal["V", "C", "R"]


class ModifierChoice(FileModel):
    """A modifier on an ability: catalog (or custom) id, chosen variant, number of units."""

    modifier: str = Field(pattern=ID_PATTERN)
    variant: str | None = None
    units: int = Field(default=1, ge=0, le=MAX_UNITS)
    addons: dict[str, Count] = Field(default_factory=dict, description="variant add-on id -> count")
    shape: str | None = Field(
        default=None, description="Area shape: blast, line, cone, shape, barrage"
    )
    variants: dict[str, Count] = Field(
        default_factory=dict,
        description="for modifiers whose variants combine (Flexible Type, Undetectable "
        "Effect): variant id -> units, used instead of variant/units",
    )
    flexible: bool = Field(
        default=False,
        description="one of the alternatives chosen on activation under a Flexible Modifier",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class AlternativeAbility(FileModel):
    """Another ability a Flexible Ability can become (seed line 183)."""

    ability: str = Field(pattern=ID_PATTERN)
    label: str = Field(default="", max_length=MAX_NAME_LENGTH)
    options: dict[str, str] = Field(default_factory=dict)
    addons: dict[str, Count] = Field(default_factory=dict)


class AbilityChoice(FileModel):
    """One ability as the player built it, e.g. ``Pistol: Damaging Attack L2, Lethal, ...``."""

    ability: str = Field(pattern=ID_PATTERN)
    label: str = Field(default="", max_length=MAX_NAME_LENGTH, description="e.g. 'Pistol'")
    level: int = Field(default=1, ge=0, le=MAX_LEVEL)
    types: list[str] = Field(default_factory=list, description="Type ids, e.g. 'solid', 'energy'")
    subtype: str | None = Field(
        default=None,
        max_length=40,
        description="the Energy subtype: Heat, Cold, Electricity, Radiation or Entropy",
    )
    kinds: list[str] = Field(
        default_factory=list, description="what it covers, e.g. detection kinds such as 'vision'"
    )
    source: str = Field(default="conventional", pattern=ID_PATTERN)
    options: dict[str, str] = Field(
        default_factory=dict, description="choice group id -> chosen option id"
    )
    addons: dict[str, Count] = Field(default_factory=dict, description="add-on option id -> count")
    modifiers: list[ModifierChoice] = Field(default_factory=list)
    alternatives: list[AlternativeAbility] = Field(
        default_factory=list,
        description="with Flexible Ability: the other abilities it can be on activation",
    )
    starting: str | None = Field(
        default=None,
        pattern=ID_PATTERN,
        description="the free starting ability this one upgrades: walk, vision, punch, grapple",
    )
    cost_override: int | None = Field(
        default=None,
        ge=-999,
        le=9999,
        description="a referee's ruling on the cost, replacing the rules",
    )
    large_item: bool = Field(
        default=False, description="produced by a large item (vehicle or support weapon)"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class TraitChoice(FileModel):
    """An advantage or disadvantage: cost = frequency + severity (seed lines 272-290)."""

    trait: str = Field(pattern=ID_PATTERN)
    name: str = Field(
        default="", max_length=MAX_NAME_LENGTH, description="own wording or specialty"
    )
    category: TraitCategory | None = None
    frequency: Frequency = "com"
    severity: Severity = "sig"
    cost_override: int | None = Field(
        default=None,
        ge=0,
        le=999,
        description="points it is worth, replacing frequency + severity: the own cost of a "
        "custom trait (trait 'custom') or a referee's ruling",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class CustomAbility(FileModel):
    """A user-defined ability that travels inside the character file."""

    id: str = Field(pattern=r"^custom_[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    base_cost: int = Field(default=1, ge=-99, le=999)
    level_limit: int = Field(default=5, ge=1, le=MAX_LEVEL)
    text: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class CustomModifier(FileModel):
    id: str = Field(pattern=r"^custom_[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    cost: int = Field(ge=-99, le=999, description="per unit; negative for a limitation")
    text: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class GladiatorsCharacter(FileModel):
    character_type: Literal["major", "minor"] = Field(
        default="major",
        title="Character type",
        description="major characters (heroes, named villains) or minor ones (no ability "
        "above Level 3 unless from a large item; 1 hit)",
        json_schema_extra={
            "choice_labels": {"major": "Major character", "minor": "Minor character"}
        },
    )
    abilities: list[AbilityChoice] = Field(default_factory=list)
    advantages: list[TraitChoice] = Field(default_factory=list)
    disadvantages: list[TraitChoice] = Field(default_factory=list)
    custom_abilities: list[CustomAbility] = Field(default_factory=list)
    custom_modifiers: list[CustomModifier] = Field(default_factory=list)


class GladiatorsCampaign(FileModel):
    """Campaign settings: the budget and the readings of ambiguous rules (see README)."""

    gp_budget: int = Field(
        default=40,
        title="GP budget",
        ge=0,
        le=100_000,
        description="Glory Points to spend (the rulebook suggests 40 for a low-power game)",
    )
    minor_gp_budget: int | None = Field(
        default=None,
        title="GP budget of minor characters",
        ge=0,
        le=100_000,
        description="the rulebook sets a budget for player characters only: none by default",
    )
    negative_cap: Literal["forbid", "clamp"] = Field(
        default="forbid",
        title="Limitations over the cap",
        json_schema_extra={
            "choice_labels": {
                "forbid": "Forbid (an error)",
                "clamp": "Clamp (the excess is not counted)",
            }
        },
        description="limitations over the cap: 'forbid' = an error; 'clamp' = the excess is "
        "simply not counted (a warning)",
    )
    negative_scaling_basis: Literal["levels_and_base", "with_positive_modifiers"] = Field(
        default="levels_and_base",
        title="Limitations scale with",
        json_schema_extra={
            "choice_labels": {
                "levels_and_base": "Levels and base cost",
                "with_positive_modifiers": "Levels, base cost and positive modifiers",
            }
        },
        description="what 'per 10 points of base cost' counts",
    )
    minor_needs_traits: bool = Field(
        default=False,
        title="Minor characters need traits",
        description="minor characters also need 2-5 advantages, 1-4 disadvantages",
    )
    trait_cost_reading: Literal["formula", "printed"] = Field(
        default="formula",
        title="Trait costs",
        json_schema_extra={
            "choice_labels": {
                "formula": "Frequency + severity (the table)",
                "printed": "As printed in the trait list",
            }
        },
        description="a trait whose printed cost disagrees with frequency + severity costs "
        "the 'formula' value or the 'printed' one",
    )
    starting_upgrade: Literal["difference", "full"] = Field(
        default="difference",
        title="Upgraded starting abilities",
        json_schema_extra={
            "choice_labels": {
                "difference": "Pay the difference",
                "full": "Pay the full price",
            }
        },
        description="an upgraded free starting ability costs the difference, or its full price",
    )


class GladiatorsDocument(CharacterDocument[GladiatorsCampaign, GladiatorsCharacter]):
    system: Literal["gladiators"] = "gladiators"
