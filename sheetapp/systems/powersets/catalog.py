"""The catalogs of the Power Sets chapter (resources/powersets/*.json), validated at load.

One file per catalog: the power-level tables, Magic spells, mutations (with the random
mutations table and the characteristic change table), psychic abilities, Sorcery spells,
and superpowers (with the power modifiers, character failings and energy types).

Every entry cites the seed lines it comes from (``seed_lines``: first and last line) and
carries ``text``: the seed's own words for its effect, which a test finds at those lines
(see :func:`sheetapp.core.citation.holds`; ``...`` leaves words out). Where the seed
contradicts itself an entry holds the reading a player would expect and a ``reading``
note for the README (never shown to users); ``docs/powersets-readings.md`` lists them.

Entry ids are unique within their catalog; the same name can stand in two sets (Heal is a
Magic spell and a Sorcery spell), so across sets an entry is known by its :attr:`key`,
``"<set>.<id>"`` (``magic.heal``, ``sorcery.heal``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from sheetapp.core.catalog import (
    CatalogEntry,
    CatalogFile,
    CatalogId,
    CatalogModel,
    index_entries,
    load_catalog,
    require_known,
)

#: the rulebook, by its name in ``../shared/seeds/``
SEED = "004_a6acbf8ec65b19a8.txt"
SEED_LINE_COUNT = 3390

PowerSetId = Literal["magic", "mutations", "psychic", "sorcery", "superpowers"]
POWER_SETS: tuple[PowerSetId, ...] = ("magic", "mutations", "psychic", "sorcery", "superpowers")
PowerLevelId = Literal["normal", "heroic", "epic", "superhuman"]
POWER_LEVELS: tuple[PowerLevelId, ...] = ("normal", "heroic", "epic", "superhuman")
Characteristic = Literal["STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA", "EDU"]

FILES: dict[str, str] = {
    "power_levels": "powersets/power_levels.json",
    "magic": "powersets/magic.json",
    "mutations": "powersets/mutations.json",
    "psychic": "powersets/psychic.json",
    "sorcery": "powersets/sorcery.json",
    "superpowers": "powersets/superpowers.json",
}


class SeedEntry(CatalogEntry):
    """An entry that cites its seed lines and says what it does in the seed's words."""

    seed_lines: tuple[int, int]
    text: str = Field(min_length=1)
    #: how a contradiction or gap of the seed was read; for the README, never for users
    reading: str = ""

    @model_validator(mode="after")
    def _lines_in_order(self) -> SeedEntry:
        first, last = self.seed_lines
        if not 1 <= first <= last <= SEED_LINE_COUNT:
            raise ValueError(f"seed_lines must be 1 <= first <= last <= {SEED_LINE_COUNT}")
        return self


class Scaled(CatalogModel):
    """A number from a characteristic: ``of`` × numerator / denominator, rounded
    (``INT×½ round up`` is ``of="INT", numerator=1, denominator=2, rounding="up"``)."""

    of: Literal["STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA", "highest", "total"]
    numerator: int = Field(default=1, ge=1)
    denominator: int = Field(default=1, ge=1)
    rounding: Literal["up", "down"] = "up"
    minimum: int = Field(default=0, ge=0)

    def value(self, base: int) -> int:
        """The number for a characteristic (or highest/total) of ``base``."""
        product = base * self.numerator
        found = (
            -(-product // self.denominator)
            if self.rounding == "up"
            else product // self.denominator
        )
        return max(found, self.minimum)

    def describe(self) -> str:
        subject = {"highest": "highest characteristic", "total": "all characteristics"}.get(
            self.of, self.of
        )
        if self.numerator == self.denominator:
            factor = ""
        elif self.numerator == 1:
            factor = f"×1/{self.denominator}"
        elif self.denominator == 1:
            factor = f"×{self.numerator}"
        else:
            factor = f"×{self.numerator}/{self.denominator}"
        rounding = f" (round {self.rounding})" if self.denominator > 1 else ""
        minimum = f", at least {self.minimum}" if self.minimum else ""
        return f"{subject} {factor}".rstrip() + f"{rounding}{minimum}"


def a_level(level: str) -> str:
    """ "a Heroic", "an Epic": a power level with its article, for the player's words."""
    name = level.title()
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


# --- power levels -------------------------------------------------------------------


class Combination(CatalogModel):
    """One allowed set of power-set levels, e.g. ``("heroic", "normal")``: one set at
    Heroic and one at Normal. Sorted from the highest level down."""

    sets: tuple[PowerLevelId, ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _sorted(self) -> Combination:
        ranks = [POWER_LEVELS.index(level) for level in self.sets]
        if ranks != sorted(ranks, reverse=True):
            raise ValueError("a combination lists its levels from the highest down")
        return self


class PowerLevel(SeedEntry):
    """A game power level (lines 323-396) and the power-set combinations it allows."""

    id: PowerLevelId
    combinations: tuple[Combination, ...] = Field(min_length=1)


class MagicStart(SeedEntry):
    """Initial spells by power level (lines 472-475)."""

    id: PowerLevelId
    spells: int = Field(ge=1)
    skill: Scaled
    familiar: bool
    staff: bool


class MutationStart(SeedEntry):
    """Starting mutations by power level (lines 1017-1020). ``picks`` is None at Normal,
    where the mutations are rolled (``rolls`` times, more on a successful Luck roll after
    an adverse one)."""

    id: PowerLevelId
    rolls: int = Field(default=0, ge=0)
    picks: Scaled | None
    adverse_limit: Scaled | None
    #: taking more adverse mutations than this needs the gamemaster's approval
    adverse_approval_above: int | None = None
    #: picking two major mutations needs the gamemaster's approval
    two_majors_need_approval: bool = False
    #: a mutation above major quality (three picks) with the gamemaster's approval
    above_major_allowed: bool = False


class PsychicStart(SeedEntry):
    """Starting psychic abilities by power level (lines 1281-1284)."""

    id: PowerLevelId
    abilities: int = Field(ge=1)
    skill: Scaled


class SorceryStart(SeedEntry):
    """Starting Sorcery spell levels by power level (lines 1735-1738)."""

    id: PowerLevelId
    levels: Scaled
    #: the levels may be spells known and/or marked in the grimoire (Epic, Superhuman)
    grimoire: bool


class SuperpowerStart(SeedEntry):
    """The starting character point budget by power level (lines 2431-2436)."""

    id: PowerLevelId
    budget: Scaled
    #: the gamemaster's flat alternative (10, 20, 35, 75+), line 2436
    flat_budget: int = Field(ge=1)


class RuleNumber(SeedEntry):
    """A number a rule of the chapter sets, with its words: the Magic memory limit, the
    POW Sorcery needs, the failings cap... ``scaled`` when it follows a characteristic,
    ``value`` when it is a plain number, neither when the words are all there is (the
    rule's code quotes them)."""

    scaled: Scaled | None = None
    value: int | None = None


RULES: tuple[str, ...] = (
    "magic_memory",
    "magic_spell_level",
    "non_magician_spell_levels",
    "familiar_siz",
    "staff_power_points",
    "sorcery_min_pow",
    "sorcery_memory",
    "psychic_training",
    "psychic_involuntary",
    "failings_cap",
    "modifier_cap",
    "projection_base",
    "magic_pow_gain",
)


class PowerLevelsFile(CatalogFile):
    levels: tuple[PowerLevel, ...] = Field(min_length=4, max_length=4)
    magic: tuple[MagicStart, ...] = Field(min_length=4, max_length=4)
    mutations: tuple[MutationStart, ...] = Field(min_length=4, max_length=4)
    psychic: tuple[PsychicStart, ...] = Field(min_length=4, max_length=4)
    sorcery: tuple[SorceryStart, ...] = Field(min_length=4, max_length=4)
    superpowers: tuple[SuperpowerStart, ...] = Field(min_length=4, max_length=4)
    rules: tuple[RuleNumber, ...] = Field(min_length=1)

    def rule(self, rule_id: str) -> RuleNumber:
        """The rule number ``rule_id`` (one of :data:`RULES`)."""
        for entry in self.rules:
            if entry.id == rule_id:
                return entry
        raise KeyError(f"unknown rule '{rule_id}' (known: {', '.join(RULES)})")

    @model_validator(mode="after")
    def _every_level_in_order(self) -> PowerLevelsFile:
        if tuple(entry.id for entry in self.rules) != RULES:
            raise ValueError(f"rules must list {', '.join(RULES)} in order")
        for name in ("levels", "magic", "mutations", "psychic", "sorcery", "superpowers"):
            rows: tuple[SeedEntry, ...] = getattr(self, name)
            if tuple(row.id for row in rows) != POWER_LEVELS:
                raise ValueError(f"{name} must list {', '.join(POWER_LEVELS)} in order")
        for level in self.levels:
            rank = POWER_LEVELS.index(level.id)
            for combination in level.combinations:
                if POWER_LEVELS.index(combination.sets[0]) > rank:
                    raise ValueError(f"{level.id}: a combination above the game's power level")
        return self


# --- Magic --------------------------------------------------------------------------

#: what a target opposes a Magic spell with: nothing, its POW, its INT (an illusion
#: disbelieved), its POW or SIZ (the gamemaster's choice), or another spell's level
Resist = Literal["none", "pow", "int", "pow_or_siz", "spell_level"]


class MagicSpell(SeedEntry):
    """A Magic spell (summary lines 580-611, entries lines 613-1003)."""

    #: power points per level as the entry reads (Conjure Elemental: one level per point
    #: of the elemental's POW, line 647)
    cost_per_level: int = Field(ge=1)
    #: the cost as the entry prints it ("3", "1 per point of elemental POW")
    cost_text: str = Field(min_length=1)
    range: str = Field(min_length=1)
    duration: str = Field(min_length=1)
    resist: Resist
    #: cast in levels for more effect (every spell of this seed is, lines 418 and 432)
    variable: bool
    #: the summary line in the seed's words, its line and the cost it gives in parentheses
    summary: str = Field(min_length=1)
    summary_line: int = Field(ge=580, le=611)
    summary_cost: int = Field(ge=1)


class MagicFile(CatalogFile):
    spells: tuple[MagicSpell, ...] = Field(min_length=1)


# --- Mutations ----------------------------------------------------------------------


class CharacteristicEffect(CatalogModel):
    """How a version of a mutation changes characteristics: ``sign`` × ``dice``D6 to
    ``targets`` characteristics (or distributed among them), or rolled on the
    Characteristic Change Table (``from_table``, lines 1105-1128), ``doubled`` for the
    major version. ``allowed`` limits the characteristics (empty: any); ``usually`` is the
    entry's suggestion. "No characteristic can be reduced to less than 1" (line 1130)."""

    sign: Literal[1, -1]
    text: str = Field(min_length=1)
    dice: int = Field(default=0, ge=0)
    from_table: bool = False
    doubled: bool = False
    targets: int = Field(default=1, ge=1)
    distribute: bool = False
    allowed: tuple[Characteristic, ...] = ()
    usually: tuple[Characteristic, ...] = ()

    @model_validator(mode="after")
    def _dice_or_table(self) -> CharacteristicEffect:
        if bool(self.dice) == self.from_table:
            raise ValueError("a characteristic effect rolls dice or the change table, not both")
        return self


class Mutation(SeedEntry):
    """A mutation (lines 1073-1235); most have a minor and a major version."""

    kind: Literal["beneficial", "adverse"]
    #: only a minor version exists (Coloration)
    minor_only: bool = False
    #: the line of the random mutations table that names it
    table_line: int = Field(ge=1041, le=1071)
    #: the table's one-line description
    summary: str = Field(min_length=1)
    minor: str = ""
    major: str = ""
    #: the characteristic changes of each version, where the mutation makes them
    minor_change: CharacteristicEffect | None = None
    major_change: CharacteristicEffect | None = None


class RandomMutationRow(CatalogModel):
    """A row of the random mutations table (lines 1041-1071); D100, 00 is 100."""

    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    #: the mutation's id, or None for "Gamemaster or Player Choice"
    mutation: CatalogId | None
    line: int = Field(ge=1041, le=1071)


class CharacteristicChangeRow(CatalogModel):
    """A row of the characteristic change table (lines 1109-1120), rolled on a D10
    (0 is 10); ``reroll`` rows roll ``reroll`` times more on a D8 instead."""

    roll: int = Field(ge=1, le=10)
    characteristics: tuple[Characteristic, ...] = ()
    reroll: int = Field(default=0, ge=0)
    text: str = Field(min_length=1)
    line: int = Field(ge=1109, le=1120)

    @model_validator(mode="after")
    def _one_or_other(self) -> CharacteristicChangeRow:
        if bool(self.characteristics) == bool(self.reroll):
            raise ValueError("a row names characteristics or rolls again, not both")
        return self


class ChangeAmountRow(CatalogModel):
    """A row of the D6 table of how much a characteristic changes (lines 1124-1128)."""

    low: int = Field(ge=1, le=6)
    high: int = Field(ge=1, le=6)
    dice: int = Field(ge=1)
    line: int = Field(ge=1124, le=1128)


class MutationsFile(CatalogFile):
    mutations: tuple[Mutation, ...] = Field(min_length=1)
    random_table: tuple[RandomMutationRow, ...] = Field(min_length=1)
    characteristic_change: tuple[CharacteristicChangeRow, ...] = Field(min_length=10, max_length=10)
    change_amount: tuple[ChangeAmountRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _tables_cover_their_dice(self) -> MutationsFile:
        rolls = sorted(r for row in self.random_table for r in range(row.low, row.high + 1))
        if rolls != list(range(1, 101)):
            raise ValueError("the random mutations table must cover 1-100 exactly once")
        if sorted(row.roll for row in self.characteristic_change) != list(range(1, 11)):
            raise ValueError("the characteristic change table must cover 1-10 exactly once")
        amounts = sorted(r for row in self.change_amount for r in range(row.low, row.high + 1))
        if amounts != list(range(1, 7)):
            raise ValueError("the change amount table must cover 1-6 exactly once")
        return self


# --- Psychic abilities --------------------------------------------------------------


class PsychicAbility(SeedEntry):
    """A psychic ability (summary lines 1333-1358, entries lines 1364-1719)."""

    #: the Power Point Cost line as printed ("1 to activate, 1 per full turn to keep active")
    cost_text: str = Field(min_length=1)
    #: the fewest power points an active use costs ("Each ability costs a minimum of 1
    #: power point to use", line 1335)
    min_cost: int = Field(ge=1)
    range: str = Field(min_length=1)
    duration: str = Field(min_length=1)
    #: the resistance roll the entry asks for; empty when it asks for none
    resist: str = ""
    summary: str = Field(min_length=1)
    summary_lines: tuple[int, int]


class TimeStep(CatalogModel):
    """A row of the Time Step Table (lines 1600-1612), used by Precognition and
    Psychometry: ``power_points`` reach ``step`` into the future or past."""

    power_points: int = Field(ge=1)
    step: str = Field(min_length=1)
    #: the last row, "11+ Etc."
    and_more: bool = False
    line: int = Field(ge=1602, le=1612)


class PsychicFile(CatalogFile):
    abilities: tuple[PsychicAbility, ...] = Field(min_length=1)
    time_steps: tuple[TimeStep, ...] = Field(min_length=1)


# --- Sorcery ------------------------------------------------------------------------

SorceryCategory = Literal[
    "augmentation",
    "characteristic",
    "combat",
    "enhancement",
    "elemental",
    "manipulative",
    "occult",
    "summoning",
    "utility",
]


class SorcerySpell(SeedEntry):
    """A Sorcery spell (summary lines 1878-1988, entries lines 2048-2407). ``level_min``
    to ``level_max`` are the levels the heading gives ("(1–4)", "(3)"); "A range means
    that the spell’s level is variable" and "a spell’s level is also the number of power
    points it takes to cast" (line 2043)."""

    level_min: int = Field(ge=1, le=4)
    level_max: int = Field(ge=1, le=4)
    categories: tuple[SorceryCategory, ...] = Field(min_length=1)
    #: power points to cast, as read
    cost_text: str = Field(min_length=1)
    range: str = Field(min_length=1)
    #: "the sorcerer's POW in combat rounds" (line 1853) unless the entry says otherwise
    duration: str = Field(min_length=1)
    #: the resistance roll the entry asks for; empty when it asks for none
    resist: str = ""
    summary: str = Field(min_length=1)
    summary_line: int = Field(ge=1884, le=1988)

    @property
    def variable(self) -> bool:
        return self.level_min < self.level_max

    @model_validator(mode="after")
    def _levels_in_order(self) -> SorcerySpell:
        if self.level_min > self.level_max:
            raise ValueError("level_min must not be above level_max")
        return self


class SorceryFile(CatalogFile):
    spells: tuple[SorcerySpell, ...] = Field(min_length=1)


# --- Superpowers --------------------------------------------------------------------


class Choice(CatalogModel):
    """A choice made when a superpower is bought (its energy type, an environment per
    level, the drained resource...)."""

    id: CatalogId
    label: str = Field(min_length=1)
    #: the options; with ``energy_types`` these come after the energy types
    options: tuple[str, ...] = ()
    #: the options begin with the energy types (lines 2652-2662)
    energy_types: bool = False
    #: one choice per level (Adaptation: one environment per level)
    per_level: bool = False
    #: a free choice the options only suggest (the entry says others may be devised)
    open: bool = False
    #: the cost per level of each option where options cost differently (Drain, Transfer,
    #: Super Characteristic, Resistance); only for choices without energy types
    option_costs: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _costs_match_options(self) -> Choice:
        if self.option_costs and (self.energy_types or len(self.option_costs) != len(self.options)):
            raise ValueError("option_costs needs one cost per option (and no energy types)")
        if not (self.options or self.energy_types or self.open):
            raise ValueError("a choice needs options, the energy types, or to be open")
        return self


class OwnModifier(CatalogModel):
    """A cost modifier a superpower's own entry defines: Armor "that serves as a force
    field needing power points to activate costs ½ the normal price (round up)" (line
    2786); Resistance against a whole power set, "such as 10 points per level" (line
    3104)."""

    id: CatalogId
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    #: the cost per level becomes cost × numerator / denominator, rounded up ...
    cost_numerator: int = Field(default=1, ge=1)
    cost_denominator: int = Field(default=1, ge=1)
    #: ... or this many points per level
    cost_per_level: int | None = Field(default=None, ge=1)
    seed_lines: tuple[int, int]

    def per_level(self, cost_per_level: int) -> int:
        """The cost per level with this modifier, from the power's own cost per level."""
        if self.cost_per_level is not None:
            return self.cost_per_level
        return -(-cost_per_level * self.cost_numerator // self.cost_denominator)


class LevelCap(CatalogModel):
    """The most (``kind="max"``) or fewest (``"min"``) levels of a superpower, from the
    sum of ``characteristics`` × numerator / denominator (rounded up): Defense at most
    DEX+POW (line 2816), Regeneration at most ½ CON (line 3083), Extra Hit Points at
    most the initial CON (line 2977), Flight at least SIZ/3 (line 2989)."""

    characteristics: tuple[Characteristic, ...] = Field(min_length=1)
    numerator: int = Field(default=1, ge=1)
    denominator: int = Field(default=1, ge=1)
    kind: Literal["max", "min"] = "max"
    text: str = Field(min_length=1)
    #: when the limit does not hold (the gamemaster allows it...)
    unless: str = ""
    seed_lines: tuple[int, int]

    def value(self, scores: dict[str, int]) -> int:
        """The limit for a character's characteristic ``scores``."""
        total = sum(scores[name] for name in self.characteristics) * self.numerator
        return -(-total // self.denominator)


class Superpower(SeedEntry):
    """A superpower (summary lines 2574-2640, entries lines 2700-3389)."""

    #: character points per level (per form, per type...); None when it depends on a
    #: choice (``option_costs``) or is "Variable" (Sidekick)
    cost_per_level: int | None = Field(ge=1)
    #: the Character Point Cost line as printed
    cost_text: str = Field(min_length=1)
    #: what one purchase unit is: a level, a form, a type...
    cost_unit: str = "level"
    base_range: str = Field(min_length=1)
    duration: str = Field(min_length=1)
    power_point_cost: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    summary_line: int = Field(ge=2574, le=2640)
    choices: tuple[Choice, ...] = ()
    modifiers: tuple[OwnModifier, ...] = ()
    level_cap: LevelCap | None = None
    #: the price is also per point of the character's SIZ ("1 per level per energy type
    #: per point of SIZ", Force Field, line 3001)
    per_siz: bool = False


RewardKind = Literal[
    "flat",
    "per_level",
    "per_power_point",
    "ten_minus_uses",
    "doubles_cost",
]


class PowerModifier(SeedEntry):
    """A row of the Power Modifiers Table (lines 2495-2515). The reward is budget points
    for one power: ``flat`` points, ``reward`` per level, per power point of cost, or 10
    minus the uses per day; ``doubles_cost`` rows make the power dearer instead. "No
    superpower can earn more character point budget points than ½ its initial cost
    (round down) through power modifiers" (line 2491)."""

    #: the table's heading row the modifier stands under, if any
    group: str = ""
    reward_kind: RewardKind
    reward: int = Field(ge=0)
    reward_text: str = Field(min_length=1)


class Grade(CatalogModel):
    label: str = Field(min_length=1)
    points: int


class Failing(SeedEntry):
    """A row of the Benefits From Character Failings Table (lines 2458-2483). "Your
    character can only take up to ½ their starting character point budget (round up) in
    character failings" (line 2452)."""

    reward_min: int = Field(ge=-1)
    reward_max: int = Field(ge=-1)
    reward_text: str = Field(min_length=1)
    #: the named grades where the row gives them ("partial problem" +1 ...)
    grades: tuple[Grade, ...] = ()
    #: points per die of damage or characteristic loss (the reward is dice × per_die)
    per_die: int = Field(default=0, ge=0)
    #: this row adds to (or takes from) another row rather than standing alone
    adjusts: CatalogId | None = None
    #: the most points the row gives without the gamemaster's approval, if stated
    cap: int | None = None
    group: str = ""
    #: the reward in a user's words where the table's own cell does not say it (its
    #: columns slip in the Special weakness rows, lines 2470-2483): shown in the picker,
    #: the list and the issues instead of ``reward_text`` (kept as the seed prints it)
    reward_words: str = ""

    @property
    def reward_shown(self) -> str:
        """What the row gives, as a user reads it."""
        return self.reward_words or self.reward_text

    @model_validator(mode="after")
    def _range_in_order(self) -> Failing:
        if self.reward_min > self.reward_max:
            raise ValueError("reward_min must not be above reward_max")
        return self


class EnergyType(SeedEntry):
    """An energy type (lines 2652-2662) and its opposite, if any."""

    opposite: CatalogId | None = None


class SuperpowersFile(CatalogFile):
    powers: tuple[Superpower, ...] = Field(min_length=1)
    modifiers: tuple[PowerModifier, ...] = Field(min_length=1)
    failings: tuple[Failing, ...] = Field(min_length=1)
    energy_types: tuple[EnergyType, ...] = Field(min_length=1)


# --- loaders ------------------------------------------------------------------------


@cache
def power_levels() -> PowerLevelsFile:
    """The power-level tables (lines 367-396 and each set's starting rules)."""
    return load_catalog(FILES["power_levels"], PowerLevelsFile)


@cache
def magic_spells() -> dict[str, MagicSpell]:
    """The Magic spells by id (lines 580-1003)."""
    return index_entries(FILES["magic"], load_catalog(FILES["magic"], MagicFile).spells)


@cache
def mutations() -> MutationsFile:
    """The mutations with the random mutations and characteristic change tables
    (lines 1031-1235); every table row names a known mutation."""
    data = load_catalog(FILES["mutations"], MutationsFile)
    known = index_entries(FILES["mutations"], data.mutations)
    for row in data.random_table:
        if row.mutation is not None:
            require_known(FILES["mutations"], f"roll_{row.low}", "mutation", row.mutation, known)
    return data


@cache
def mutations_by_id() -> dict[str, Mutation]:
    return index_entries(FILES["mutations"], mutations().mutations)


@cache
def psychic_file() -> PsychicFile:
    """The psychic abilities and the Time Step Table (lines 1333-1719)."""
    return load_catalog(FILES["psychic"], PsychicFile)


@cache
def psychic_abilities() -> dict[str, PsychicAbility]:
    """The psychic abilities by id."""
    return index_entries(FILES["psychic"], psychic_file().abilities)


@cache
def sorcery_spells() -> dict[str, SorcerySpell]:
    """The Sorcery spells by id (lines 1878-2407)."""
    return index_entries(FILES["sorcery"], load_catalog(FILES["sorcery"], SorceryFile).spells)


@cache
def superpowers_file() -> SuperpowersFile:
    """Superpowers, power modifiers, character failings and energy types (lines 2427-3389);
    energy-type choices and failing adjustments name known entries."""
    data = load_catalog(FILES["superpowers"], SuperpowersFile)
    file = FILES["superpowers"]
    energy = index_entries(file, data.energy_types)
    for entry in data.energy_types:
        if entry.opposite is not None:
            require_known(file, entry.id, "opposite", entry.opposite, energy)
    index_entries(file, data.powers)
    index_entries(file, data.modifiers)
    failings = index_entries(file, data.failings)
    for failing in data.failings:
        if failing.adjusts is not None:
            require_known(file, failing.id, "adjusts", failing.adjusts, failings)
    return data


def choice_options(choice: Choice) -> tuple[str, ...]:
    """The options of a choice, the energy types first where it takes them."""
    if not choice.energy_types:
        return choice.options
    return tuple(energy.name for energy in energy_types().values()) + choice.options


@cache
def superpowers() -> dict[str, Superpower]:
    return index_entries(FILES["superpowers"], superpowers_file().powers)


@cache
def power_modifiers() -> dict[str, PowerModifier]:
    return index_entries(FILES["superpowers"], superpowers_file().modifiers)


@cache
def failings() -> dict[str, Failing]:
    return index_entries(FILES["superpowers"], superpowers_file().failings)


@cache
def energy_types() -> dict[str, EnergyType]:
    return index_entries(FILES["superpowers"], superpowers_file().energy_types)


def entries_of(power_set: PowerSetId) -> dict[str, SeedEntry]:
    """The catalog entries a power set picks from, by id."""
    found: Mapping[str, SeedEntry]
    if power_set == "magic":
        found = magic_spells()
    elif power_set == "mutations":
        found = mutations_by_id()
    elif power_set == "psychic":
        found = psychic_abilities()
    elif power_set == "sorcery":
        found = sorcery_spells()
    else:
        found = superpowers()
    return dict(found)


def key(power_set: PowerSetId, entry_id: str) -> str:
    """The id of an entry across sets: ``magic.heal``."""
    return f"{power_set}.{entry_id}"


def by_key(entry_key: str) -> SeedEntry:
    """The entry ``"<set>.<id>"`` (``sorcery.heal``); a bad key names the known ones."""
    name, _, entry_id = entry_key.partition(".")
    power_set = next((known for known in POWER_SETS if known == name), None)
    if power_set is None:
        raise KeyError(f"unknown power set '{name}' (known: {', '.join(POWER_SETS)})")
    entries = entries_of(power_set)
    if entry_id not in entries:
        raise KeyError(
            f"unknown {power_set} entry '{entry_id}' (known: {', '.join(sorted(entries))})"
        )
    return entries[entry_id]


def clear_caches() -> None:
    """Forget the loaded catalogs (tests that edit a copy of the resources)."""
    for loader in (
        power_levels,
        magic_spells,
        mutations,
        mutations_by_id,
        psychic_file,
        psychic_abilities,
        sorcery_spells,
        superpowers_file,
        superpowers,
        power_modifiers,
        failings,
        energy_types,
    ):
        loader.cache_clear()


def load_all() -> None:
    """Load and validate every catalog (start-up and tests)."""
    power_levels()
    magic_spells()
    mutations()
    psychic_abilities()
    sorcery_spells()
    superpowers_file()
