"""Edits as data: apply, invert and diff round-trip on any JSON tree."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
