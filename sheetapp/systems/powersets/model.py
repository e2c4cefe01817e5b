"""What a Power Sets file stores: the player's choices, never totals.

The seed (``../shared/seeds/004_a6acbf8ec65b19a8.txt``) is the powers chapter of a
percentile game; the base character it refers to (characteristics, skills, hit points)
lives in chapters we do not have, so it is modelled minimally: the seven characteristics
the chapter names, and a skills list the player fills. Every number the chapter leaves
to those chapters is a campaign setting (``PowersetsCampaign``, see README.md).
"""

from __future__ import annotations

import builtins
from typing import Literal

from pydantic import Field
from pydantic.config import JsonDict

from sheetapp.core.catalog import ID_PATTERN
from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, CharacterDocument, FileModel
from sheetapp.systems.powersets.catalog import PowerLevelId, PowerSetId

#: far beyond any character: a guard against absurd input, never a rule
SCORE_LIMIT = 1000
PERCENT_LIMIT = 999
LEVEL_LIMIT = 1000

POWER_LEVEL_LABELS: JsonDict = {
    "normal": "Normal",
    "heroic": "Heroic",
    "epic": "Epic",
    "superhuman": "Superhuman",
}


def _score(label: str) -> builtins.int:
    return Field(default=10, ge=0, le=SCORE_LIMIT, title=label)


class Characteristics(FileModel):
    """The characteristics the chapter uses (the base chapters define them)."""

    str: builtins.int = _score("STR")
    con: builtins.int = _score("CON")
    siz: builtins.int = _score("SIZ")
    int: builtins.int = _score("INT")
    pow: builtins.int = _score("POW")
    dex: builtins.int = _score("DEX")
    cha: builtins.int = _score("CHA")

    def scores(self) -> dict[builtins.str, builtins.int]:
        """By the chapter's names: ``{"STR": 12, ...}``."""
        return {name.upper(): getattr(self, name) for name in Characteristics.model_fields}


class Sidekick(Characteristics):
    """A Sidekick bought with the superpower (lines 3106-3128): "The Sidekick’s
    characteristics and skills must be purchased as if they were Super Characteristics and
    Super Skills, out of your character’s point budget"; its powers and equipment are paid
    for too (the points entered)."""

    name: builtins.str = Field(default="Sidekick", max_length=MAX_NAME_LENGTH, title="Name")
    skill_levels: builtins.int = Field(
        default=0,
        ge=0,
        le=LEVEL_LIMIT,
        title="Super Skill levels",
        description="its skills, bought as Super Skill levels (+20% each, 2 points)",
    )
    powers_cost: builtins.int = Field(
        default=0,
        ge=0,
        le=1_000_000,
        title="Powers and equipment (points)",
        description="what its powers and equipment cost from the budget",
    )
    note: builtins.str = Field(default="", max_length=MAX_TEXT_LENGTH)


class PowerSetChoice(FileModel):
    """One power set the character has, at a power level (lines 323-396)."""

    power_set: PowerSetId = "superpowers"
    level: PowerLevelId = "normal"
    name: str = Field(
        default="",
        max_length=MAX_NAME_LENGTH,
        title="Tradition",
        description="a name telling two sets of one type apart (two Magic traditions)",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SkillEntry(FileModel):
    """A skill of the base character, as the player's rulebook gives it (percent)."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    value: int = Field(default=0, ge=0, le=PERCENT_LIMIT, title="Value (%)")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class MagicSpellChoice(FileModel):
    """A Magic spell known, as a percentile skill (lines 420-475)."""

    spell: str = Field(pattern=ID_PATTERN)
    level: int = Field(default=1, ge=1, le=LEVEL_LIMIT, title="Levels")
    skill: int = Field(default=0, ge=0, le=PERCENT_LIMIT, title="Skill (%)")
    memorised: bool = Field(default=True, title="Memorised")
    learned_in_play: bool = Field(default=False, title="Learned in play")
    tradition: str = Field(
        default="",
        max_length=MAX_NAME_LENGTH,
        title="Tradition",
        description="the named power set it belongs to, when the character has two of its type",
    )
    checked: bool = Field(
        default=False, title="Experience check", description="used successfully this adventure"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class CharacteristicChange(FileModel):
    """What a mutation's roll did to one characteristic (lines 1103-1130)."""

    characteristic: Literal["STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"]
    amount: int = Field(ge=-SCORE_LIMIT, le=SCORE_LIMIT)


class MutationChoice(FileModel):
    """A mutation (lines 1016-1235): minor, or major (two picks), with the changes its
    rolls made to characteristics (Decreased Characteristic, Structural Weakness ...)."""

    mutation: str = Field(pattern=ID_PATTERN)
    major: bool = Field(default=False, title="Major")
    above_major: bool = Field(
        default=False,
        title="Above major",
        description="a Superhuman mutation above major quality, for three picks, with the "
        "gamemaster's allowance",
    )

    @property
    def picks(self) -> int:
        """Minor 1, major 2, above major 3 (lines 1015, 1020)."""
        return 3 if self.above_major else 2 if self.major else 1

    rolls: list[int] = Field(
        default_factory=list,
        max_length=10,
        title="D100 rolls",
        description="the Random Mutations Table rolls that gave it (two for a major one "
        "rolled twice)",
    )
    changes: list[CharacteristicChange] = Field(
        default_factory=list, max_length=20, title="Characteristic changes"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class PsychicChoice(FileModel):
    """A psychic ability, as a percentile skill (lines 1270-1300)."""

    ability: str = Field(pattern=ID_PATTERN)
    skill: int = Field(default=0, ge=0, le=PERCENT_LIMIT, title="Skill (%)")
    learned_in_play: bool = Field(default=False, title="Learned in play")
    tradition: str = Field(
        default="",
        max_length=MAX_NAME_LENGTH,
        title="Tradition",
        description="the named power set it belongs to, when the character has two of its type",
    )
    gained: Literal["", "training", "involuntary"] = Field(
        default="",
        title="Gained in play",
        description="training (1 POW each period) or involuntarily (2 POW), lines 1290-1293",
        json_schema_extra={
            "choice_labels": {"": "—", "training": "Training", "involuntary": "Involuntarily"}
        },
    )
    training_periods: int = Field(
        default=1,
        ge=0,
        le=LEVEL_LIMIT,
        title="Training periods",
        description="each ends with a point of permanent POW and a Luck roll",
    )
    checked: bool = Field(
        default=False, title="Experience check", description="used successfully this adventure"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SorceryChoice(FileModel):
    """A Sorcery spell known at a spell level (lines 1735-2045)."""

    spell: str = Field(pattern=ID_PATTERN)
    level: int = Field(default=1, ge=1, le=LEVEL_LIMIT, title="Level")
    in_memory: bool = Field(default=True, title="In memory")
    learned_in_play: bool = Field(default=False, title="Learned in play")
    tradition: str = Field(
        default="",
        max_length=MAX_NAME_LENGTH,
        title="Tradition",
        description="the named power set it belongs to, when the character has two of its type",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SuperpowerChoice(FileModel):
    """A superpower bought in levels (lines 2437-2450), with the choices it needs."""

    power: str = Field(pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH, description="its own name")
    levels: int = Field(default=1, ge=0, le=LEVEL_LIMIT, title="Levels")
    choice: str = Field(
        default="", max_length=MAX_NAME_LENGTH, title="Choice", description="energy type, etc."
    )
    own_modifier: str | None = Field(default=None, title="Its own modifier")
    cost_override: int | None = Field(
        default=None, ge=0, le=1_000_000, title="Cost (GM)", description="a Variable cost"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class ModifierChoice(FileModel):
    """A power modifier on one superpower (lines 2485-2515), named by the power's name."""

    modifier: str = Field(pattern=ID_PATTERN)
    power: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Power")
    amount: int = Field(
        default=1,
        ge=0,
        le=LEVEL_LIMIT,
        title="Amount",
        description="uses per day, or power points, where the modifier counts them",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class FailingChoice(FileModel):
    """A character failing (lines 2450-2483) and the budget points it gives."""

    failing: str = Field(pattern=ID_PATTERN)
    points: int = Field(default=1, ge=-LEVEL_LIMIT, le=LEVEL_LIMIT, title="Points")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Familiar(FileModel):
    """A creature bound as a magician's familiar (lines 479-504)."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Name")
    creature: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Creature")
    siz: int = Field(default=1, ge=0, le=SCORE_LIMIT, title="SIZ")
    pow: int = Field(default=1, ge=0, le=SCORE_LIMIT, title="POW")
    power_points: int | None = Field(
        default=None, ge=0, le=SCORE_LIMIT, title="Power points", description="None: its POW"
    )
    active: bool = Field(default=True, title="Active")
    at_creation: bool = Field(
        default=False,
        title="Begun with",
        description="an Epic or Superhuman magician's starting familiar: its POW cost is "
        "assumed in the past",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Staff(FileModel):
    """A wizard's staff (lines 506-528): a reservoir of power points up to the maker's
    POW at its making, minus the point of POW the ritual sacrifices."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Name")
    traditional: bool = Field(default=True, title="A staff", description="not a wand, ring ...")
    pow_at_making: int = Field(default=1, ge=0, le=SCORE_LIMIT, title="POW at its making")
    stored: int = Field(default=0, ge=0, le=SCORE_LIMIT, title="Power points stored")
    at_creation: bool = Field(
        default=False,
        title="Begun with",
        description="a Superhuman magician's starting staff: it stores their current POW, "
        "the sacrifice of POW is assumed",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Brazier(FileModel):
    """A focus attuned by Brazier of Power (lines 2068-2078): each casting on it sacrifices
    a point of permanent POW and lets it hold the sorcerer's POW after that sacrifice."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Name")
    attunements: list[int] = Field(
        default_factory=lambda: [1],
        min_length=1,
        max_length=100,
        title="POW after each attunement",
        description="the sorcerer's POW after the point each casting sacrificed",
    )
    stored: int = Field(default=0, ge=0, le=1_000_000, title="Power points stored")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class BoundEntity(FileModel):
    """A demon or elemental bound by a sorcerer (lines 2278-2305): its POW in dice counts
    against the sorcerer's INT memory, as spell levels do."""

    name: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Name")
    kind: Literal["demon", "elemental"] = Field(default="demon", title="Kind")
    pow_dice: int = Field(
        default=1, ge=0, le=SCORE_LIMIT, title="POW dice", description="3 for a POW 3D8 demon"
    )
    permanent: bool = Field(default=False, title="Bound into an object for ever")
    dismissed: bool = Field(
        default=False,
        title="Dismissed",
        description="no longer held in memory; the POW its binding cost stays spent",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class PowIncrease(FileModel):
    """One POW experience check rolled after an adventure (lines 536, 1299, 1865): the
    D100 roll of the base rules' POW Increases (a campaign setting) and, on a success,
    the 1D3-1 it added. POW before it and whether it succeeded are worked out."""

    roll: int = Field(default=1, ge=0, le=PERCENT_LIMIT, title="D100 roll")
    gain: int | None = Field(default=None, ge=-SCORE_LIMIT, le=SCORE_LIMIT, title="Gain (1D3-1)")
    to_budget: bool = Field(
        default=False,
        title="Turned into budget points",
        description="a superpowered character's gain as character point budget (line 2535)",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


StudyMethod = Literal["study", "invent", "research", "grimoire", "teacher"]

STUDY_METHOD_LABELS: JsonDict = {
    "study": "Study (Magic: a month, INT+POW)",
    "invent": "Invent (Magic: six months, INT+POW each)",
    "research": "Scholarly research (Sorcery: library)",
    "grimoire": "Another's grimoire (Sorcery: 3 weeks, INT×1)",
    "teacher": "A teacher (Sorcery: INT×1)",
}


class SpellStudy(FileModel):
    """Learning a new spell in play (Magic lines 540-542, Sorcery lines 1766-1802): the
    method, the rolls made (D100 each attempt; for scholarly research the 1D10 weeks
    too), the library's rating and the languages' skill where research needs them."""

    power_set: Literal["magic", "sorcery"] = Field(default="magic", title="Power set")
    spell: str = Field(default="", max_length=MAX_NAME_LENGTH, title="Spell")
    method: StudyMethod = Field(
        default="study", title="How", json_schema_extra={"choice_labels": STUDY_METHOD_LABELS}
    )
    library_rating: int = Field(
        default=1, ge=0, le=LEVEL_LIMIT, title="Library rating", description="×1 to ×3"
    )
    language: int = Field(
        default=0,
        ge=0,
        le=PERCENT_LIMIT,
        title="Language (%)",
        description="the sorcerer's skill in the library's language(s)",
    )
    rolls: list[int] = Field(default_factory=list, max_length=200, title="D100 rolls")
    weeks_rolls: list[int] = Field(default_factory=list, max_length=200, title="1D10 weeks rolls")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class ProjectionSkill(FileModel):
    """The Projection skill (option, lines 2558-2568): DEX×2, raised with skill points
    at creation and by experience afterwards (line 2533)."""

    creation_points: int = Field(
        default=0, ge=0, le=PERCENT_LIMIT, title="Skill points at creation"
    )
    experience: int = Field(default=0, ge=0, le=PERCENT_LIMIT, title="Gained by experience")
    checked: bool = Field(
        default=False, title="Experience check", description="used successfully this adventure"
    )


class PowersetsCharacter(FileModel):
    characteristics: Characteristics = Field(default_factory=Characteristics)
    pow_checked: bool = Field(
        default=False,
        title="POW experience check",
        description="a resistance roll won against an equal or higher POW",
    )
    pow_increases: list[PowIncrease] = Field(default_factory=list)
    projection: ProjectionSkill = Field(default_factory=ProjectionSkill, title="Projection")
    power_sets: list[PowerSetChoice] = Field(default_factory=list)
    skills: list[SkillEntry] = Field(default_factory=list)
    magic_spells: list[MagicSpellChoice] = Field(default_factory=list)
    familiars: list[Familiar] = Field(default_factory=list)
    staves: list[Staff] = Field(default_factory=list)
    mutations: list[MutationChoice] = Field(default_factory=list)
    psychic: list[PsychicChoice] = Field(default_factory=list)
    sorcery: list[SorceryChoice] = Field(default_factory=list)
    bound: list[BoundEntity] = Field(default_factory=list)
    braziers: list[Brazier] = Field(default_factory=list)
    sidekicks: list[Sidekick] = Field(default_factory=list)
    superpowers: list[SuperpowerChoice] = Field(default_factory=list)
    power_modifiers: list[ModifierChoice] = Field(default_factory=list)
    failings: list[FailingChoice] = Field(default_factory=list)
    studies: list[SpellStudy] = Field(default_factory=list)


class PowersetsCampaign(FileModel):
    """What the chapter leaves to the gamemaster or to other chapters (README.md)."""

    power_level: PowerLevelId = Field(
        default="heroic",
        title="Game power level",
        json_schema_extra={"choice_labels": POWER_LEVEL_LABELS},
    )
    several_sets_allowed: bool = Field(
        default=False,
        title="The gamemaster allows more than one power set",
        description="the gamemaster has the final say on starting with more than one power set",
    )
    powered_one_step_lower: bool = Field(
        default=False,
        title="Powered characters one step lower",
        description="the balancing option: powered characters begin one power level lower "
        "for powers and skills (a Heroic game's powered characters begin at Normal)",
    )
    two_majors_allowed: bool = Field(
        default=False,
        title="The gamemaster allows two major mutations (Heroic)",
        description="at Heroic, two major mutations only if the gamemaster allows it",
    )
    adverse_above_four_allowed: bool = Field(
        default=False,
        title="The gamemaster approves more than four adverse mutations",
        description="more than four adverse mutations need the gamemaster's approval",
    )
    above_major_allowed: bool = Field(
        default=False,
        title="The gamemaster allows mutations above major (Superhuman)",
        description="a Superhuman mutant may take a mutation above major quality, for "
        "three picks, if the gamemaster allows it",
    )
    several_sidekicks_allowed: bool = Field(
        default=False,
        title="The gamemaster allows more than one Sidekick",
        description="a character has one Sidekick at a time unless the gamemaster allows more",
    )
    psycho_social_above_cap: bool = Field(
        default=False,
        title="The gamemaster approves more than 3 points of psycho-social frailties",
        description="psycho-social frailties give +1 point each, +3 at most unless the "
        "gamemaster approves more",
    )
    superpower_budget: Literal["characteristics", "flat"] = Field(
        default="characteristics",
        title="Superpower budget",
        description="from the unmodified characteristics, or the gamemaster's flat "
        "10 / 20 / 35 / 75",
        json_schema_extra={
            "choice_labels": {
                "characteristics": "From the characteristics",
                "flat": "The gamemaster's flat budget",
            }
        },
    )
    experience_gain: Literal["1d6", "3"] = Field(
        default="1d6",
        title="Experience gain",
        description="what a skill's successful experience check adds (the base rules: "
        "roll d100 over the rating, then 1D6, or a flat 3)",
        json_schema_extra={"choice_labels": {"1d6": "1D6", "3": "3 points"}},
    )
    pow_increase_roll: Literal["over_pow_x5", "under_room_x5"] = Field(
        default="over_pow_x5",
        title="POW increase roll",
        description="the base rules' POW Increases: D100 over POW×5 (as other experience "
        "checks), or D100 at most (POW maximum − POW)×5",
        json_schema_extra={
            "choice_labels": {
                "over_pow_x5": "D100 over POW×5",
                "under_room_x5": "D100 at most (maximum − POW)×5",
            }
        },
    )
    pow_maximum: int = Field(
        default=21,
        ge=0,
        le=SCORE_LIMIT,
        title="POW maximum",
        description="the species' POW maximum the second POW increase roll uses",
    )
    projection_option: bool = Field(
        default=True,
        title="The Projection skill (option)",
        description="superpowers are directed with the Projection skill (DEX×2)",
    )
    projection_limit: Literal["by_level", "none"] = Field(
        default="by_level",
        title="Projection at creation",
        description="the base rules' starting skill limit at the Superpowers' power level",
        json_schema_extra={
            "choice_labels": {
                "by_level": "Normal 75%, Heroic 90%, Epic 101%, Superhuman no limit",
                "none": "No limit",
            }
        },
    )


class PowersetsDocument(CharacterDocument[PowersetsCampaign, PowersetsCharacter]):
    system: Literal["powersets"] = "powersets"
