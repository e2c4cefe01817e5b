"""Catalog notes as a user reads them: no rulebook line numbers, no notes to ourselves."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


#: words of our readings of the damaged tables, never a rule in a player's words
EXTRACTION_WORDS = re.compile(
    r"garbled|text-layer|\bcells?\b|tab field|page break|\bhtml\b|clean cop|cut off|"
    r"\bcolumn\b|\bocr\b|\bseed\b|\bline \d|cost object",
    re.IGNORECASE,
)


def _certainty_notes(node: object) -> list[str]:
    if isinstance(node, dict):
        return [
            note
            for key, value in node.items()
            for note in ([value] if key == "certainty_note" else _certainty_notes(value))
            if isinstance(note, str) and note
        ]
    if isinstance(node, list):
        return [note for item in node for note in _certainty_notes(item)]
    return []


def test_no_catalog_note_a_player_reads_speaks_of_the_extraction() -> None:
    """Pickers and tooltips show a catalog entry's reading through ``user_note``: what
    is left says nothing of table cells, garbled blocks, page breaks or the text layer
    ("Garbled block. Name cell 'Duplication' ... (tab field 5)" reached the picker)."""
    resources = Path(__file__).resolve().parents[1] / "resources"
    shown = [
        (path.name, user_note(note))
        for path in sorted(resources.rglob("*.json"))
        for note in _certainty_notes(json.loads(path.read_text(encoding="utf-8")))
    ]
    assert len(shown) > 50
    assert [(name, text) for name, text in shown if EXTRACTION_WORDS.search(text)] == []
