"""File ▸ New can start from a shipped example (a legal character the rulebook prints)
instead of an empty one."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
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


def test_a_power_sets_character_starts_at_the_games_power_level(qtbot: QtBot) -> None:
    """Issue 31: a new Power Sets character in a Heroic game started Superpowers at
    Normal. The game's level chosen in the dialog is its first set's level."""
    dialog = NewCharacterDialog(installed_systems())
    qtbot.addWidget(dialog)
    assert dialog.select_system("powersets")
    assert dialog.campaign_form is not None
    combo = dialog.campaign_form.editors["power_level"]
    assert isinstance(combo, QComboBox)
    for game in ("heroic", "epic", "normal"):
        combo.setCurrentIndex(combo.findData(game))
        document = dialog.create_document()
        assert document.campaign.power_level == game
        assert [s.level for s in document.character.power_sets] == [game]
