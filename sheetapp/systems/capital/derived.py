"""The values a Capital sheet shows, each with where it comes from."""

from __future__ import annotations

from itertools import compress, count
from operator import is_not

from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.memo import ByValue, Memo
from sheetapp.systems.capital.attacks import (
    AttackLine,
    character_attacks,
    companion_attacks,
    vehicle_attacks,
)
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs
from sheetapp.systems.capital.model import CapitalCharacter
from sheetapp.systems.capital.sheet import BASE_HANDS, Sheet


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
    values += [
        DerivedValue(
            f"score.{attr}",
            cats.attributes[attr].name,
            sheet.score(attr),
            sheet.scores.explanations[attr],
            ("character", "attributes"),
        )
        for attr in ATTRIBUTES
    ]
    values += _vitals(sheet)
    values += _capacity(sheet, cats)
    values += _grit_and_systems(character, cats)
    values += [turn_order(character, sheet), move(character)]
    values += _attack_values("attack", character_attacks(character, sheet, cats))
    values += _companion(character, sheet, cats)
    values += _vehicle(character, sheet, cats)
    return values


def _vitals(sheet: Sheet) -> list[DerivedValue]:
    """Max HP, Energy and Bones (lines 211-215, 394)."""
    return [
        DerivedValue("max_hp", "Max HP", sheet.max_hp.value, sheet.max_hp.explanation),
        DerivedValue(
            "max_energy", "Max Energy", sheet.max_energy.value, sheet.max_energy.explanation
        ),
        DerivedValue("max_bones", "Max Bones", sheet.max_bones.value, sheet.max_bones.explanation),
    ]


def _capacity(sheet: Sheet, cats: Catalogs) -> list[DerivedValue]:
    """Slots and hands used of those there are, and the Training held."""
    return [
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
            f"{BASE_HANDS} hands"
            + (" + Limb augmentation" if sheet.hands_total > BASE_HANDS else ""),
            ("character", "equipment"),
        ),
        DerivedValue(
            "training",
            "Training",
            ", ".join(_training_name(ref, cats) for ref in sheet.training) or "(none)",
            "; ".join(f"{_training_name(r, cats)}: {src}" for r, src in sheet.training.items()),
        ),
    ]


def _grit_and_systems(character: CapitalCharacter, cats: Catalogs) -> list[DerivedValue]:
    return [
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


#: "Move up to 10m." (line 457)
MOVE_METRES = 10
#: "When you take the Move Action, move up to 1d6 additional metres." (Quick, line 2069)
QUICK = "quick"
#: "You can use your CHA instead of your AGI when rolling to determine turn order."
#: (That's an Order I and II, lines 2097, 2254)
CHA_FOR_TURN_ORDER = ("thats_an_order_1", "thats_an_order_2")
#: "When you roll to determine turn order, you have a bonus of AGI - 5 (minimum bonus
#: of 0)." (Urgency, line 2117)
URGENCY = "urgency"


def _has_system(character: CapitalCharacter, ids: tuple[str, ...]) -> bool:
    return any(choice.system in ids for choice in character.systems)


def turn_order(character: CapitalCharacter, sheet: Sheet) -> DerivedValue:
    """ "To decide the turn order, all combatants roll an AGI check against each other
    (2d6 + AGI)" (line 441); That's an Order lets CHA stand in for AGI (lines 2097,
    2254: the better one is printed); Urgency adds AGI - 5, at least 0 (line 2117)."""
    agility = sheet.score("agi")
    score = agility
    how = f"2d6 + AGI {agility}"
    if _has_system(character, CHA_FOR_TURN_ORDER) and sheet.score("cha") > agility:
        score = sheet.score("cha")
        how = f"2d6 + CHA {score} (That's an Order: CHA instead of AGI {agility})"
    if _has_system(character, (URGENCY,)):
        bonus = max(agility - 5, 0)
        score += bonus
        how += f" + Urgency {bonus} (AGI - 5, at least 0)"
    how += "; highest first, ties roll again; a double six rolls again for an extra turn"
    return DerivedValue(
        "turn_order", "Turn order", f"2d6 + {score}", how, ("character", "attributes")
    )


def move(character: CapitalCharacter) -> DerivedValue:
    """The Move Action: "Move up to 10m." (line 457); Quick: "move up to 1d6 additional
    metres" (line 2069). Two Actions a turn (line 453)."""
    quick = _has_system(character, (QUICK,))
    value = f"{MOVE_METRES} m" + (" + 1d6" if quick else "")
    how = "up to 10 m per Move Action, two Actions a turn"
    if quick:
        how += "; Quick: up to 1d6 more metres"
    path: tuple[str, ...] = ("character", "systems") if quick else ()
    return DerivedValue("move", "Move", value, how, path)


def _training_name(ref: str, cats: Catalogs) -> str:
    entry = cats.training.get(ref)
    return entry.name if entry else ref


def _system_name(ref: str, choice: str | None, cats: Catalogs) -> str:
    system = cats.systems.get(ref)
    name = system.name if system else ref
    return f"{name} ({choice})" if choice else name


#: the last attack values made for each prefix, with the lines they were made from: an
#: edit leaves most attack lines the same objects (kept per item), and making 500 values
#: again was a quarter of a 1,000-item re-evaluation
_LAST_ATTACKS: Memo[ByValue[tuple[list[AttackLine], list[DerivedValue]]]] = Memo(
    "capital:last_attacks",
    "the sheet's attack lines, by prefix",
    "the attack values last made, with their lines: only changed lines are made again",
    ByValue,
)


def _attack_values(prefix: str, lines: list[AttackLine]) -> list[DerivedValue]:
    kept = _LAST_ATTACKS.current()
    last = kept.get(prefix)
    if last is not None and len(last[0]) == len(lines):
        values = list(last[1])
        for index in compress(count(), map(is_not, lines, last[0])):
            values[index] = _attack_value(prefix, index, lines[index])
    else:
        values = [_attack_value(prefix, index, line) for index, line in enumerate(lines)]
    kept.put(prefix, (list(lines), values))
    return list(values)


def _attack_value(prefix: str, index: int, line: AttackLine) -> DerivedValue:
    return DerivedValue(f"{prefix}.{index}", line.source, line.line, line.roll, line.path)


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
