"""The Capital sheet: every System, attribute, vital, attack and item of the examples
prints with the numbers of the evaluation; fonts are embedded; errors show on page 1.

Seed: ../shared/seeds/003_740fba3ab4ba4f45.txt — "Each of your eight Attribute
Scores is a number between 0 and 10" (line 192); HP, Energy and Bones (lines 207-215);
attack lines "[Range] Attack: [Hit Attribute] vs [Dodge Attribute]. [Damage] [Damage
type] damage. [Special Rules]." (line 463).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.pdf.layout import layout_for
from sheetapp.sheet import build_sheet
from sheetapp.storage.files import load_document
from sheetapp.systems.capital.catalog import ATTRIBUTES, catalogs
from sheetapp.systems.capital.model import CapitalDocument, SystemChoice
from tests.pdf.helpers import flat, page_texts, reader, render

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples" / "capital"
NAMES = ["mara-quell", "mara-quell-level-3"]


def load(name: str) -> CapitalDocument:
    document = load_document(EXAMPLES / f"{name}.json", installed_systems()).document
    assert isinstance(document, CapitalDocument)
    return document


@pytest.mark.parametrize("name", NAMES)
def test_attributes_vitals_systems_and_items_print_with_their_numbers(name: str) -> None:
    document = load(name)
    data, evaluation = render(document)
    pages = [flat(text) for text in page_texts(data)]
    first, everything = pages[0], " ".join(pages)
    cats = catalogs()
    for attr in ATTRIBUTES:
        value = evaluation.derived_value(f"score.{attr}")
        assert f"({attr.upper()}) {value.value}" in first, attr
    for key in ("hp", "energy", "bones"):
        total = evaluation.total(key)
        assert f"{total.label} {total.spent} / {total.budget}" in first, key
    for choice in document.character.systems:
        system = cats.systems[choice.system]
        assert system.name in everything
        assert f"{system.energy}" in everything
    for index in range(len(document.character.equipment)):
        item = document.character.equipment[index]
        assert cats.equipment[item.item or ""].name in everything
    attacks = [v for v in evaluation.derived if v.key.startswith("attack.") or ".attack." in v.key]
    assert attacks
    for value in attacks:
        assert flat(str(value.value)) in everything, value.value
    asset = document.character.special_asset
    assert asset is not None and asset.name in everything
    companion_hp = evaluation.derived_value("companion.max_hp").value
    assert f"Companion Max HP {companion_hp}" in everything
    assert f"Level {document.character.level}" in everything


def test_level_3_sheet_shows_the_level_up_hp() -> None:
    """The Healer's HP at Level 3 = FTD + 14 plus two Level Ups (role table), with the
    dice printed so the result can be re-checked."""
    data, evaluation = render(load("mara-quell-level-3"))
    text = flat(" ".join(page_texts(data)))
    max_hp = evaluation.derived_value("max_hp")
    assert f"HP {max_hp.value} / {max_hp.value}" in text
    assert flat(max_hp.explanation) in text


def test_fonts_are_embedded() -> None:
    data, _ = render(load("mara-quell"))
    for page in reader(data).pages:
        resources: Any = page["/Resources"]
        fonts = resources["/Font"]
        for ref in fonts.values():
            font: Any = ref.get_object()
            assert font["/Subtype"] == "/TrueType"
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


def test_errors_print_on_page_one() -> None:
    """At Level 1 the level table gives 0 Slots (lines 362-372): Cautious is an error."""
    document = load("mara-quell")
    document.character.systems.append(SystemChoice(system="cautious"))
    data, evaluation = render(document)
    assert evaluation.has_errors
    first = flat(page_texts(data)[0])
    assert "This sheet breaks" in first
    assert "Cautious" in " ".join(flat(t) for t in page_texts(data))


def test_the_capital_layout_names_every_section_of_the_sheet() -> None:
    """Nothing the sheet has falls back to the end of the layout unordered."""
    document = load("mara-quell")
    system = installed_systems().get("capital")
    sheet = build_sheet(system, document, system.evaluate(document))
    layout = layout_for("capital")
    assert layout.system == "capital"
    assert set(sheet.section_keys()) <= {section.key for section in layout.sections}


@pytest.mark.parametrize("name", NAMES)
def test_slots_and_hands_print_once(name: str) -> None:
    """The header's totals hold the Slots and Hands; the Vitals boxes do not repeat them,
    and a total's unit is not printed beside a label that already says it."""
    document = load(name)
    data, _evaluation = render(document)
    first = flat(page_texts(data)[0])
    assert first.count("Hands") == 1
    assert "Slots (Slots)" not in first
