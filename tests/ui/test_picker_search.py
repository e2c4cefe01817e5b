"""Pickers find what people type (issue 17): exact and prefix name matches first and
selected, Up/Down from the search box, everyday words and option names from catalog data
("flight" finds Movement, whose Air class flies), kinds to filter. For each system, 20+
everyday queries: typing them and pressing Enter takes the expected entry."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from sheetapp.core.system import collections_of, installed_systems
from sheetapp.editing.collections import PickEntry
from sheetapp.systems.gladiators.catalog import catalogs
from ui.picker import PickerDialog
from ui.systems.gladiators.entries import ability_entries, modifier_entries, trait_entries


def _capital(key: str) -> list[PickEntry]:
    for collection in collections_of(installed_systems().get("capital")):
        if collection.key == key and collection.entries is not None:
            return collection.entries()
    raise LookupError(key)


GLADIATORS_ABILITIES = {
    "flight": "movement",
    "fly": "movement",
    "tough": "toughness",
    "energy": "damaging_attack",
    "armor": "armour",
    "armour": "armour",
    "heal": "heal",
    "invisible": "concealment",
    "teleport": "movement",
    "jump": "movement",
    "swim": "movement",
    "climb": "movement",
    "blast": "damaging_attack",
    "mind control": "mind_control",
    "telepathy": "telepathy",
    "strength": "super_strength",
    "strong": "super_strength",
    "speed": "speed",
    "luck": "luck",
    "regen": "regeneration",
    "force field": "force_field",
    "grab": "grab_attack",
    "clone": "duplication",
    "stretch": "stretching",
    "phase": "insubstantial",
    "wall": "wall",
}
GLADIATORS_MODIFIERS = {
    "area": "area",
    "activation": "activation",
    "aoe": "area",
    "lethal": "lethal",
    "autofire": "autofire",
    "ranged": "ranged",
    "melee": "melee",
    "item": "item",
    "limited": "limited",
    "shots": "shots",
    "knockback": "knockback",
    "gas": "gas",
    "fast": "area",
}
CAPITAL_SYSTEMS = {
    "patch": "patch_up_2",
    "quick": "quick",
    "bonk": "bonk",
    "backup": "backup",
    "deaf": "deaf",
    "order": "thats_an_order_2",
    "pep": "pep_talk",
    "charge": "charge",
    "jury": "jury_rig",
    "damage resist": "damage_resist",
    "robot": "robotic",
    "healthy": "healthy",
    "defensive": "defensive_focus",
    "offensive": "offensive_focus",
    "tactical": "tactical_focus",
    "terrifying": "terrifying",
    "urgency": "urgency",
    "patience": "patience",
    "cautious": "cautious",
    "look out": "look_out",
}
CAPITAL_EQUIPMENT = {
    "pistol": "pistol",
    "knife": "simple_dagger",
    "dagger": "simple_dagger",
    "rope": "primitive_rope",
    "torch": "torch",
    "tent": "tent",
    "food": "non_perishable_rations",
    "radio": "personal_communicator",
    "clothes": "clothing",
    "minigun": "minigun",
    "backpack": "backpack",
    "water": "water_bottle",
    "toolkit": "toolkit",
    "lantern": "electric_lantern",
    "spear": "simple_spear",
    "whip": "primitive_whip",
    "scanner": "miniature_general_scanner",
    "sniper": "sniper_rifle",
    "greatsword": "simple_greatsword",
    "buckler": "primitive_buckler",
    "solar": "solar_array",
}


def _entries(kind: str) -> list[PickEntry]:
    cats = catalogs()
    if kind == "abilities":
        return ability_entries(cats)
    if kind == "modifiers":
        return modifier_entries(cats)
    return _capital(kind)


CASES = [
    ("abilities", GLADIATORS_ABILITIES),
    ("modifiers", GLADIATORS_MODIFIERS),
    ("systems", CAPITAL_SYSTEMS),
    ("equipment", CAPITAL_EQUIPMENT),
]


def test_each_system_has_twenty_everyday_queries() -> None:
    assert len(GLADIATORS_ABILITIES) + len(GLADIATORS_MODIFIERS) >= 20
    assert len(CAPITAL_SYSTEMS) >= 20 and len(CAPITAL_EQUIPMENT) >= 20


@pytest.mark.parametrize(("kind", "queries"), CASES, ids=[c[0] for c in CASES])
def test_enter_takes_the_expected_entry(qtbot: QtBot, kind: str, queries: dict[str, str]) -> None:
    entries = _entries(kind)
    known = {entry.id for entry in entries}
    for query, expected in queries.items():
        assert expected in known, expected
        dialog = PickerDialog("Add", entries)
        qtbot.addWidget(dialog)
        dialog.show()
        QTest.keyClicks(dialog.search, query)
        QTest.keyClick(dialog.search, Qt.Key.Key_Return)
        assert dialog.result() == QDialog.DialogCode.Accepted, query
        assert dialog.selected_id() == expected, (query, dialog.selected_id())
        dialog.close()


def test_down_and_up_move_from_the_search_box(qtbot: QtBot) -> None:
    dialog = PickerDialog("Add", ability_entries(catalogs()))
    qtbot.addWidget(dialog)
    dialog.show()
    QTest.keyClicks(dialog.search, "attack")
    first = dialog.selected_id()
    QTest.keyClick(dialog.search, Qt.Key.Key_Down)
    second = dialog.selected_id()
    assert second != first and dialog.search.hasFocus() in (True, False)
    QTest.keyClick(dialog.search, Qt.Key.Key_Up)
    assert dialog.selected_id() == first


def test_kinds_filter_the_list(qtbot: QtBot) -> None:
    dialog = PickerDialog("Add", trait_entries(catalogs(), "disadvantages"))
    qtbot.addWidget(dialog)
    assert dialog.kinds.count() > 2
    everything = dialog.proxy.rowCount()
    dialog.kinds.setCurrentIndex(1)
    kind = dialog.kinds.currentData()
    shown = dialog.proxy.rowCount()
    assert 0 < shown < everything
    rows = [dialog.proxy.index(r, 1).data() for r in range(shown)]
    assert all(row == kind for row in rows)
