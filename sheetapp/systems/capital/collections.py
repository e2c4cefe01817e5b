"""The Capital character's editable lists, declared once (see
:mod:`sheetapp.editing.collections`): Strengths, Weaknesses, Training given by the GM,
Stories, Systems and equipment. The generic edits, the window's tables and the pickers
come from these declarations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sheetapp.core.catalog import CatalogEntry
from sheetapp.editing.bounds import format_bounds
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import (
    CellView,
    Collection,
    Column,
    CustomEntries,
    CustomField,
    PickEntry,
    catalog_pick_entry,
    choice_list,
)
from sheetapp.editing.search import keywords_for
from sheetapp.systems.capital.catalog import (
    ATTRIBUTES,
    Catalogs,
    EquipmentDef,
    SystemDef,
    catalogs,
)
from sheetapp.systems.capital.model import CapitalDocument, EquipmentChoice, SystemChoice
from sheetapp.systems.capital.money import printed_price

SYSTEMS_PATH = ("character", "systems")
EQUIPMENT_PATH = ("character", "equipment")


def pick_entry(entry: CatalogEntry, group: str, cost: str) -> PickEntry:
    """A catalog entry as a picker row, found by its group's words too."""
    return catalog_pick_entry(entry, group, cost, keywords_for(entry.name, _group_words(group)))


# --- text lists ------------------------------------------------------------------------------


def _text_cell(_document: Any, row: int, item: Any, path: tuple[str, ...]) -> CellView:
    text = str(item)
    return CellView(text or "(empty: type here)", (*path, row), "text", text)


def _text_list(
    key: str, title: str, noun: str, path: tuple[str, ...], help_text: str
) -> Collection[CapitalDocument]:
    return Collection(
        key=key,
        title=title,
        noun=noun,
        path=path,
        item_model=str,
        columns=(
            Column(
                title,
                edit="text",
                cell=lambda document, row, item: _text_cell(document, row, item, path),
                on_edit=lambda document, row, value: TEXT_LISTS[key].set_field(
                    document, row, "", str(value).strip()
                ),
            ),
        ),
        blank=lambda _document: "",
        movable=True,
        duplicable=False,
        help=help_text,
    )


STRENGTHS = _text_list(
    "strengths", "Strengths", "Strength", ("character", "strengths"),
    "Things your character is good at (Step 4).",
)  # fmt: skip
WEAKNESSES = _text_list(
    "weaknesses", "Weaknesses", "Weakness", ("character", "weaknesses"),
    "Things your character struggles with (Step 4).",
)  # fmt: skip
EXTRA_TRAINING = _text_list(
    "extra_training", "Extra Training", "Training", ("character", "extra_training"),
    "Training your GM gave outside the Role.",
)  # fmt: skip
STORIES = _text_list(
    "stories", "Stories", "Story", ("character", "stories", "stories"),
    "Stories from your character's past.",
)  # fmt: skip
TEXT_LISTS: dict[str, Collection[CapitalDocument]] = {
    c.key: c for c in (STRENGTHS, WEAKNESSES, EXTRA_TRAINING, STORIES)
}


# --- Systems --------------------------------------------------------------------------------


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


def system_entries(cats: Catalogs | None = None) -> list[PickEntry]:
    """The Systems a character can take: those with Slots (line 283) and the Innate ones
    (line 2539). Role Systems come with the Role."""
    cats = cats or catalogs()
    return [
        pick_entry(system, system.category, system_cost(system))
        for system in cats.systems.values()
        if system.slots is not None or system.innate
    ]


def _new_system(document: CapitalDocument, system_id: str) -> SystemChoice:
    """A System from the catalog, gained at the character's current Level (line 273)."""
    if system_id not in catalogs().systems:
        raise EditError(f"There is no System '{system_id}'")
    return SystemChoice(system=system_id, level=document.character.level)


def _system_name(document: CapitalDocument, row: int) -> str:
    ref = document.character.systems[row].system
    system = catalogs().systems.get(ref)
    return system.name if system else ref


def system_choice_options(kind: str, cats: Catalogs) -> list[tuple[Any, str]]:
    """What a repeatable System's choice can be (line 1866)."""
    if kind == "damage_type":
        return [(t.id, t.name) for t in cats.damage_types.values()]
    return [(a, cats.attributes[a].name) for a in ATTRIBUTES]


def system_source(document: CapitalDocument, row: int, cats: Catalogs) -> str:
    """Where a System comes from: GM, Signature, Role, Innate or a Slot."""
    choice = document.character.systems[row]
    system = cats.systems.get(choice.system)
    role = cats.roles.get(document.character.role or "")
    if choice.gm_granted:
        return "GM"
    if system is None:
        return ""
    if role is not None and any(g.system == system.id for g in role.systems):
        granted = next(g for g in role.systems if g.system == system.id)
        return "Signature" if granted.signature else "Role"
    if system.innate:
        return "Innate"
    return "Slot"


@dataclass(frozen=True, slots=True)
class SystemRow:
    """One row of the Systems list as its cells read it."""

    document: CapitalDocument
    row: int
    choice: SystemChoice
    system: SystemDef | None
    cats: Catalogs

    @property
    def path(self) -> tuple[str | int, ...]:
        return (*SYSTEMS_PATH, self.row)


def _system_cell(maker: Callable[[SystemRow], CellView]) -> Any:
    """A Systems column's cells, each row's System looked up once."""

    def build(document: CapitalDocument, row: int, choice: SystemChoice) -> CellView:
        cats = catalogs()
        return maker(SystemRow(document, row, choice, cats.systems.get(choice.system), cats))

    return build


def _system_name_cell(at: SystemRow) -> CellView:
    text = at.system.text if at.system else ""
    name = at.system.name if at.system else f"{at.choice.system} (unknown)"
    return CellView(name, at.path, tooltip=text, rule_text=text)


def _system_choice_cell(at: SystemRow) -> CellView:
    path = (*at.path, "choice")
    kind = at.system.repeat_choice if at.system else None
    if kind is None:
        return CellView("", path)
    options = system_choice_options(kind, at.cats)
    chosen = at.choice.choice
    label = dict(options).get(chosen, "(choose)") if chosen else "(choose)"
    return CellView(label, path, "choice", chosen, choice_list(options, "(none)"))


def _system_slots_cell(at: SystemRow) -> CellView:
    if at.choice.gm_granted or at.system is None or at.system.slots is None:
        return CellView("—", align_right=True)
    return CellView(str(at.system.slots), align_right=True)


def _system_level_cell(at: SystemRow) -> CellView:
    return CellView(
        str(at.choice.level),
        (*at.path, "level"),
        "int",
        at.choice.level,
        bounds=format_bounds(SystemChoice, "level"),
        align_right=True,
        tooltip="The Level the System was gained at; it must fit that Level's Slots.",
    )


def _system_source_cell(at: SystemRow) -> CellView:
    return CellView(
        system_source(at.document, at.row, at.cats),
        (*at.path, "gm_granted"),
        None,
        at.choice.gm_granted,
        check=at.choice.gm_granted,
        tooltip="Checked: given by the GM outside the rules (no Slot, no requirements).",
    )


def set_system_choice(document: CapitalDocument, row: int, choice: Any) -> list[Any]:
    """Damage Resist's damage type or Power Under Pressure's attribute (line 1866)."""
    cats = catalogs()
    current = SYSTEMS.item(document, row)
    system = cats.systems.get(current.system)
    kind = system.repeat_choice if system else None
    if choice is not None:
        if kind is None:
            raise EditError("This System has no choice to make")
        if kind == "damage_type" and choice not in cats.damage_types:
            raise EditError(f"'{choice}' is not a damage type")
        if kind == "attribute" and choice not in ATTRIBUTES:
            raise EditError(f"'{choice}' is not an attribute")
    return SYSTEMS.set_field(document, row, "choice", choice)


SYSTEMS: Collection[CapitalDocument] = Collection(
    key="systems",
    title="Systems",
    noun="System",
    path=SYSTEMS_PATH,
    item_model=SystemChoice,
    columns=(
        Column("System", cell=_system_cell(_system_name_cell)),
        Column(
            "Choice",
            field="choice",
            edit="choice",
            cell=_system_cell(_system_choice_cell),
            on_edit=set_system_choice,
        ),
        Column("Slots", cell=_system_cell(_system_slots_cell)),
        Column(
            "Energy",
            cell=_system_cell(lambda at: CellView(at.system.energy if at.system else "")),
        ),
        Column(
            "Cooldown",
            cell=_system_cell(lambda at: CellView(at.system.cooldown if at.system else "")),
        ),
        Column("Gained at", field="level", edit="int", cell=_system_cell(_system_level_cell)),
        Column("Source", field="gm_granted", edit="bool", cell=_system_cell(_system_source_cell)),
    ),
    entries=system_entries,
    new_item=_new_system,
    name=_system_name,
    #: a "Gained at" above the Level is marked; the Role says where a System comes from
    reads=(("character", "level"), ("character", "role")),
    duplicable=False,
    shortcut="Ctrl+Shift+A",
)


# --- equipment ---------------------------------------------------------------------------------


def equipment_entries(cats: Catalogs | None = None) -> list[PickEntry]:
    cats = cats or catalogs()
    entries = []
    for item in cats.equipment.values():
        cost = f"{item.price} mC" if item.price is not None else ""
        if item.rarity:
            cost = f"{cost}, {item.rarity}" if cost else item.rarity
        entries.append(pick_entry(item, item.category, cost))
    return entries


def _new_equipment(_document: CapitalDocument, item_id: str) -> EquipmentChoice:
    """An item from the appendix (lines 2374 ff.); a weapon with one damage type gets it."""
    item = catalogs().equipment.get(item_id)
    if item is None:
        raise EditError(f"There is no item '{item_id}'")
    damage_type = None
    if item.weapon is not None and len(item.weapon.damage_types) == 1:
        damage_type = item.weapon.damage_types[0]
    option = item.options[0] if len(item.options) == 1 else None
    return EquipmentChoice(item=item_id, damage_type=damage_type, option=option)


def _custom_equipment(values: dict[str, Any]) -> EquipmentChoice:
    """An item the appendix does not list (agree it with the GM)."""
    name = str(values.get("name", "")).strip()
    if not name:
        raise EditError("A custom item needs a name")
    price = values.get("price")
    return EquipmentChoice(
        name=name,
        two_handed=bool(values.get("two_handed")),
        price=price if isinstance(price, int) and not isinstance(price, bool) else None,
        bought=bool(values.get("bought")),
        note=str(values.get("note", "")),
    )


def _equipment_name(document: CapitalDocument, row: int) -> str:
    choice = document.character.equipment[row]
    item = catalogs().equipment.get(choice.item or "")
    if item is None:
        return choice.name or choice.item or f"item {row + 1}"
    return f"{item.name} ({choice.name})" if choice.name else item.name


@dataclass(frozen=True, slots=True)
class EquipmentRow:
    """One row of the equipment list as its cells read it."""

    row: int
    choice: EquipmentChoice
    item: EquipmentDef | None
    cats: Catalogs

    @property
    def path(self) -> tuple[str | int, ...]:
        return (*EQUIPMENT_PATH, self.row)


def _equipment_cell(maker: Callable[[EquipmentRow], CellView]) -> Any:
    """An equipment column's cells, each row's item looked up once."""

    def build(_document: CapitalDocument, row: int, choice: EquipmentChoice) -> CellView:
        cats = catalogs()
        return maker(EquipmentRow(row, choice, cats.equipment.get(choice.item or ""), cats))

    return build


def _item_cell(at: EquipmentRow) -> CellView:
    choice, item = at.choice, at.item
    if item is not None:
        name = f"{item.name} ({choice.name})" if choice.name else item.name
        return CellView(name, at.path, tooltip=item.text, rule_text=item.text)
    name = choice.name or (choice.item or "(unnamed)")
    return CellView(
        name if choice.item is None else f"{name} (unknown)",
        (*at.path, "name") if choice.item is None else at.path,
        "text" if choice.item is None else None,
        choice.name,
        tooltip="A custom item (not in the appendix).",
    )


def _damage_cell(at: EquipmentRow) -> CellView:
    path = (*at.path, "damage_type")
    item, names = at.item, at.cats.damage_types
    types = item.weapon.printed_damage_types if item and item.weapon else ()
    if len(types) <= 1:
        return CellView(names[types[0]].name if types else "", path)
    options = [(t, names[t].name) for t in types]
    label = dict(options).get(at.choice.damage_type or "", "(choose)")
    return CellView(label, path, "choice", at.choice.damage_type, choice_list(options, "(choose)"))


def _option_cell(at: EquipmentRow) -> CellView:
    path = (*at.path, "option")
    chosen = at.choice.option
    if at.item is None or not at.item.options:
        return CellView(chosen or "", path)
    options = choice_list([(o, o) for o in at.item.options], "(choose)")
    return CellView(chosen or "(choose)", path, "choice", chosen, options)


def _price_cell(at: EquipmentRow) -> CellView:
    path = (*at.path, "price")
    choice = at.choice
    price = printed_price(choice, at.cats)
    # the GM's price stays editable once set (it made the cell read-only)
    if at.item is not None and price is not None:
        return CellView(
            f"{price} mC",
            path,
            tooltip="The appendix's price, per item; a bought item costs it × Qty.",
            align_right=True,
        )
    unset = "(set by GM)" if choice.bought else ""
    return CellView(
        unset if choice.price is None else f"{choice.price} mC",
        path,
        "int",
        choice.price,
        bounds=(0, 10_000_000),
        tooltip="No printed price: the price the GM set, per item (mC).",
        align_right=True,
    )


def _hands_cell(at: EquipmentRow) -> CellView:
    if at.item is None:
        return CellView(str(2 if at.choice.two_handed else 1), align_right=True)
    return CellView(str(at.item.hands), align_right=True)


EQUIPMENT: Collection[CapitalDocument] = Collection(
    key="equipment",
    title="Equipment",
    noun="item",
    path=EQUIPMENT_PATH,
    item_model=EquipmentChoice,
    columns=(
        Column(
            "Item",
            field="name",
            edit="text",
            cell=_equipment_cell(_item_cell),
            on_edit=lambda d, row, value: EQUIPMENT.set_field(d, row, "name", str(value).strip()),
        ),
        Column("Qty", field="quantity", edit="int", bounds=(0, 100_000), align_right=True),
        Column(
            "Damage type", field="damage_type", edit="choice", cell=_equipment_cell(_damage_cell)
        ),
        Column("Option", field="option", edit="choice", cell=_equipment_cell(_option_cell)),
        Column(
            "Held",
            field="held",
            edit="bool",
            format=lambda held: "in hand" if held else "",
            tooltip="Held in your hands (line 345); weapons you use must be held.",
        ),
        Column("Hands", cell=_equipment_cell(_hands_cell)),
        Column(
            "Bought",
            field="bought",
            edit="bool",
            tooltip="Paid for with the character's money (price × Qty). What the Role, the "
            "Outfits and the Kit give is not bought (line 226).",
        ),
        Column("Price", field="price", edit="int", cell=_equipment_cell(_price_cell)),
        Column("Note", field="note", edit="text"),
    ),
    entries=equipment_entries,
    new_item=_new_equipment,
    custom=CustomEntries(
        "Custom Item",
        (
            CustomField("name", "Name", "text", "", required=True),
            CustomField("two_handed", "Needs both hands", "bool", False),
            CustomField("price", "Price the GM set (mC each)", "int", 0, low=0, high=10_000_000),
            CustomField("bought", "Bought (paid from the character's money)", "bool", False),
            CustomField("note", "Note", "text", ""),
        ),
        _custom_equipment,
        intro="An item the appendix does not list (agree it with your GM). It is kept "
        "in the character file; hold it to use its hands.",
    ),
    name=_equipment_name,
    shortcut="Ctrl+Shift+I",
)

#: every list of the Capital character, in the order the page shows them
COLLECTIONS: tuple[Collection[CapitalDocument], ...] = (
    STRENGTHS,
    WEAKNESSES,
    EXTRA_TRAINING,
    STORIES,
    SYSTEMS,
    EQUIPMENT,
)


def _group_words(group: str) -> list[str]:
    """The kind's own words ("Damage System for Units" -> "Damage") also find an entry."""
    return [part for part in group.replace("(", " ").replace(")", " ").split() if len(part) > 3]
