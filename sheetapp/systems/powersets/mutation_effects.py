"""Mutations that change characteristics, and the rolls of the Mutations section.

"For a minor mutation, first determine which characteristic is decreased through
mutation. Roll a D10" (line 1105) on the Characteristic Change Table (lines 1107-1120),
then "Roll a D6 to determine how much the characteristic is altered by" (line 1122:
1-3 → 1D6, 4-5 → 2D6, 6 → 3D6); "For a major mutation, the characteristic reduction is
doubled" and "No characteristic can be reduced to less than 1" (line 1130). Increased
Characteristic uses the same table, "positive rather than negative" (line 1158);
Congenital Disease and the structural mutations roll their own dice (lines 1097, 1209,
1217). "Any bonuses or derived attributes using those characteristics are similarly
modified" (line 1130), except where the chapter says "unmodified" or "initial" (the
superpower budget, the number of mutations).

A character stores the initial characteristics and, on each mutation, the changes its
rolls gave; the final characteristics are worked out here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetapp.systems.powersets.catalog import (
    CharacteristicEffect,
    Mutation,
    mutations,
    mutations_by_id,
    psychic_abilities,
)
from sheetapp.systems.powersets.model import (
    CharacteristicChange,
    MutationChoice,
    PowersetsCharacter,
)

#: the characteristics a character has, by the chapter's names
NAMES = ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA")
#: what a characteristic no mutation changed says
UNCHANGED = "as the base rules give it"
#: how a recorded POW experience gain is named in the working
POW_INCREASE = "POW increase"
#: the most one D6 row of the amount table gives (3D6, line 1128)
TABLE_MOST_DICE = 3


def effect_of(definition: Mutation | None, major: bool) -> CharacteristicEffect | None:
    """What the version taken does to characteristics (None: nothing)."""
    if definition is None:
        return None
    if major and not definition.minor_only:
        return definition.major_change
    return definition.minor_change


@dataclass(frozen=True, slots=True)
class ScoreAfterMutations:
    name: str
    initial: int
    final: int
    #: (mutation name, change) for each change to this characteristic
    parts: tuple[tuple[str, int], ...]

    def explanation(self) -> str:
        if not self.parts:
            return UNCHANGED
        steps = " ".join(
            f"{'+' if amount > 0 else '−'} {abs(amount)} ({name})" for name, amount in self.parts
        )
        text = f"{self.initial} {steps}"
        raw = self.initial + sum(amount for _name, amount in self.parts)
        if raw != self.final:
            shown = f"{raw}".replace("-", "−")
            return f"{text} = {shown}, but no characteristic goes below 1: {self.final}"
        return f"{text} = {self.final}"


def scores_after_mutations(character: PowersetsCharacter) -> dict[str, ScoreAfterMutations]:
    """Every characteristic with the mutations' changes, the permanent POW rituals cost
    and the recorded POW increases applied (at least 1)."""
    initial = character.characteristics.scores()
    parts: dict[str, list[tuple[str, int]]] = {name: [] for name in NAMES}
    known = mutations_by_id()
    for choice in character.mutations:
        definition = known.get(choice.mutation)
        label = definition.name if definition else choice.mutation
        for change in choice.changes:
            parts[change.characteristic].append((label, change.amount))
    # "Each level adds +1 of STR, CON, SIZ, INT, POW, DEX, CHA, or EDU to your character’s
    # original characteristics" (line 3207); EDU is not among the characteristics kept
    for power in character.superpowers:
        if power.power == SUPER_CHARACTERISTIC and power.choice in parts and power.levels:
            parts[power.choice].append((power.name.strip() or "Super Characteristic", power.levels))
    # permanent POW spent on the magician's and the sorcerer's rituals
    for label, amount in pow_sacrifices(character):
        parts["POW"].append((label, -amount))
    # POW experience (line 536): each recorded gain not turned into budget points
    for record in character.pow_increases:
        if record.gain and not record.to_budget:
            parts["POW"].append((POW_INCREASE, record.gain))
    found = {}
    for name in NAMES:
        total = initial[name] + sum(amount for _label, amount in parts[name])
        floor = min(initial[name], 1)  # a score already below 1 is not raised by the floor
        final = total if not parts[name] else max(total, floor)
        found[name] = ScoreAfterMutations(name, initial[name], final, tuple(parts[name]))
    return found


SUPER_CHARACTERISTIC = "super_characteristic"

#: "the magician must spend 1 point of permanent POW" to bind a familiar (line 485); "The
#: final ritual to be enacted over the staff costs your character a point of permanent
#: POW" (line 514); "Binding a demon costs the summoner 1 point of permanent POW, or 3
#: points of permanent POW to permanently bind the demon into an object" (line 2278)
FAMILIAR_POW = 1
STAFF_POW = 1
#: "the psychic must sacrifice 1 point of permanent POW and make a Luck roll ... If they
#: fail, they can try again after another period of training and the POW sacrifice"
#: (line 1292); "You must then sacrifice 2 permanent points of POW" (line 1293)
PSYCHIC_TRAINING_POW = 1
PSYCHIC_INVOLUNTARY_POW = 2
DEMON_POW = 1
DEMON_FOR_EVER_POW = 3


def pow_sacrifices(character: PowersetsCharacter) -> list[tuple[str, int]]:
    """(what, permanent POW it cost) for each familiar bound (active or not: a freed or
    killed familiar's point is not regained, line 504), staff made, demon bound
    (dismissed or not) and psychic ability gained in play. The chapter gives no POW cost
    for binding an elemental."""
    found: list[tuple[str, int]] = []
    # a familiar or staff the magician begins with: "the POW cost is assumed in the past,
    # so no need to adjust" (line 474)
    for familiar in character.familiars:
        if not familiar.at_creation:
            name = familiar.name or familiar.creature or "bound"
            found.append((f"familiar {name}", FAMILIAR_POW))
    for staff in character.staves:
        if not staff.at_creation:
            found.append((f"staff {staff.name or 'made'}", STAFF_POW))
    # "the sorcerer must sacrifice 4 power points and 1 permanent point of POW to attune
    # the focus" (line 2074), again for each greater capacity (line 2078)
    for brazier in character.braziers:
        found.append((f"brazier {brazier.name or 'attuned'}", len(brazier.attunements)))
    for entity in character.bound:
        if entity.kind == "demon":
            cost = DEMON_FOR_EVER_POW if entity.permanent else DEMON_POW
            found.append((f"demon {entity.name or 'bound'}", cost))
    abilities = psychic_abilities()
    for choice in character.psychic:
        entry = abilities.get(choice.ability)
        name = entry.name if entry is not None else choice.ability
        if choice.gained == "training" and choice.training_periods:
            cost = choice.training_periods * PSYCHIC_TRAINING_POW
            found.append((f"{name} trained", cost))
        elif choice.gained == "involuntary":
            found.append((f"{name} gained", PSYCHIC_INVOLUNTARY_POW))
    return found


def final_scores(character: PowersetsCharacter) -> dict[str, int]:
    return {name: score.final for name, score in scores_after_mutations(character).items()}


# --- checking what a mutation records ------------------------------------------------------


def change_problems(effect: CharacteristicEffect, changes: list[CharacteristicChange]) -> list[str]:
    """What does not fit ``effect`` in the recorded ``changes`` (empty: they fit)."""
    problems: list[str] = []
    sign_word = "raises" if effect.sign > 0 else "lowers"
    for change in changes:
        if change.amount == 0 or (change.amount > 0) != (effect.sign > 0):
            problems.append(
                f"it {sign_word} characteristics ({change.characteristic} {change.amount:+d})"
            )
        if effect.allowed and change.characteristic not in effect.allowed:
            problems.append(f"it cannot change {change.characteristic}")
    if problems:
        return problems
    sizes = [abs(change.amount) for change in changes]
    factor = 2 if effect.doubled else 1
    if effect.from_table:
        low, high = factor, TABLE_MOST_DICE * 6 * factor
        outside = [c for c in changes if not low <= abs(c.amount) <= high]
        if outside:
            problems.append(
                f"each change is {'twice ' if effect.doubled else ''}1D6 to 3D6 "
                f"({low} to {high}), not {abs(outside[0].amount)}"
            )
        return problems
    low, high = effect.dice, effect.dice * 6
    if effect.distribute:
        if not low <= sum(sizes) <= high:
            problems.append(
                f"the changes add up to {effect.dice}D6 ({low} to {high}), not {sum(sizes)}"
            )
        return problems
    if len(changes) != effect.targets:
        count = "one characteristic" if effect.targets == 1 else f"{effect.targets} characteristics"
        problems.append(f"it changes {count}, not {len(changes)}")
    off = [size for size in sizes if not low <= size <= high]
    if off:
        problems.append(f"each change is {effect.dice}D6 ({low} to {high}), not {off[0]}")
    return problems


def changes_text(changes: list[CharacteristicChange]) -> str:
    """ "STR −3, SIZ −3" (as the Changes column shows and takes them)."""
    return ", ".join(f"{c.characteristic} {c.amount:+d}".replace("-", "−") for c in changes)


def parse_changes(text: str) -> list[CharacteristicChange]:
    """ "STR -3, SIZ -3" (or "str−3; siz −3") as changes; ValueError saying what is wrong."""
    found: list[CharacteristicChange] = []
    for raw in text.replace(";", ",").split(","):
        part = raw.strip().replace("−", "-").replace("+", " +").replace("-", " -")
        if not part:
            continue
        words = part.split()
        if len(words) != 2 or words[0].upper() not in NAMES:
            raise ValueError(
                f"'{raw.strip()}' is not a change: write a characteristic and an amount, "
                "such as 'STR -3, SIZ -3'"
            )
        try:
            amount = int(words[1])
        except ValueError:
            raise ValueError(f"'{words[1]}' is not a whole number") from None
        found.append(CharacteristicChange(characteristic=words[0].upper(), amount=amount))
    return found


# --- rolling ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MutationRoll:
    """One D100 on the Random Mutations Table (lines 1039-1071): the mutation, or None
    for "Gamemaster or Player Choice" ("Pick or roll again")."""

    roll: int
    mutation: str | None


def roll_mutation(rng: random.Random) -> MutationRoll:
    roll = rng.randint(1, 100)
    for row in mutations().random_table:
        if row.low <= roll <= row.high:
            return MutationRoll(roll, row.mutation)
    raise AssertionError("the random mutations table covers 1-100")  # checked at load


def roll_changes(effect: CharacteristicEffect, rng: random.Random) -> list[CharacteristicChange]:
    """The changes a version's rolls give: the D10/D8 table and the D6 amount table for
    the table mutations, their own dice for the rest (on the entry's usual characteristic,
    else the first allowed; distributed dice go to one characteristic, which the player
    may then spread)."""
    factor = 2 if effect.doubled else 1
    if effect.from_table:
        # one change per result, as rolled (a reroll may name a characteristic twice);
        # "Both STR and SIZ" is one result: one amount for both
        changes: list[CharacteristicChange] = []
        for names in _table_results(rng, die=10):
            amount = effect.sign * _table_amount(rng) * factor
            changes.extend(CharacteristicChange(characteristic=n, amount=amount) for n in names)
        return changes
    usual = [name for name in effect.usually if not effect.allowed or name in effect.allowed]
    candidates = [*usual, *(n for n in (effect.allowed or NAMES) if n not in usual)]
    targets = 1 if effect.distribute else effect.targets
    chosen = candidates[:targets]
    return [
        CharacteristicChange(characteristic=name, amount=effect.sign * _d6(rng, effect.dice))
        for name in chosen
    ]


def _table_results(rng: random.Random, die: int) -> list[tuple[str, ...]]:
    """The Characteristic Change Table's results: "Roll twice (three times), using a D8
    instead of a D10" on 9 and 0 (lines 1119-1120)."""
    rows = {row.roll: row for row in mutations().characteristic_change}
    row = rows[rng.randint(1, die)]
    if row.reroll:
        return [names for _ in range(row.reroll) for names in _table_results(rng, die=8)]
    return [tuple(row.characteristics)]


def _table_amount(rng: random.Random) -> int:
    roll = rng.randint(1, 6)
    row = next(r for r in mutations().change_amount if r.low <= roll <= r.high)
    return _d6(rng, row.dice)


def _d6(rng: random.Random, dice: int) -> int:
    return sum(rng.randint(1, 6) for _ in range(dice))


def rolled_mutation(
    choice: MutationChoice | None, mutation_id: str, rng: random.Random, roll: int | None = None
) -> MutationChoice:
    """A rolled mutation as the character takes it: new and minor, or ("if you get the
    same result twice it is major", line 1017) the one they have, now major; either with
    its version's changes rolled."""
    definition = mutations_by_id()[mutation_id]
    major = choice is not None and not definition.minor_only
    effect = effect_of(definition, major)
    changes = roll_changes(effect, rng) if effect is not None else []
    base = choice or MutationChoice(mutation=mutation_id)
    rolls = [*base.rolls, roll] if roll is not None else list(base.rolls)
    return base.model_copy(
        update={"major": major or base.major, "changes": changes, "rolls": rolls}
    )


def table_row_of(roll: int) -> str | None:
    """The mutation a D100 roll gives on the Random Mutations Table (None: pick or roll
    again, 91-00)."""
    for row in mutations().random_table:
        if row.low <= roll <= row.high:
            return row.mutation
    return None
