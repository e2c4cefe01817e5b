"""A result kept for a model object is reused only while the model is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel, Field

from sheetapp.core.document import FileModel
from sheetapp.core.unchanged import IdentityMemo, Snapshot, _LastList


class Part(FileModel):
    note: str = ""
    tags: dict[str, int] = Field(default_factory=dict)


class Whole(FileModel):
    level: int = 1
    names: list[str] = Field(default_factory=list)
    parts: list[Part] = Field(default_factory=list)
    options: dict[str, str] = Field(default_factory=dict)
    extra: Part | None = None
    groups: dict[str, list[str]] = Field(default_factory=dict)


def _whole() -> Whole:
    return Whole(
        level=2,
        names=["a"],
        parts=[Part(note="x", tags={"t": 1})],
        options={"o": "v"},
        extra=Part(),
        groups={"g": ["x"]},
    )


def _set_level(w: Whole) -> None:
    w.level = 3


def _append_name(w: Whole) -> None:
    w.names.append("b")


def _replace_name(w: Whole) -> None:
    w.names[0] = "z"


def _set_option(w: Whole) -> None:
    w.options["o"] = "other"


def _add_option(w: Whole) -> None:
    w.options["p"] = "new"


def _nested_note(w: Whole) -> None:
    w.parts[0].note = "changed"


def _nested_dict(w: Whole) -> None:
    w.parts[0].tags["t"] = 2


def _replace_part(w: Whole) -> None:
    w.parts[0] = Part(note="another")


def _pop_part(w: Whole) -> None:
    w.parts.pop()


def _single_model(w: Whole) -> None:
    assert w.extra is not None
    w.extra.note = "changed"


def _nested_container(w: Whole) -> None:
    w.groups["g"].append("y")


def _new_list_then_append(w: Whole) -> None:
    """The kept list is no longer the model's: its replacement changes afterwards."""
    w.names = list(w.names)
    w.names.append("b")


def _append_then_assign_the_same(w: Whole) -> None:
    """A new __dict__ equal to the kept one, but a list inside changed before."""
    w.names.append("b")
    w.level = w.level


def _assign_then_change_back(w: Whole) -> None:
    w.level = 5
    w.names.append("b")
    w.level = 2


CHANGES: list[Callable[[Whole], None]] = [
    _set_level, _append_name, _replace_name, _set_option, _add_option, _nested_note,
    _nested_dict, _replace_part, _pop_part, _single_model, _nested_container,
    _new_list_then_append, _append_then_assign_the_same, _assign_then_change_back,
]  # fmt: skip


@pytest.mark.parametrize("change", CHANGES, ids=[c.__name__ for c in CHANGES])
def test_a_change_in_place_is_seen(change: Callable[[Whole], None]) -> None:
    whole = _whole()
    snapshot = Snapshot(whole)
    assert snapshot.matches(whole)
    change(whole)
    assert not snapshot.matches(whole)


class Loose(BaseModel):
    """A model whose assignments are not validated: pydantic writes into its __dict__."""

    level: int = 1
    names: list[str] = Field(default_factory=list)


@pytest.mark.parametrize("change", CHANGES, ids=[c.__name__ for c in CHANGES])
def test_a_change_in_place_is_seen_by_the_memo(change: Callable[[Whole], None]) -> None:
    """The memo's own (inlined) check, for a model with models inside and without."""
    memo: IdentityMemo[str] = IdentityMemo()
    whole, part = _whole(), Part(note="p", tags={"t": 1})
    memo.put(whole, 0, None, "whole")
    memo.put(part, 1, None, "part")
    assert memo.reuse([whole, part], None) == ["whole", "part"]
    change(whole)
    assert memo.reuse([whole, part], None) == [None, "part"]
    part.tags["t"] = 2
    assert memo.reuse([whole, part], None) == [None, None]


@pytest.mark.parametrize("change", CHANGES, ids=[c.__name__ for c in CHANGES])
def test_a_change_in_place_is_seen_by_each_over_a_whole_list(
    change: Callable[[Whole], None],
) -> None:
    """each() checks a list it went through last time as a whole (its last-list record),
    then keeps that record up to date: every change is seen, call after call, and only
    the changed items are worked out again."""
    memo: IdentityMemo[tuple[int, str]] = IdentityMemo()
    items = [_whole() for _ in range(6)]
    worked: list[int] = []

    def work(place: int, model: Whole) -> tuple[int, str]:
        worked.append(place)
        return place, model.model_dump_json()

    def fresh() -> list[tuple[int, str]]:
        return [(place, model.model_dump_json()) for place, model in enumerate(items)]

    def each() -> list[tuple[int, str]]:
        worked.clear()
        found = memo.each(items, ("context",), work)
        _assert_record_is_fresh(memo, items)
        return found

    assert each() == fresh() and worked == list(range(6))
    assert each() == fresh() and worked == []
    change(items[2])
    assert each() == fresh() and worked == [2]
    change(items[4])
    assert each() == fresh() and worked == [4]
    items[2].level = 9  # the item changed before, changed again
    assert each() == fresh() and worked == [2]
    items[2].parts.append(Part(note="more"))  # its shape changes
    assert each() == fresh() and worked == [2]
    items[0] = _whole()  # another object, equal values
    assert each() == fresh() and worked == [0]
    items[3].level = 5  # the item after the one whose shape changed
    assert each() == fresh() and worked == [3]
    items[5].extra = None
    items[1].names.append("c")
    assert each() == fresh() and worked == [1, 5]
    assert each() == fresh() and worked == []
    items[2].parts[0] = Part(note="new")  # a model inside replaced, then changed in place
    assert each() == fresh() and worked == [2]
    items[2].parts[0].note = "newer"
    assert each() == fresh() and worked == [2]
    items[4].names = ["n"]  # a container replaced, then changed in place
    assert each() == fresh() and worked == [4]
    items[4].names.append("m")
    assert each() == fresh() and worked == [4]


def _assert_record_is_fresh(memo: IdentityMemo[Any], items: list[Whole]) -> None:
    """The last-list record kept up to date equals one made anew from the stored entries."""
    kept = memo._last
    assert kept is not None
    made = _LastList.made(items, kept.context, kept.results, memo._entries)
    assert made is not None
    for name in _LastList.__slots__:
        assert getattr(kept, name) == getattr(made, name), name


def test_each_takes_the_long_way_for_another_list_or_context() -> None:
    memo: IdentityMemo[int] = IdentityMemo()
    first, second = [_whole(), _whole()], [_whole()]
    worked: list[int] = []

    def work(place: int, model: Whole) -> int:
        worked.append(place)
        return model.level + place

    assert memo.each(first, "a", work) == [2, 3]
    assert memo.each(second, "a", work) == [2]
    assert memo.each(first, "a", work) == [2, 3]
    assert memo.each(first, "b", work) == [2, 3]
    assert worked == [0, 1, 0, 0, 1]
    first[1].level = 4
    assert memo.each(first, "b", work) == [2, 5]
    assert worked[-1:] == [1]


def test_an_assignment_gives_a_stored_model_a_new_dict() -> None:
    """What the snapshot relies on for every FileModel: pydantic replaces the __dict__
    of a model that validates assignments (an upgrade that changed it fails here)."""
    whole = _whole()
    before = whole.__dict__
    whole.level = whole.level
    assert whole.__dict__ is not before
    assert before["level"] == 2


def test_a_model_that_does_not_validate_assignments_is_compared_by_value() -> None:
    loose = Loose(level=1, names=["a"])
    snapshot = Snapshot(loose)
    assert snapshot.matches(loose)
    loose.level = 2
    assert not snapshot.matches(loose)
    loose.level = 1
    assert snapshot.matches(loose)
    memo: IdentityMemo[str] = IdentityMemo()
    memo.put(loose, 0, None, "kept")
    loose.names.append("b")
    assert memo.reuse([loose], None) == [None]


def test_every_stored_model_validates_assignments() -> None:
    """Every model of every installed system keeps ``validate_assignment`` (a model
    without it is still checked, by value, but slower)."""
    from sheetapp.core.document import FileModel
    from sheetapp.core.system import installed_systems

    for system in installed_systems():
        system.document_model()
    kinds: list[type[FileModel]] = [FileModel]
    found = []
    while kinds:
        kind = kinds.pop()
        found.append(kind)
        kinds += kind.__subclasses__()
    assert len(found) > 20
    assert [k for k in found if not k.model_config.get("validate_assignment")] == []


def test_an_equal_replacement_is_tracked_from_then_on() -> None:
    """A part swapped for an equal one still matches; changing the new part is seen."""
    whole = _whole()
    snapshot = Snapshot(whole)
    whole.parts[0] = Part(note="x", tags={"t": 1})
    assert snapshot.matches(whole)
    whole.parts[0].note = "y"
    assert not snapshot.matches(whole)


def test_reuse_needs_the_same_object_place_and_context() -> None:
    memo: IdentityMemo[str] = IdentityMemo()
    a, b = _whole(), _whole()
    context = ("campaign",)
    memo.put(a, 0, context, "result a")
    assert memo.reuse([a], context) == ["result a"]
    assert memo.reuse([a], ("campaign",)) == ["result a"]  # equal context
    assert memo.reuse([b], context) == [None]  # an equal but other object
    assert memo.reuse([b, a], context) == [None, None]  # a moved
    assert memo.reuse([a], ("other",)) == [None]
    a.level = 9
    assert memo.reuse([a], context) == [None]


def test_the_memo_is_bounded() -> None:
    memo: IdentityMemo[int] = IdentityMemo(max_entries=3)
    models = [_whole() for _ in range(5)]
    for place, model in enumerate(models):
        memo.put(model, place, None, place)
    assert len(memo) == 3
    assert memo.reuse(models, None) == [None, None, 2, 3, 4]


class CountedContext:
    """A context that counts how often it is compared."""

    compared = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        CountedContext.compared += 1
        return isinstance(other, CountedContext) and other.value == self.value

    __hash__ = None  # type: ignore[assignment]


def test_equal_contexts_of_two_characters_cost_an_identity_check_per_item() -> None:
    """Two characters open at once evaluate in turn: each evaluation brings a new context
    object equal to one seen before. Reuse must not compare contents per item (1,000
    items, each compared, made a Power Sets edit 14 ms instead of 4.5)."""
    memo: IdentityMemo[int] = IdentityMemo()
    first = [_whole() for _ in range(200)]
    second = [_whole() for _ in range(200)]
    memo.each(first, CountedContext(1), lambda place, _model: place)
    memo.each(second, CountedContext(2), lambda place, _model: -place)
    CountedContext.compared = 0
    assert memo.each(first, CountedContext(1), lambda _place, _model: 99) == list(range(200))
    assert memo.each(second, CountedContext(2), lambda _place, _model: 99) == [
        -n for n in range(200)
    ]
    assert CountedContext.compared < 10
