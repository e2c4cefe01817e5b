"""One edit in the domain (issue 38, item 7): ``sheetapp.editing.apply`` takes a change
list and gives back the character's new state — document, unknown-key notes, evaluation.

The cases are the window's (``tests/ui/test_incremental_updates.py``: an item with an
unknown key arrives, edits after it, it moves, it leaves; ``tests/ui/test_list_actions.py``
and the refusals of ``EditorDocument.push``), carried down to where the work is now done.
"""

from __future__ import annotations

from typing import Any

import pytest

from sheetapp.core.changes import Change, invert_all
from sheetapp.core.document import unknown_key_issues
from sheetapp.editing.apply import (
    CharacterState,
    EditRefused,
    apply_edit,
    keeps_structure,
    opened,
    unknown_key_notes,
)
from tests.fakesystem import FAKE_SYSTEM, FakeDocument, FakeSkill

SKILLS = ("character", "skills")


def _character() -> FakeDocument:
    document = FAKE_SYSTEM.new_document("Ada")
    document.character.skills += [FakeSkill(skill="climb", rank=2), FakeSkill(skill="swim")]
    return document


def _future_skill() -> dict[str, Any]:
    """A skill as a newer sheetapp might write it."""
    return {"skill": "swim", "rank": 4, "from_the_future": {"shiny": True}}


def _edit(state: CharacterState, *changes: Change) -> CharacterState:
    return apply_edit(FAKE_SYSTEM, state, changes).state


def _note_paths(state: CharacterState) -> list[tuple[str | int, ...]]:
    return [issue.path for issue in state.evaluation.issues if issue.code == "file.unknown_key"]


def _as_if_opened(state: CharacterState) -> None:
    """The state an edit gives back is the one opening its document gives."""
    fresh = opened(FAKE_SYSTEM, state.document)
    assert state.notes == fresh.notes
    assert state.evaluation == fresh.evaluation


@pytest.mark.parametrize(
    ("changes", "keeps"),
    [
        ([Change("set", ("character", "strength"), 10, 12)], True),
        ([Change("set", ("meta", "name"), "Ada", "Ada B.")], True),
        ([Change("set", (*SKILLS, 0), {"skill": "climb"}, {"skill": "swim"})], False),
        ([Change("set", SKILLS, [], [{"skill": "swim"}])], False),
        ([Change("insert", (*SKILLS, 0), after={"skill": "swim"})], False),
        ([Change("remove", (*SKILLS, 0), before={"skill": "climb"})], False),
        ([Change("move", (*SKILLS, 0), to=1)], False),
        ([Change("set", (), {}, {})], False),
        (
            [
                Change("set", ("character", "strength"), 10, 12),
                Change("insert", (*SKILLS, 0), after={"skill": "swim"}),
            ],
            False,
        ),
    ],
)
def test_only_plain_values_set_keep_the_structure(changes: list[Change], keeps: bool) -> None:
    """Keys unknown to the models come, go or move only with whole objects: a list of
    plain values set keeps them where they were."""
    assert keeps_structure(changes) is keeps


def test_an_item_with_an_unknown_key_is_noted_where_it_arrives_moves_and_leaves() -> None:
    state = opened(FAKE_SYSTEM, _character())
    assert state.notes == () and _note_paths(state) == []
    state = _edit(state, Change("insert", (*SKILLS, 1), after=_future_skill(), label="Future"))
    assert _note_paths(state) == [(*SKILLS, 1, "from_the_future")]
    _as_if_opened(state)
    # a plain value after it: the note stays as it was
    state = _edit(state, Change("set", (*SKILLS, 0, "rank"), 2, 3))
    assert _note_paths(state) == [(*SKILLS, 1, "from_the_future")]
    _as_if_opened(state)
    # an item moves past it: the note follows its item
    state = _edit(state, Change("move", (*SKILLS, 0), to=2))
    assert _note_paths(state) == [(*SKILLS, 0, "from_the_future")]
    _as_if_opened(state)
    # it leaves: so does its note
    state = _edit(state, Change("remove", (*SKILLS, 0), before=_future_skill()))
    assert _note_paths(state) == []
    _as_if_opened(state)


def test_an_undo_gives_the_notes_back() -> None:
    """The undo stack hands down the inverse list; the notes come back with the item."""
    state = opened(FAKE_SYSTEM, _character())
    insert = Change("insert", (*SKILLS, 0), after=_future_skill())
    inserted = _edit(state, insert)
    undone = _edit(inserted, *invert_all([insert]))
    assert _note_paths(undone) == [] and undone.document == state.document
    redone = _edit(undone, insert)
    assert redone.notes == inserted.notes


def test_a_file_with_unknown_keys_is_noted_when_opened_and_after_each_edit() -> None:
    raw = _character().model_dump(mode="json")
    raw["mood"] = "cheerful"
    raw["character"]["skills"][0]["specialty"] = "ice"
    document = FakeDocument.model_validate(raw)
    state = opened(FAKE_SYSTEM, document)
    assert sorted(_note_paths(state), key=str) == [
        ("character", "skills", 0, "specialty"),
        ("mood",),
    ]
    # with notes already there, a structural edit looks at the whole document again
    state = _edit(state, Change("insert", (*SKILLS, 0), after={"skill": "swim"}))
    assert sorted(_note_paths(state), key=str) == [
        ("character", "skills", 1, "specialty"),
        ("mood",),
    ]
    _as_if_opened(state)


def test_the_editors_own_key_is_not_noted() -> None:
    """The window writes the concept into the envelope's meta: no note about it, when the
    character is opened or when the key arrives by an edit."""
    state = opened(FAKE_SYSTEM, _character())
    state = _edit(state, Change("insert", ("meta", "concept"), after="A climber"))
    assert state.document.meta.model_extra == {"concept": "A climber"}
    assert [issue.path for issue in unknown_key_issues(state.document)] == [("meta", "concept")]
    assert state.notes == () and _note_paths(state) == []
    assert unknown_key_notes(state.document) == ()
    assert opened(FAKE_SYSTEM, state.document).notes == ()


def test_an_evaluation_made_elsewhere_gets_the_notes_too() -> None:
    """A background open evaluates off the UI thread: the notes are added to it."""
    document = FakeDocument.model_validate(
        {**_character().model_dump(mode="json"), "mood": "cheerful"}
    )
    made = FAKE_SYSTEM.evaluate(document)
    state = opened(FAKE_SYSTEM, document, made)
    assert state.evaluation == opened(FAKE_SYSTEM, document).evaluation
    assert _note_paths(state) == [("mood",)]


def test_a_change_that_does_not_fit_is_refused_in_words_and_changes_nothing() -> None:
    state = opened(FAKE_SYSTEM, _character())
    before = state.document.model_dump(mode="json")
    with pytest.raises(EditRefused, match=r"^This edit does not fit the character: \S"):
        apply_edit(FAKE_SYSTEM, state, [Change("set", (*SKILLS, 0, "rank"), 9, 3)])  # it is 2
    with pytest.raises(EditRefused, match=r"^This edit does not fit the character: \S"):
        apply_edit(FAKE_SYSTEM, state, [Change("remove", (*SKILLS, 7), before={"skill": "x"})])
    assert state.document.model_dump(mode="json") == before


def test_a_value_the_model_refuses_names_the_field() -> None:
    state = opened(FAKE_SYSTEM, _character())
    too_high = [Change("set", (*SKILLS, 0, "rank"), 2, 99)]  # at most 10
    with pytest.raises(EditRefused, match=r"^Not a valid value for .*rank.*: \S") as refused:
        apply_edit(FAKE_SYSTEM, state, too_high)
    assert "10" in str(refused.value)
    assert state.document.character.skills[0].rank == 2
    with pytest.raises(EditRefused, match=r"^Not a valid value for .*strength"):
        apply_edit(FAKE_SYSTEM, state, [Change("set", ("character", "strength"), 10, 0)])


def test_the_old_state_stays_and_the_time_is_split() -> None:
    """The window keeps the old state for its views until it shows the new one; the
    bench reads where the domain's time went."""
    state = opened(FAKE_SYSTEM, _character())
    edited = apply_edit(FAKE_SYSTEM, state, [Change("set", ("character", "strength"), 10, 14)])
    assert edited.state.document.character.strength == 14
    assert state.document.character.strength == 10
    timings = edited.timings
    assert timings.apply_ms >= 0 and timings.evaluate_ms >= 0
    assert timings.domain_ms == timings.apply_ms + timings.evaluate_ms
    _as_if_opened(edited.state)
