"""Issue 31, defect 7: a refused custom entry keeps its dialog open, the message beside
the field to blame. X-Men HERO's Custom Power with a typo in its modifiers
("Armor Piercing, No Range") closed the dialog and lost the form (the refusal only went
to the status bar)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import LoadedDocument
from ui.form_dialog import FieldsDialog
from ui.main_window import MainWindow
from ui.systems.collections_page import CollectionsPage

OK = QDialogButtonBox.StandardButton.Ok


def _type(dialog: FieldsDialog, key: str, text: str) -> None:
    edit = dialog.form.editors[key]
    assert isinstance(edit, QLineEdit)
    edit.selectAll()
    QTest.keyClicks(edit, text)


def test_a_typo_in_a_custom_power_keeps_the_form(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = installed_systems().get("hero-xmen")
    view = window.add_document(LoadedDocument(system.new_document("Typo"), system), None)
    page = view.page
    assert isinstance(page, CollectionsPage)
    editor = page.editors["powers"]
    seen: dict[str, object] = {}

    def run(dialog: FieldsDialog) -> int:
        dialog.show()
        _type(dialog, "name", "Sonic Blast")
        _type(dialog, "modifiers", "Armor Piercing, No Range")
        dialog.buttons.button(OK).click()
        message = dialog.messages["modifiers"]
        seen["open"] = dialog.isVisible()
        seen["message"] = message.text() if message.isVisible() else ""
        modifiers = dialog.form.editors["modifiers"]
        assert isinstance(modifiers, QLineEdit)
        seen["kept"] = modifiers.text()
        _type(dialog, "modifiers", "Armor Piercing (+1/2)")
        dialog.buttons.button(OK).click()
        seen["closed"] = not dialog.isVisible()
        return dialog.result()

    monkeypatch.setattr(FieldsDialog, "exec", run)
    assert editor.add_custom()
    assert seen["open"] is True, "the refused entry closed the dialog"
    assert seen["message"], "no message beside the modifiers"
    assert seen["kept"] == "Armor Piercing, No Range"
    assert seen["closed"] is True
    [power] = view.document.document.character.powers
    assert power.name == "Sonic Blast" and len(power.modifiers) == 1
