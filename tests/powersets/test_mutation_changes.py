"""Mutations that change characteristics (seed 004_a6acbf8ec65b19a8.txt, lines
1103-1235): what is recorded, what the characteristics become, the rolls.

"For a minor mutation, first determine which characteristic is decreased through
mutation. Roll a D10" (line 1105); "Roll a D6 to determine how much the characteristic
is altered by" (line 1122: 1-3 → -1D6, 4-5 → -2D6, 6 → -3D6); "No characteristic can be
reduced to less than 1 ... For a major mutation, the characteristic reduction is doubled.
Any bonuses or derived attributes using those characteristics are similarly modified"
(line 1130).
"""

from __future__ import annotations

import random

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.catalog import mutations_by_id
from sheetapp.systems.powersets.collections import MUTATIONS
from sheetapp.systems.powersets.model import CharacteristicChange, MutationChoice
from sheetapp.systems.powersets.mutation_effects import (
    change_problems,
    effect_of,
    parse_changes,
    roll_changes,
    roll_mutation,
)
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found


def _mutant(*mutations: MutationChoice, **scores: int) -> object:
    document = character("heroic", ("mutations", "heroic"), **scores)
    document.character.mutations = list(mutations)
    return document


def _change(name: str, amount: int) -> CharacteristicChange:
    return CharacteristicChange(characteristic=name, amount=amount)  # type: ignore[arg-type]


def _derived(document: object, key: str) -> object:
    evaluation = SYSTEM.evaluate(document)  # type: ignore[arg-type]
    return next(value for value in evaluation.derived if value.key == key)


def test_a_decrease_lowers_the_characteristic_shown() -> None:
    document = _mutant(
        MutationChoice(mutation="decreased_characteristic", changes=[_change("STR", -4)]),
        str=14,
    )
    strength = _derived(document, "characteristic.str")
    assert strength.value == 10  # type: ignore[attr-defined]
    assert strength.explanation == "14 − 4 (Decreased Characteristic) = 10"  # type: ignore[attr-defined]
    assert document.character.characteristics.str == 14  # type: ignore[attr-defined]
    assert found(document, codes.MUTATION_CHANGE_WRONG) == []
    assert found(document, codes.MUTATION_CHANGE_MISSING) == []


def test_no_characteristic_goes_below_1() -> None:
    """Line 1130: "No characteristic can be reduced to less than 1"."""
    document = _mutant(
        MutationChoice(mutation="decreased_characteristic", changes=[_change("STR", -6)]),
        str=4,
    )
    strength = _derived(document, "characteristic.str")
    assert strength.value == 1  # type: ignore[attr-defined]
    assert "no characteristic goes below 1" in strength.explanation  # type: ignore[attr-defined]


def test_a_pow_change_moves_the_power_points() -> None:
    """Power points come from POW (line 398), a derived attribute: "similarly modified"."""
    document = _mutant(
        MutationChoice(mutation="increased_characteristic", changes=[_change("POW", 5)]),
        pow=12,
    )
    assert _derived(document, "power_points").value == 17  # type: ignore[attr-defined]


def test_the_mutation_count_keeps_the_initial_con() -> None:
    """Line 1015: "All references to CON are for your character's initial CON, before the
    effects of any mutations are applied": a CON loss does not take picks away."""
    document = _mutant(
        MutationChoice(mutation="decreased_characteristic", changes=[_change("CON", -8)]),
        MutationChoice(mutation="hardy"),
        MutationChoice(mutation="natural_armor"),
        MutationChoice(mutation="regeneration"),
        MutationChoice(mutation="venom"),
        con=16,
    )
    # CON 16 at Heroic: 4 picks + 1 for the adverse one = 5 beneficial allowed; 4 taken
    assert found(document, codes.MUTATION_PICKS) == []


def test_a_change_not_yet_rolled_is_a_step_to_do() -> None:
    document = _mutant(MutationChoice(mutation="decreased_characteristic"))
    assert found(document, codes.MUTATION_CHANGE_MISSING) == [
        (Severity.WARNING, ("character", "mutations", 0, "changes"))
    ]


@pytest.mark.parametrize(
    ("mutation", "major", "changes"),
    [
        ("decreased_characteristic", False, [("STR", 3)]),  # a decrease written as a rise
        ("decreased_characteristic", False, [("STR", -19)]),  # beyond 3D6
        ("decreased_characteristic", True, [("STR", -37)]),  # beyond twice 3D6
        ("increased_characteristic", False, [("DEX", -2)]),
        ("structural_improvement", False, [("POW", 7)]),  # "POW cannot be altered"
        ("structural_improvement", False, [("STR", 13)]),  # beyond 2D6
        ("congenital_disease", True, [("CON", -3)]),  # the major version: two characteristics
        ("hardy", False, [("CON", 2)]),  # Hardy changes no characteristic
    ],
)
def test_changes_a_mutation_cannot_make_are_errors(
    mutation: str, major: bool, changes: list[tuple[str, int]]
) -> None:
    document = _mutant(
        MutationChoice(mutation=mutation, major=major, changes=[_change(n, a) for n, a in changes])
    )
    assert found(document, codes.MUTATION_CHANGE_WRONG) == [
        (Severity.ERROR, ("character", "mutations", 0, "changes"))
    ]


@pytest.mark.parametrize(
    ("mutation", "major", "changes"),
    [
        ("decreased_characteristic", False, [("STR", -18)]),
        ("decreased_characteristic", True, [("STR", -36), ("SIZ", -2)]),
        ("increased_characteristic", True, [("CHA", 2)]),
        ("structural_improvement", False, [("DEX", 12)]),
        ("congenital_disease", True, [("CON", -6), ("STR", -1)]),
    ],
)
def test_changes_within_the_dice_are_accepted(
    mutation: str, major: bool, changes: list[tuple[str, int]]
) -> None:
    effect = effect_of(mutations_by_id()[mutation], major)
    assert effect is not None
    assert change_problems(effect, [_change(n, a) for n, a in changes]) == []


def test_every_roll_gives_changes_the_rules_accept() -> None:
    """The D10/D8 table (9 and 0 roll again on a D8), the D6 amount table and each
    mutation's own dice: 300 seeded rolls of every version fit the checks."""
    for definition in mutations_by_id().values():
        for major in (False, True):
            effect = effect_of(definition, major)
            if effect is None:
                continue
            for seed in range(300):
                changes = roll_changes(effect, random.Random(seed))
                assert changes, definition.id
                assert change_problems(effect, changes) == [], (definition.id, major, changes)


def test_the_d100_table_maps_every_roll() -> None:
    """Lines 1041-1071: 01-03 Adaptability ... 91-00 Gamemaster or Player Choice."""
    seen = {roll_mutation(random.Random(seed)) for seed in range(2000)}
    assert {r.mutation for r in seen if r.roll <= 3} == {"adaptability"}
    assert {r.mutation for r in seen if r.roll >= 91} == {None}
    assert {r.roll for r in seen} == set(range(1, 101))


def test_rolling_a_mutation_twice_makes_it_major() -> None:
    """Line 1017: "Each mutation is minor, but if you get the same result twice it is
    major"."""
    document = _mutant()
    roll = MUTATIONS.actions[0]
    rng = _rng_rolling("hardy")
    document = apply_to_document(document, roll.build(document, None, rng))  # type: ignore[arg-type]
    assert [(m.mutation, m.major) for m in document.character.mutations] == [("hardy", False)]
    document = apply_to_document(document, roll.build(document, None, _rng_rolling("hardy")))
    assert [(m.mutation, m.major) for m in document.character.mutations] == [("hardy", True)]
    # both rolls are recorded, each on Hardy's row "31–33" (line 1051)
    assert [31 <= r <= 33 for r in document.character.mutations[0].rolls] == [True, True]
    assert found(document, codes.MUTATION_ROLL) == []


def test_a_rolled_decrease_comes_with_its_changes() -> None:
    document = _mutant(str=15)
    changes = MUTATIONS.actions[0].build(document, None, _rng_rolling("decreased_characteristic"))
    document = apply_to_document(document, changes)  # type: ignore[arg-type]
    (mutation,) = document.character.mutations
    assert mutation.changes and all(change.amount < 0 for change in mutation.changes)
    assert found(document, codes.MUTATION_CHANGE_WRONG) == []
    assert found(document, codes.MUTATION_CHANGE_MISSING) == []


def test_the_changes_column_reads_and_takes_text() -> None:
    assert parse_changes("STR -3, siz −3") == [_change("STR", -3), _change("SIZ", -3)]
    assert parse_changes("") == []
    with pytest.raises(ValueError, match="such as 'STR -3, SIZ -3'"):
        parse_changes("strength minus three")
    document = _mutant(MutationChoice(mutation="decreased_characteristic"))
    column = next(i for i, c in enumerate(MUTATIONS.columns) if c.title == "Changes")
    document = apply_to_document(document, MUTATIONS.set_cell(document, 0, column, "STR -3"))  # type: ignore[arg-type]
    assert (
        MUTATIONS.columns[column].cell(document, 0, document.character.mutations[0]).text
        == "STR −3"
    )  # type: ignore[misc]


def _rng_rolling(mutation_id: str) -> random.Random:
    """A seeded dice whose first D100 gives ``mutation_id``."""
    for seed in range(10_000):
        if roll_mutation(random.Random(seed)).mutation == mutation_id:
            return random.Random(seed)
    raise AssertionError(mutation_id)
