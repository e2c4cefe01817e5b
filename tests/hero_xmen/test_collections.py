"""The declared lists: the window's tables and edits for the X-Men HERO character."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.system import collections_of
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import cell, find
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.modifiers import format_modifiers, parse_modifiers
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import evaluate, new


def _collection(key: str):  # type: ignore[no-untyped-def]
    return find(collections_of(SYSTEM), key)


def test_the_system_declares_its_lists() -> None:
    keys = [c.key for c in collections_of(SYSTEM)]
    assert keys == ["characteristics", "skills", "talents", "powers", "frameworks", "disadvantages"]


def test_typing_a_total_sets_what_is_bought() -> None:
    """INT costs 2 per point (line 116): typing INT 18 buys 8 for 16 points."""
    document = new()
    chars = _collection("characteristics")
    row = next(
        i for i, b in enumerate(document.character.characteristics) if b.characteristic == "int"
    )
    document = apply_to_document(document, chars.set_cell(document, row, 3, 18))
    assert document.character.characteristics[row].bought == 8
    assert cell(chars, document, row, 5).text == "16"
    assert cell(chars, document, row, 6).text == "+2 (13-)"  # (18 - 10) / 5 = 1.6 → 2; old 13-


def test_adding_a_skill_from_the_picker_and_raising_it() -> None:
    document = new()
    skills = _collection("skills")
    entries = {e.id: e for e in skills.entries()}
    assert "acrobatics" in entries and "lightning_reflexes" not in entries
    document = apply_to_document(document, skills.add(document, "acrobatics"))
    row = len(document.character.skills) - 1
    assert cell(skills, document, row, 8).text == "3"  # Major at +0
    document = apply_to_document(document, skills.set_cell(document, row, 3, 2))
    assert cell(skills, document, row, 8).text == "7"
    assert cell(skills, document, row, 7).text == "DEX +2 (13-)"


def test_a_custom_skill_is_priced_by_its_category() -> None:
    document = new()
    skills = _collection("skills")
    changes = skills.add_custom(
        document, {"name": "Mutant Lore", "type": "intellect", "category": "minor"}
    )
    document = apply_to_document(document, changes)
    row = len(document.character.skills) - 1
    assert cell(skills, document, row, 8).text == "2"
    assert cell(skills, document, row, 1).text == "Intellect (INT)"


def test_powers_are_edited_with_their_modifiers_as_text() -> None:
    document = new()
    powers = _collection("powers")
    document = apply_to_document(document, powers.add(document, "hand_to_hand_attack"))
    document = apply_to_document(document, powers.set_cell(document, 0, 1, 6))
    text = "Attack versus Resistant Defence; Easily Detected (-1/4)"
    document = apply_to_document(document, powers.set_cell(document, 0, 5, text))
    assert [cell(powers, document, 0, c).text for c in (6, 7)] == ["45", "36"]
    assert cell(powers, document, 0, 5).text == (
        "Attack versus Resistant Defence (+1/2); Easily Detected (-1/4)"
    )
    with pytest.raises(EditError, match="needs a value"):
        powers.set_cell(document, 0, 5, "Something odd")


def test_forbidden_powers_are_not_offered() -> None:
    ids = {e.id for e in _collection("powers").entries()}
    assert not ids & {"luck", "killing_attack", "mental_defence"}
    with pytest.raises(EditError, match="Luck"):
        _collection("powers").add(new(), "luck")


def test_modifier_text_round_trips() -> None:
    cats = catalogs()
    parsed = parse_modifiers("Reduced Endurance (0 END) (+½); Only In Daylight −1 1/4", cats)
    assert [(m.name, m.value) for m in parsed] == [
        ("Reduced Endurance (0 END)", 0.5),
        ("Only In Daylight", -1.25),
    ]
    text = format_modifiers(parsed, cats)
    assert text == "Reduced Endurance (0 END) (+1/2); Only In Daylight (-1 1/4)"
    assert format_modifiers(parse_modifiers(text, cats), cats) == text


def test_disadvantage_cells_show_the_tables_words() -> None:
    """The descriptors of each table (lines 614-622) are what the picker shows."""
    document = new()
    items = _collection("disadvantages")
    document = apply_to_document(document, items.add(document, "enemy"))
    assert cell(items, document, 0, 1).text == "Enemy (was Hunted and Rivalry)"
    frequency = cell(items, document, 0, 3)
    assert frequency.text == "Infrequently +5"
    assert frequency.choices and any("as per default" in label for _, label in frequency.choices)
    importance = cell(items, document, 0, 6)
    assert importance.choices is not None
    labels = [label for _, label in importance.choices]
    assert "Extremely (/1): will try to imprison or kill the character" in labels
    assert cell(items, document, 0, 12).text == "5"  # (5 + 5) / 2
    assert evaluate(document).total("disadvantages").spent == 5


def test_a_vulnerability_starts_extremely_important() -> None:
    document = new()
    items = _collection("disadvantages")
    document = apply_to_document(document, items.add(document, "vulnerability"))
    assert document.character.disadvantages[0].importance == "extremely"
