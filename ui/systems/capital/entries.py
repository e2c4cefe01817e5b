"""Catalog entries for the Capital Special Asset pickers (the Systems and equipment
pickers come with their declared lists, :mod:`sheetapp.systems.capital.collections`)."""

from __future__ import annotations

from sheetapp.systems.capital.catalog import Catalogs
from sheetapp.systems.capital.collections import pick_entry
from ui.picker import PickerEntry


def asset_entries(cats: Catalogs) -> list[PickerEntry]:
    entries = []
    for kind, table in (
        ("Augmentation", cats.augmentations),
        ("Companion", cats.companions),
        ("Special Vehicle", cats.vehicles),
        ("Special Weapon", cats.special_weapons),
    ):
        for entry in table.values():
            entries.append(pick_entry(entry, kind, ""))
    return entries


def vehicle_system_entries(cats: Catalogs) -> list[PickerEntry]:
    entries = []
    for system in cats.vehicle_systems.values():
        cost = f"{system.slots} Slots" if system.slots is not None else "no Slots"
        if system.limited is not None:
            cost += f"; Limited: {system.limited.text}"
        entries.append(pick_entry(system, system.category, cost))
    return entries
