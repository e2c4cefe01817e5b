"""The Details panel offers an Energy ability's subtype: "Has subtypes: Heat, Cold,
Electricity, Radiation, Entropy." (line 21)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from sheetapp.systems.gladiators import edits
from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_an_energy_ability_has_a_subtype_field(window: MainWindow, qtbot: QtBot) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    page = view.page
    document = view.document
    assert document.push(edits.add_ability(document.document, "damaging_attack", 0))
    assert document.push(edits.set_type(document.document, 0, "energy"))
    assert page.select_path(("character", "abilities", 0))
    combo = page.details.findChild(QComboBox, "subtype")
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "(none chosen)", "Heat", "Cold", "Electricity", "Radiation", "Entropy"
    ]  # fmt: skip
    combo.setCurrentIndex(1)
    combo.activated.emit(1)
    assert document.document.character.abilities[0].subtype == "Heat"
    assert document.undo_stack.undoText().endswith("› Subtype")
