"""The values a Capital sheet shows, each with where it comes from."""

from __future__ import annotations

from sheetapp.core.evaluation import DerivedValue
from sheetapp.systems.capital.attacks import (
    AttackLine,
    character_attacks,
    companion_attacks,
    vehicle_attacks,
)
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs
from sheetapp.systems.capital.model import CapitalCharacter
from sheetapp.systems.capital.sheet import Sheet


def derived_values(character: CapitalCharacter, sheet: Sheet, cats: Catalogs) -> list[DerivedValue]:
    values = [
        DerivedValue(
            "role",
            "Role",
            sheet.role.name if sheet.role else "(none)",
            sheet.role.kind if sheet.role else "Step 1",
            ("character", "role"),
        ),
        DerivedValue("level", "Level", character.level, "1-10 (line 362)", ("character", "level")),
    ]
    for attr in ATTRIBUTES:
        values.append(
            DerivedValue(
                f"score.{attr}",
                cats.attributes[attr].name,
                sheet.score(attr),
                sheet.scores.explanations[attr],
                ("character", "attributes"),
            )
        )
    values += [
        DerivedValue("max_hp", "Max HP", sheet.max_hp.value, sheet.max_hp.explanation),
        DerivedValue(
            "max_energy", "Max Energy", sheet.max_energy.value, sheet.max_energy.explanation
        ),
        DerivedValue("max_bones", "Max Bones", sheet.max_bones.value, sheet.max_bones.explanation),
        DerivedValue(
            "slots",
            "Slots",
            f"{sheet.slots_used} / {sheet.slots_total}",
            sheet.slots_explanation,
            ("character", "systems"),
        ),
        DerivedValue(
            "hands",
            "Hands",
            f"{sheet.hands_used} / {sheet.hands_total}",
            "2 hands" + (" + Limb augmentation" if sheet.hands_total > 2 else ""),
            ("character", "equipment"),
        ),
        DerivedValue(
            "training",
            "Training",
            ", ".join(_training_name(ref, cats) for ref in sheet.training) or "(none)",
            "; ".join(f"{_training_name(r, cats)}: {src}" for r, src in sheet.training.items()),
        ),
        DerivedValue(
            "grit",
            "Grit",
            character.vitals.grit,
            "gained on failed checks, Weaknesses and Flaws (lines 409-416)",
            ("character", "vitals", "grit"),
        ),
        DerivedValue(
            "systems",
            "Systems",
            ", ".join(_system_name(c.system, c.choice, cats) for c in character.systems)
            or "(none)",
            "",
            ("character", "systems"),
        ),
    ]
    values += _attack_values("attack", character_attacks(character, sheet, cats))
    values += _companion(character, sheet, cats)
    values += _vehicle(character, sheet, cats)
    return values


def _training_name(ref: str, cats: Catalogs) -> str:
    entry = cats.training.get(ref)
    return entry.name if entry else ref


def _system_name(ref: str, choice: str | None, cats: Catalogs) -> str:
    system = cats.systems.get(ref)
    name = system.name if system else ref
    return f"{name} ({choice})" if choice else name


def _attack_values(prefix: str, lines: list[AttackLine]) -> list[DerivedValue]:
    return [
        DerivedValue(f"{prefix}.{index}", line.source, line.line, line.roll, line.path)
        for index, line in enumerate(lines)
    ]


def _companion(character: CapitalCharacter, sheet: Sheet, cats: Catalogs) -> list[DerivedValue]:
    companion = sheet.companion
    if companion is None or sheet.companion_hp is None or sheet.companion_bones is None:
        return []
    path = ("character", "special_asset")
    scores = " ".join(f"{a.upper()} {sheet.companion_scores.get(a, 0)}" for a in ATTRIBUTES)
    return [
        DerivedValue(
            "companion",
            "Companion",
            f"{companion.name}, Level {character.level}",
            f"{cats.sizes[companion.size].name} {companion.unit_type}; its Level is yours and it "
            "shares your Energy (line 912)",
            path,
        ),
        DerivedValue("companion.scores", "Companion scores", scores, "", (*path, "scores")),
        DerivedValue(
            "companion.max_hp",
            "Companion Max HP",
            sheet.companion_hp.value,
            sheet.companion_hp.explanation,
            (*path, "hp_rolls"),
        ),
        DerivedValue(
            "companion.max_bones",
            "Companion Max Bones",
            sheet.companion_bones.value,
            sheet.companion_bones.explanation,
            path,
        ),
        *_attack_values("companion.attack", companion_attacks(sheet, cats)),
    ]


def _vehicle(character: CapitalCharacter, sheet: Sheet, cats: Catalogs) -> list[DerivedValue]:
    vehicle = sheet.vehicle
    asset = character.special_asset
    if vehicle is None or asset is None:
        return []
    path = ("character", "special_asset")
    names = [
        cats.vehicle_systems[r].name for r in sheet.vehicle_systems if r in cats.vehicle_systems
    ]
    return [
        DerivedValue(
            "vehicle",
            "Vehicle",
            f"{vehicle.name}, Level {asset.level}",
            f"can be upgraded up to Level {character.level} (your Level, line 609)",
            (*path, "level"),
        ),
        DerivedValue(
            "vehicle.max_hp",
            "Vehicle Max HP",
            sheet.vehicle_hp,
            f"{vehicle.name} level table, Level {asset.level}",
            (*path, "level"),
        ),
        DerivedValue(
            "vehicle.slots",
            "Vehicle Slots",
            f"{sheet.vehicle_slots_used} / {sheet.vehicle_slots_total}",
            f"{vehicle.name} level table, Level {asset.level}",
            (*path, "systems"),
        ),
        DerivedValue(
            "vehicle.energy",
            "Vehicle Energy",
            sheet.vehicle_energy,
            "held by its Capacitors",
            (*path, "systems"),
        ),
        DerivedValue("vehicle.systems", "Vehicle Systems", ", ".join(names), vehicle.defense, path),
        *_attack_values("vehicle.attack", vehicle_attacks(character, sheet, cats)),
    ]
