"""Capital edits as data: each builder returns the changes of one user action.

The editor page never mutates a character: it asks a builder here for a
``list[Change]`` and pushes it through the undo stack, which applies it with
:func:`sheetapp.core.changes.apply_to_document`. The character's lists (Strengths, Weaknesses,
Training, Stories, Systems, equipment) are declared collections
(:mod:`sheetapp.systems.capital.collections`) whose add, remove, move and set edits come
from :mod:`sheetapp.editing.collections`; the builders here are the game's own steps.
A builder returns ``[]`` when the
action would change nothing and raises :class:`EditError` (a message for the user)
when it asks for something the catalogs or the character do not have. Paths are
document-rooted, e.g. ``("character", "systems", 2, "choice")``.

Steps that follow from a choice (the Role's Systems and items, lines 217-227) reuse
:mod:`sheetapp.systems.capital.creation` on a copy and are expressed as the diff, so
the guided flow and the editor cannot drift apart. Levelling up is the advancement
framework's job (``levels.level_up``), not an edit here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal, get_args

from sheetapp.core.changes import Change, apply_changes, diff
from sheetapp.core.issues import DataPath
from sheetapp.editing import builders
from sheetapp.editing.builders import as_json, set_change
from sheetapp.systems.capital import dice as d6
from sheetapp.systems.capital.catalog import ATTRIBUTES, AttributeId, Catalogs, catalogs
from sheetapp.systems.capital.creation import apply_role
from sheetapp.systems.capital.model import (
    CapitalCharacter,
    CapitalDocument,
    SpecialAssetChoice,
)

CHARACTER: DataPath = ("character",)
SYSTEMS: DataPath = ("character", "systems")
EQUIPMENT: DataPath = ("character", "equipment")
ASSET: DataPath = ("character", "special_asset")
ATTRIBUTES_PATH: DataPath = ("character", "attributes")
ROLE_CHOICES: DataPath = ("character", "role_choices")
ROLE_ITEM_NOTE = "Role"

StoryField = Literal["background", "origin"]
PersonalityField = Literal["ideal", "goal", "flaw"]
TextList = Literal["strengths", "weaknesses", "extra_training", "stories"]
AssetField = Literal[
    "name", "weapon", "damage_type", "attribute", "two_handed", "held", "level", "note"
]
VitalKey = Literal["hp", "energy", "bones", "companion_hp", "vehicle_hp", "vehicle_energy"]
MoneyField = Literal["money_adjustment", "starting_money"]


#: an edit asked for something the catalog or the character does not have
EditError = builders.EditError


# --- helpers ------------------------------------------------------------------------------


def _set_key(
    path: DataPath, mapping: Mapping[Any, Any], key: str, value: Any, label: str
) -> list[Change]:
    """Set one key of a mapping, or remove it when ``value`` is None, as one change of the
    whole mapping. A key-level insert would put an undone removal back at the end of the
    mapping, so undoing would not give back the file byte for byte."""
    before = dict(mapping)
    after = dict(mapping)
    if value is None:
        after.pop(key, None)
    else:
        after[key] = value
    return set_change(path, before, after, label)


def _keep_key_order(changes: list[Change], before: Any) -> list[Change]:
    """Turn key inserts and removals in mappings into one change of each such mapping
    (see :func:`_set_key`); list inserts and removals are kept as they are."""
    touched: list[DataPath] = []
    for change in changes:
        if change.op in ("insert", "remove") and isinstance(change.path[-1], str):
            parent = change.path[:-1]
            if parent not in touched:
                touched.append(parent)
    if not touched:
        return changes
    after = apply_changes(before, changes)
    kept = [c for c in changes if not any(c.path[: len(p)] == p for p in touched)]
    for parent in touched:
        if any(parent[: len(p)] == p and parent != p for p in touched):
            continue  # inside another rebuilt mapping
        kept.append(Change("set", parent, _walk_json(before, parent), _walk_json(after, parent)))
    return kept


def _walk_json(data: Any, path: DataPath) -> Any:
    for part in path:
        data = data[part]
    return copy.deepcopy(data)


def _labelled(changes: list[Change], label: str) -> list[Change]:
    return [replace(change, label=label) for change in changes]


def _rebuild(
    document: CapitalDocument, mutate: Callable[[CapitalCharacter], None], label: str
) -> list[Change]:
    """The changes that ``mutate`` makes to a copy of the character."""
    character = document.character.model_copy(deep=True)
    mutate(character)
    before = document.character.model_dump(mode="json")
    after = character.model_dump(mode="json")
    changes = diff(before, after, CHARACTER)
    return _labelled(_keep_key_order(changes, {"character": before}), label)


def _attribute(attr: str) -> AttributeId:
    if attr not in ATTRIBUTES:
        raise EditError(
            f"'{attr}' is not an attribute ({', '.join(a.upper() for a in ATTRIBUTES)})"
        )
    return attr


def _index(items: Sequence[Any], index: int, what: str) -> None:
    if not 0 <= index < len(items):
        raise EditError(f"There is no {what} number {index + 1}")


# --- Step 1: Role -----------------------------------------------------------------------------


def set_role(
    document: CapitalDocument, role_id: str | None, cats: Catalogs | None = None
) -> list[Change]:
    """Choose the Role (Step 1, line 80): its Systems up to the character's level and its
    fixed starting items (lines 217-219). Changing the Role takes away the old Role's
    Systems, chosen adjustments and the items it gave (those noted "Role")."""
    cats = cats or catalogs()
    if role_id is not None and role_id not in cats.roles:
        raise EditError(f"There is no Role '{role_id}'")
    old = cats.roles.get(document.character.role or "")
    if role_id == document.character.role:
        return []

    def mutate(character: CapitalCharacter) -> None:
        if old is not None:
            granted = {g.system for g in old.systems}
            given = {ref for wanted in old.starting_equipment for ref in wanted.items}
            character.systems = [c for c in character.systems if c.system not in granted]
            character.equipment = [
                e for e in character.equipment if not (e.note == ROLE_ITEM_NOTE and e.item in given)
            ]
            character.role_choices = {}
        if role_id is None:
            character.role = None
        else:
            apply_role(character, role_id, cats)

    name = cats.roles[role_id].name if role_id else "no Role"
    return _rebuild(document, mutate, f"Choose {name}")


def set_role_choice(
    document: CapitalDocument, choice_id: str, attr: str | None, cats: Catalogs | None = None
) -> list[Change]:
    """One of the Role's chosen changes, e.g. "+1 STR or +1 VSN" (Lancer, line 668)."""
    cats = cats or catalogs()
    role = cats.roles.get(document.character.role or "")
    if role is None:
        raise EditError("Choose a Role first")
    chosen = next((c for c in role.adjustments.choices if c.id == choice_id), None)
    if chosen is None:
        raise EditError(f"{role.name} has no choice '{choice_id}'")
    current = dict(document.character.role_choices)
    if attr is None:
        return _set_key(ROLE_CHOICES, current, choice_id, None, "Clear a Role change")
    value = _attribute(attr)
    if value not in chosen.options:
        options = " or ".join(o.upper() for o in chosen.options)
        raise EditError(f"{role.name} gives {chosen.delta:+d} to {options}, not {value.upper()}")
    label = f"{role.name}: {chosen.delta:+d} {value.upper()}"
    return _set_key(ROLE_CHOICES, current, choice_id, value, label)


# --- Steps 2-4: stories, personality, strengths, weaknesses, training -------------------------


def set_story(document: CapitalDocument, key: StoryField, text: str) -> list[Change]:
    """Background and Origin (Step 2, lines 84-88)."""
    if key not in get_args(StoryField):
        raise EditError(f"Unknown story field '{key}'")
    before = getattr(document.character.stories, key)
    return set_change(("character", "stories", key), before, text, f"Edit {key}")


def set_personality(document: CapitalDocument, key: PersonalityField, text: str) -> list[Change]:
    """Ideal, Goal and Flaw (Step 3, line 94)."""
    if key not in get_args(PersonalityField):
        raise EditError(f"Unknown personality field '{key}'")
    before = getattr(document.character.personality, key)
    return set_change(("character", "personality", key), before, text, f"Edit {key}")


# --- Step 5: attribute dice ----------------------------------------------------------------------


def _new_dice(
    document: CapitalDocument,
    dice: list[int],
    method: Literal["rolled", "entered"],
    rerolls: int,
    label: str,
) -> list[Change]:
    def mutate(character: CapitalCharacter) -> None:
        rolls = character.attributes
        rolls.dice = list(dice)
        rolls.method = method
        rolls.rerolls = rerolls
        rolls.discarded = []
        rolls.assignment = {}

    return _rebuild(document, mutate, label)


def enter_attribute_dice(document: CapitalDocument, dice: Sequence[int]) -> list[Change]:
    """ "Enter my dice": the player's own 10d6 (line 196). Dice that break the reroll
    rule are refused with the reason; the discards and assignment start over."""
    problems = d6.attribute_dice_problems(dice)
    if problems:
        raise EditError("These dice cannot be used: " + "; ".join(problems) + ".")
    return _new_dice(document, list(dice), "entered", 0, "Enter attribute dice")


def roll_attribute_dice(document: CapitalDocument, rng: random.Random) -> list[Change]:
    """ "Roll for me": 10d6, rerolled while line 196 says so (the rerolls are kept)."""
    rolled = d6.roll_attribute_dice(rng)
    return _new_dice(document, rolled.dice, "rolled", rolled.rerolls, "Roll attribute dice")


def parse_dice(text: str) -> list[int]:
    """Dice typed as ``6 5 5 4 4 3 3 2 1 1`` (spaces or commas) or ``6554433211``."""
    cleaned = text.replace(",", " ").split()
    if len(cleaned) == 1 and cleaned[0].isdigit() and len(cleaned[0]) > 1:
        cleaned = list(cleaned[0])
    found = []
    for part in cleaned:
        if not part.isdigit():
            raise EditError(f"'{part}' is not a die result")
        found.append(int(part))
    return found


def toggle_discard(document: CapitalDocument, index: int) -> list[Change]:
    """Discard a die, or keep it again ("Get rid of any 2 results of your choice", line
    197). A discarded die loses its attribute; a third discard is refused."""
    rolls = document.character.attributes
    _index(rolls.dice, index, "die")
    if index in rolls.discarded:

        def keep(character: CapitalCharacter) -> None:
            character.attributes.discarded.remove(index)

        return _rebuild(document, keep, f"Keep die #{index + 1}")
    if len(rolls.discarded) >= d6.attribute_dice().discarded:
        raise EditError("Two dice are already discarded: keep one of them first")

    def discard(character: CapitalCharacter) -> None:
        character.attributes.discarded = sorted([*character.attributes.discarded, index])
        character.attributes.assignment = {
            a: i for a, i in character.attributes.assignment.items() if i != index
        }

    return _rebuild(document, discard, f"Discard die #{index + 1}")


def kept_dice(document: CapitalDocument) -> list[int]:
    """Indexes of the dice that are not discarded."""
    rolls = document.character.attributes
    return d6.kept_indexes(rolls.dice, rolls.discarded)


def assign_die(document: CapitalDocument, attr: str, index: int | None) -> list[Change]:
    """Give a kept die to an attribute (line 198: "in any order you like"). When another
    attribute has that die, the two swap, so an assignment is never lost silently."""
    name = _attribute(attr)
    rolls = document.character.attributes
    if index is not None:
        _index(rolls.dice, index, "die")
        if index in rolls.discarded:
            raise EditError(f"Die #{index + 1} is discarded; keep it first")
    if rolls.assignment.get(name) == index:
        return []

    def mutate(character: CapitalCharacter) -> None:
        assignment = character.attributes.assignment
        holder = next((a for a, i in assignment.items() if i == index and a != name), None)
        character.attributes.assignment = _swapped(assignment, name, index, holder)

    return _rebuild(document, mutate, f"Assign a die to {name.upper()}")


def _swapped(
    values: dict[AttributeId, int], name: AttributeId, value: int | None, holder: AttributeId | None
) -> dict[AttributeId, int]:
    """``name`` given ``value`` (None: taken away); ``holder``, which had it, takes
    ``name``'s old value in exchange (or loses it). In the attributes' order."""
    previous = values.get(name)
    if value is None:
        values.pop(name, None)
    else:
        values[name] = value
    if holder is not None:
        if previous is None:
            values.pop(holder, None)
        else:
            values[holder] = previous
    return {a: values[a] for a in ATTRIBUTES if a in values}


def set_base_score(document: CapitalDocument, attr: str, value: int | None) -> list[Change]:
    """A score set by the GM (campaign ``attribute_method`` = ``gm_assigned``)."""
    name = _attribute(attr)
    if value is not None and not 0 <= value <= 10:
        raise EditError("A score runs from 0 to 10 (line 192)")
    base = document.character.attributes.base
    return _set_key((*ATTRIBUTES_PATH, "base"), base, name, value, f"Set {name.upper()}")


# --- Step 7: the Special Asset ---------------------------------------------------------


def choose_special_asset(
    document: CapitalDocument, asset_id: str | None, cats: Catalogs | None = None
) -> list[Change]:
    """ "One Special Asset of your choice." (line 223). Choosing another one starts its
    sub-choices over; the name given to it is kept."""
    cats = cats or catalogs()
    current = document.character.special_asset
    if asset_id is None:
        if current is None:
            return []
        return [Change("set", ASSET, as_json(current), None, label="Remove the Special Asset")]
    kind = cats.asset_kind_of(asset_id)
    if kind is None:
        raise EditError(f"There is no Special Asset '{asset_id}'")
    if current is not None and current.asset == asset_id:
        return []
    chosen = SpecialAssetChoice(asset=asset_id, name=current.name if current else "")
    special = cats.special_weapons.get(asset_id)
    if special is not None and len(special.weapon.damage_types) == 1:
        chosen.damage_type = special.weapon.damage_types[0]
    name = asset_name(asset_id, cats)
    return [Change("set", ASSET, as_json(current), as_json(chosen), label=f"Choose {name}")]


def asset_name(asset_id: str, cats: Catalogs | None = None) -> str:
    cats = cats or catalogs()
    for table in (cats.augmentations, cats.companions, cats.vehicles, cats.special_weapons):
        entry = table.get(asset_id)
        if entry is not None:
            return entry.name
    return asset_id


def _asset(document: CapitalDocument) -> SpecialAssetChoice:
    asset = document.character.special_asset
    if asset is None:
        raise EditError("Choose a Special Asset first")
    return asset


def set_asset_field(
    document: CapitalDocument, field: AssetField, value: Any, cats: Catalogs | None = None
) -> list[Change]:
    """A sub-choice of the Special Asset: the augmented weapon or attribute, the damage
    type, the Shield's two-handed option, the vehicle's level, its own name."""
    cats = cats or catalogs()
    asset = _asset(document)
    if field not in get_args(AssetField):
        raise EditError(f"A Special Asset has no field '{field}'")
    if field == "weapon" and value is not None and value not in cats.equipment:
        raise EditError(f"There is no item '{value}'")
    if field == "attribute" and value is not None:
        _attribute(value)
    if field == "damage_type" and value is not None and value not in cats.damage_types:
        raise EditError(f"'{value}' is not a damage type")
    changes = set_change(
        (*ASSET, field), getattr(asset, field), value, f"Set {field.replace('_', ' ')}"
    )
    if field == "weapon" and changes and asset.damage_type is not None:
        changes += set_change((*ASSET, "damage_type"), asset.damage_type, None, changes[0].label)
    return changes


def set_companion_score(
    document: CapitalDocument, attr: str, value: int | None, cats: Catalogs | None = None
) -> list[Change]:
    """ "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (line 916). When
    another attribute has the value, the two swap."""
    cats = cats or catalogs()
    asset = _asset(document)
    companion = cats.companions.get(asset.asset)
    if companion is None:
        raise EditError("The Special Asset is not a companion")
    name = _attribute(attr)
    if name not in companion.assign.attributes:
        raise EditError(f"{companion.name}'s {name.upper()} is fixed")
    if value is not None and value not in companion.assign.values:
        values = ", ".join(str(v) for v in companion.assign.values)
        raise EditError(f"{companion.name}'s scores are {values}")
    if asset.scores.get(name) == value:
        return []

    def mutate(character: CapitalCharacter) -> None:
        assert character.special_asset is not None
        scores = character.special_asset.scores
        others = [a for a, v in scores.items() if v == value and a != name]
        free = companion.assign.values.count(value) if value is not None else 0
        holder = others[0] if value is not None and len(others) >= free else None
        character.special_asset.scores = _swapped(scores, name, value, holder)

    return _rebuild(document, mutate, f"{companion.name}: set {name.upper()}")


def set_vehicle_option(
    document: CapitalDocument, group_id: str, system_id: str | None, cats: Catalogs | None = None
) -> list[Change]:
    """A vehicle's either/or System (e.g. the Mechsuit's weapon)."""
    cats = cats or catalogs()
    asset = _asset(document)
    vehicle = cats.vehicles.get(asset.asset)
    if vehicle is None:
        raise EditError("The Special Asset is not a vehicle")
    group = next((g for g in vehicle.choice_groups if g.id == group_id), None)
    if group is None:
        raise EditError(f"The {vehicle.name} has no choice '{group_id}'")
    if system_id is not None and system_id not in group.options:
        raise EditError(f"'{system_id}' is not one of the {vehicle.name}'s options")
    if asset.options.get(group_id) == system_id:
        return []
    label = f"{vehicle.name}: {group.label}"
    return _set_key((*ASSET, "options"), asset.options, group_id, system_id, label)


def add_vehicle_system(
    document: CapitalDocument, system_id: str, cats: Catalogs | None = None
) -> list[Change]:
    cats = cats or catalogs()
    asset = _asset(document)
    if asset.asset not in cats.vehicles:
        raise EditError("The Special Asset is not a vehicle")
    system = cats.vehicle_systems.get(system_id)
    if system is None:
        raise EditError(f"There is no Vehicle System '{system_id}'")
    path = (*ASSET, "systems", len(asset.systems))
    return [Change("insert", path, after=system_id, label=f"Fit {system.name}")]


def remove_vehicle_system(document: CapitalDocument, index: int) -> list[Change]:
    asset = _asset(document)
    _index(asset.systems, index, "Vehicle System")
    path = (*ASSET, "systems", index)
    return [Change("remove", path, before=asset.systems[index], label="Remove Vehicle System")]


# --- play-time vitals and money ------------------------------------------------------------------


def set_vital(document: CapitalDocument, key: VitalKey, value: int | None) -> list[Change]:
    """Current HP, Energy, Bones (None: at the maximum)."""
    if key not in get_args(VitalKey):
        raise EditError(f"Unknown vital '{key}'")
    if value is not None and value < 0:
        raise EditError("A vital cannot go below 0")
    before = getattr(document.character.vitals, key)
    return set_change(("character", "vitals", key), before, value, f"Set current {key}")


def set_grit(document: CapitalDocument, value: int) -> list[Change]:
    """Grit (lines 409-416)."""
    if value < 0:
        raise EditError("Grit cannot go below 0")
    return set_change(
        ("character", "vitals", "grit"), document.character.vitals.grit, value, "Grit"
    )


def toggle_status(
    document: CapitalDocument, status_id: str, cats: Catalogs | None = None
) -> list[Change]:
    cats = cats or catalogs()
    entry = cats.status_effects.get(status_id)
    if entry is None:
        raise EditError(f"There is no status effect '{status_id}'")
    status = document.character.vitals.status
    path = ("character", "vitals", "status")
    if status_id in status:
        index = status.index(status_id)
        return [Change("remove", (*path, index), before=status_id, label=f"End {entry.name}")]
    return [Change("insert", (*path, len(status)), after=status_id, label=f"{entry.name}")]


def set_money(document: CapitalDocument, field: MoneyField, value: int | None) -> list[Change]:
    """``starting_money`` is the 200-400 mC of line 226 (None: not agreed yet);
    ``money_adjustment`` is other money the GM gave or took (the money on hand itself is
    worked out, never set)."""
    if field not in get_args(MoneyField):
        raise EditError(f"Unknown money field '{field}'")
    if field == "money_adjustment" and value is None:
        raise EditError("Other money cannot be blank (0 for none)")
    if field == "starting_money" and value is not None and value < 0:
        raise EditError("Starting money cannot go below 0")
    before = getattr(document.character, field)
    label = "Set starting money" if field == "starting_money" else "Set other money"
    return set_change(("character", field), before, value, label)
