"""A user's session through the real widgets: new character, picker, level past the Level
Limit, a limitation past the cap, the issue panel, undo/redo, save and reopen.

Seed: ../shared/seeds/000_5bffb215164afb79.txt — Damaging Attack "Solid 0 ... 4"
(line 68, Level Limit 4); "up to and including double the Level Limit costs 2 GP/Level"
(line 40); "Negative modifiers cannot exceed half of the total cost of the ability
including positive modifiers" (line 155).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QDialog, QSpinBox
from pytestqt.qtbot import QtBot

from sheetapp.core.issues import Severity
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.model import MAX_LEVEL
from ui.main_window import MainWindow
from ui.new_dialog import NewCharacterDialog
from ui.picker import PickerDialog
from ui.roles import SEVERITY_ROLE
from ui.systems.gladiators.abilities_model import COST, LEVEL, NAME
from ui.systems.gladiators.page import GladiatorsPage


def fill_new_dialog(dialog: NewCharacterDialog) -> int:
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("gladiators"))
    dialog.name.setText("Sonic Lad")
    dialog.player.setText("Robin")
    assert dialog.campaign_form is not None and dialog.character_form is not None
    budget = dialog.campaign_form.editors["gp_budget"]
    assert isinstance(budget, QSpinBox)
    budget.setValue(40)
    return int(QDialog.DialogCode.Accepted)


def choose_in_picker(search: str, entry_id: str) -> Any:
    def exec_(dialog: PickerDialog) -> int:
        total = dialog.source.rowCount()
        dialog.search.setText(search)
        assert 0 < dialog.proxy.rowCount() < total
        assert dialog.select_id(entry_id)
        assert dialog.current_entry() is not None
        assert dialog.text.toPlainText().startswith(dialog.current_entry().name)  # type: ignore[union-attr]
        return int(QDialog.DialogCode.Accepted)

    return exec_


def gp_spent(window: MainWindow) -> int:
    view = window.current_view()
    assert view is not None
    return view.document.evaluation.total("gp").spent


def test_build_a_character_and_undo_it_all(  # noqa: PLR0915 (one user session)
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(NewCharacterDialog, "exec", fill_new_dialog)
    view = window.new_character()
    assert view is not None
    document = view.document
    assert document.document.meta.name == "Sonic Lad"
    assert document.document.meta.player == "Robin"
    assert "Sonic Lad" in window.windowTitle()
    original = document.document.model_dump()
    page = view.page
    assert isinstance(page, GladiatorsPage)
    model, tree = page.abilities, page.tree
    starting = model.rowCount()

    # Add Damaging Attack from the picker.
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("damaging", "damaging_attack"))
    page.tree.setCurrentIndex(model.index(starting - 1, NAME))
    assert page.add_ability()
    row = starting
    assert model.rowCount() == starting + 1
    assert model.index(row, NAME).data() == "Damaging Attack"
    assert window.isWindowModified() and window.tabs.tabText(0).endswith("*")
    before_gp = gp_spent(window)
    assert model.index(row, COST).data() == 1

    # Raise its level in the spin box past the Level Limit 4: one undo step for the drag.
    steps = document.undo_stack.count()
    level = model.index(row, LEVEL)
    tree.setCurrentIndex(level)
    tree.edit(level)
    spin = tree.findChild(QSpinBox)
    assert spin is not None
    # no silent clamp: the cap of Conventional abilities (line 34) is a rule, not a bound
    assert spin.maximum() == MAX_LEVEL
    for value in (2, 3, 4, 5):
        spin.setValue(value)
    assert document.undo_stack.count() == steps + 1
    assert model.index(row, LEVEL).data() == 5
    assert model.index(row, COST).data() == 6  # 4×1 + 1×2
    assert gp_spent(window) == before_gp + 5
    assert "4×1 + 1×2" in window.explain.toPlainText()
    assert "above its Level Limit 4" in " ".join(i.message for i in document.evaluation.issues)

    # Two limitations: -5 exceeds half of 6.
    tree.setCurrentIndex(model.index(row, NAME))
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("limited", "limited"))
    assert page.add_modifier()
    tree.setCurrentIndex(model.index(row, NAME))
    monkeypatch.setattr(PickerDialog, "exec", choose_in_picker("shots", "shots"))
    assert page.add_modifier()
    cap_issues = [i for i in document.evaluation.issues if i.code == "gladiators.negative_cap"]
    assert len(cap_issues) == 1
    cell = model.index(row, COST)
    assert cell.data(SEVERITY_ROLE) == Severity.ERROR
    assert cell.data(Qt.ItemDataRole.BackgroundRole) is not None
    assert "exceed half" in cell.data(Qt.ItemDataRole.ToolTipRole)
    assert "✖ 3" in view.totals.text()  # the cap, and no traits yet: two errors to do

    # The issue is in the panel; clicking it selects the offending cell.
    tree.setCurrentIndex(model.index(0, NAME))
    issues = window.issues_view
    issue_row = next(
        r
        for r in range(issues.model_.rowCount())
        if issues.model_.issues[r].code == "gladiators.negative_cap"
    )
    target = issues.model_.index(issue_row, 0)
    issues.scrollTo(target)
    qtbot.mouseClick(
        issues.viewport(), Qt.MouseButton.LeftButton, pos=issues.visualRect(target).center()
    )
    assert tree.currentIndex() == cell
    assert tree.selectionModel().isSelected(cell)

    # Undo everything: the exact new character; redo everything: the edited one.
    edited = document.document.model_dump()
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.document.model_dump() == original
    assert model.rowCount() == starting
    assert not window.isWindowModified()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert document.document.model_dump() == edited
    assert model.rowCount(model.index(row, 0)) == 2

    # Save, close, reopen: the same character.
    target_file = tmp_path / "sonic-lad.json"
    monkeypatch.setattr(window, "choose_save_path", lambda *_args: target_file)
    assert window.save_current()
    assert not document.dirty and not window.tabs.tabText(0).endswith("*")
    assert window.close_tab(0)
    assert window.tabs.count() == 0
    reopened = window.open_path(target_file)
    assert reopened is not None
    assert reopened.document.document.model_dump() == edited
    assert window.settings.recent_files()[0] == target_file.resolve()


def test_selection_flags_are_kept_clear(window: MainWindow) -> None:
    """Selecting through the model's own API never leaves two current cells."""
    from tests.ui.conftest import SAMPLE

    view = window.open_path(SAMPLE)
    assert view is not None
    page = view.page
    assert isinstance(page, GladiatorsPage)
    index = page.abilities.index(5, LEVEL)
    page.tree.selectionModel().setCurrentIndex(
        index, QItemSelectionModel.SelectionFlag.ClearAndSelect
    )
    assert page.tree.selectionModel().selectedIndexes() == [index]


def test_saved_file_is_read_by_the_loader(window: MainWindow, tmp_path: Path) -> None:
    from sheetapp.core.system import installed_systems
    from tests.ui.conftest import SAMPLE

    view = window.open_path(SAMPLE)
    assert view is not None
    view.header.edits["concept"].setText("")
    view.header.edits["concept"].textEdited.emit("Sonic vigilante")
    target = tmp_path / "owl.json"
    assert window.save_view(view, target)
    loaded = load_document(target, installed_systems())
    assert loaded.document.meta.model_extra == {"concept": "Sonic vigilante"}
