"""Edits as data: apply, invert and diff round-trip on any JSON tree."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from sheetapp.core.changes import (
    Change,
    ChangeError,
    apply_changes,
    apply_to_document,
    diff,
    invert_all,
)
from sheetapp.core.system import installed_systems

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=3), children, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_diff_then_apply_gives_the_target_and_inverse_gives_the_source(
    before: Any, after: Any
) -> None:
    changes = diff(before, after)
    assert apply_changes(before, changes) == after
    assert apply_changes(after, invert_all(changes)) == before
    round_tripped = [Change.from_json(change.to_json()) for change in changes]
    assert apply_changes(before, round_tripped) == after


def test_adding_one_item_to_a_long_list_is_one_insert() -> None:
    before = [{"id": n} for n in range(300)]
    after = [*before[:150], {"id": "new"}, *before[150:]]
    assert diff(before, after) == [Change("insert", (150,), after={"id": "new"})]


def test_move_and_its_inverse() -> None:
    data = {"items": ["a", "b", "c", "d"]}
    move = Change("move", ("items", 0), to=2)
    moved = apply_changes(data, [move])
    assert moved == {"items": ["b", "c", "a", "d"]}
    assert apply_changes(moved, [move.inverse()]) == data


def test_stale_change_is_refused_and_the_data_is_untouched() -> None:
    data = {"level": 3}
    with pytest.raises(ChangeError, match="expected 2, found 3"):
        apply_changes(data, [Change("set", ("level",), 2, 5)])
    assert data == {"level": 3}


@pytest.mark.parametrize(
    "change",
    [
        Change("set", ("missing",), 1, 2),
        Change("remove", ("items", 9), before=None),
        Change("insert", ("items", "x"), after=1),
        Change("move", ("items", 0), to=7),
        Change("set", ("items", 0, "deeper"), 1, 2),
    ],
)
def test_changes_that_do_not_fit_name_the_place(change: Change) -> None:
    with pytest.raises(ChangeError, match=r"\w"):
        apply_changes({"items": ["a"]}, [change])


def test_apply_to_document_validates_with_the_system_model() -> None:
    system = installed_systems().get("gladiators")
    document = system.new_document("Edit Me")
    renamed = apply_to_document(document, [Change("set", ("meta", "name"), "Edit Me", "Edited")])
    assert renamed.meta.name == "Edited"
    assert document.meta.name == "Edit Me"
    assert type(renamed) is type(document)


def test_apply_to_document_leaves_the_original_and_the_change_untouched() -> None:
    """The changes are applied in place to a fresh dump (no defensive copy): nested
    lists of the original document and the change's own value must stay as they were."""
    system = installed_systems().get("gladiators")
    document = system.new_document("Edit Me")
    before = document.model_dump(mode="json")
    new_ability = {"ability": "armour", "level": 2, "modifiers": [{"modifier": "hardened"}]}
    changes = [
        Change("insert", ("character", "abilities", 0), after=new_ability),
        Change(
            "set",
            ("character", "abilities", 1, "modifiers"),
            before["character"]["abilities"][0]["modifiers"],
            [],
        ),
    ]
    edited = apply_to_document(document, changes)
    assert document.model_dump(mode="json") == before
    assert edited.character.abilities[0].ability == "armour"
    assert edited.character.abilities[1].modifiers == []
    edited.character.abilities[0].modifiers[0].units = 3
    assert new_ability["modifiers"] == [{"modifier": "hardened"}]
    assert changes[0].after is new_ability


def _dump_ability(ability_id: str, level: int) -> dict[str, Any]:
    from sheetapp.systems.gladiators.model import AbilityChoice

    return AbilityChoice(ability=ability_id, level=level).model_dump(mode="json")


def _random_changes(document: Any, rng: Any) -> list[Change]:
    """Plausible edits of a Gladiators character, valid and invalid, as the window makes."""
    data = document.model_dump(mode="json")
    abilities = data["character"]["abilities"]
    if not abilities:
        return [Change("insert", ("character", "abilities", 0), after={"ability": "speed"})]
    index = rng.randrange(len(abilities))
    ability = abilities[index]
    base = ("character", "abilities", index)
    choices = [
        Change("set", (*base, "level"), ability["level"], rng.choice([0, 3, 12, -1, "x"])),
        Change("set", (*base, "label"), ability["label"], rng.choice(["Blaster", "<b>&"])),
        Change("set", ("meta", "name"), data["meta"]["name"], "Renamed"),
        Change("set", ("campaign", "gp_budget"), data["campaign"]["gp_budget"], 55),
        Change("set", ("character", "character_type"), "major", rng.choice(["minor", "boss"])),
        # Inserted values are whole dumps, as every edit builder and diff() make them.
        Change("insert", ("character", "abilities", 0), after=_dump_ability("evasion", 2)),
        Change("insert", ("character", "abilities", 1), after={"ability": "BAD ID"}),
        Change("remove", base, before=ability),
        Change("move", base, to=0),
        Change("insert", (*base, "modifiers", 0), after={"modifier": "focus"}),
        Change("set", (*base, "options", "kinds"), "x", "y"),
        Change("insert", (*base, "options", "new_group"), after="choice"),
        Change("insert", ("meta", "concept"), after="A flyer"),
        Change("set", (*base, "level"), -99, 3),  # stale
        Change("insert", ("character", "advantages", 0), after={"trait": "skill"}),
    ]
    return [rng.choice(choices) for _ in range(rng.randint(1, 3))]


def _outcome(apply: Any, document: Any, changes: list[Change]) -> Any:
    try:
        return apply(document, changes).model_dump(mode="json")
    except (ChangeError, ValidationError):
        # Which of the two comes first may differ when several changes are refused.
        return "refused"


def test_incremental_application_matches_the_full_one() -> None:
    import random

    from sheetapp.core.changes import apply_to_document_fully

    rng = random.Random(11)
    system = installed_systems().get("gladiators")
    document = system.new_document("Inc")
    for _ in range(400):
        changes = _random_changes(document, rng)
        before = document.model_dump(mode="json")
        incremental = _outcome(apply_to_document, document, changes)
        assert incremental == _outcome(apply_to_document_fully, document, changes), changes
        assert document.model_dump(mode="json") == before  # never changed in place
        if isinstance(incremental, dict):
            document = apply_to_document(document, changes)
