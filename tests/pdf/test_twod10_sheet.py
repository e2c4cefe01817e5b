"""The 2d10 sheet: skills with AV, weapons/armour with EV/RV, the body locations with the
wounds taken, psionics and the fragment's reference tables print with the numbers of the
evaluation (seed ../shared/seeds/002_2465630f321cfb59.txt: DV chart lines 26-31, hit
locations lines 39-55, psionic range lines 97-106, mass targets lines 112-117)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.pdf.layout import layout_for
from sheetapp.sheet import build_sheet
from sheetapp.storage.files import load_document
from sheetapp.systems.twod10.model import Twod10Document
from tests.pdf.helpers import flat, page_texts, render

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples" / "twod10"
NAMES = ["ilse-varga-psion", "ilse-varga-wounded", "dax-morrow-soldier"]


def load(name: str) -> Twod10Document:
    document = load_document(EXAMPLES / f"{name}.json", installed_systems()).document
    assert isinstance(document, Twod10Document)
    return document


@pytest.mark.parametrize("name", NAMES)
def test_every_skill_weapon_and_power_prints_with_its_numbers(name: str) -> None:
    document = load(name)
    data, evaluation = render(document)
    everything = flat(" ".join(page_texts(data)))
    for value in evaluation.derived:
        if value.key.startswith(("skill.", "weapon.", "power.")):
            assert str(value.value) in everything
    for skill in document.character.skills:
        assert (skill.name or "") in everything
    for weapon in document.character.weapons:
        assert weapon.name in everything
    for power in document.character.powers:
        assert power.name in everything
    for text in ("Near Impossible", "Solar system", "10,000", "Suffocation", "Cowed", "Vitals"):
        assert text in everything


def test_the_wounded_sheet_shows_the_stacked_penalty_and_the_wounds() -> None:
    document = load("ilse-varga-wounded")
    data, _evaluation = render(document)
    first = flat(page_texts(data)[0])
    assert "Skills (wounds -3)" in first
    everything = flat(" ".join(page_texts(data)))
    assert "Wounds taken: penalty -3 to every AV and DV" in everything
    assert "Left Chest (Electric)" in everything


def test_the_layout_names_every_section_the_sheet_has() -> None:
    document = load("ilse-varga-psion")
    system = installed_systems().get("twod10")
    sheet = build_sheet(system, document, system.evaluate(document))
    named = {section.key for section in layout_for("twod10").sections}
    assert set(sheet.section_keys()) <= named
