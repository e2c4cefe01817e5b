"""The 2d10 character's lists, declared once (see :mod:`sheetapp.editing.collections`):
skills, weapons, armour layers, wounds, psionic powers and equipment. The window's editor
page, the generic edits and the tests' tools come from these declarations."""

from __future__ import annotations

from typing import Any

from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import (
    CellView,
    Collection,
    Column,
    CustomEntries,
    CustomField,
    PickEntry,
    choice_list,
)
from sheetapp.systems.twod10.catalog import ATTRIBUTES, HitLocation, SpecialDamage, catalogs
from sheetapp.systems.twod10.model import (
    Armour,
    PsionicPower,
    Skill,
    Twod10Document,
    Weapon,
    Wound,
)
from sheetapp.systems.twod10.sheet import skill_name

SIDES = [("left", "Left"), ("right", "Right")]


def _attribute_choices(_document: Any, _item: Any) -> list[tuple[Any, str]]:
    return [(a, a.upper()) for a in ATTRIBUTES]


def _entry(entry: Any, group: str, cost: str = "", text: str = "") -> PickEntry:
    return PickEntry(
        entry.id, entry.name, group, cost, text or entry.text, seed_lines=entry.seed_lines
    )


# --- skills -------------------------------------------------------------------------------


def _skill_cell(_document: Any, row: int, skill: Skill) -> CellView:
    known = catalogs().skills.get(skill.skill or "")
    path: tuple[str | int, ...] = ("character", "skills", row)
    if known is None:
        return CellView(skill.name or "(unnamed skill)", (*path, "name"), "text", skill.name)
    return CellView(known.name, path, tooltip=known.text, rule_text=known.text)


def _new_skill(_document: Twod10Document, skill_id: str) -> Skill:
    known = catalogs().skills.get(skill_id)
    if known is None:
        raise EditError(f"There is no skill '{skill_id}'")
    return Skill(skill=skill_id, attribute=known.attribute)


def _custom_skill(values: dict[str, Any]) -> Skill:
    name = str(values.get("name", "")).strip()
    if not name:
        raise EditError("A custom skill needs a name")
    return Skill(name=name, attribute=str(values.get("attribute") or "int"))


ATTRIBUTES_PATH = ("character", "attributes")
WOUNDS_PATH = ("character", "wounds")
SKILLS_PATH = ("character", "skills")


def sheet_of(document: Twod10Document) -> Any:
    """The document's sheet, without the rules' checks (which no cell shows): the one
    its evaluation built when it was the last one evaluated."""
    from sheetapp.systems.twod10.sheet import LAST_SHEET

    return LAST_SHEET.of(document)


def _av_cell(prefix: str) -> Any:
    def build(document: Twod10Document, row: int, _item: Any) -> CellView:
        from sheetapp.systems.twod10.derived import row_value

        found = row_value(sheet_of(document), prefix, row)
        if found is None:
            return CellView("", align_right=True)
        value, explanation = found
        return CellView(str(value), tooltip=explanation, align_right=True)

    return build


SKILLS: Collection[Twod10Document] = Collection(
    key="skills",
    title="Skills",
    noun="skill",
    path=("character", "skills"),
    item_model=Skill,
    columns=(
        Column("Skill", field="name", edit="text", cell=_skill_cell),
        Column(
            "Attribute",
            field="attribute",
            edit="choice",
            format=str.upper,
            choices=_attribute_choices,
        ),
        Column("Rating", field="rating", edit="int", align_right=True),
        Column("AV", cell=_av_cell("skill")),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [_entry(s, s.attribute.upper()) for s in catalogs().skills.values()],
    offered=lambda document, skill_id: all(s.skill != skill_id for s in document.character.skills),
    pick_note="The skills the rules name that are not on the sheet yet; any other skill "
    "(Rifle, Streetwise …) is added with Custom Skill.",
    new_item=_new_skill,
    custom=CustomEntries(
        "Custom Skill",
        (
            CustomField("name", "Name", required=True),
            CustomField(
                "attribute",
                "Attribute",
                "choice",
                "int",
                choices=tuple(ATTRIBUTES),
                choice_labels=lambda: tuple(
                    (key, catalogs().attributes[key].name) for key in ATTRIBUTES
                ),
            ),
        ),
        _custom_skill,
        intro="A skill the rules fragment does not name; it uses the attribute you choose.",
    ),
    name=lambda document, row: skill_name(document.character.skills[row], catalogs()),
    # AV = attribute + rating + the wound penalty
    reads=(ATTRIBUTES_PATH, WOUNDS_PATH, ("campaign",)),
    duplicable=False,
)

# --- weapons, armour, powers ---------------------------------------------------------------

WEAPONS: Collection[Twod10Document] = Collection(
    key="weapons",
    title="Weapons",
    noun="weapon",
    path=("character", "weapons"),
    item_model=Weapon,
    columns=(
        Column("Weapon", field="name", edit="text"),
        Column("Skill", field="skill", edit="text"),
        Column(
            "Attribute",
            field="attribute",
            edit="choice",
            format=str.upper,
            choices=_attribute_choices,
        ),
        Column("EV", field="ev", edit="int", align_right=True),
        Column(
            "Toughness",
            field="toughness",
            edit="optional_int",
            align_right=True,
            tooltip="The weapon's Toughness for malfunction saves; not set: it has none",
        ),
        Column("AV", cell=_av_cell("weapon")),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: Weapon(name="New weapon"),
    # AV = attribute + the named skill's rating + the wound penalty
    reads=(ATTRIBUTES_PATH, WOUNDS_PATH, SKILLS_PATH, ("campaign",)),
)

ARMOUR: Collection[Twod10Document] = Collection(
    key="armour",
    title="Armour",
    noun="armour layer",
    path=("character", "armour"),
    item_model=Armour,
    columns=(
        Column("Layer", field="name", edit="text"),
        Column("RV", field="rv", edit="int", align_right=True),
        Column("Worn", field="worn", edit="bool"),
        Column(
            "Toughness",
            field="toughness",
            edit="optional_int",
            align_right=True,
            tooltip="The layer's Toughness for malfunction saves; not set: it has none",
        ),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: Armour(name="New layer"),
)

POWERS: Collection[Twod10Document] = Collection(
    key="powers",
    title="Psionics",
    noun="power",
    path=("character", "powers"),
    item_model=PsionicPower,
    columns=(
        Column("Power", field="name", edit="text"),
        Column("Score", field="power", edit="int", align_right=True),
        Column(
            "Points",
            field="points",
            edit="optional_int",
            align_right=True,
            tooltip="The points usually spent (they set the range); not set: all of its "
            "Power score",
        ),
        Column("Detectable", field="detectable", edit="bool"),
        Column("Attack AV", cell=_av_cell("power")),
        Column("Note", field="note", edit="text"),
    ),
    blank=lambda _document: PsionicPower(name="New power"),
    # attack AV = Power + Focus + the wound penalty
    reads=(WOUNDS_PATH, SKILLS_PATH, ("campaign",)),
)

# --- wounds -----------------------------------------------------------------------------------


def _location_choices(_document: Any, _item: Any) -> list[tuple[Any, str]]:
    return choice_list([(loc.id, loc.name) for loc in catalogs().hit_locations.values()], "—")


def _special_choices(_document: Any, _item: Any) -> list[tuple[Any, str]]:
    return choice_list([(dmg.id, dmg.name) for dmg in catalogs().special_damage.values()], "—")


def _named(table: str) -> Any:
    def name(value: Any) -> str:
        entry = getattr(catalogs(), table).get(value or "")
        return entry.name if entry is not None else ""

    return name


def wound_name(document: Twod10Document, row: int) -> str:
    """A wound as the table shows it: "Eye (left) wound", "Fire wound", "Neck, fire
    wound"; "Wound 3" when it names neither a location nor a damage type."""
    wound = document.character.wounds[row]
    cats = catalogs()
    parts = []
    location = cats.hit_locations.get(wound.location or "")
    if location is not None:
        parts.append(f"{location.name} ({wound.side})" if wound.side else location.name)
    special = cats.special_damage.get(wound.special or "")
    if special is not None:
        parts.append(special.name if not parts else special.name.lower())
    return f"{', '.join(parts)} wound" if parts else f"Wound {row + 1}"


def _rolls(rolls: tuple[int, ...]) -> str:
    low, high = min(rolls), max(rolls)
    return str(low) if low == high else f"{low}-{high}"


def _wound_words(penalty: int, effect: str) -> str:
    words = f"{penalty} to every AV and DV"
    return f"{words}, {effect[:1].lower()}{effect[1:]}" if effect else words


def location_text(location: HitLocation) -> str:
    """A hit location's row of the wound table (lines 39-57), in words."""
    effect = location.effect
    if location.both_sides_effect:
        both = location.both_sides_effect
        effect += f" ({both[:1].lower()}{both[1:]} when both are wounded)"
    lines = [
        f"Hit on a location roll of {_rolls(location.rolls)}; a called shot is "
        f"{location.called_shot}.",
        f"Shock check against DV {location.shock_dv}.",
        f"Wound: {_wound_words(location.penalty, effect)}.",
    ]
    destroyed = "instant death" if location.death_when_destroyed else "the area is destroyed"
    lines.append(f"Eight or more points of damage: {destroyed}.")
    return " ".join(lines)


def special_text(special: SpecialDamage) -> str:
    """A row of the Special Damage table (lines 59-66), in words."""
    return (
        f"Shock check against DV {special.shock_dv}. "
        f"Wound: {_wound_words(special.penalty, special.effect)}."
    )


def _new_wound(_document: Twod10Document, location_id: str) -> Wound:
    cats = catalogs()
    if location_id in cats.hit_locations:
        return Wound(location=location_id)
    if location_id in cats.special_damage:
        return Wound(special=location_id)
    raise EditError(f"There is no hit location or damage type '{location_id}'")


WOUNDS: Collection[Twod10Document] = Collection(
    key="wounds",
    title="Wounds",
    noun="wound",
    path=("character", "wounds"),
    name=wound_name,
    item_model=Wound,
    columns=(
        Column(
            "Location",
            field="location",
            edit="choice",
            format=_named("hit_locations"),
            choices=_location_choices,
        ),
        Column(
            "Side",
            field="side",
            edit="choice",
            format=lambda v: (v or "").capitalize(),
            choices=lambda _d, _i: choice_list(SIDES, "—"),
        ),
        Column(
            "Type",
            field="special",
            edit="choice",
            format=_named("special_damage"),
            choices=_special_choices,
        ),
        Column("Damage", field="damage", edit="int", align_right=True),
        Column("Recovered", field="recovered", edit="bool"),
        Column("Note", field="note", edit="text"),
    ),
    entries=lambda: [
        *(
            _entry(loc, "Hit location", text=location_text(loc))
            for loc in catalogs().hit_locations.values()
        ),
        *(
            _entry(dmg, "Special damage", text=special_text(dmg))
            for dmg in catalogs().special_damage.values()
        ),
    ],
    new_item=_new_wound,
    duplicable=True,
)

EQUIPMENT: Collection[Twod10Document] = Collection(
    key="equipment",
    title="Equipment",
    noun="item",
    path=("character", "equipment"),
    item_model=str,
    columns=(
        Column(
            "Item",
            edit="text",
            cell=lambda _d, row, item: CellView(
                str(item) or "(empty: type here)", ("character", "equipment", row), "text", item
            ),
        ),
    ),
    blank=lambda _document: "",
    duplicable=False,
)

#: every list of the 2d10 character, in the order the page shows them
COLLECTIONS: tuple[Collection[Twod10Document], ...] = (
    SKILLS,
    WEAPONS,
    ARMOUR,
    POWERS,
    WOUNDS,
    EQUIPMENT,
)
