"""Glorious Gladiators edits as data: each builder returns the changes of one user action.

The window (and any other editor) never mutates a character: it asks a builder here
for a ``list[Change]`` and applies it with :func:`sheetapp.core.changes.apply_to_document`,
so undo is :func:`sheetapp.core.changes.invert_all` and every edit is testable without Qt.
The lists' add, remove, move and set edits are the generic ones of the declared
collections (:mod:`sheetapp.systems.gladiators.collections`); the builders here make the
game's own items (an ability with its default Type and options, a modifier with its first
variant). A builder returns ``[]`` when the action would change nothing. Paths are document-rooted,
e.g. ``("character", "abilities", 3, "level")``.
"""

from __future__ import annotations

import re
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.editing import builders
from sheetapp.editing.builders import as_json, set_change
from sheetapp.systems.gladiators.catalog import (
    AbilityDef,
    ByLevelCost,
    Catalogs,
    ModifierDef,
    PerUnitCost,
    VariantCost,
    catalogs,
)
from sheetapp.systems.gladiators.collections import ABILITIES as ABILITY_LIST
from sheetapp.systems.gladiators.collections import modifiers_of
from sheetapp.systems.gladiators.model import (
    MAX_UNITS,
    AbilityChoice,
    CustomAbility,
    CustomModifier,
    GladiatorsDocument,
    ModifierChoice,
)

ABILITIES: DataPath = ("character", "abilities")
CUSTOM_ABILITIES: DataPath = ("character", "custom_abilities")
CUSTOM_MODIFIERS: DataPath = ("character", "custom_modifiers")
DEFAULT_SOURCE = "conventional"
ABILITY_FIELDS = ("label", "level", "source", "large_item", "note", "cost_override", "subtype")
MODIFIER_FIELDS = ("units", "note", "shape")


#: an edit asked for something the catalog or the character does not have
EditError = builders.EditError


def _ability(document: GladiatorsDocument, index: int) -> AbilityChoice:
    abilities = document.character.abilities
    if not 0 <= index < len(abilities):
        raise EditError(f"There is no ability number {index + 1}")
    return abilities[index]


def _modifier(document: GladiatorsDocument, index: int, m_index: int) -> ModifierChoice:
    modifiers = _ability(document, index).modifiers
    if not 0 <= m_index < len(modifiers):
        raise EditError(f"The ability has no modifier number {m_index + 1}")
    return modifiers[m_index]


def ability_name(document: GladiatorsDocument, index: int, cats: Catalogs | None = None) -> str:
    """The name a user knows an ability by (its label, else the catalog's name)."""
    choice = _ability(document, index)
    if choice.label:
        return choice.label
    definition = (cats or catalogs()).abilities.get(choice.ability)
    if definition:
        return definition.name
    custom = next((c for c in document.character.custom_abilities if c.id == choice.ability), None)
    return custom.name if custom else choice.ability


# --- abilities -----------------------------------------------------------------------


def default_types(definition: AbilityDef, cats: Catalogs) -> list[str]:
    """The Type a new ability starts with: the fixed one, else the first priced option's
    Type (Damaging Attack: Solid), else the first allowed one; none when it has no Type."""
    handling = definition.types
    if handling.handling == "fixed":
        return [name.lower() for name in handling.fixed]
    if handling.handling == "none":
        return []
    for group in definition.cost_options:
        if group.kind == "choice" and group.options[0].type:
            return [group.options[0].type.lower()]
    if handling.allowed:
        return [handling.allowed[0].lower()]
    return ["solid"] if "solid" in cats.types else [next(iter(cats.types))]


def new_ability(ability_id: str, cats: Catalogs | None = None) -> AbilityChoice:
    """A catalog ability with sensible defaults: Level 1, the default Type, the first
    option of each choice group, Conventional source."""
    cats = cats or catalogs()
    definition = cats.abilities.get(ability_id)
    if definition is None:
        raise EditError(f"The catalog has no ability '{ability_id}'")
    options = {
        group.id: group.options[0].id for group in definition.cost_options if group.kind == "choice"
    }
    return AbilityChoice(
        ability=ability_id,
        level=1,
        types=default_types(definition, cats),
        source=DEFAULT_SOURCE,
        options=options,
    )


def insert_ability(
    document: GladiatorsDocument, choice: AbilityChoice, index: int | None = None
) -> list[Change]:
    return ABILITY_LIST.insert(document, choice, index, _choice_name(choice))


def _choice_name(choice: AbilityChoice) -> str:
    definition = catalogs().abilities.get(choice.ability)
    return choice.label or (definition.name if definition else "ability")


def add_ability(
    document: GladiatorsDocument,
    ability_id: str,
    index: int | None = None,
    cats: Catalogs | None = None,
) -> list[Change]:
    """Add a catalog ability (at the end unless ``index`` is given)."""
    return insert_ability(document, new_ability(ability_id, cats), index)


def set_ability_field(
    document: GladiatorsDocument, index: int, field: str, value: Any
) -> list[Change]:
    """Set one plain field of an ability: label, level, source, large_item, note,
    cost_override."""
    if field not in ABILITY_FIELDS:
        raise EditError(f"An ability has no editable field '{field}'")
    choice = _ability(document, index)
    if field == "source" and value not in catalogs().sources:
        raise EditError(f"Unknown source '{value}'")
    label = f"Set {ability_name(document, index)} › {field.replace('_', ' ').capitalize()}"
    return set_change((*ABILITIES, index, field), getattr(choice, field), value, label)


def set_level(document: GladiatorsDocument, index: int, level: int) -> list[Change]:
    return set_ability_field(document, index, "level", level)


def set_label(document: GladiatorsDocument, index: int, label: str) -> list[Change]:
    return set_ability_field(document, index, "label", label)


def set_source(document: GladiatorsDocument, index: int, source: str) -> list[Change]:
    return set_ability_field(document, index, "source", source)


def set_large_item(document: GladiatorsDocument, index: int, large: bool) -> list[Change]:
    return set_ability_field(document, index, "large_item", large)


def set_cost_override(document: GladiatorsDocument, index: int, cost: int | None) -> list[Change]:
    return set_ability_field(document, index, "cost_override", cost)


def _option_with_type(definition: AbilityDef, type_id: str) -> tuple[str, str] | None:
    """(group, option) of a choice option that *is* the Type (Damaging Attack: Energy)."""
    for group in definition.cost_options:
        if group.kind != "choice":
            continue
        for option in group.options:
            if option.type and option.type.lower() == type_id:
                return group.id, option.id
    return None


def _set_option_changes(
    document: GladiatorsDocument, index: int, group_id: str, option_id: str
) -> list[Change]:
    current = _ability(document, index).options
    path = (*ABILITIES, index, "options", group_id)
    if group_id in current:
        return set_change(path, current[group_id], option_id, "Set option")
    return [Change("insert", path, after=option_id, label="Set option")]


def set_type(document: GladiatorsDocument, index: int, type_id: str) -> list[Change]:
    """Choose the ability's Type; where a priced option is that Type it follows."""
    cats = catalogs()
    if type_id not in cats.types:
        raise EditError(f"Unknown Type '{type_id}'")
    choice = _ability(document, index)
    changes = set_change((*ABILITIES, index, "types"), choice.types, [type_id], "Set Type")
    definition = cats.abilities.get(choice.ability)
    match = _option_with_type(definition, type_id) if definition else None
    if match:
        changes += _set_option_changes(document, index, *match)
    return changes


def set_option(
    document: GladiatorsDocument, index: int, group_id: str, option_id: str
) -> list[Change]:
    """Choose the option of a choice group (Movement class, Wall hits...)."""
    choice = _ability(document, index)
    definition = catalogs().abilities.get(choice.ability)
    if definition is None:
        raise EditError("A custom ability has no catalog options")
    group = next((g for g in definition.cost_options if g.id == group_id), None)
    if group is None or group.kind != "choice":
        raise EditError(f"{definition.name} has no choice '{group_id}'")
    option = next((o for o in group.options if o.id == option_id), None)
    if option is None:
        raise EditError(f"{definition.name} has no option '{option_id}' in '{group_id}'")
    changes = _set_option_changes(document, index, group_id, option_id)
    if option.type:
        changes += set_change(
            (*ABILITIES, index, "types"), choice.types, [option.type.lower()], "Type"
        )
    return changes


def set_addon(document: GladiatorsDocument, index: int, addon_id: str, count: int) -> list[Change]:
    """Buy an add-on option ``count`` times (0 removes it). A count past the rulebook's
    most goes in, and the rules say so (no silent clamp); the file's own limit holds."""
    choice = _ability(document, index)
    definition = catalogs().abilities.get(choice.ability)
    option = None
    if definition:
        option = next(
            (
                o
                for g in definition.cost_options
                if g.kind == "addon"
                for o in g.options
                if o.id == addon_id
            ),
            None,
        )
    if option is None:
        raise EditError(f"Unknown add-on '{addon_id}'")
    if not 0 <= count <= MAX_UNITS:
        raise EditError(f"{option.label}: between 0 and {MAX_UNITS}")
    return _set_counter((*ABILITIES, index, "addons"), choice.addons, addon_id, count, "add-on")


def _set_counter(
    path: DataPath, current: dict[str, int], key: str, count: int, what: str
) -> list[Change]:
    if key in current:
        if count == 0:
            return [Change("remove", (*path, key), before=current[key], label=f"Remove {what}")]
        return set_change((*path, key), current[key], count, f"Set {what}")
    if count == 0:
        return []
    return [Change("insert", (*path, key), after=count, label=f"Add {what}")]


def set_kinds(document: GladiatorsDocument, index: int, kinds: list[str]) -> list[Change]:
    """What the ability covers, e.g. the detection kinds of Detection."""
    choice = _ability(document, index)
    unknown = [k for k in kinds if k not in catalogs().detection_kinds]
    if unknown:
        raise EditError(f"Unknown kind '{unknown[0]}'")
    return set_change((*ABILITIES, index, "kinds"), choice.kinds, list(kinds), "Set kinds")


# --- modifiers -------------------------------------------------------------------------


def modifier_has_units(definition: ModifierDef | None) -> bool:
    """Whether the number of units changes the price (Seeking's points of Homing...)."""
    if definition is None:
        return True  # a custom modifier costs per unit
    cost = definition.cost
    if isinstance(cost, PerUnitCost):
        return True
    if isinstance(cost, ByLevelCost):
        return cost.per_extra is not None
    if isinstance(cost, VariantCost):
        return any(v.per_unit for v in cost.variants)
    return False


def max_units(definition: ModifierDef | None, variant: str | None = None) -> int | None:
    """The largest number of units the catalog allows (None: no stated maximum)."""
    if definition is None:
        return None
    cost = definition.cost
    if isinstance(cost, PerUnitCost):
        return cost.max_units
    if isinstance(cost, ByLevelCost):
        return cost.per_extra.max_units if cost.per_extra else 1
    if isinstance(cost, VariantCost):
        chosen = next((v for v in cost.variants if v.id == variant), None)
        if chosen is not None:
            return chosen.max_units if chosen.per_unit else 1
    return 1


def new_modifier(
    modifier_id: str,
    document: GladiatorsDocument | None = None,
    variant: str | None = None,
    units: int = 1,
    cats: Catalogs | None = None,
) -> ModifierChoice:
    """A modifier with its first variant (and first Area shape) unless told otherwise."""
    cats = cats or catalogs()
    definition = cats.modifiers.get(modifier_id)
    custom = {c.id for c in document.character.custom_modifiers} if document else set()
    if definition is None and modifier_id not in custom:
        raise EditError(f"The catalog has no modifier '{modifier_id}'")
    shape = None
    if definition and isinstance(definition.cost, VariantCost):
        variants = {v.id for v in definition.cost.variants}
        if variant is None:
            variant = definition.cost.variants[0].id
        elif variant not in variants:
            raise EditError(f"{definition.name} has no variant '{variant}'")
        shape = definition.cost.shapes[0] if definition.cost.shapes else None
    elif variant is not None:
        raise EditError(f"The modifier '{modifier_id}' has no variants")
    return ModifierChoice(modifier=modifier_id, variant=variant, units=units, shape=shape)


def _fitting_variant(
    document: GladiatorsDocument, choice: AbilityChoice, modifier: ModifierChoice
) -> ModifierChoice:
    """The modifier with the variant the rulebook gives it on this ability (Quick on a
    Touch ability is "2 if Touch"), where the price is not the player's pick."""
    from sheetapp.systems.gladiators.resolve import resolve_ability
    from sheetapp.systems.gladiators.rules import expected_variant

    trial = choice.model_copy(update={"modifiers": [*choice.modifiers, modifier]})
    resolved = resolve_ability(
        trial,
        catalogs(),
        {c.id: c for c in document.character.custom_abilities},
        {c.id: c for c in document.character.custom_modifiers},
    )
    expected = expected_variant(resolved, resolved.modifiers[-1])
    return modifier if expected is None else modifier.model_copy(update={"variant": expected})


def add_modifier(
    document: GladiatorsDocument,
    index: int,
    modifier_id: str,
    variant: str | None = None,
    *,
    units: int = 1,
    position: int | None = None,
) -> list[Change]:
    choice = _ability(document, index)
    modifier = new_modifier(modifier_id, document, variant, units)
    if variant is None:
        modifier = _fitting_variant(document, choice, modifier)
    definition = catalogs().modifiers.get(modifier_id)
    custom = next((c for c in document.character.custom_modifiers if c.id == modifier_id), None)
    own = definition.name if definition else (custom.name if custom else modifier_id)
    what = f"{ability_name(document, index)} › {own}"
    return modifiers_of(document, index).insert(document, modifier, position, what)


def set_modifier_variant(
    document: GladiatorsDocument, index: int, m_index: int, variant: str
) -> list[Change]:
    modifier = _modifier(document, index, m_index)
    definition = catalogs().modifiers.get(modifier.modifier)
    if definition is None or not isinstance(definition.cost, VariantCost):
        raise EditError("This modifier has no variants")
    if variant not in {v.id for v in definition.cost.variants}:
        raise EditError(f"{definition.name} has no variant '{variant}'")
    path = (*ABILITIES, index, "modifiers", m_index)
    changes = set_change((*path, "variant"), modifier.variant, variant, "Set variant")
    limit = max_units(definition, variant)
    if changes and limit is not None and modifier.units > limit:
        changes += set_change((*path, "units"), modifier.units, limit, "Set units")
    return changes


def set_modifier_units(
    document: GladiatorsDocument, index: int, m_index: int, units: int
) -> list[Change]:
    modifier = _modifier(document, index, m_index)
    definition = catalogs().modifiers.get(modifier.modifier)
    if units != modifier.units and not modifier_has_units(definition):
        name = definition.name if definition else modifier.modifier
        raise EditError(f"{name} is not bought in units")
    # past the rulebook's most the units go in and the rules say so (no silent clamp)
    if not 1 <= units <= MAX_UNITS:
        raise EditError(f"Units: between 1 and {MAX_UNITS}")
    path = (*ABILITIES, index, "modifiers", m_index, "units")
    return set_change(path, modifier.units, units, f"Set {ability_name(document, index)} › Units")


def set_modifier_field(
    document: GladiatorsDocument, index: int, m_index: int, field: str, value: Any
) -> list[Change]:
    if field not in MODIFIER_FIELDS:
        raise EditError(f"A modifier has no editable field '{field}'")
    if field == "units":
        return set_modifier_units(document, index, m_index, int(value))
    modifier = _modifier(document, index, m_index)
    path = (*ABILITIES, index, "modifiers", m_index, field)
    label = f"Set {ability_name(document, index)} › {field.replace('_', ' ').capitalize()}"
    return set_change(path, getattr(modifier, field), value, label)


def set_modifier_addon(
    document: GladiatorsDocument, index: int, m_index: int, addon_id: str, count: int
) -> list[Change]:
    """Buy an extra on top of a modifier's variant, e.g. Area "Fast +2"."""
    modifier = _modifier(document, index, m_index)
    definition = catalogs().modifiers.get(modifier.modifier)
    addons = (
        definition.cost.addons if definition and isinstance(definition.cost, VariantCost) else ()
    )
    addon = next((a for a in addons if a.id == addon_id), None)
    if addon is None:
        raise EditError(f"Unknown modifier add-on '{addon_id}'")
    if not 0 <= count <= MAX_UNITS:
        raise EditError(f"{addon.label}: between 0 and {MAX_UNITS}")
    path = (*ABILITIES, index, "modifiers", m_index, "addons")
    return _set_counter(path, modifier.addons, addon_id, count, "modifier add-on")


# --- custom abilities and modifiers ---------------------------------------------------------


def custom_id(name: str, taken: set[str]) -> str:
    """A stable id for a user's entry: ``custom_`` + the name in snake case, made unique."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")[:40] or "entry"
    candidate = f"custom_{slug}"
    number = 2
    while candidate in taken:
        candidate = f"custom_{slug}_{number}"
        number += 1
    return candidate


def add_custom_ability(
    document: GladiatorsDocument,
    name: str,
    base_cost: int = 1,
    level_limit: int = 5,
    text: str = "",
) -> list[Change]:
    """Define an ability of the user's own and add it to the character at Level 1."""
    if not name.strip():
        raise EditError("A custom ability needs a name")
    taken = {c.id for c in document.character.custom_abilities}
    definition = CustomAbility(
        id=custom_id(name, taken),
        name=name.strip(),
        base_cost=base_cost,
        level_limit=level_limit,
        text=text,
    )
    at = len(document.character.custom_abilities)
    choice = AbilityChoice(ability=definition.id, level=1, source=DEFAULT_SOURCE)
    return [
        Change(
            "insert", (*CUSTOM_ABILITIES, at), after=as_json(definition), label="Custom ability"
        ),
        *insert_ability(document, choice),
    ]


def add_custom_modifier(
    document: GladiatorsDocument, index: int, name: str, cost: int, text: str = ""
) -> list[Change]:
    """Define a modifier of the user's own (cost per unit, negative for a limitation)
    and put it on ability ``index``."""
    if not name.strip():
        raise EditError("A custom modifier needs a name")
    choice = _ability(document, index)
    taken = {c.id for c in document.character.custom_modifiers}
    definition = CustomModifier(id=custom_id(name, taken), name=name.strip(), cost=cost, text=text)
    at = len(document.character.custom_modifiers)
    modifier = ModifierChoice(modifier=definition.id)
    return [
        Change(
            "insert", (*CUSTOM_MODIFIERS, at), after=as_json(definition), label="Custom modifier"
        ),
        Change(
            "insert",
            (*ABILITIES, index, "modifiers", len(choice.modifiers)),
            after=as_json(modifier),
            label="Add modifier",
        ),
    ]


# --- the character as a whole -----------------------------------------------------------------


def set_character_type(document: GladiatorsDocument, kind: str) -> list[Change]:
    if kind not in ("major", "minor"):
        raise EditError(f"A character is major or minor, not '{kind}'")
    return set_change(
        ("character", "character_type"), document.character.character_type, kind, "Character type"
    )
