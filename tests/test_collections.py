"""The generic list edits a declared collection gets (sheetapp.editing.collections),
tried on the fake system, whose only list is declared and nothing else."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document, invert_all
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import cell, collection_at, find
from tests.fakesystem import FAKE_SYSTEM, SKILLS, FakeDocument


def new() -> FakeDocument:
    return FAKE_SYSTEM.new_document("Ada")


def with_skills(*refs: str) -> FakeDocument:
    document = new()
    for ref in refs:
        document = apply_to_document(document, SKILLS.add(document, ref))
    return document


def test_add_from_the_catalog_after_a_row_and_undo() -> None:
    document = with_skills("climb")
    changes = SKILLS.add(document, "swim", at=0)
    assert [c.label for c in changes] == ["Add Swim"]
    added = apply_to_document(document, changes)
    assert [s.skill for s in added.character.skills] == ["swim", "climb"]
    undone = apply_to_document(added, invert_all(changes))
    assert undone == document


def test_an_entry_the_catalog_does_not_hold_is_refused_with_its_name() -> None:
    with pytest.raises(EditError, match="no skill 'fly'"):
        SKILLS.add(new(), "fly")


def test_custom_entries_need_their_required_fields() -> None:
    document = new()
    added = apply_to_document(document, SKILLS.add_custom(document, {"name": "Rope use"}))
    assert added.character.skills[0].skill == "rope_use"
    with pytest.raises(EditError, match="needs a name"):
        SKILLS.add_custom(document, {"name": "  "})


def test_remove_move_and_duplicate_name_the_item() -> None:
    document = with_skills("climb", "swim")
    assert [c.label for c in SKILLS.remove(document, 0)] == ["Remove Climb"]
    moved = apply_to_document(document, SKILLS.move(document, 0, 1))
    assert [s.skill for s in moved.character.skills] == ["swim", "climb"]
    assert SKILLS.move(document, 1, 1) == []
    copied = apply_to_document(document, SKILLS.duplicate(document, 0))
    assert [s.skill for s in copied.character.skills] == ["climb", "climb", "swim"]
    with pytest.raises(EditError, match="no skill number 3"):
        SKILLS.remove(document, 2)


def test_a_cell_edit_sets_its_field_and_checks_the_file_format() -> None:
    document = with_skills("climb")
    changes = SKILLS.set_cell(document, 0, 1, "4")
    assert changes[0].path == ("character", "skills", 0, "rank")
    assert changes[0].label == "Set Climb › Rank"
    assert apply_to_document(document, changes).character.skills[0].rank == 4
    assert SKILLS.set_cell(document, 0, 1, 1) == []  # unchanged: no edit
    with pytest.raises(EditError, match="Rank: Input should be less than or equal to 10"):
        SKILLS.set_cell(document, 0, 1, 11)
    with pytest.raises(EditError, match="not a whole number"):
        SKILLS.set_cell(document, 0, 1, "lots")
    assert SKILLS.set_cell(document, 0, 0, "fly") == []  # a read-only column


def test_cells_show_formatted_values_with_their_paths() -> None:
    document = with_skills("swim")
    name, rank = cell(SKILLS, document, 0, 0), cell(SKILLS, document, 0, 1)
    assert (name.text, name.edit, name.path) == ("Swim", None, ("character", "skills", 0, "skill"))
    assert (rank.text, rank.edit, rank.bounds) == ("1", "int", (0, 10))


def test_declarations_are_found_by_key_and_by_path() -> None:
    assert find([SKILLS], "skills") is SKILLS
    with pytest.raises(KeyError, match="declared: skills"):
        find([SKILLS], "spells")
    assert collection_at([SKILLS], ("character", "skills", 2, "rank")) == (SKILLS, 2)
    assert collection_at([SKILLS], ("character", "strength")) is None
