"""Issue places in the window's words (issue 17): "Energy Blast › Level", never
``character.abilities[5].level``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.editing.places import place_name, plain_words
from sheetapp.storage.files import load_document

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"
RAW = re.compile(r"\[\d+\]|\b(character|campaign)\.|_")


def _load(name: str):  # type: ignore[no-untyped-def]
    systems = installed_systems()
    loaded = load_document(EXAMPLES / name, systems)
    return systems.get(loaded.document.system), loaded.document


def test_plain_words() -> None:
    assert plain_words("gp_budget") == "GP budget"
    assert plain_words("slot_table") == "Slot table"


def test_gladiators_places_read_like_the_window() -> None:
    system, document = _load("gladiators/night-owl.json")
    abilities = document.character.abilities
    first = abilities[0]
    name = first.label or ""
    where = place_name(system, document, ("character", "abilities", 0, "level"))
    assert where.endswith(" › Level") and "abilities" not in where
    if name:
        assert where.startswith(name)
    assert place_name(system, document, ("campaign", "gp_budget")) == "Campaign › GP budget"
    with_modifier = next(i for i, a in enumerate(abilities) if a.modifiers)
    where = place_name(system, document, ("character", "abilities", with_modifier, "modifiers", 0))
    assert " › " in where and "Modifiers" not in where and "[" not in where


def test_capital_places_use_the_list_item_names_and_column_titles() -> None:
    for path in sorted((EXAMPLES / "capital").glob("*.json")):
        system, document = _load(f"capital/{path.name}")
        if not document.character.systems:
            continue
        where = place_name(system, document, ("character", "systems", 0, "level"))
        assert where.endswith(" › Gained at"), where
        assert "systems" not in where.casefold().split(" › ")[0]
        return
    pytest.fail("no Capital example with a System")


@pytest.mark.parametrize(
    "example", sorted(p.relative_to(EXAMPLES) for p in EXAMPLES.rglob("*.json"))
)
def test_every_example_issue_place_is_plain(example: Path) -> None:
    system, document = _load(str(example))
    for issue in system.evaluate(document).issues:
        where = place_name(system, document, issue.path)
        assert where and not RAW.search(where), (issue.path, where)


def test_a_modifier_is_named_once_under_its_ability() -> None:
    """ "Sonic Blaster › Focus", not "Sonic Blaster › Sonic Blaster › Focus": the list's
    title and the ability's name both give way to the modifier's own name, which holds
    its ability's."""
    system, document = _load("gladiators/night-owl.json")
    abilities = document.character.abilities
    row = next(i for i, a in enumerate(abilities) if a.modifiers)
    path = ("character", "abilities", row, "modifiers", 0)
    ability = place_name(system, document, ("character", "abilities", row))
    where = place_name(system, document, path)
    assert where.startswith(ability + " › ")
    assert where.count(ability) == 1, where
    assert place_name(system, document, (*path, "units")) == where + " › Units"


def test_2d10_wounds_are_named_by_location_and_damage() -> None:
    """A wound's issue named only its number in lower case ("wound 2 › Damage"); the
    Wounds table shows each wound by its hit location and damage type."""
    from sheetapp.systems.twod10.model import Wound

    system, document = _load("twod10/ilse-varga-wounded.json")
    wounds = document.character.wounds
    wounds[:] = [
        Wound(location="neck", damage=2),
        Wound(location="eye", side="left", damage=1),
        Wound(special="fire", damage=3),
        Wound(location="neck", special="fire", damage=1),
        Wound(damage=1),
    ]
    names = [place_name(system, document, ("character", "wounds", row)) for row in range(5)]
    assert names == ["Neck wound", "Eye (left) wound", "Fire wound", "Neck, fire wound", "Wound 5"]
    damage = place_name(system, document, ("character", "wounds", 0, "damage"))
    assert damage == "Neck wound › Damage"
