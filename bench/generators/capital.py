"""Large Capital alpha2 characters, built from the catalogs by a seeded search.

The Capital counterpart of the 300-ability Gladiators character: a Level 10 character
(the last row of the level table) with every System of ``resources/capital/systems.json``
and a long equipment list. Everything is drawn from the catalogs and kept only when the
system's own ``evaluate()`` finds no new error and no new warning with it, so the
fixtures follow the rules as written today without this module repeating any of them:

- a Role, its chosen attribute changes, 10d6 rolled for the attributes (two lowest
  discarded, the kept dice assigned in a seeded order), 3 Strengths and 2 Weaknesses
  (line 215), stories and the Ideal/Goal/Flaw suggestions of ``basics.json``, a Special
  Vehicle with its choice groups taken, and the starting equipment of Step 7;
- nine Level Ups through ``levels.level_up`` (seeded HP dice; the Role's Systems of each
  level), then the Special Vehicle raised to the character's level with Vehicle Systems
  fitted while its Slots last;
- the Systems: each catalog System, in a seeded order, at the lowest level where the
  Slots of that level (line 281) and its requirements allow it; the ones the Slots
  cannot pay for (the level table gives 12 at Level 10, the catalog's Systems cost
  far more) are given by the GM (``gm_granted``, the model's exemption from the
  selection rules and Slots), repeatable ones once per damage type or attribute; a
  System that another replaces is left out (the rules want it removed);
- the equipment: ``equipment`` entries cycled, in a seeded order, over every catalog
  item with each of its options and damage types (quantities 1-3, none held beyond
  the starting hands).

No rule is broken on purpose: the Capital fixtures have no expected errors.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from sheetapp.core.issues import Severity
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs, EquipmentDef, catalogs
from sheetapp.systems.capital.creation import apply_role
from sheetapp.systems.capital.dice import kept_indexes, lowest_discards, roll_attribute_dice
from sheetapp.systems.capital.levels import level_up
from sheetapp.systems.capital.model import (
    MAX_LEVEL,
    CapitalDocument,
    EquipmentChoice,
    SpecialAssetChoice,
    SystemChoice,
)
from sheetapp.systems.capital.system import SYSTEM

STRENGTHS = 3
WEAKNESSES = 2
MAX_QUANTITY = 3


class GenerationError(RuntimeError):
    """The catalogs admit no valid character of the requested kind."""


@dataclass(frozen=True, slots=True)
class CapitalSize:
    equipment: int
    level: int = MAX_LEVEL


def _problems(document: CapitalDocument) -> frozenset[tuple[str, tuple[object, ...]]]:
    """Errors and warnings (code and path) of the document."""
    return frozenset(
        (issue.code, issue.path)
        for issue in SYSTEM.evaluate(document).issues
        if issue.severity in (Severity.ERROR, Severity.WARNING)
    )


def _codes(document: CapitalDocument) -> set[str]:
    return {code for code, _path in _problems(document)}


def generate(size: CapitalSize, seed: int, name: str) -> CapitalDocument:
    """A character of ``size``; the same ``seed`` gives the same character, byte for byte."""
    rng = random.Random(seed + 2)
    base = _levelled(size.level, seed)
    document = base.model_copy(deep=True)
    document.meta.name = name
    pool = equipment_pool(seed)
    order = list(range(len(pool)))
    rng.shuffle(order)
    extra = [
        pool[order[index % len(pool)]].model_copy(update={"quantity": rng.randint(1, MAX_QUANTITY)})
        for index in range(max(0, size.equipment - len(document.character.equipment)))
    ]
    document.character.equipment.extend(extra)
    found = _codes(document)
    if found:
        raise GenerationError(f"the generated character breaks rules: {sorted(found)}")
    return document


@cache
def _levelled(level: int, seed: int) -> CapitalDocument:
    """The character without its long equipment list (cached per seed: the search for
    Systems evaluates the character once per candidate)."""
    rng = random.Random(seed)
    cats = catalogs()
    document = _created(rng, cats)
    for _ in range(level - 1):
        document = level_up(document, rng=rng).document
    _raise_vehicle(document, cats)
    _add_systems(document, rng, cats)
    if _codes(document):
        raise GenerationError(f"no valid Level {level} character: {sorted(_codes(document))}")
    return document


def _created(rng: random.Random, cats: Catalogs) -> CapitalDocument:
    """A finished Level 1 character (Steps 1-7) with no warnings."""
    document = SYSTEM.new_document("")
    character = document.character
    role = cats.roles[rng.choice(sorted(cats.roles))]
    apply_role(character, role.id, cats)
    for choice in role.adjustments.choices:
        character.role_choices[choice.id] = rng.choice(choice.options)
    roll = roll_attribute_dice(rng)
    attributes = character.attributes
    attributes.dice, attributes.method, attributes.rerolls = list(roll.dice), "rolled", roll.rerolls
    attributes.discarded = lowest_discards(roll.dice)
    kept = kept_indexes(roll.dice, attributes.discarded)
    rng.shuffle(kept)
    attributes.assignment = dict(zip(ATTRIBUTES, kept, strict=True))
    basics = cats.basics
    character.strengths = rng.sample(list(basics.strength_ideas), STRENGTHS)
    character.weaknesses = [f"Weakness {number}" for number in range(1, WEAKNESSES + 1)]
    character.stories.background = "Generated for the benchmark."
    character.stories.origin = "The seeded random source."
    personality = character.personality
    personality.ideal = rng.choice(basics.ideals).name
    personality.goal = rng.choice(basics.goals).name
    personality.flaw = rng.choice(basics.flaws).name
    starting = basics.starting
    character.starting_money = rng.randint(starting.money_min, starting.money_max)
    vehicle = cats.vehicles[rng.choice(sorted(cats.vehicles))]
    character.special_asset = SpecialAssetChoice(
        asset=vehicle.id,
        name=f"The {vehicle.name}",
        options={group.id: rng.choice(group.options) for group in vehicle.choice_groups},
    )
    _add_starting_items(document, rng, cats)
    if _codes(document):
        raise GenerationError(f"no valid Level 1 character: {sorted(_codes(document))}")
    return document


def _add_starting_items(document: CapitalDocument, rng: random.Random, cats: Catalogs) -> None:
    """The Role's starting items that ``apply_role`` leaves to the player (a choice of
    weapon): the first catalog item, in a seeded order, that satisfies the entry."""
    role = cats.roles[document.character.role or ""]
    items = sorted(cats.equipment)
    rng.shuffle(items)
    for wanted in role.starting_equipment:
        before = _problems(document)
        if not any(code == "capital.starting_equipment_missing" for code, _ in before):
            return
        for item in [*wanted.items, *items]:
            for choice in _variants(cats.equipment[item], cats):
                document.character.equipment.append(choice.model_copy(update={"note": "Role"}))
                if len(_problems(document)) < len(before):
                    break
                document.character.equipment.pop()
            else:
                continue
            break


def _raise_vehicle(document: CapitalDocument, cats: Catalogs) -> None:
    """The Special Vehicle at the character's level, then every Vehicle System that fits
    its Slots (catalog order), each kept only when it brings no error or warning."""
    asset = document.character.special_asset
    if asset is None:
        return
    for level in range(document.character.level, 1, -1):
        before = _problems(document)
        asset.level = level
        if _problems(document) <= before:
            break
        asset.level = 1
    present = set(cats.vehicles[asset.asset].systems) | set(asset.options.values())
    for ref in sorted(cats.vehicle_systems):
        if ref in present:
            continue
        before = _problems(document)
        asset.systems.append(ref)
        if not _problems(document) <= before:
            asset.systems.pop()


def _add_systems(document: CapitalDocument, rng: random.Random, cats: Catalogs) -> None:
    character = document.character
    ids = sorted(cats.systems)
    rng.shuffle(ids)
    # A System that replaces another first (Focus II before Focus I): the replaced one
    # is then left out, as the rules want, rather than the better one.
    ids.sort(key=lambda system_id: cats.systems[system_id].replaces is None)
    for system_id in ids:
        if any(choice.system == system_id for choice in character.systems):
            continue
        if not _try_slot(document, system_id, cats):
            _grant(document, system_id, cats)


def _choices(system_id: str, cats: Catalogs) -> list[str | None]:
    kind = cats.systems[system_id].repeat_choice
    if kind == "damage_type":
        return [entry.id for entry in cats.basics.damage_types]
    if kind == "attribute":
        return list(ATTRIBUTES)
    return [None]


def _try_slot(document: CapitalDocument, system_id: str, cats: Catalogs) -> bool:
    """Take the System with a Slot at the lowest level that allows it."""
    systems = document.character.systems
    choice = _choices(system_id, cats)[0]
    before = _problems(document)
    for level in range(1, document.character.level + 1):
        systems.append(SystemChoice(system=system_id, level=level, choice=choice))
        if _problems(document) <= before:
            return True
        systems.pop()
    return False


def _grant(document: CapitalDocument, system_id: str, cats: Catalogs) -> None:
    """Given by the GM: once, or once per choice for a repeatable System."""
    systems = document.character.systems
    repeatable = cats.systems[system_id].repeatable
    for choice in _choices(system_id, cats) if repeatable else _choices(system_id, cats)[:1]:
        before = _problems(document)
        systems.append(SystemChoice(system=system_id, level=1, choice=choice, gm_granted=True))
        if not _problems(document) <= before:
            systems.pop()


def _variants(item: EquipmentDef, cats: Catalogs) -> list[EquipmentChoice]:
    """The item with each option and each damage type it can have."""
    options: list[str | None] = list(item.options) or [None]
    kinds: list[str | None] = [None]
    if item.weapon is not None and item.weapon.damage_types:
        kinds = list(item.weapon.damage_types)
    elif item.weapon is not None and any(a.damage_type == "*" for a in item.weapon.attacks):
        kinds = [entry.id for entry in cats.basics.damage_types]
    return [
        EquipmentChoice(item=item.id, option=option, damage_type=kind)
        for option in options
        for kind in kinds
    ]


@cache
def equipment_pool(seed: int) -> tuple[EquipmentChoice, ...]:
    """Every catalog item variant that the Level 10 character may carry (not held)
    without an error or a warning."""
    base = _levelled(MAX_LEVEL, seed)
    cats = catalogs()
    before = _problems(base)
    pool = []
    for item_id in sorted(cats.equipment):
        for variant in _variants(cats.equipment[item_id], cats):
            trial = base.model_copy(deep=True)
            trial.character.equipment.append(variant)
            if _problems(trial) <= before:
                pool.append(variant)
    if not pool:
        raise GenerationError("no catalog item can be carried without a rule problem")
    return tuple(pool)
