"""A Capital character built through the real widgets: the New dialog, the Role, the
dice (entered and assigned), a System from the picker, the Special Asset; totals and
issues follow every edit; undo gives back the new character; save and reopen.

Seed: ../shared/seeds/003_740fba3ab4ba4f45.txt — Step 5 (lines 196-205): 10d6, two
discarded, eight assigned, the Role's changes; Slots at Level 1 are 0 (level table,
lines 362-372); Innate Systems only at creation (line 2539); "One Special Asset of
your choice" (line 223); the Land Beast's 7, 6, 5, 4 (line 916).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QComboBox, QDialog
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheetapp.core.issues import Severity
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import ATTRIBUTES
from sheetapp.systems.capital.collections import EQUIPMENT, TEXT_LISTS
from sheetapp.systems.capital.collections import SYSTEMS as SYSTEM_LIST
from ui.main_window import MainWindow
from ui.new_dialog import NewCharacterDialog
from ui.picker import PickerDialog
from ui.roles import SEVERITY_ROLE
from ui.systems.capital.attributes_tab import DiceDialog
from ui.systems.capital.models import DIE, S_NAME
from ui.systems.capital.page import SYSTEMS, CapitalPage

DICE = [6, 5, 5, 4, 4, 3, 3, 2, 1, 1]
#: die index per attribute: FTD 6, WIL 5, KNW 5, ... (the two 3s, #6 and #7, discarded)
ASSIGN = {"ftd": 0, "wil": 1, "knw": 2, "agi": 3, "wis": 4, "cha": 7, "str": 8, "vsn": 9}


def new_capital(dialog: NewCharacterDialog) -> int:
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("capital"))
    dialog.name.setText("Ivo Brand")
    dialog.player.setText("Kim")
    return int(QDialog.DialogCode.Accepted)


def choose_in_picker(search: str, entry_id: str) -> Callable[[PickerDialog], int]:
    def exec_(dialog: PickerDialog) -> int:
        dialog.search.setText(search)
        assert 0 < dialog.proxy.rowCount() < dialog.source.rowCount()
        assert dialog.select_id(entry_id)
        entry = dialog.current_entry()
        assert entry is not None and dialog.text.toPlainText().startswith(entry.name)
        return int(QDialog.DialogCode.Accepted)

    return exec_


def activate(combo: QComboBox, value: Any) -> None:
    """Pick ``value`` the way a user does (the combo's activated signal)."""
    row = combo.findData(value)
    assert row >= 0, value
    combo.setCurrentIndex(row)
    combo.activated.emit(row)


def codes(page: CapitalPage) -> set[str]:
    return {issue.code for issue in page.document.evaluation.issues}


def test_build_a_healer_and_undo_it_all(  # noqa: PLR0915 (one user session)
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(NewCharacterDialog, "exec", new_capital)
    view = window.new_character()
    assert view is not None
    page = view.page
    assert isinstance(page, CapitalPage)
    document = page.document
    assert document.document.meta.name == "Ivo Brand"
    original = document.document.model_dump()
    assert "capital.role_missing" in codes(page)

    # Step 1: the Healer, +1 WIL and -1 STR.
    activate(page.story.role, "healer")
    assert document.document.character.role == "healer"
    assert page.systems.rowCount() == 1
    assert page.systems.index(0, S_NAME).data() == "Patch Up I"
    assert "capital.role_missing" not in codes(page)
    activate(page.story.choice_boxes["plus"], "wil")
    activate(page.story.choice_boxes["minus"], "str")
    assert document.document.character.role_choices == {"plus": "wil", "minus": "str"}

    # Step 5: enter the dice in the dialog, discard the two 3s, assign the rest.
    def type_dice(dialog: DiceDialog) -> int:
        dialog.line.setText("6 5 5 4 4 3 3")
        assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        dialog.line.setText(" ".join(map(str, DICE)))
        assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(DiceDialog, "exec", type_dice)
    page.attributes.enter_action.trigger()
    assert document.document.character.attributes.dice == DICE
    assert "capital.attributes_not_rolled" not in codes(page)
    for index in (5, 6):
        qtbot.mouseClick(page.attributes.dice_buttons[index], Qt.MouseButton.LeftButton)
    assert document.document.character.attributes.discarded == [5, 6]
    assert page.attributes.dice_buttons[5].isChecked()
    model = page.attributes.model
    for row, attr in enumerate(ATTRIBUTES):
        cell = model.index(row, DIE)
        assert model.setData(cell, ASSIGN[attr])
    scores = {a: document.evaluation.derived_value(f"score.{a}").value for a in ATTRIBUTES}
    # dice -> table (lines 200-203) -> Healer +1 KNW fixed, +1 WIL, -1 STR
    assert scores == {
        "str": 3, "ftd": 6, "agi": 5, "vsn": 4, "wis": 5, "wil": 7, "cha": 4, "knw": 7
    }  # fmt: skip
    assert "capital.attribute_unassigned" not in codes(page)
    hp = document.evaluation.total("hp")
    assert (hp.spent, hp.budget) == (20, 20)  # Healer: FTD 6 + 14
    assert page.attributes.derived_labels["max_hp"][0].text() == "<b>20</b>"

    # A Slot System at Level 1 (0 Slots): the total goes over, the row is marked.
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("cautious", "cautious"))
    page.systems_view.setCurrentIndex(page.systems.index(0, S_NAME))
    assert page.add_system()
    assert page.tabs.currentIndex() == SYSTEMS
    slots = document.evaluation.total("slots")
    assert (slots.spent, slots.budget) == (2, 0)
    assert "capital.slots_over" in codes(page)
    assert "Slots 2 / 0" in page.slots_label.text()
    assert "2 / 0" in view.totals.text()
    row = 1
    assert page.systems.index(row, S_NAME).data() == "Cautious"
    over = next(i for i in document.evaluation.issues if i.code == "capital.slots_over")
    assert over.severity is Severity.ERROR
    page.systems_view.setCurrentIndex(page.systems.index(0, 0))
    assert page.select_path(over.path)
    assert page.tabs.currentIndex() == SYSTEMS
    # Remove it again; an Innate System is what Level 1 allows (line 2539).
    page.systems_view.setCurrentIndex(page.systems.index(row, S_NAME))
    page.remove_system_action.trigger()
    assert "capital.slots_over" not in codes(page)
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("robotic", "robotic"))
    assert page.add_system()
    assert page.systems.index(1, S_NAME).data() == "Robotic"
    assert page.systems.index(1, S_NAME).data(SEVERITY_ROLE) is None

    # Step 7: a Land Beast companion with its four scores.
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("beast", "land_beast"))
    page.asset.choose_action.trigger()
    assert "capital.companion_scores_missing" in codes(page)
    for attr, value in (("str", 7), ("ftd", 6), ("agi", 5), ("cha", 4)):
        combo = page.asset.findChild(QComboBox, f"companion_{attr}")
        assert combo is not None
        activate(combo, value)
    assert "capital.companion_scores_missing" not in codes(page)
    assert document.evaluation.derived_value("companion.max_hp").value == 11  # FTD 6 + 5

    # Undo everything: the exact new character; redo everything.
    edited = document.document.model_dump()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.document.model_dump() == original
    assert page.systems.rowCount() == 0
    assert page.story.role.currentData() is None
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert document.document.model_dump() == edited

    # Save, close, reopen.
    target = tmp_path / "ivo.json"
    monkeypatch.setattr(window, "choose_save_path", lambda *_args: target)
    assert window.save_current()
    assert window.close_tab(0)
    reopened = window.open_path(target)
    assert reopened is not None and isinstance(reopened.page, CapitalPage)
    assert reopened.document.document.model_dump() == edited


def test_roll_for_me_uses_the_pages_random_source(window: MainWindow) -> None:
    view = window.open_path(Path("resources/examples/capital/mara-quell.json").resolve())
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    page.attributes.rng = random.Random(3)
    page.attributes.roll_action.trigger()
    rolls = page.document.document.character.attributes
    expected = edits.roll_attribute_dice(page.document.document, random.Random(3))
    assert rolls.method == "rolled"
    assert len(rolls.dice) == 10
    assert expected == []  # the same dice again: nothing to change
    assert [b.text().split("\n")[0] for b in page.attributes.dice_buttons] == [
        str(d) for d in rolls.dice
    ]


def test_a_refused_edit_is_reported_not_raised(window: MainWindow) -> None:
    view = window.open_path(Path("resources/examples/capital/mara-quell.json").resolve())
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    messages: list[str] = []
    page.document.edit_refused.connect(messages.append)
    assert not page.attributes.toggle_discard(0)  # two are discarded already
    assert "already discarded" in messages[-1]
    assert "already discarded" in window.statusBar().currentMessage()


def test_capital_models_pass_the_model_tester(
    window: MainWindow, pytestconfig: pytest.Config
) -> None:
    view = window.open_path(Path("resources/examples/capital/mara-quell.json").resolve())
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    document = page.document
    testers: list[ModelTester] = []
    models: list[QAbstractItemModel] = [
        page.systems,
        page.equipment,
        page.attributes.model,
        page.asset.vehicle_model,
        *page.story.models.values(),
    ]
    for model in models:
        tester = ModelTester(pytestconfig)
        tester.check(model, force_py=True)
        testers.append(tester)

    def doc() -> Any:
        return document.document

    steps = [
        lambda: SYSTEM_LIST.add(doc(), "robotic"),
        lambda: SYSTEM_LIST.add(doc(), "deaf", at=0),
        lambda: SYSTEM_LIST.move(doc(), 0, 2),
        lambda: SYSTEM_LIST.remove(doc(), 1),
        lambda: EQUIPMENT.add(doc(), "tent"),
        lambda: EQUIPMENT.move(doc(), 0, 3),
        lambda: EQUIPMENT.remove(doc(), 1),
        lambda: TEXT_LISTS["strengths"].insert(doc(), "Calm"),
        lambda: edits.toggle_discard(doc(), 5),
        lambda: edits.assign_die(doc(), "str", 5),
        lambda: edits.choose_special_asset(doc(), "mechsuit"),
        lambda: edits.add_vehicle_system(doc(), "capacitor_a1_mk1"),
        lambda: edits.set_role(doc(), "tank"),
    ]
    for step in steps:
        assert document.push(step())
    assert page.asset.vehicle_model.rowCount() > 0
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert page.systems.rowCount() == len(document.document.character.systems)


def test_the_die_list_marks_dice_another_attribute_has(window: MainWindow) -> None:
    """Choosing such a die swaps the two; the list says so before (issue 17)."""
    from sheetapp.systems.capital.catalog import ATTRIBUTES
    from ui.roles import CHOICES_ROLE

    view = window.open_path(Path("resources/examples/capital/mara-quell.json").resolve())
    assert view is not None and isinstance(view.page, CapitalPage)
    model = view.page.attributes.model
    rolls = view.page.document.document.character.attributes
    first = ATTRIBUTES[0]
    other_die = next(i for a, i in rolls.assignment.items() if a != first)
    holder = next(a for a, i in rolls.assignment.items() if i == other_die)
    choices = dict(model.index(0, 1).data(CHOICES_ROLE))
    assert choices[other_die].endswith(f"(now {holder.upper()}: they swap)")
    own = rolls.assignment[first]
    assert "now" not in choices[own]
