"""The numbers the chapter defines for a character, shown whether or not a limit is
broken: for each power set the character has, its allowance beside its tally (spells
known of the spells a level gives, memory used of memory, picks taken of picks...), and
for each spell, ability and power what a player needs at the table (power points,
range, duration, DEX rank, damage). ``validate``, ``export-json`` (``derived``), the
sheet and the window all read these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.powersets.budget import Budget, PowerCost
from sheetapp.systems.powersets.catalog import (
    PowerLevelId,
    PowerSetId,
    Scaled,
    a_level,
    magic_spells,
    mutations_by_id,
    power_levels,
    psychic_abilities,
    sorcery_spells,
    superpowers,
)
from sheetapp.systems.powersets.model import (
    MagicSpellChoice,
    PowersetsCampaign,
    PowersetsCharacter,
    PsychicChoice,
    SorceryChoice,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.traditions import Tradition, tradition_of, traditions

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Tally:
    """An allowance and what the character has of it."""

    used: int
    allowed: int

    @property
    def text(self) -> str:
        return f"{self.used} of {self.allowed}"


def _set_level(character: PowersetsCharacter, power_set: PowerSetId) -> PowerLevelId | None:
    return next((c.level for c in character.power_sets if c.power_set == power_set), None)


def _rank(level: PowerLevelId) -> int:
    return ("normal", "heroic", "epic", "superhuman").index(level)


def _times(scaled: Scaled) -> str:
    if scaled.denominator == 1:
        return f"{scaled.of}×{scaled.numerator}"
    return scaled.describe()


# --- the allowances ---------------------------------------------------------------------


def _of(
    character: PowersetsCharacter, power_set: PowerSetId, items: Sequence[T], tradition: Tradition
) -> list[T]:
    """The items of one set of the type (all of them with one set)."""
    found = traditions(character, power_set)
    return [i for i in items if tradition_of(found, getattr(i, "tradition", "")) == tradition]


def magic_spells_tally(character: PowersetsCharacter, tradition: Tradition) -> Tally:
    """Starting spells known of those the level gives (lines 472-475)."""
    start = next(s for s in power_levels().magic if s.id == tradition.level)
    mine = _of(character, "magic", character.magic_spells, tradition)
    return Tally(sum(1 for s in mine if not s.learned_in_play), start.spells)


def magic_memory_tally(character: PowersetsCharacter, intelligence: int) -> Tally:
    """Spells memorised of ½ INT (round up) (line 458)."""
    memory = power_levels().rule("magic_memory").scaled
    assert memory is not None
    return Tally(sum(1 for s in character.magic_spells if s.memorised), memory.value(intelligence))


def magic_most_levels(intelligence: int) -> int:
    """The most levels a spell takes: ½ INT (rounded up) (line 438)."""
    limit = power_levels().rule("magic_spell_level").scaled
    assert limit is not None
    return limit.value(intelligence)


def mutation_tallies(character: PowersetsCharacter, level: PowerLevelId, con: int) -> list[Tally]:
    """Beneficial picks of the level's picks plus the adverse ones, and adverse picks of
    their cap (line 1018-1020); empty at Normal, where mutations are rolled."""
    start = next(s for s in power_levels().mutations if s.id == level)
    if start.picks is None:
        return []
    catalog = mutations_by_id()

    def picks(kind: str) -> int:
        return sum(
            m.picks
            for m in character.mutations
            if (entry := catalog.get(m.mutation)) is not None and entry.kind == kind
        )

    bad = picks("adverse")
    found = [Tally(picks("beneficial"), start.picks.value(con) + bad)]
    if start.adverse_limit is not None:
        found.append(Tally(bad, start.adverse_limit.value(con)))
    return found


def psychic_tally(character: PowersetsCharacter, tradition: Tradition) -> Tally:
    """Starting abilities of those the level gives (lines 1281-1284)."""
    start = next(s for s in power_levels().psychic if s.id == tradition.level)
    mine = _of(character, "psychic", character.psychic, tradition)
    return Tally(sum(1 for a in mine if not a.learned_in_play and not a.gained), start.abilities)


def sorcery_levels_tally(
    character: PowersetsCharacter, tradition: Tradition, intelligence: int
) -> Tally:
    """Starting spell levels of those the level gives (lines 1735-1738)."""
    start = next(s for s in power_levels().sorcery if s.id == tradition.level)
    mine = _of(character, "sorcery", character.sorcery, tradition)
    return Tally(
        sum(s.level for s in mine if not s.learned_in_play), start.levels.value(intelligence)
    )


def sorcery_memory_tally(character: PowersetsCharacter, intelligence: int) -> Tally:
    """Spell levels in memory and bound entities' POW dice, of INT (lines 1740, 1752)."""
    in_memory = sum(s.level for s in character.sorcery if s.in_memory)
    bound = sum(e.pow_dice for e in character.bound if not e.dismissed)
    return Tally(in_memory + bound, intelligence)


# --- at the table -------------------------------------------------------------------------

#: the Magic spells whose effect is 1D6 per level ("does 1D6 points of magical damage per
#: level", line 582; Fire 592, Frost 593, Heal 594, Lightning 599, Wounding 611)
DICE_PER_LEVEL: dict[str, str] = {
    "blast": "damage",
    "fire": "fire damage",
    "frost": "frost damage",
    "heal": "healed",
    "lightning": "lightning damage",
    "wounding": "damage",
}


def magic_at_table(choice: MagicSpellChoice, dex: int) -> tuple[str, str] | None:
    """A spell at its levels: power points ("each level costs" its cost per level, line
    418), the DEX rank it is cast at ("Each level of a spell lowers the magician’s DEX
    rank by –1" (line 434)), range and duration, and its dice."""
    spell = magic_spells().get(choice.spell)
    if spell is None:
        return None
    points = spell.cost_per_level * choice.level
    rank = dex - choice.level
    parts = [f"{points} PP", f"DEX rank {rank}" + (" (next round)" if rank < 0 else "")]
    if choice.spell in DICE_PER_LEVEL:
        parts.append(f"{choice.level}D6 {DICE_PER_LEVEL[choice.spell]}")
    short = ", ".join(parts)
    return short, f"{short}; range {spell.range}; duration {spell.duration}"


#: ranges and durations printed as a multiple of POW, and what they come to
_BY_POW: dict[str, tuple[int, str]] = {
    "POW in meters": (1, "meters"),
    "10×POW in kilometers": (10, "kilometers"),
    "POW×10 kilometers": (10, "kilometers"),
    "POW×10 meters": (10, "meters"),
    "the sorcerer's POW in combat rounds": (1, "combat rounds"),
}


def _worked(text: str, pow_: int) -> str:
    """ "POW in meters" with POW 16: "POW in meters (16 meters)"."""
    found = _BY_POW.get(text)
    if found is None:
        return text
    factor, unit = found
    return f"{text} ({pow_ * factor} {unit})"


def psychic_at_table(choice: PsychicChoice, pow_: int) -> tuple[str, str] | None:
    """ "Each ability costs a minimum of 1 power point to use" (line 1335); "Range is
    usually a multiple of POW" (line 1335), worked out."""
    ability = psychic_abilities().get(choice.ability)
    if ability is None:
        return None
    short = f"{ability.min_cost}+ PP"
    return short, (
        f"power points: {ability.cost_text}; range {_worked(ability.range, pow_)}; "
        f"duration {ability.duration}"
    )


def sorcery_at_table(choice: SorceryChoice, pow_: int) -> tuple[str, str] | None:
    """ "Each spell costs 1 power point per level" (line 1880); "A spell’s duration equals
    the sorcerer’s POW in combat rounds" (line 1853); "Reading and comprehending a spell in
    the grimoire takes one combat round for each point of the spell to be readied" (line
    1823)."""
    spell = sorcery_spells().get(choice.spell)
    if spell is None:
        return None
    rounds = "1 combat round" if choice.level == 1 else f"{choice.level} combat rounds"
    short = f"{choice.level} PP, readied in {rounds}"
    return short, (f"{short}; range {spell.range}; duration {_worked(spell.duration, pow_)}")


#: what a superpower's levels come to at the table, where its entry gives a number:
#: "1D6 damage per level" (Energy Projection, lines 2933-2943), "by 1D6 per level"
#: (Diminish/Enhance Characteristic, line 2846), "1D6 points per level per combat round"
#: (Drain, line 2866), "1 point of armor" a level (Armor, line 2782), "10 points of armor
#: per level" (Force Field, line 3005), "–5% per level" (Defense, line 2816)
SUPER_EFFECT = {
    "energy_projection": "{n}D6 damage",
    "diminish_enhance_characteristic": "{n}D6 to the characteristic",
    "drain": "{n}D6 drained a combat round",
    "armor": "{n} armor",
    "force_field": "{armor} armor",
    "defense": "−{defense}% to be hit",
}


def superpower_at_table(choice: SuperpowerChoice) -> tuple[str, str] | None:
    power = superpowers().get(choice.power)
    if power is None:
        return None
    short = f"PP: {power.power_point_cost}"
    effect = SUPER_EFFECT.get(choice.power)
    if effect is not None:
        levels = choice.levels
        short = effect.format(n=levels, armor=10 * levels, defense=5 * levels) + f"; {short}"
    return short, f"{short}; range {power.base_range}; duration {power.duration}"


# --- the derived values -------------------------------------------------------------------


def tallies(
    character: PowersetsCharacter,
    campaign: PowersetsCampaign,
    budget: Budget,
    scores: dict[str, int],
    game: PowerLevelId,
) -> list[DerivedValue]:
    """For each set the character has, its allowance and tally; the power steps; each
    spell's, ability's and power's numbers at the table (one row each)."""
    values = _power_steps(character, game)
    values += _magic_values(character, scores)
    values += _non_magician_values(character, scores["INT"])
    values += _mutation_values(character)
    values += _psychic_values(character)
    values += _sorcery_values(character, scores["INT"])
    values += _budget_values(budget)
    values += _at_table(character, budget, scores)
    return values


def _power_steps(character: PowersetsCharacter, game: PowerLevelId) -> list[DerivedValue]:
    if not character.power_sets:
        return []
    steps = sum(_rank(c.level) + 1 for c in character.power_sets)
    return [
        DerivedValue(
            "power_steps",
            "Power steps",
            Tally(steps, _rank(game) + 1).text,
            "the power sets' steps (Normal 1, Heroic 2, Epic 3, Superhuman 4) of those "
            f"{a_level(game)} character begins with",
            ("character", "power_sets"),
        )
    ]


def _magic_values(character: PowersetsCharacter, scores: dict[str, int]) -> list[DerivedValue]:
    """A magician's starting spells per set, memory, highest spell level and familiar."""
    if _set_level(character, "magic") is None:
        return []
    intelligence = scores["INT"]
    most = magic_most_levels(intelligence)
    found = traditions(character, "magic")
    values: list[DerivedValue] = []
    for tradition in found:
        start = next(s for s in power_levels().magic if s.id == tradition.level)
        label = tradition.label("Magic", len(found) > 1)
        values.append(
            DerivedValue(
                _key("magic.spells", tradition, found),
                f"{label}: starting spells",
                magic_spells_tally(character, tradition).text,
                f"{a_level(tradition.level)} magician knows {start.spells} spells at "
                f"{_times(start.skill)}; spells learned in play do not count",
                ("character", "magic_spells"),
            )
        )
    return [
        *values,
        DerivedValue(
            "magic.memory",
            "Magic: spells memorised",
            magic_memory_tally(character, intelligence).text,
            f"½ INT {intelligence} (round up)",
            ("character", "magic_spells"),
        ),
        DerivedValue(
            "magic.most_levels",
            "Magic: highest spell level",
            most,
            f"½ INT {intelligence} (round up): spells of levels 1 to {most}",
            ("character", "magic_spells"),
        ),
        DerivedValue(
            "familiar.size_cap",
            "Familiar: size",
            f"SIZ {-(-scores['POW'] // 4)} or lower",
            f"¼ POW {scores['POW']} (rounded up)",
            ("character", "familiars"),
        ),
    ]


def _non_magician_values(character: PowersetsCharacter, intelligence: int) -> list[DerivedValue]:
    if _set_level(character, "magic") is not None or not character.magic_spells:
        return []
    limit = power_levels().rule("non_magician_spell_levels").scaled
    assert limit is not None
    return [
        DerivedValue(
            "magic.non_magician",
            "Spells (non-magician): levels",
            Tally(sum(s.level for s in character.magic_spells), limit.value(intelligence)).text,
            f"a non-magician knows up to ¼ INT {intelligence} (rounded down) in spell "
            "levels, at INT×1",
            ("character", "magic_spells"),
        )
    ]


def _mutation_values(character: PowersetsCharacter) -> list[DerivedValue]:
    """Picks and adverse picks of their caps; at Normal, the mutations rolled."""
    level = _set_level(character, "mutations")
    if level is None:
        return []
    con = character.characteristics.con
    picks = mutation_tallies(character, level, con)
    if not picks:
        return [
            DerivedValue(
                "mutations.rolled",
                "Mutations: rolled",
                f"{len(character.mutations)} (2 rolls by default)",
                "at Normal, D100 twice on the Random Mutations Table, again after an "
                "adverse one on a successful Luck roll",
                ("character", "mutations"),
            )
        ]
    values = [
        DerivedValue(
            "mutations.picks",
            "Mutations: beneficial picks",
            picks[0].text,
            f"CON {con} at {level.title()}, plus one per adverse pick; a major mutation takes two",
            ("character", "mutations"),
        )
    ]
    if len(picks) > 1:
        values.append(
            DerivedValue(
                "mutations.adverse",
                "Mutations: adverse picks",
                picks[1].text,
                f"at most {picks[1].allowed} adverse picks (CON {con} at {level.title()})",
                ("character", "mutations"),
            )
        )
    return values


def _psychic_values(character: PowersetsCharacter) -> list[DerivedValue]:
    found = traditions(character, "psychic")
    return [
        DerivedValue(
            _key("psychic.abilities", tradition, found),
            f"{tradition.label('Psychic', len(found) > 1)}: starting abilities",
            psychic_tally(character, tradition).text,
            f"{a_level(tradition.level)} psychic begins with them at POW×1; abilities "
            "gained in play do not count",
            ("character", "psychic"),
        )
        for tradition in found
    ]


def _sorcery_values(character: PowersetsCharacter, intelligence: int) -> list[DerivedValue]:
    """Each set's starting spell levels, then the memory they share with bound entities."""
    found = traditions(character, "sorcery")
    if not found:
        return []
    values: list[DerivedValue] = []
    for tradition in found:
        levels = next(s for s in power_levels().sorcery if s.id == tradition.level).levels
        values.append(
            DerivedValue(
                _key("sorcery.levels", tradition, found),
                f"{tradition.label('Sorcery', len(found) > 1)}: starting spell levels",
                sorcery_levels_tally(character, tradition, intelligence).text,
                f"{levels.describe()} at {tradition.level.title()} (INT {intelligence})",
                ("character", "sorcery"),
            )
        )
    values.append(
        DerivedValue(
            "sorcery.memory",
            "Sorcery: spell levels in memory",
            sorcery_memory_tally(character, intelligence).text,
            f"up to INT {intelligence}; bound demons and elementals count their POW dice",
            ("character", "sorcery"),
        )
    )
    return values


def _budget_values(budget: Budget) -> list[DerivedValue]:
    """The failings' points counted, and each power's modifiers counted of their cap."""
    if budget.level is None:
        return []
    frailties = (
        f"; psycho-social frailties {budget.psycho_social}, at most {budget.psycho_social_cap}"
        if budget.psycho_social and budget.psycho_social_cap is not None
        else ""
    )
    values = [
        DerivedValue(
            "failings",
            "Character failings: points counted",
            f"{budget.failings_counted} of {budget.failings_cap}",
            f"failings give {budget.failings}; at most ½ the starting budget "
            f"{budget.starting} (round up) counts" + frailties,
            ("character", "failings"),
        )
    ]
    for power in budget.powers:
        if power.reward or power.surcharge:
            values.append(
                DerivedValue(
                    f"modifiers.{power.index}",
                    f"{power.name}: power modifiers",
                    f"{power.reward_counted} of {power.reward_cap}",
                    f"modifiers give {power.reward}; at most ½ its initial cost "
                    f"({power.initial}) counts"
                    + (f"; its cost is raised by {power.surcharge}" if power.surcharge else ""),
                    ("character", "superpowers", power.index),
                    per_row=True,
                )
            )
    return values


def _key(key: str, tradition: Tradition, found: Sequence[Tradition]) -> str:
    """``magic.spells``, or ``magic.spells.2`` for the set at place 2 when there are
    several of the type."""
    return key if len(found) == 1 else f"{key}.{tradition.index}"


def _at_table(
    character: PowersetsCharacter, budget: Budget, scores: dict[str, int]
) -> list[DerivedValue]:
    values: list[DerivedValue] = []
    dex = scores["DEX"]
    spells, abilities, sorcery = magic_spells(), psychic_abilities(), sorcery_spells()
    for index, spell in enumerate(character.magic_spells):
        numbers = magic_at_table(spell, dex)
        if numbers is not None:
            values.append(
                _row_value(
                    f"spell.{index}",
                    f"{spells[spell.spell].name}, {_levels(spell.level)}",
                    numbers,
                    ("character", "magic_spells", index),
                )
            )
    for index, ability in enumerate(character.psychic):
        numbers = psychic_at_table(ability, scores["POW"])
        if numbers is not None:
            values.append(
                _row_value(
                    f"ability.{index}",
                    abilities[ability.ability].name,
                    numbers,
                    ("character", "psychic", index),
                )
            )
    for index, known in enumerate(character.sorcery):
        numbers = sorcery_at_table(known, scores["POW"])
        if numbers is not None:
            values.append(
                _row_value(
                    f"sorcery.{index}",
                    f"{sorcery[known.spell].name}, level {known.level}",
                    numbers,
                    ("character", "sorcery", index),
                )
            )
    choices = character.superpowers
    found = _POWER_VALUES.current().each(
        budget.powers, lambda row: _power_value(row, choices[row.index])
    )
    values += [value for value in found if value is not None]
    return values


def _power_value(cost: PowerCost, choice: SuperpowerChoice) -> DerivedValue | None:
    """A superpower's numbers at the table, its cost first."""
    numbers = superpower_at_table(choice)
    if numbers is None:
        return None
    levels = "" if choice.power == "sidekick" else f" {choice.levels}"
    label = f"{cost.name}{levels}" + (f" ({choice.choice})" if choice.choice else "")
    points = "?" if cost.cost is None else f"{cost.cost} pts"
    return _row_value(
        f"power.{cost.index}",
        label,
        (points, f"{points} ({cost.explanation}); {numbers[1]}"),
        ("character", "superpowers", cost.index),
    )


_POWER_VALUES: Memo[ByIdentity[PowerCost, DerivedValue | None]] = Memo(
    "powersets:power_values",
    "the budget's power rows",
    "a power's cost row is the same object while its choice, its modifiers and SIZ "
    "are unchanged (budget.py), and its numbers at the table follow from them",
    ByIdentity,
)


def _levels(count: int) -> str:
    return "1 level" if count == 1 else f"{count} levels"


def _row_value(
    key: str, label: str, numbers: tuple[str, str], path: tuple[str, str, int]
) -> DerivedValue:
    return DerivedValue(key, label, numbers[0], numbers[1], path, per_row=True)
