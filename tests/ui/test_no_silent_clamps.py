"""No silent clamps: an editor accepts every value the file format accepts; a value over a
rule's limit is kept and shown as an error with its fix (issue 17)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QSpinBox, QStyleOptionViewItem, QWidget

from sheetapp.core.issues import Severity
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.model import MAX_UNITS, GladiatorsDocument
from tests.ui.conftest import REPO
from ui.delegates import EditDelegate
from ui.main_window import MainWindow
from ui.roles import RANGE_ROLE
from ui.systems.capital.models import S_LEVEL
from ui.systems.capital.page import CapitalPage
from ui.systems.gladiators.abilities_model import LEVEL
from ui.systems.gladiators.page import GladiatorsPage

GLADIATORS = REPO / "resources" / "examples" / "gladiators" / "city-police.json"
CAPITAL_EXAMPLES = REPO / "resources" / "examples" / "capital"


def _glad(document: object) -> GladiatorsDocument:
    assert isinstance(document, GladiatorsDocument)
    return document


def _type_into_spin_box(model, index, value: int) -> QSpinBox:  # type: ignore[no-untyped-def]
    delegate = EditDelegate()
    parent = QWidget()
    editor = delegate.createEditor(parent, QStyleOptionViewItem(), index)
    assert isinstance(editor, QSpinBox)
    delegate.setEditorData(editor, index)
    editor.lineEdit().setText(str(value))
    delegate.setModelData(editor, model, index)
    parent.deleteLater()
    return editor


def test_a_conventional_ability_takes_level_9_and_shows_the_error(window: MainWindow) -> None:
    """ "Conventional ... These cannot have a Level over 5 unless produced by a large item."
    (../shared/seeds Glorious Gladiators, Sources, line 34). Typing 9 used to leave the
    Level at its old value; now it is 9 and the rule's error says how to fix it."""
    view = window.open_path(GLADIATORS)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    page = view.page
    character = view.document.document.character
    row = next(
        i
        for i, a in enumerate(character.abilities)
        if a.source == "conventional" and not a.large_item
    )
    index = page.abilities.index(row, LEVEL)
    _type_into_spin_box(page.abilities, index, 9)
    assert view.document.document.character.abilities[row].level == 9
    issues = [
        i
        for i in view.document.evaluation.issues
        if i.path == ("character", "abilities", row, "level")
    ]
    conventional = [i for i in issues if i.code == "gladiators.conventional_level"]
    assert conventional and conventional[0].severity is Severity.ERROR
    assert "Lower it to Level 5" in conventional[0].hint


def test_a_system_gained_above_the_level_is_kept_and_marked(window: MainWindow) -> None:
    """A System cannot be gained above the character's Level: the cell takes the value
    (the format allows Level 10) and the error tells how to fix it."""
    path = sorted(CAPITAL_EXAMPLES.glob("*.json"))[0]
    view = window.open_path(Path(path))
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    document = view.document
    level = document.document.character.level
    assert level < 10
    assert document.document.character.systems
    index = page.systems.index(0, S_LEVEL)
    _type_into_spin_box(page.systems, index, level + 2)
    assert document.document.character.systems[0].level == level + 2
    issues = [
        i for i in document.evaluation.issues if i.path == ("character", "systems", 0, "level")
    ]
    assert issues and issues[0].severity is Severity.ERROR
    assert "or lower" in issues[0].hint


def test_modifier_units_past_the_list_go_in_and_show_the_error(window: MainWindow) -> None:
    """Undetectable Effect "Others 1 each" of the eight other kinds of Detect (line 248):
    the units cell used to stop at 8; now 9 goes in, is priced as entered, and the error
    says to lower it to 8."""
    view = window.open_path(GLADIATORS)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    page = view.page
    document = view.document
    assert document.push(edits.add_modifier(_glad(document.document), 0, "undetectable_effect"))
    m_row = len(document.document.character.abilities[0].modifiers) - 1
    assert document.push(
        edits.set_modifier_variant(_glad(document.document), 0, m_row, "other_detection")
    )
    model = page.abilities
    index = model.index(m_row, LEVEL, model.index(0, 0))
    assert index.data(RANGE_ROLE) == (1, MAX_UNITS)
    _type_into_spin_box(model, index, 9)
    assert document.document.character.abilities[0].modifiers[m_row].units == 9
    over = [i for i in document.evaluation.issues if i.code == "gladiators.count_over_list"]
    assert over and over[0].severity is Severity.ERROR and over[0].hint == "Lower it to 8."
    assert over[0].path == ("character", "abilities", 0, "modifiers", m_row, "units")


def test_the_details_add_on_boxes_take_any_count_the_file_keeps(window: MainWindow) -> None:
    """Area "Fast +2" (line 167) is bought once; its box in the Details panel used to stop
    at 1. It takes up to the file's limit, and a second purchase shows the rule's error."""
    view = window.open_path(GLADIATORS)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    document = view.document
    assert document.push(edits.add_modifier(_glad(document.document), 0, "area"))
    m_row = len(document.document.character.abilities[0].modifiers) - 1
    page = view.page
    page.select_path(("character", "abilities", 0, "modifiers", m_row))
    QApplication.processEvents()
    boxes = [box for box in page.details.findChildren(QSpinBox) if box.value() == 0]
    assert boxes and all(box.maximum() == MAX_UNITS for box in boxes)
    fast = boxes[-1]  # the Area's add-ons: variable shape, then Fast
    fast.setValue(2)
    QApplication.processEvents()
    over = [i for i in document.evaluation.issues if i.code == "gladiators.count_over_list"]
    assert over and over[0].severity is Severity.ERROR and over[0].hint == "Lower it to 1."
