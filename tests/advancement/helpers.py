"""Characters and shortcuts for the advancement tests."""

from __future__ import annotations

from pathlib import Path

from sheetapp.core.changes import Change
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.model import GladiatorsDocument, TraitChoice
from sheetapp.systems.gladiators.system import SYSTEM

REPO = Path(__file__).resolve().parents[2]
NIGHT_OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"

ARMOUR = 7  # Night Owl's "Kevlar Suit" (Armour L4, Level Limit 5)
GLIDER = 6  # Glider Wings (Movement L2)
TOUGHNESS = 8  # Toughness L2 (Level Limit 3)
ACCURACY = 4  # Accuracy L3 (Level Limit 3)


def night_owl() -> GladiatorsDocument:
    """The shipped example: 28 of 40 GP spent."""
    document = load_document(NIGHT_OWL, installed_systems()).document
    assert isinstance(document, GladiatorsDocument)
    return document


def forty_gp_hero() -> GladiatorsDocument:
    """Night Owl with the last 12 GP spent (Toughness L7, Glider Wings L4): 40 / 40 GP."""
    document = night_owl()
    document.character.abilities[TOUGHNESS].level = 7
    document.character.abilities[GLIDER].level = 4
    total = SYSTEM.evaluate(document).total("gp")
    assert (total.spent, total.budget) == (40, 40)
    return document


def level(index: int, before: int, after: int) -> Change:
    return Change("set", ("character", "abilities", index, "level"), before, after)


def trait(trait_id: str, frequency: str, severity: str) -> TraitChoice:
    return TraitChoice(trait=trait_id, frequency=frequency, severity=severity)  # type: ignore[arg-type]
