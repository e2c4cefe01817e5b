"""The X-Men HERO character's editable lists, declared once (see
:mod:`sheetapp.editing.collections`): characteristics, skills, talents, powers and
disadvantages. The generic page, edits and pickers come from these declarations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import (
    CellView,
    Choices,
    Collection,
    Column,
    CustomEntries,
    CustomField,
    PickEntry,
    catalog_pick_entry,
    choice_list,
)
from sheetapp.systems.hero_xmen.build import (
    CharRow,
    PowerRow,
    SkillRow,
    characteristic_rows,
    disadvantage_name,
    framework_index,
    framework_label,
    power_name,
    price_disadvantage,
    price_power,
    price_skill,
    price_talent,
    skill_name,
    slot_for,
    talent_name,
)
from sheetapp.systems.hero_xmen.build import build as build_character
from sheetapp.systems.hero_xmen.catalog import (
    FREQUENCIES,
    IMPORTANCES,
    INTENSITIES,
    Catalogs,
    DisadvantageKind,
    catalogs,
)
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.costs import measure, signed
from sheetapp.systems.hero_xmen.model import (
    CHARS_PATH,
    DISADVANTAGES_PATH,
    FRAMEWORK_LABELS,
    FRAMEWORKS_PATH,
    POWERS_PATH,
    SKILLS_PATH,
    SLOT_LABELS,
    TALENTS_PATH,
    CharacteristicBuy,
    DisadvantageChoice,
    FrameworkChoice,
    HeroDocument,
    PowerChoice,
    SkillChoice,
    TalentChoice,
)
from sheetapp.systems.hero_xmen.modifiers import (
    format_power_modifiers,
    parse_modifiers,
    split_adders,
)
from sheetapp.systems.hero_xmen.play import disadvantage_notes, old_roll, power_notes

CellFn = Callable[[Any, int, Any], CellView]


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


# --- characteristics ---------------------------------------------------------------------


def _char_cell(column: str) -> CellFn:
    cell = {
        "name": _char_name,
        "base": _char_base,
        "bought": _char_bought,
        "value": _char_value,
        "maximum": _char_maximum,
        "cost": _char_cost,
    }.get(column, _char_roll)

    def build(document: HeroDocument, row: int, buy: CharacteristicBuy) -> CellView:
        cats = catalogs()
        rows = characteristic_rows(document.character, document.campaign, cats)
        return cell(rows[buy.characteristic], row, buy, cats)

    return build


def _char_name(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    char = found.char
    return CellView(
        f"{char.abbreviation} — {char.name}",
        (*CHARS_PATH, row),
        tooltip=char.text,
        rule_text=char.text,
    )


def _char_base(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    return CellView(f"{found.base}{found.char.unit}", tooltip=found.base_text, align_right=True)


def _char_bought(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    return CellView(
        signed(buy.bought),
        (*CHARS_PATH, row, "bought"),
        "int",
        buy.bought,
        bounds=(-1000, 10_000),
        align_right=True,
        tooltip="Points of the characteristic bought above its base.",
    )


def _char_value(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    value = found.base + buy.bought
    return CellView(
        f"{value}{found.char.unit}",
        (*CHARS_PATH, row, "bought"),
        "int",
        value,
        bounds=(-1000, 10_000),
        align_right=True,
        tooltip="The total; typing it sets what is bought.",
    )


def _char_maximum(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    char = found.char
    if char.normal_maximum is None or char.peak is None:
        return CellView("—")
    text = f"{_number(char.normal_maximum)} / {_number(char.peak)}"
    return CellView(text, tooltip="normal maximum / peak of human potential")


def _char_cost(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    if found.index != row:
        return CellView("—", tooltip="Listed twice: this row is not counted.")
    return CellView(str(found.cost), tooltip=found.explanation, align_right=True)


def _char_roll(found: CharRow, row: int, buy: CharacteristicBuy, cats: Catalogs) -> CellView:
    if found.roll is None:
        return CellView("")
    old = old_roll(found.roll, cats.old_rolls)
    return CellView(
        f"{signed(found.roll)} ({old})" if old else signed(found.roll),
        tooltip="3d6 + this modifier" + (f"; an old {old} roll" if old else ""),
    )


def set_characteristic_value(document: HeroDocument, row: int, value: Any) -> list[Change]:
    """Typing a total sets what is bought: total - base."""
    buy = CHARACTERISTICS.item(document, row)
    try:
        total = int(value)
    except (TypeError, ValueError):
        raise EditError(f"'{value}' is not a whole number") from None
    rows = characteristic_rows(document.character, document.campaign, catalogs())
    base = rows[buy.characteristic].base
    return CHARACTERISTICS.set_field(document, row, "bought", total - base)


def characteristic_entries() -> list[PickEntry]:
    cats = catalogs()
    groups = {"primary": "Primary", "figured": "Figured", "movement": "Movement", "other": "Other"}
    return [
        catalog_pick_entry(
            char, groups[char.group], f"{_number(char.cost) or 'campaign'} per point"
        )
        for char in cats.characteristics.values()
    ]


def _new_characteristic(document: HeroDocument, char_id: str) -> CharacteristicBuy:
    if char_id not in catalogs().characteristics:
        raise EditError(f"There is no characteristic '{char_id}'")
    if any(b.characteristic == char_id for b in document.character.characteristics):
        raise EditError("The character already has this characteristic")
    return CharacteristicBuy.model_validate({"characteristic": char_id})


CHARACTERISTICS: Collection[HeroDocument] = Collection(
    key="characteristics",
    title="Characteristics",
    noun="characteristic",
    path=CHARS_PATH,
    item_model=CharacteristicBuy,
    columns=(
        Column("Characteristic", cell=_char_cell("name")),
        Column("Base", cell=_char_cell("base")),
        Column("Bought", field="bought", edit="int", cell=_char_cell("bought")),
        Column(
            "Value",
            field="bought",
            edit="int",
            cell=_char_cell("value"),
            on_edit=set_characteristic_value,
        ),
        Column("Max / Peak", cell=_char_cell("maximum")),
        Column("Cost", cell=_char_cell("cost")),
        Column("Roll", cell=_char_cell("roll")),
        Column("Note", field="note", edit="text"),
    ),
    entries=characteristic_entries,
    new_item=_new_characteristic,
    name=lambda document, row: (
        catalogs()
        .characteristics[document.character.characteristics[row].characteristic]
        .abbreviation
    ),
    reads=None,
    movable=False,
    duplicable=False,
    help="Base values cost nothing; INT costs 2 per point, MD 1, Knockback Resistance 2.",
)


# --- skills --------------------------------------------------------------------------------


def skill_entries(cats: Catalogs | None = None) -> list[PickEntry]:
    """The skills a picker offers, priced by ``cats`` (the campaign's core-book prices;
    the book's own by default)."""
    cats = cats or catalogs()
    entries = []
    for skill in cats.skills.values():
        ladder = cats.ladders[skill.category]
        kind = cats.types[skill.type]
        cost = f"1 at -3, +{ladder.unmodified} for +0, +{ladder.per_plus} per +1"
        entries.append(catalog_pick_entry(skill, f"{kind.name}: {ladder.name}", cost))
    for general in cats.general.values():
        if general.bought_as != "skill":
            continue
        cost = ", ".join(f"{o.cost:g} per {o.unit}" for o in general.options[:2])
        entries.append(catalog_pick_entry(general, "General Skills", cost))
    return entries


def _new_skill(_document: HeroDocument, skill_id: str) -> SkillChoice:
    cats = catalogs()
    general = cats.general.get(skill_id)
    if general is not None:
        if general.bought_as != "skill":
            raise EditError(f"{general.name} is bought as a Talent")
        return SkillChoice(skill=skill_id, level=1, option=general.options[0].id)
    skill = cats.skills.get(skill_id)
    if skill is None:
        raise EditError(f"There is no skill '{skill_id}'")
    vehicles = list(skill.vehicle_categories[:1]) if skill.vehicle_categories else []
    return SkillChoice(skill=skill_id, level=0, vehicles=vehicles)


TYPES = ("agility", "intellect", "interaction", "general")
CATEGORIES = ("major", "limited", "minor")


def _custom_skill(values: dict[str, Any]) -> SkillChoice:
    name = str(values.get("name", "")).strip()
    if not name:
        raise EditError("A custom skill needs a name")
    kind = str(values.get("type") or "general").casefold()
    if kind not in TYPES:
        raise EditError(f"'{kind}' is not a skill type")
    if kind == "general":
        return SkillChoice(
            name=name, level=1, custom_type="general", points=int(values.get("points") or 0)
        )
    category = str(values.get("category") or "major").casefold()
    if category not in CATEGORIES:
        raise EditError(f"'{category}' is not a skill category")
    return SkillChoice(name=name, level=0, custom_type=kind, custom_category=category)


def _skill_cell(column: str) -> CellFn:
    cell = {
        "name": _skill_name,
        "type": _skill_type,
        "category": _skill_category,
        "level": _skill_level,
        "option": _skill_option,
        "vehicles": _skill_vehicles,
        "roll": _skill_roll,
    }.get(column, _skill_cost)

    def build(document: HeroDocument, row: int, choice: SkillChoice) -> CellView:
        cats = catalogs_for(document.campaign)
        chars = characteristic_rows(document.character, document.campaign, cats)
        priced = price_skill(row, choice, chars, document.campaign, cats)
        return cell(priced, row, choice, cats)

    return build


def _skill_name(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    entry = cats.skills.get(choice.skill or "") or cats.general.get(choice.skill or "")
    tip = entry.text if entry is not None else "A custom skill."
    return CellView(
        priced.name, (*SKILLS_PATH, row, "name"), "text", choice.name, tooltip=tip, rule_text=tip
    )


def _skill_type(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    base = f" ({priced.characteristic.upper()})" if priced.characteristic else ""
    return CellView(f"{priced.kind}{base}")


def _skill_category(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    if choice.skill is None and choice.custom_type not in (None, "general"):
        options = [(c, c.capitalize()) for c in CATEGORIES]
        label = priced.category or "(choose)"
        return CellView(
            label,
            (*SKILLS_PATH, row, "custom_category"),
            "choice",
            choice.custom_category,
            choice_list(options),
        )
    return CellView(priced.category)


def _skill_level(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    general = cats.general.get(choice.skill or "")
    tip = (
        f"How many {general.option(choice.option).unit}s."
        if general is not None
        else "The ladder's step: -3, +0, +1, +2 …"
    )
    text = str(choice.level) if general else signed(choice.level)
    return CellView(
        text,
        (*SKILLS_PATH, row, "level"),
        "int",
        choice.level,
        bounds=(-3, 1000),
        align_right=True,
        tooltip=tip,
    )


def _skill_option(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    general = cats.general.get(choice.skill or "")
    path = (*SKILLS_PATH, row, "option")
    if general is None:
        return CellView("", path)
    options = [(o.id, f"{o.name} ({o.cost:g} per {o.unit})") for o in general.options]
    current = general.option(choice.option)
    return CellView(current.name, path, "choice", current.id, choice_list(options))


def _skill_vehicles(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    skill = cats.skills.get(choice.skill or "")
    path = (*SKILLS_PATH, row, "vehicles")
    if skill is None or skill.vehicle_categories is None:
        return CellView("", path)
    listed = ", ".join(skill.vehicle_categories) or "typed in"
    return CellView(
        ", ".join(choice.vehicles) or "(none)",
        path,
        "text",
        ", ".join(choice.vehicles),
        tooltip=f"One category free, 1 point each further: {listed}.",
    )


def _skill_roll(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    old = old_roll(priced.roll, catalogs().old_rolls) if priced.roll is not None else ""
    text = f"{priced.roll_text} ({old})" if old and priced.roll_text else priced.roll_text
    return CellView(text, tooltip="3d6 + this modifier" + (f"; an old {old} roll" if old else ""))


def _skill_cost(priced: SkillRow, row: int, choice: SkillChoice, cats: Catalogs) -> CellView:
    return CellView(str(priced.cost), tooltip=priced.explanation, align_right=True)


def set_vehicles(document: HeroDocument, row: int, value: Any) -> list[Change]:
    names = [part.strip() for part in str(value or "").split(",") if part.strip()]
    return SKILLS.set_field(document, row, "vehicles", names)


SKILLS: Collection[HeroDocument] = Collection(
    key="skills",
    title="Skills",
    noun="skill",
    path=SKILLS_PATH,
    item_model=SkillChoice,
    columns=(
        Column("Skill", field="name", edit="text", cell=_skill_cell("name")),
        Column("Type", cell=_skill_cell("type")),
        Column("Category", field="custom_category", edit="choice", cell=_skill_cell("category")),
        Column("Level", field="level", edit="int", cell=_skill_cell("level")),
        Column("Option", field="option", edit="choice", cell=_skill_cell("option")),
        Column(
            "Everyperson",
            field="everyperson",
            edit="bool",
            format=lambda value: "free at -3" if value else "",
            tooltip="An Everyperson Skill of the character's background: free at -3.",
        ),
        Column(
            "Vehicles",
            field="vehicles",
            edit="text",
            cell=_skill_cell("vehicles"),
            on_edit=set_vehicles,
        ),
        Column("Roll", cell=_skill_cell("roll")),
        Column("Cost", cell=_skill_cell("cost")),
        Column(
            "Points",
            field="points",
            edit="optional_int",
            align_right=True,
            tooltip="A custom General Skill's points (the supplement prices the others)",
        ),
    ),
    entries=skill_entries,
    document_entries=lambda document: skill_entries(catalogs_for(document.campaign)),
    new_item=_new_skill,
    custom=CustomEntries(
        "Custom Skill",
        (
            CustomField("name", "Name", required=True),
            CustomField("type", "Type", "choice", "intellect", choices=TYPES),
            CustomField("category", "Category", "choice", "major", choices=CATEGORIES),
            CustomField("points", "Points (General Skills)", "int", 0, low=0, high=1000),
        ),
        _custom_skill,
        intro="A skill the supplement does not list: Agility, Intellect and Interaction "
        "Skills are priced by their category; a General Skill costs the points you enter.",
    ),
    name=lambda document, row: skill_name(document.character.skills[row], catalogs()),
    reads=(CHARS_PATH, ("campaign",)),
    help="Skills cost 1 point at -3, then the category's price for +0 and each +1.",
)


# --- talents -------------------------------------------------------------------------------


def talent_entries() -> list[PickEntry]:
    cats = catalogs()
    entries = []
    for talent in cats.talents.values():
        if talent.pricing == "ladder":
            cost = "1 at -3, +2 for +0, +2 per +1"
        else:
            cost = f"{talent.cost_per_level} per {talent.unit}"
        entries.append(catalog_pick_entry(talent, "Talents", cost))
    return entries


def _new_talent(_document: HeroDocument, talent_id: str) -> TalentChoice:
    talent = catalogs().talents.get(talent_id)
    if talent is None:
        raise EditError(f"There is no talent '{talent_id}'")
    return TalentChoice(talent=talent_id, level=-3 if talent.pricing == "ladder" else 1)


def _talent_cell(column: str) -> CellFn:
    def build(document: HeroDocument, row: int, choice: TalentChoice) -> CellView:
        cats = catalogs_for(document.campaign)
        chars = characteristic_rows(document.character, document.campaign, cats)
        priced = price_talent(row, choice, chars, document.campaign, cats)
        talent = priced.catalog
        path = (*TALENTS_PATH, row)
        if column == "name":
            tip = talent.text if talent else ""
            return CellView(priced.name, path, tooltip=tip, rule_text=tip)
        if column == "level":
            tip = "Negative: Unattractive." if talent and talent.signed else ""
            return CellView(
                signed(choice.level),
                (*path, "level"),
                "int",
                choice.level,
                bounds=(-100, 100),
                align_right=True,
                tooltip=tip,
            )
        if column == "roll":
            return CellView(f"EGO {signed(priced.roll)}" if priced.roll is not None else "")
        return CellView(str(priced.cost), tooltip=priced.explanation, align_right=True)

    return build


def _talent_label(document: HeroDocument, row: int) -> str:
    choice = document.character.talents[row]
    talent = catalogs().talents.get(choice.talent)
    return talent_name(choice, talent) if talent else choice.talent


TALENTS: Collection[HeroDocument] = Collection(
    key="talents",
    title="Talents",
    noun="talent",
    path=TALENTS_PATH,
    item_model=TalentChoice,
    columns=(
        Column("Talent", cell=_talent_cell("name")),
        Column("Level", field="level", edit="int", cell=_talent_cell("level")),
        Column("Roll", cell=_talent_cell("roll")),
        Column("Cost", cell=_talent_cell("cost")),
        Column("Note", field="note", edit="text"),
    ),
    entries=talent_entries,
    new_item=_new_talent,
    name=_talent_label,
    reads=(CHARS_PATH, ("campaign",)),
    help="Attractive/Unattractive and Lightning Reflexes cost 3 per level; Belief climbs "
    "like a Major Skill.",
)


# --- powers --------------------------------------------------------------------------------


def power_entries(cats: Catalogs | None = None) -> list[PickEntry]:
    """The powers a picker offers, priced by ``cats`` (the campaign's core-book prices;
    the book's own by default)."""
    cats = cats or catalogs()
    entries = []
    for power in cats.powers.values():
        if power.pricing == "forbidden":
            continue
        if power.pricing == "parts":
            cost = " + ".join(f"{p.cost:g} per {p.unit}" for p in power.parts)
        elif power.pricing == "option":
            cost = " / ".join(str(o.cost) for o in power.options)
        else:
            cost = "base cost from the core book"
        group = "Mental Powers" if power.mental else "Powers"
        entries.append(catalog_pick_entry(power, group, cost))
    return entries


def _new_power(_document: HeroDocument, power_id: str) -> PowerChoice:
    power = catalogs().powers.get(power_id)
    if power is None:
        raise EditError(f"There is no power '{power_id}'")
    if power.pricing == "forbidden":
        raise EditError(power.forbidden_text)
    levels = power.parts[0].minimum if power.parts else 1
    levels2 = power.parts[1].minimum if len(power.parts) > 1 else 0
    return PowerChoice(
        power=power_id,
        levels=max(levels, 1) if power.parts else 1,
        levels2=levels2,
        option=power.options[0].id if power.options else None,
        mode=power.modes[0] if power.modes else None,
        modifiers=[m.model_dump() for m in power.preset],
    )


def _custom_power(values: dict[str, Any]) -> PowerChoice:
    name = str(values.get("name", "")).strip()
    if not name:
        raise EditError("A custom power needs a name")
    modifiers = parse_modifiers(str(values.get("modifiers") or ""), catalogs())
    return PowerChoice(name=name, base_cost=int(values.get("base_cost") or 0), modifiers=modifiers)


def _version_choices(document: HeroDocument, choice: PowerChoice) -> Choices:
    power = catalogs().powers.get(choice.power or "")
    if power is None:
        return []
    if power.options:
        return [(o.id, f"{o.name} ({o.cost})") for o in power.options]
    return [(mode, mode) for mode in power.modes]


def set_version(document: HeroDocument, row: int, value: Any) -> list[Change]:
    choice = POWERS.item(document, row)
    power = catalogs().powers.get(choice.power or "")
    if power is None or not (power.options or power.modes):
        raise EditError("This power has no versions to choose from")
    if power.options:
        if value not in {o.id for o in power.options}:
            raise EditError(f"'{value}' is not a version of {power.name}")
        return POWERS.set_field(document, row, "option", value)
    if value not in power.modes:
        raise EditError(f"'{value}' is not a mode of {power.name}")
    return POWERS.set_field(document, row, "mode", value)


def set_modifiers(document: HeroDocument, row: int, value: Any) -> list[Change]:
    """The advantages and limitations typed in one cell; a power's adders written there
    ("Extra radius (+5)", line 365) go to its adders."""
    choice = POWERS.item(document, row)
    power = catalogs().powers.get(choice.power or "")
    rest, adders = split_adders(str(value or ""), power)
    modifiers = parse_modifiers(rest, catalogs())
    changes = POWERS.set_field(document, row, "modifiers", modifiers)
    if power is not None and power.adders:
        changes += POWERS.set_field(document, row, "adders", adders)
    return changes


def _framework_choices(document: HeroDocument) -> Choices:
    names = [f.name.strip() for f in document.character.frameworks if f.name.strip()]
    return [("", "(none)"), *((name, name) for name in dict.fromkeys(names))]


def set_framework(document: HeroDocument, row: int, value: Any) -> list[Change]:
    text = str(value or "").strip()
    if text and framework_index(document.character, text) is None:
        raise EditError(f"The character has no Power Framework called '{text}'")
    return POWERS.set_field(document, row, "framework", text)


@dataclass(frozen=True, slots=True)
class _PowerCell:
    """What a cell of a power's row reads: the power as the campaign prices it."""

    document: HeroDocument
    row: int
    choice: PowerChoice
    priced: PowerRow
    cats: Catalogs


def _power_cell(column: str) -> CellFn:
    shows = {
        "name": _power_name,
        "levels": _power_levels,
        "levels2": _power_levels2,
        "version": _power_version,
        "base": _power_base,
        "modifiers": _power_modifiers,
        "active": _power_active,
        "play": _power_play,
        "costs_end": _power_costs_end,
        "end": _power_end,
        "framework": _power_framework,
        "slot": _power_slot,
    }.get(column, _power_real)

    def build(document: HeroDocument, row: int, choice: PowerChoice) -> CellView:
        cats = catalogs_for(document.campaign)
        priced = price_power(row, choice, document.campaign, cats)
        return shows(_PowerCell(document, row, choice, priced, cats))

    return build


def _power_name(cell: _PowerCell) -> CellView:
    power = cell.priced.catalog
    tip = power.text if power else "A HERO power the supplement does not change."
    return CellView(
        cell.priced.name,
        (*POWERS_PATH, cell.row, "name"),
        "text",
        cell.choice.name,
        tooltip=tip,
        rule_text=tip,
    )


def _power_amount(row: int, choice: PowerChoice, priced: PowerRow, column: str) -> CellView:
    """The amount of the power's first or second part (``levels``, ``levels2``)."""
    power = priced.catalog
    index = 0 if column == "levels" else 1
    path = (*POWERS_PATH, row, column)
    if power is None or len(power.parts) <= index:
        return CellView("", path)
    part = power.parts[index]
    amount = getattr(choice, column)
    return CellView(
        f"{amount}{part.unit}",
        path,
        "int",
        amount,
        bounds=(0, 10_000),
        align_right=True,
        tooltip=f"{part.name}: {part.cost:g} points per {part.unit}",
    )


def _power_levels(cell: _PowerCell) -> CellView:
    return _power_amount(cell.row, cell.choice, cell.priced, "levels")


def _power_levels2(cell: _PowerCell) -> CellView:
    return _power_amount(cell.row, cell.choice, cell.priced, "levels2")


def _power_version(cell: _PowerCell) -> CellView:
    options = _version_choices(cell.document, cell.choice)
    if not options:
        return CellView("")
    power = cell.priced.catalog
    field = "option" if power and power.options else "mode"
    current = getattr(cell.choice, field)
    label = dict(options).get(current, "(choose)")
    return CellView(label, (*POWERS_PATH, cell.row, field), "choice", current, choice_list(options))


def _power_base(cell: _PowerCell) -> CellView:
    power = cell.priced.catalog
    if power is None or power.pricing == "entered":
        return CellView(
            str(cell.choice.base_cost or 0),
            (*POWERS_PATH, cell.row, "base_cost"),
            "int",
            cell.choice.base_cost or 0,
            bounds=(0, 10_000),
            align_right=True,
            tooltip=power.cost_note if power else "The power's base cost.",
        )
    return CellView(str(cell.priced.points.base), tooltip=cell.priced.measure, align_right=True)


def _power_modifiers(cell: _PowerCell) -> CellView:
    choice = cell.choice
    text = format_power_modifiers(choice.adders, choice.modifiers, cell.priced.catalog, cell.cats)
    return CellView(
        text or "(none)",
        (*POWERS_PATH, cell.row, "modifiers"),
        "text",
        text,
        tooltip="Advantages and limitations, separated by ';', e.g. "
        "'Penetrating (+1/2); Easily Detected (-1/4)'.",
    )


def _power_active(cell: _PowerCell) -> CellView:
    return CellView(
        str(cell.priced.points.active), tooltip=cell.priced.explanation, align_right=True
    )


def _power_play(cell: _PowerCell) -> CellView:
    built = build_character(cell.document.character, cell.document.campaign, cell.cats)
    found = next((r for r in built.powers if r.index == cell.row), None)
    text = power_notes(found, built, cell.document.character) if found else ""
    return CellView(text, tooltip=cell.priced.end_text)


def _power_costs_end(cell: _PowerCell) -> CellView:
    path = (*POWERS_PATH, cell.row, "costs_end")
    if cell.priced.catalog is not None:
        return CellView("", path)
    return CellView(
        "",
        path,
        None,
        cell.choice.costs_end,
        check=cell.choice.costs_end,
        tooltip="Clear it for a power that costs no END in HERO (senses, most defences ...).",
    )


def _power_end(cell: _PowerCell) -> CellView:
    mental = "; a Mental Power" if cell.priced.mental else ""
    return CellView(str(cell.priced.end), tooltip=cell.priced.end_text + mental, align_right=True)


def _power_framework(cell: _PowerCell) -> CellView:
    return CellView(
        cell.choice.framework.strip() or "(none)",
        (*POWERS_PATH, cell.row, "framework"),
        "choice",
        cell.choice.framework.strip(),
        _framework_choices(cell.document),
        tooltip="The Power Framework this power is a slot of.",
    )


def _power_slot(cell: _PowerCell) -> CellView:
    place = framework_index(cell.document.character, cell.choice.framework)
    path = (*POWERS_PATH, cell.row, "slot")
    if place is None or cell.document.character.frameworks[place].kind != "multipower":
        return CellView("", path)
    return CellView(
        SLOT_LABELS[cell.choice.slot],
        path,
        "choice",
        cell.choice.slot,
        list(SLOT_LABELS.items()),
        tooltip="A fixed slot costs Real Points / 10, a flexible one / 5.",
    )


def _power_real(cell: _PowerCell) -> CellView:
    slot = slot_for(cell.document.character, cell.document.campaign, cell.priced)
    if slot is not None:
        return CellView(
            str(slot.cost),
            tooltip=f"{cell.priced.explanation}; {slot.explanation}",
            align_right=True,
        )
    return CellView(str(cell.priced.points.real), tooltip=cell.priced.explanation, align_right=True)


POWERS: Collection[HeroDocument] = Collection(
    key="powers",
    title="Powers",
    noun="power",
    path=POWERS_PATH,
    item_model=PowerChoice,
    columns=(
        Column("Power", field="name", edit="text", cell=_power_cell("name")),
        Column("Amount", field="levels", edit="int", cell=_power_cell("levels")),
        Column("Amount 2", field="levels2", edit="int", cell=_power_cell("levels2")),
        Column("Version", edit="choice", cell=_power_cell("version"), on_edit=set_version),
        Column("Base", field="base_cost", edit="int", cell=_power_cell("base")),
        Column(
            "Advantages / Limitations",
            edit="text",
            cell=_power_cell("modifiers"),
            on_edit=set_modifiers,
        ),
        Column("Active", cell=_power_cell("active")),
        Column("Real", cell=_power_cell("real")),
        Column("END", cell=_power_cell("end")),
        Column("Framework", edit="choice", cell=_power_cell("framework"), on_edit=set_framework),
        Column("Slot", field="slot", edit="choice", cell=_power_cell("slot")),
        Column("At the table", cell=_power_cell("play")),
        Column("Costs END", field="costs_end", edit="bool", cell=_power_cell("costs_end")),
        Column("Note", field="note", edit="text"),
    ),
    entries=power_entries,
    document_entries=lambda document: power_entries(catalogs_for(document.campaign)),
    new_item=_new_power,
    custom=CustomEntries(
        "Custom Power",
        (
            CustomField("name", "Power", required=True),
            CustomField("base_cost", "Base cost", "int", 10, low=0, high=10_000),
            CustomField("modifiers", "Advantages / limitations", "text", ""),
        ),
        _custom_power,
        intro="Any HERO power the supplement does not change: enter its base cost from the "
        "core book, and its advantages and limitations as 'Name (+1/2); Name (-1/4)'. "
        "Active = base × (1 + advantages); Real = Active / (1 + limitations).",
    ),
    name=lambda document, row: power_name(document.character.powers[row], catalogs()),
    reads=(("campaign",), ("character", "frameworks"), CHARS_PATH, SKILLS_PATH),
    help="Active Points = base × (1 + advantages); Real Points = Active / (1 + limitations), "
    "each to the nearest whole point (.5 in the character's favour).",
)


# --- power frameworks ----------------------------------------------------------------------

FRAMEWORK_TEXT = (
    "Power Frameworks. A Multipower's reserve costs 1 point per Active "
    "Point; each slot holds one power at a time and costs its Real Points / 10 (fixed) or "
    "/ 5 (flexible); a slot uses at most the reserve. An Elemental Control's pool costs "
    "its Active Points; each of its powers pays its Active Points less the pool, then its "
    "limitations, and has at least twice the pool. (HERO System 5th Edition figures, "
    "campaign settings.)"
)


def framework_entries() -> list[PickEntry]:
    return [
        PickEntry(
            kind,
            label,
            "Power Frameworks",
            "reserve: 1 per Active Point" if kind == "multipower" else "pool: its Active Points",
            FRAMEWORK_TEXT,
            "reconstructed",
            "The supplement rules how Adjustment Powers affect frameworks but prices none; "
            "the figures are HERO System 5th Edition's, campaign settings.",
            (438, 442, 444, 446, 448, 450, 452, 454),
        )
        for kind, label in FRAMEWORK_LABELS.items()
    ]


def _new_framework(_document: HeroDocument, kind: str) -> FrameworkChoice:
    if kind not in FRAMEWORK_LABELS:
        raise EditError(f"There is no Power Framework '{kind}'")
    return FrameworkChoice(kind=kind, points=60 if kind == "multipower" else 30)


def _framework_cell(column: str) -> CellFn:
    def build(document: HeroDocument, row: int, framework: FrameworkChoice) -> CellView:
        cats = catalogs_for(document.campaign)
        path = (*FRAMEWORKS_PATH, row)
        if column == "kind":
            return CellView(FRAMEWORK_LABELS[framework.kind], path, tooltip=FRAMEWORK_TEXT)
        built = build_character(document.character, document.campaign, cats)
        found = next(r for r in built.frameworks if r.index == row)
        if column == "cost":
            return CellView(str(found.cost), tooltip=found.explanation, align_right=True)
        names = [built.powers[i].name for i in found.slots]
        return CellView(", ".join(names) or "(none yet)", tooltip="The powers in it.")

    return build


FRAMEWORKS: Collection[HeroDocument] = Collection(
    key="frameworks",
    title="Power Frameworks",
    noun="Power Framework",
    path=FRAMEWORKS_PATH,
    item_model=FrameworkChoice,
    columns=(
        Column("Framework", cell=_framework_cell("kind")),
        Column("Name", field="name", edit="text"),
        Column("Reserve / pool (Active Points)", field="points", edit="int"),
        Column("Cost", cell=_framework_cell("cost")),
        Column("Powers", cell=_framework_cell("powers")),
        Column("Note", field="note", edit="text"),
    ),
    entries=framework_entries,
    new_item=_new_framework,
    name=lambda document, row: framework_label(document.character.frameworks[row]),
    reads=(("campaign",), ("character", "powers")),
    help=FRAMEWORK_TEXT,
)


# --- disadvantages -------------------------------------------------------------------------


def disadvantage_entries() -> list[PickEntry]:
    return [
        catalog_pick_entry(kind, kind.category, "(Frequency + Intensity) / Importance")
        for kind in catalogs().kinds.values()
    ]


def _new_disadvantage(_document: HeroDocument, kind_id: str) -> DisadvantageChoice:
    if kind_id not in catalogs().kinds:
        raise EditError(f"There is no disadvantage '{kind_id}'")
    importance = "extremely" if kind_id == "vulnerability" else "greatly"
    return DisadvantageChoice(kind=kind_id, importance=importance)


def _measure_choices(cats: Catalogs, kind_id: str, what: str) -> Choices:
    kind = cats.kinds[kind_id]
    rows = getattr(kind.table, what)
    sign = "/" if what == "importance" else "+"
    return [(r.level, f"{r.level.capitalize()} ({sign}{r.points}): {r.text}") for r in rows]


@dataclass(frozen=True, slots=True)
class _DisadvantageCell:
    """What a cell of a Disadvantage's row reads: its kind (from the catalog)."""

    document: HeroDocument
    row: int
    choice: DisadvantageChoice
    kind: DisadvantageKind
    column: str


def _disadvantage_cell(column: str) -> CellFn:
    shows = {
        "kind": _disadvantage_kind,
        "category": _disadvantage_category,
        "frequency": _disadvantage_measure,
        "intensity": _disadvantage_measure,
        "importance": _disadvantage_measure,
        "second_intensity": _disadvantage_measure,
        "resources": _disadvantage_resources,
        "play": _disadvantage_play,
    }.get(column, _disadvantage_value)

    def build(document: HeroDocument, row: int, choice: DisadvantageChoice) -> CellView:
        kind = catalogs().kinds.get(choice.kind)
        if kind is None:
            return CellView(choice.kind if column == "kind" else "")
        return shows(_DisadvantageCell(document, row, choice, kind, column))

    return build


def _disadvantage_kind(cell: _DisadvantageCell) -> CellView:
    return CellView(
        cell.kind.name,
        (*DISADVANTAGES_PATH, cell.row),
        tooltip=cell.kind.text,
        rule_text=cell.kind.text,
    )


def _disadvantage_category(cell: _DisadvantageCell) -> CellView:
    was = f" (was {cell.kind.was})" if cell.kind.was else ""
    return CellView(cell.kind.category + was, tooltip="The Disadvantage's category.")


def _disadvantage_measure(cell: _DisadvantageCell) -> CellView:
    """Frequency, Intensity, Importance, or the second Intensity (of the Intensity table)."""
    table = "intensity" if cell.column == "second_intensity" else cell.column
    path = (*DISADVANTAGES_PATH, cell.row, cell.column)
    if cell.column == "second_intensity" and not cell.kind.second_intensity:
        return CellView("", path)
    value = getattr(cell.choice, cell.column)
    options = _measure_choices(catalogs(), cell.choice.kind, table)
    row_text = ""
    if value is not None:
        found = measure(getattr(cell.kind.table, table), value)
        sign = "/" if table == "importance" else "+"
        row_text = f"{value.capitalize()} {sign}{found.points}"
    blank = "(same)" if cell.column == "second_intensity" else None
    tip = dict(options).get(value, cell.kind.second_intensity)
    return CellView(
        row_text or "(same)", path, "choice", value, choice_list(options, blank), tooltip=tip
    )


def _disadvantage_resources(cell: _DisadvantageCell) -> CellView:
    path = (*DISADVANTAGES_PATH, cell.row, "resources")
    if not cell.kind.resources:
        return CellView("", path)
    labels = {"additional": "additional (+5)", "limited": "limited (-5)", "useful": "useful (-5)"}
    options = [("none", "none"), *((r, labels[r]) for r in cell.kind.resources)]
    return CellView(
        dict(options).get(cell.choice.resources, cell.choice.resources),
        path,
        "choice",
        cell.choice.resources,
        options,
    )


def _disadvantage_play(cell: _DisadvantageCell) -> CellView:
    cats = catalogs()
    if price_disadvantage(cell.row, cell.choice, cell.document.campaign, cats) is None:
        return CellView("")
    built = build_character(cell.document.character, cell.document.campaign, cats)
    own = next((r for r in built.disadvantages if r.index == cell.row), None)
    text = disadvantage_notes(own, built, cell.document.character) if own else ""
    return CellView(text, tooltip="What is rolled for it at the table.")


def _disadvantage_value(cell: _DisadvantageCell) -> CellView:
    priced = price_disadvantage(cell.row, cell.choice, cell.document.campaign, catalogs())
    value = priced.value.value if priced else 0
    return CellView(
        str(value), tooltip=priced.value.explanation if priced else "", align_right=True
    )


def _dependence_only(field: str, kind_flag: str) -> CellFn:
    def build(document: HeroDocument, row: int, choice: DisadvantageChoice) -> CellView:
        kind = catalogs().kinds.get(choice.kind)
        path = (*DISADVANTAGES_PATH, row, field)
        value = getattr(choice, field)
        if kind is None or not getattr(kind, kind_flag):
            return CellView("", path)
        if isinstance(value, bool):
            return CellView("", path, None, value, check=value)
        return CellView(str(value), path, "int", value, bounds=(0, 20), align_right=True)

    return build


DISADVANTAGES: Collection[HeroDocument] = Collection(
    key="disadvantages",
    title="Disadvantages",
    noun="disadvantage",
    path=DISADVANTAGES_PATH,
    item_model=DisadvantageChoice,
    columns=(
        Column("Disadvantage", cell=_disadvantage_cell("kind")),
        Column("Category", cell=_disadvantage_cell("category")),
        Column("Description", field="name", edit="text"),
        Column("Frequency", field="frequency", edit="choice", cell=_disadvantage_cell("frequency")),
        Column("Intensity", field="intensity", edit="choice", cell=_disadvantage_cell("intensity")),
        Column(
            "Second Intensity",
            field="second_intensity",
            edit="choice",
            cell=_disadvantage_cell("second_intensity"),
        ),
        Column(
            "Importance", field="importance", edit="choice", cell=_disadvantage_cell("importance")
        ),
        Column(
            "Time steps",
            field="time_chart_steps",
            edit="int",
            cell=_dependence_only("time_chart_steps", "time_chart"),
        ),
        Column(
            "Extra dice",
            field="extra_dice",
            edit="int",
            cell=_dependence_only("extra_dice", "extra_dice"),
        ),
        Column(
            "Normal damage",
            field="normal_damage",
            edit="bool",
            cell=_dependence_only("normal_damage", "normal_damage_doubles"),
        ),
        Column(
            "Instant",
            field="instant",
            edit="bool",
            cell=_dependence_only("instant", "instant_rate_mild"),
        ),
        Column("Resources", field="resources", edit="choice", cell=_disadvantage_cell("resources")),
        Column("Value", cell=_disadvantage_cell("value")),
        Column("At the table", cell=_disadvantage_cell("play")),
    ),
    entries=disadvantage_entries,
    new_item=_new_disadvantage,
    name=lambda document, row: disadvantage_name(document.character.disadvantages[row], catalogs()),
    reads=(("campaign",), CHARS_PATH),
    help="Value = (Frequency + Intensity) / Importance; Vulnerabilities are always "
    "Extremely important.",
)

#: the measures, for anyone offering them
MEASURES = {"frequency": FREQUENCIES, "intensity": INTENSITIES, "importance": IMPORTANCES}

#: every list of the character, in the order the page shows them
COLLECTIONS: tuple[Collection[HeroDocument], ...] = (
    CHARACTERISTICS,
    SKILLS,
    TALENTS,
    POWERS,
    FRAMEWORKS,
    DISADVANTAGES,
)
