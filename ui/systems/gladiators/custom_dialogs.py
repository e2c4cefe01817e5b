"""The forms that ask for an ability or a modifier of the player's own."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ui.form_dialog import FieldsDialog
from ui.forms import FieldSpec


def ask_custom_ability(parent: QWidget) -> dict[str, Any] | None:
    """Name, base cost, Level Limit and text of a custom ability (None: cancelled)."""
    dialog = FieldsDialog(
        "Custom Ability",
        [
            FieldSpec("name", "Name", "text"),
            FieldSpec("base_cost", "Base cost (GP)", "int", low=-99, high=999),
            FieldSpec("level_limit", "Level Limit", "int", low=1, high=999),
            FieldSpec("text", "What it does", "text"),
        ],
        {"name": "", "base_cost": 1, "level_limit": 5, "text": ""},
        parent,
        intro="An ability of your own (agree it with your referee). It is saved inside the "
        "character file and priced like any other: levels against its Level Limit plus "
        "its base cost.",
        required=("name",),
    )
    return dialog.values() if dialog.exec() else None


def ask_custom_modifier(parent: QWidget) -> dict[str, Any] | None:
    """Name, cost per unit and text of a custom modifier (None: cancelled)."""
    dialog = FieldsDialog(
        "Custom Modifier",
        [
            FieldSpec("name", "Name", "text"),
            FieldSpec("cost", "Cost per unit (negative: limitation)", "int", low=-99, high=999),
            FieldSpec("text", "What it does", "text"),
        ],
        {"name": "", "cost": 1, "text": ""},
        parent,
        intro="A modifier of your own, saved inside the character file.",
        required=("name",),
    )
    return dialog.values() if dialog.exec() else None
