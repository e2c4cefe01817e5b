"""List cells for numbers that may be left unset (2d10's psionic points: "None: all",
a weapon's Toughness, a Power Sets Variable cost), and number cells that offer the file
format's whole range rather than 0-999 (a weapon's EV may be negative)."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox, QStyleOptionViewItem, QWidget

from sheetapp.editing.collections import cell
from sheetapp.systems.twod10.collections import POWERS, WEAPONS
from tests.ui.conftest import REPO
from ui.delegates import NOT_SET, EditDelegate
from ui.main_window import MainWindow
from ui.systems.collections_page import CollectionsPage


def _column(collection: object, title: str) -> int:
    return next(i for i, c in enumerate(collection.columns) if c.title == title)  # type: ignore[attr-defined]


def test_points_may_be_set_and_unset(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "twod10" / "ilse-varga-psion.json")
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    editor = view.page.editors["powers"]
    index = editor.model.index(0, _column(POWERS, "Points"))
    delegate = EditDelegate()
    host = QWidget()
    spin = delegate.createEditor(host, QStyleOptionViewItem(), index)
    assert isinstance(spin, QSpinBox)
    assert spin.specialValueText() == NOT_SET
    delegate.setEditorData(spin, index)
    assert spin.value() == 3  # Mind Blast: 3 points usually spent
    spin.setValue(spin.minimum())
    delegate.setModelData(spin, editor.model, index)
    assert view.document.document.character.powers[0].points is None
    spin.setValue(2)
    delegate.setModelData(spin, editor.model, index)
    assert view.document.document.character.powers[0].points == 2


def test_number_cells_offer_the_formats_range(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "twod10" / "ilse-varga-psion.json")
    view = window.current_view()
    assert view is not None
    document = view.document.document
    ev = cell(WEAPONS, document, 0, _column(WEAPONS, "EV"))
    assert ev.bounds == (-1000, 1000)
