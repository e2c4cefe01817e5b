"""No silent clamps: an editor accepts every value the file format accepts; a value over a
rule's limit is kept and shown as an error with its fix (issue 17)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QSpinBox, QStyleOptionViewItem, QWidget

from sheetapp.core.issues import Severity
from tests.ui.conftest import REPO
from ui.delegates import EditDelegate
from ui.main_window import MainWindow
from ui.systems.capital.models import S_LEVEL
from ui.systems.capital.page import CapitalPage
from ui.systems.gladiators.abilities_model import LEVEL
from ui.systems.gladiators.page import GladiatorsPage

GLADIATORS = REPO / "resources" / "examples" / "gladiators" / "city-police.json"
CAPITAL_EXAMPLES = REPO / "resources" / "examples" / "capital"


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
