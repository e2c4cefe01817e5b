"""The character's settings that are not lists are edited on the page: 2d10's attributes
and movement, Power Sets' characteristics (they were in the file only, so a new 2d10
character could not be given its attributes in the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from sheetapp.core.system import installed_systems
from tests.ui.conftest import REPO
from ui.forms import field_specs
from ui.main_window import MainWindow
from ui.systems.character_forms import nested_models
from ui.systems.collections_page import CollectionsPage

EXAMPLES = REPO / "resources" / "examples"


def _page(window: MainWindow, example: str) -> CollectionsPage:
    assert window.open_path(EXAMPLES / example)
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    return view.page


def _spin(page: CollectionsPage, model: str, key: str) -> QSpinBox:
    assert page.character_forms is not None
    editor = page.character_forms.forms[model].editors[key]
    assert isinstance(editor, QSpinBox)
    return editor


def test_a_2d10_attribute_moves_every_av(window: MainWindow) -> None:
    """AV = attribute + skill: Ilse's Perception (INT 7 + 5) is 12; INT 9 makes it 14."""
    page = _page(window, "twod10/ilse-varga-psion.json")
    document = page.document
    assert page.tabs.tabText(0) == "Attributes && Movement"  # the rolls: the Play tab
    perception = next(v for v in document.evaluation.derived if v.key == "skill.0")
    assert perception.value == 12
    _spin(page, "attributes", "int").setValue(9)
    assert document.document.character.attributes.int == 9
    perception = next(v for v in document.evaluation.derived if v.key == "skill.0")
    assert perception.value == 14
    assert document.undo_stack.undoText() == "Set Attributes › INT"
    document.undo_stack.undo()
    assert _spin(page, "attributes", "int").value() == 7


def test_run_may_be_left_unset(window: MainWindow) -> None:
    """RUN and JUMP are entered or left to the rules' defaults (None in the file)."""
    page = _page(window, "twod10/ilse-varga-psion.json")
    character = page.document.document.character
    run = _spin(page, "movement", "run")
    assert character.movement.run == 8
    run.setValue(run.minimum())
    assert run.text() == "not set"
    assert page.document.document.character.movement.run is None
    run.setValue(10)
    assert page.document.document.character.movement.run == 10


def test_power_sets_characteristics_move_the_power_points(window: MainWindow) -> None:
    """Power points are POW (line 398): Volt's POW 16 gives 36 with Extra Energy 2."""
    page = _page(window, "powersets/volt.json")
    points = page.document.evaluation.total("power_points").spent
    _spin(page, "characteristics", "pow").setValue(18)
    assert page.document.evaluation.total("power_points").spent == points + 2


def test_an_issue_on_an_attribute_opens_its_editor(window: MainWindow) -> None:
    page = _page(window, "twod10/ilse-varga-psion.json")
    assert page.select_path(("character", "attributes", "will"))
    assert page.tabs.currentWidget() is page.forms_tab


def test_every_settings_model_of_a_list_page_character_has_its_editors() -> None:
    for system in installed_systems():
        character = type(system.new_document("Test").character)
        for key, _title in nested_models(character):
            model = character.model_fields[key].annotation
            shown = {spec.key for spec in field_specs(model)}  # type: ignore[arg-type]
            scalar = {
                name
                for name, info in model.model_fields.items()  # type: ignore[union-attr]
                if info.annotation in (int, float, bool, str, int | None, float | None)
            }
            assert scalar <= shown, (system.id, key, scalar - shown)
