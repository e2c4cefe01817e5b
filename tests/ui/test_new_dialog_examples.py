"""File ▸ New can start from a shipped example (a legal character the rulebook prints)
instead of an empty one."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from ui.new_dialog import NewCharacterDialog


def test_the_examples_are_starting_points(qtbot: QtBot) -> None:
    dialog = NewCharacterDialog(installed_systems())
    qtbot.addWidget(dialog)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("gladiators"))
    texts = [dialog.start.itemText(i) for i in range(dialog.start.count())]
    assert texts[0] == "An empty character"
    assert "Example: Night Owl" in texts
    assert dialog.settings_box.isEnabled()
    dialog.start.setCurrentIndex(texts.index("Example: Night Owl"))
    assert not dialog.settings_box.isEnabled()
    dialog.name.setText("Night Owl II")
    document = dialog.create_document()
    assert document.meta.name == "Night Owl II"
    assert len(document.character.abilities) == 9
    evaluation = installed_systems().get("gladiators").evaluate(document)
    assert not [i for i in evaluation.issues if i.severity.value == "error"]


def test_an_empty_character_uses_the_settings(qtbot: QtBot) -> None:
    dialog = NewCharacterDialog(installed_systems())
    qtbot.addWidget(dialog)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("capital"))
    assert dialog.start.currentData() is None
    dialog.name.setText("Mara")
    assert dialog.create_document().meta.name == "Mara"
