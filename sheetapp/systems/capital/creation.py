"""Filling in the parts of Steps 1, 4 and 7 that follow from the Role (lines 217-227).

The guided New dialog calls :func:`apply_role` when the player picks a Role; it does
not choose for the player where the seed leaves a choice (which simple weapon, the
damage type, the attribute changes).
"""

from __future__ import annotations

from sheetapp.systems.capital.catalog import Catalogs, catalogs
from sheetapp.systems.capital.model import CapitalCharacter, EquipmentChoice, SystemChoice


def apply_role(character: CapitalCharacter, role_id: str, cats: Catalogs | None = None) -> None:
    """Set the Role; add its Systems up to the character's level and its fixed items."""
    cats = cats or catalogs()
    role = cats.roles[role_id]
    old = cats.roles.get(character.role or "")
    if old is not None and old.id != role_id:
        stale = {granted.system for granted in old.systems}
        character.systems = [c for c in character.systems if c.system not in stale]
        character.role_choices = {}
    character.role = role_id
    present = {choice.system for choice in character.systems}
    for granted in role.systems:
        if granted.level <= character.level and granted.system not in present:
            character.systems.append(SystemChoice(system=granted.system, level=granted.level))
    carried = {choice.item for choice in character.equipment}
    for wanted in role.starting_equipment:
        for item in wanted.items[:1]:
            if item not in carried:
                character.equipment.append(EquipmentChoice(item=item, note="Role"))


def add_common_equipment(character: CapitalCharacter) -> None:
    """ "2 Everyday or Professional Outfits" and "An Adventuring Kit" (lines 225-227)."""
    carried = {choice.item for choice in character.equipment}
    if "clothing" not in carried:
        character.equipment.append(EquipmentChoice(item="clothing", quantity=2, option="everyday"))
    if "adventuring_kit" not in carried:
        character.equipment.append(EquipmentChoice(item="adventuring_kit"))
