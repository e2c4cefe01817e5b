"""The Special Asset (line 223, lines 880-1313): exactly one, with its sub-choices."""

from __future__ import annotations

from collections import Counter

from sheetapp.core.issues import Issue
from sheetapp.systems.capital import codes
from sheetapp.systems.capital.catalog import Catalogs, Limited, VehicleDef
from sheetapp.systems.capital.context import (
    STEP_EQUIPMENT,
    RuleContext,
    char_path,
    error,
    todo,
    warning,
)
from sheetapp.systems.capital.dice import dice_problems
from sheetapp.systems.capital.model import HpRoll, SpecialAssetChoice
from sheetapp.systems.capital.sheet import vehicle_system_ids

PATH = char_path("special_asset")


def special_asset(ctx: RuleContext) -> list[Issue]:
    """ "One Special Asset of your choice." (line 223)"""
    asset = ctx.character.special_asset
    if asset is None:
        return [
            todo(
                codes.SPECIAL_ASSET_MISSING,
                "No Special Asset chosen yet.",
                PATH,
                "Choose an augmentation, a companion, a vehicle or a special weapon.",
                STEP_EQUIPMENT,
            )
        ]
    cats = ctx.catalogs
    if asset.asset in cats.augmentations:
        return _augmentation(ctx)
    if asset.asset in cats.companions:
        return _companion(ctx)
    if asset.asset in cats.vehicles:
        return _vehicle(ctx)
    if asset.asset in cats.special_weapons:
        return _weapon(ctx)
    return []


def damage_type_issue(
    chosen: str | None,
    allowed: tuple[str, ...],
    name: str,
    path: tuple[str | int, ...],
    cats: Catalogs,
) -> list[Issue]:
    """ "Available with Sharp or Heat damage." — the damage type is chosen (line 1139)."""
    if len(allowed) <= 1 and chosen is None:
        return []
    names = " or ".join(cats.damage_types[t].name for t in allowed)
    if chosen is None:
        return [
            todo(
                codes.DAMAGE_TYPE_MISSING,
                f"{name}: choose {names} damage.",
                path,
                f"Choose {names} damage.",
                STEP_EQUIPMENT,
            )
        ]
    if chosen not in allowed:
        return [
            error(
                codes.DAMAGE_TYPE_INVALID,
                f"{name} is available with {names} damage, not '{chosen}'.",
                path,
                f"Choose {names} damage.",
            )
        ]
    return []


def _augmentation(ctx: RuleContext) -> list[Issue]:
    """Weapon: "Choose any Simple Weapon" (line 890); Attribute: "+2 to any one" (line 902)."""
    asset = ctx.character.special_asset
    assert asset is not None
    cats = ctx.catalogs
    augmentation = cats.augmentations[asset.asset]
    if augmentation.effect == "attribute" and asset.attribute is None:
        return [
            todo(
                codes.ASSET_CHOICE_MISSING,
                "Attribute augmentation: choose the Attribute that gets +2.",
                (*PATH, "attribute"),
                "Choose the Attribute in the Special Asset tab.",
                STEP_EQUIPMENT,
            )
        ]
    if augmentation.effect != "weapon":
        return []
    if asset.weapon is None:
        return [
            todo(
                codes.ASSET_CHOICE_MISSING,
                "Weapon augmentation: choose a Simple Weapon.",
                (*PATH, "weapon"),
                "Choose a Simple Weapon in the Special Asset tab.",
                STEP_EQUIPMENT,
            )
        ]
    item = cats.equipment.get(asset.weapon)
    if item is None or item.weapon is None or not cats.is_simple_weapon(asset.weapon):
        return [
            error(
                codes.ASSET_CHOICE_INVALID,
                f"Weapon augmentation: '{asset.weapon}' is not a Simple Weapon.",
                (*PATH, "weapon"),
                "Choose one of the Simple Weapons (lines 628-652).",
            )
        ]
    return damage_type_issue(
        asset.damage_type, item.weapon.printed_damage_types, item.name, (*PATH, "damage_type"), cats
    )


def _companion(ctx: RuleContext) -> list[Issue]:
    """ "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (line 916), and
    "When my owner Levels Up, it increases by 1d6 + FTD" (line 918)."""
    asset = ctx.character.special_asset
    assert asset is not None
    companion = ctx.catalogs.companions[asset.asset]
    issues: list[Issue] = []
    wanted = Counter(companion.assign.values)
    given = {attr: asset.scores.get(attr) for attr in companion.assign.attributes}
    names = ", ".join(a.upper() for a in companion.assign.attributes)
    values = ", ".join(str(v) for v in companion.assign.values)
    if any(v is None for v in given.values()):
        issues.append(
            todo(
                codes.COMPANION_SCORES_MISSING,
                f"{companion.name}: set {names} to {values} in any order.",
                (*PATH, "scores"),
                "Set the scores in the Special Asset tab.",
                STEP_EQUIPMENT,
            )
        )
    elif Counter(v for v in given.values() if v is not None) != wanted:
        issues.append(
            error(
                codes.COMPANION_SCORES,
                f"{companion.name}: {names} must be {values} in some order.",
                (*PATH, "scores"),
                f"Set {names} to {values}, one value each.",
            )
        )
    extra = [a for a in asset.scores if a not in companion.assign.attributes]
    if extra:
        issues.append(
            error(
                codes.COMPANION_SCORES,
                f"{companion.name}'s {', '.join(a.upper() for a in extra)} is fixed.",
                (*PATH, "scores"),
                "Remove the scores the companion does not assign.",
            )
        )
    issues += hp_roll_issues(
        asset.hp_rolls,
        companion.hp.increase.dice,
        ctx.character.level,
        (*PATH, "hp_rolls"),
        f"{companion.name} ",
    )
    return issues


def _limited_ok(limited: Limited | None, size: str, vehicle_type: str) -> bool:
    if limited is None:
        return True
    if limited.sizes and size not in limited.sizes:
        return False
    return not limited.vehicle_types or vehicle_type in limited.vehicle_types


def _vehicle(ctx: RuleContext) -> list[Issue]:
    """ "A character cannot upgrade a Vehicle to any Level higher than their own."
    (line 600); Slots from the vehicle's level table; Limited systems (e.g. line 2270)."""
    asset = ctx.character.special_asset
    assert asset is not None
    cats = ctx.catalogs
    vehicle = cats.vehicles[asset.asset]
    issues: list[Issue] = []
    if asset.level > ctx.character.level:
        issues.append(
            error(
                codes.VEHICLE_LEVEL,
                f"The {vehicle.name} is Level {asset.level}, above the character's Level "
                f"{ctx.character.level}.",
                (*PATH, "level"),
                "A Special Vehicle's Level cannot exceed your own.",
            )
        )
    issues += _vehicle_choices(asset, vehicle, cats)
    if "mechsuit_arm_mk1" in vehicle.systems:
        arm = cats.vehicle_systems["mechsuit_arm_mk1"]
        issues += damage_type_issue(
            asset.damage_type, arm.damage_types, arm.name, (*PATH, "damage_type"), cats
        )
    issues += _vehicle_systems(ctx, asset, vehicle)
    return issues


def _vehicle_choices(asset: SpecialAssetChoice, vehicle: VehicleDef, cats: Catalogs) -> list[Issue]:
    """Each of the vehicle's "choose one of" groups chosen, and from its options."""
    issues: list[Issue] = []
    for group in vehicle.choice_groups:
        picked = asset.options.get(group.id)
        names = " or ".join(cats.vehicle_systems[o].name for o in group.options)
        path = (*PATH, "options", group.id)
        if picked is None:
            issues.append(
                todo(
                    codes.ASSET_CHOICE_MISSING,
                    f"{vehicle.name}: choose {names}.",
                    path,
                    f"Choose {names} in the Special Asset tab.",
                    STEP_EQUIPMENT,
                )
            )
        elif picked not in group.options:
            issues.append(
                error(
                    codes.ASSET_CHOICE_INVALID,
                    f"{vehicle.name}: choose {names}.",
                    path,
                    f"Choose one of {names} instead.",
                )
            )
    return issues


def _vehicle_systems(
    ctx: RuleContext, asset: SpecialAssetChoice, vehicle: VehicleDef
) -> list[Issue]:
    """The vehicle's Systems: Limited ones only on what they are limited to, within the
    level table's Slots, none twice."""
    cats = ctx.catalogs
    issues: list[Issue] = []
    for index, ref in enumerate(asset.systems):
        system = cats.vehicle_systems.get(ref)
        if system is not None and not _limited_ok(
            system.limited, vehicle.size, vehicle.vehicle_type
        ):
            text = system.limited.text if system.limited else ""
            issues.append(
                error(
                    codes.VEHICLE_SYSTEM_LIMITED,
                    f"{system.name} is Limited to {text}; the {vehicle.name} is not.",
                    (*PATH, "systems", index),
                    "Remove that System from the vehicle.",
                )
            )
    if ctx.sheet.vehicle_slots_used > ctx.sheet.vehicle_slots_total:
        issues.append(
            error(
                codes.VEHICLE_SLOTS_OVER,
                f"The {vehicle.name}'s Systems use {ctx.sheet.vehicle_slots_used} Slots; at "
                f"Level {asset.level} it has {ctx.sheet.vehicle_slots_total}.",
                (*PATH, "systems"),
                "Remove a vehicle System, or raise the vehicle's Level.",
            )
        )
    seen: set[str] = set()
    for ref in vehicle_system_ids(ctx.character, vehicle):
        if ref in seen:
            issues.append(
                error(
                    codes.VEHICLE_SYSTEM_REPEATED,
                    f"The {vehicle.name} has {cats.vehicle_systems[ref].name} twice."
                    if ref in cats.vehicle_systems
                    else f"The {vehicle.name} has '{ref}' twice.",
                    (*PATH, "systems"),
                    "Remove the second copy.",
                )
            )
        seen.add(ref)
    return issues


def _weapon(ctx: RuleContext) -> list[Issue]:
    """ "If it has multiple Damage Type options, you can choose whichever you like."
    (line 1135); only the Shield offers the Two-handed option (line 1293)."""
    asset = ctx.character.special_asset
    assert asset is not None
    special = ctx.catalogs.special_weapons[asset.asset]
    issues = damage_type_issue(
        asset.damage_type,
        special.weapon.printed_damage_types,
        special.name,
        (*PATH, "damage_type"),
        ctx.catalogs,
    )
    if asset.two_handed and special.two_handed_option is None:
        issues.append(
            error(
                codes.ASSET_CHOICE_INVALID,
                f"The Special {special.name} has no Two-handed option (only the Shield does).",
                (*PATH, "two_handed"),
                "Untick Two-handed.",
            )
        )
    return issues


def hp_roll_issues(
    rolls: list[HpRoll], dice: int, level: int, path: tuple[str | int, ...], whose: str = ""
) -> list[Issue]:
    """One Level Up HP roll per level 2..level, each of the right dice (e.g. line 683)."""
    issues: list[Issue] = []
    seen: set[int] = set()
    for index, roll in enumerate(rolls):
        problems = dice_problems(roll.dice, dice)
        if roll.level > level:
            issues.append(
                error(
                    codes.HP_ROLL_LEVEL,
                    f"{whose}HP dice for Level {roll.level}, above Level {level}.",
                    (*path, index),
                    "Remove that roll, or raise the Level.",
                )
            )
        elif roll.level in seen:
            issues.append(
                error(
                    codes.HP_ROLL_REPEATED,
                    f"{whose}HP dice for Level {roll.level} twice.",
                    (*path, index),
                    "Remove one of the two rolls.",
                )
            )
        elif problems:
            issues.append(
                error(
                    codes.HP_DICE_INVALID,
                    f"{whose}HP dice for Level {roll.level}: {'; '.join(problems)}.",
                    (*path, index, "dice"),
                    "Enter the dice again as rolled.",
                )
            )
        seen.add(roll.level)
    missing = [lvl for lvl in range(2, level + 1) if lvl not in seen]
    if missing:
        issues.append(
            warning(
                codes.HP_ROLL_MISSING,
                f"{whose}HP dice missing for Level {', '.join(map(str, missing))}; the minimum "
                "is counted until they are rolled.",
                path,
                "Roll the HP dice for those Levels and enter them.",
            )
        )
    return issues
