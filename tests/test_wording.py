"""Catalog notes as a user reads them: no rulebook line numbers, no notes to ourselves."""

from __future__ import annotations

from sheetapp.editing.wording import user_note


def test_line_numbers_go_and_the_reading_stays() -> None:
    note = "The Two-handed option (line 1293) sets the Attack's damage to 10 and Block 2."
    assert user_note(note) == "The Two-handed option sets the Attack's damage to 10 and Block 2."
    assert user_note("Name split 'Power' (line 369) / 'Hungry' (line 370).") == (
        "Name split 'Power' / 'Hungry'."
    )


def test_sentences_about_our_files_and_decisions_go() -> None:
    note = (
        "A limit of 1 is unusual but no other value is printed. Developer to confirm. "
        "Template sizes per shape: basics.json combat_reference.area_templates (lines 501-506)."
    )
    assert user_note(note) == "A limit of 1 is unusual but no other value is printed."
    assert user_note("The letter is a Cyrillic 'С' (normalised to C).") == ""


def test_the_trait_pickers_kind_column_names_the_category() -> None:
    """The picker's Kind column read "C" / "V"; it now says Circumstantial / Voluntary."""
    from sheetapp.systems.gladiators.collections import trait_entries

    entries = trait_entries("advantages") + trait_entries("disadvantages")
    kinds = {entry.group for entry in entries if entry.group}
    assert kinds and all(len(word) > 1 for kind in kinds for word in kind.split(" or "))
    assert "Circumstantial" in " ".join(kinds) and "Voluntary" in " ".join(kinds)


def test_line_notes_go_but_an_areas_line_stays() -> None:
    from sheetapp.editing.wording import without_line_notes

    assert without_line_notes("held Equipment (line 345)") == "held Equipment"
    assert without_line_notes("FTD 6 (Companion keyword, line 2522) = 6") == "FTD 6 = 6"
    kept = "against Area attacks (Blast 2, Line 4, Cone 2) (lines 362-372)."
    assert without_line_notes(kept) == "against Area attacks (Blast 2, Line 4, Cone 2)."
