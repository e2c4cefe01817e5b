"""Catalog entries for the Capital pickers: the seed's text of each System, item and
Special Asset, with what it costs (Slots, Energy, price) and where the rulebook has it."""

from __future__ import annotations

from sheetapp.core.catalog import CatalogEntry
from sheetapp.editing.search import keywords_for
from sheetapp.systems.capital.catalog import Catalogs, SystemDef
from ui.picker import PickerEntry


def _entry(entry: CatalogEntry, group: str, cost: str) -> PickerEntry:
    return PickerEntry(
        entry.id,
        entry.name,
        group,
        cost,
        entry.text,
        entry.certainty,
        entry.certainty_note,
        entry.seed_lines,
        keywords=keywords_for(entry.name, _group_words(group)),
    )


def system_cost(system: SystemDef) -> str:
    parts = []
    if system.slots is not None:
        parts.append(f"{system.slots} Slot{'s' if system.slots != 1 else ''}")
    elif system.innate:
        parts.append("Innate: no Slot")
    if system.energy:
        parts.append(f"Energy {system.energy}")
    if system.cooldown:
        parts.append(f"Cooldown {system.cooldown}")
    return ", ".join(parts)


def system_entries(cats: Catalogs) -> list[PickerEntry]:
    """The Systems a character can take: those with Slots (line 283) and the Innate ones
    (line 2539). Role Systems come with the Role."""
    return [
        _entry(system, system.category, system_cost(system))
        for system in cats.systems.values()
        if system.slots is not None or system.innate
    ]


def equipment_entries(cats: Catalogs) -> list[PickerEntry]:
    entries = []
    for item in cats.equipment.values():
        cost = f"{item.price} mC" if item.price is not None else ""
        if item.rarity:
            cost = f"{cost}, {item.rarity}" if cost else item.rarity
        entries.append(_entry(item, item.category, cost))
    return entries


def asset_entries(cats: Catalogs) -> list[PickerEntry]:
    entries = []
    for kind, table in (
        ("Augmentation", cats.augmentations),
        ("Companion", cats.companions),
        ("Special Vehicle", cats.vehicles),
        ("Special Weapon", cats.special_weapons),
    ):
        for entry in table.values():
            entries.append(_entry(entry, kind, ""))
    return entries


def vehicle_system_entries(cats: Catalogs) -> list[PickerEntry]:
    entries = []
    for system in cats.vehicle_systems.values():
        cost = f"{system.slots} Slots" if system.slots is not None else "no Slots"
        if system.limited is not None:
            cost += f"; Limited: {system.limited.text}"
        entries.append(_entry(system, system.category, cost))
    return entries


def _group_words(group: str) -> list[str]:
    """The kind's own words ("Damage System for Units" -> "Damage") also find an entry."""
    return [part for part in group.replace("(", " ").replace(")", " ").split() if len(part) > 3]
