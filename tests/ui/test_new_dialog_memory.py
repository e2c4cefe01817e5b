"""The New dialog starts on the game system chosen last time (issue 17: it forgot)."""

from __future__ import annotations

import pytest

from sheetapp.core.system import SystemRegistry, installed_systems
from ui.main_window import MainWindow
from ui.new_dialog import NewCharacterDialog


def test_the_new_dialog_remembers_the_last_system(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    systems = installed_systems()
    window.registry = SystemRegistry([systems.get("capital"), systems.get("gladiators")])
    shown: list[str] = []

    def choose(dialog: NewCharacterDialog, pick: str | None) -> int:
        shown.append(dialog.system.id)
        if pick is not None:
            assert dialog.select_system(pick)
        dialog.name.setText("Test")
        return 1

    first = "gladiators" if window.registry.load_all()[0].id != "gladiators" else "capital"

    def exec_first(dialog: NewCharacterDialog) -> int:
        return choose(dialog, first)

    def exec_again(dialog: NewCharacterDialog) -> int:
        return choose(dialog, None)

    monkeypatch.setattr(NewCharacterDialog, "exec", exec_first)
    assert window.new_character() is not None
    monkeypatch.setattr(NewCharacterDialog, "exec", exec_again)
    assert window.new_character() is not None
    assert shown[1] == first
