"""The printed X-Men HERO sheet, laid out like a HERO character sheet: characteristics with
cost and roll, figured characteristics and movement, the combat box, skills, talents,
powers with Active and Real Points, disadvantages with their three measures, and the
points the Hero Designer way (base + disadvantages against spent). Every number comes
from the evaluation or the same pricing, so paper and window agree."""

from __future__ import annotations

import re
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.system import GameSystem
from sheetapp.sheet import (
    Column,
    Entry,
    KeyValueSection,
    Row,
    Sheet,
    TableSection,
    TextSection,
    system_sheet,
    typed_parts,
    typed_strings,
    worst,
)
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.build import Build, CharRow, PowerRow, SkillRow, build
from sheetapp.systems.hero_xmen.catalog import Catalogs, DisadvantageKind
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.costs import measure, signed
from sheetapp.systems.hero_xmen.model import (
    DisadvantageChoice,
    HeroCampaign,
    HeroCharacter,
    PowerChoice,
)
from sheetapp.systems.hero_xmen.modifiers import format_power_modifiers
from sheetapp.systems.hero_xmen.play import old_roll, reference_rows

COMBAT_KEYS = (
    "ocv",
    "dcv",
    "ecv",
    "initiative",
    "kb_resistance",
    "running",
    "swimming",
    "str_damage",
    "presence_attack",
    "perception",
    "attacks_of_opportunity",
    "knockback",
    "shove",
    "ego_contest",
    "belief_contest",
)
ROUNDING_TEXT = (
    "Active Points = base cost × (1 + advantages). Real Points = Active Points / (1 + "
    "limitations). Each is rounded to the nearest whole point; an exact half rounds {half} "
    "(HERO System 5th Edition rounds in the character's favour). A power costs at least "
    "{minimum} Real Point. Disadvantage value = (Frequency + Intensity) / Importance, an exact "
    "half rounding {dis_half}. Characteristic rolls: 3d6 + (value - 10) / 5, to the nearest "
    "whole number."
)


def hero_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: HeroCharacter = document.character
    campaign: HeroCampaign = document.campaign
    cats = catalogs_for(campaign)
    built = build(character, campaign, cats)
    derived = {value.key: value for value in evaluation.derived}
    return system_sheet(
        system,
        document,
        evaluation,
        (
            _points(evaluation, built),
            _characteristics(
                character,
                built,
                evaluation,
                "primary",
                "characteristics",
                "Characteristics",
                cats,
            ),
            _characteristics(
                character, built, evaluation, "figured", "figured", "Figured characteristics"
            ),
            _characteristics(character, built, evaluation, "movement", "movement", "Movement"),
            _characteristics(
                character, built, evaluation, "other", "knockback", "Knockback Resistance"
            ),
            _combat(derived, evaluation),
            _skills(character, built, evaluation, cats),
            _talents(character, built, evaluation),
            _powers(character, built, evaluation, cats, derived),
            _frameworks(character, built, evaluation),
            _disadvantages(character, built, evaluation, derived),
            _disadvantage_rolls(evaluation),
            _reference(character, campaign, built),
            TextSection("rounding", "How points are counted", _rounding(campaign)),
        ),
        (t for t in evaluation.totals if t.key == "points"),
    )


def _rounding(campaign: HeroCampaign) -> str:
    return ROUNDING_TEXT.format(
        half="down" if campaign.point_rounding == "half_down" else "up",
        minimum=campaign.minimum_power_cost,
        dis_half="up" if campaign.disadvantage_rounding == "half_up" else "down",
    )


def _points(evaluation: Evaluation, built: Build) -> KeyValueSection:
    """Hero Designer's box: base points + disadvantages (+ experience) = total; spent."""
    total = evaluation.total("points")
    parts = dict(total.parts)
    budget = total.budget or 0
    entries = [
        Entry("Base points", str(parts.get("base", 0))),
        Entry(
            "Disadvantages",
            str(parts.get("disadvantages", 0)),
            f"worth {built.disadvantage_points}",
        ),
        Entry("Experience", str(parts.get("experience", 0))),
        Entry("Total points", str(budget)),
        Entry("Characteristics", str(built.characteristics_cost)),
        Entry("Skills", str(built.skills_cost)),
        Entry("Talents", str(built.talents_cost)),
        Entry("Powers", f"{built.powers_cost} ({built.active_points} AP)"),
        Entry("Spent", str(total.spent)),
        Entry(
            "Unspent",
            str(budget - total.spent),
            path=("character",),
            severity=worst(i for i in evaluation.issues if i.code == codes.OVER_BUDGET),
        ),
    ]
    return KeyValueSection("points", "Points", tuple(entries))


def _characteristics(  # noqa: PLR0917
    character: HeroCharacter,
    built: Build,
    evaluation: Evaluation,
    group: str,
    key: str,
    title: str,
    cats: Catalogs | None = None,
) -> TableSection:
    notes: dict[str, str] = {
        buy.characteristic: buy.note for buy in character.characteristics if buy.note
    }
    rows = []
    for row in built.char_rows:
        if row.char.group != group:
            continue
        path = ("character", "characteristics", row.index) if row.index is not None else ()
        maximum = ""
        if row.char.normal_maximum is not None and row.char.peak is not None:
            maximum = f"{row.char.normal_maximum:g} / {row.char.peak:g}"
        rows.append(
            Row(
                {
                    "char": row.char.abbreviation,
                    "value": f"{row.value}{row.char.unit}",
                    "base": f"{row.base}{row.char.unit}",
                    "cost": str(row.cost),
                    "roll": _roll_text(row.roll, cats),
                    "maximum": maximum,
                    "notes": _char_notes(row),
                },
                path,
                worst(evaluation.issues_at(path)) if path else None,
                detail=notes.get(row.char.id, ""),
            )
        )
    return TableSection(
        key,
        title,
        (
            Column("char", "Char"),
            Column("value", "Value", "right"),
            Column("base", "Base", "right"),
            Column("cost", "Cost", "right"),
            Column("roll", "Roll", "center"),
            Column("maximum", "Max / Peak", "center"),
            Column("notes", "Base from"),
        ),
        tuple(rows),
    )


def _roll_text(roll: int | None, cats: Catalogs | None) -> str:
    """``+1 (12-)``: the roll, and the old roll it converts from (lines 37-41)."""
    if roll is None:
        return ""
    old = old_roll(roll, cats.old_rolls) if cats is not None else ""
    return f"{signed(roll)} ({old})" if old else signed(roll)


def _char_notes(row: CharRow) -> str:
    if row.char.base_terms:
        return row.base_text
    if row.char.id == "kb_resistance":
        return (
            f"knocked down at 3d6 + BODY = {10 + row.value}, 1 inch back per point above; "
            f"{signed(row.value - 10)} to STR against a Shove"
        )
    if row.char.group == "movement":
        return f"combat {row.value}{row.char.unit}, non-combat {2 * row.value}{row.char.unit}"
    return ""


def _combat(derived: dict[str, DerivedValue], evaluation: Evaluation) -> KeyValueSection:
    entries = []
    for key in COMBAT_KEYS:
        if key not in derived:
            continue
        value = derived[key]
        entries.append(
            Entry(
                value.label,
                str(value.value),
                value.explanation,
                value.path,
                worst(evaluation.issues_at(value.path)) if value.path else None,
            )
        )
    return KeyValueSection("combat", "Combat", tuple(entries))


def _item_row(
    values: dict[str, str], path: DataPath, evaluation: Evaluation, details: tuple[str, ...]
) -> Row:
    """An item's row, marked by its worst issue; its details (the explanation, the note
    ...) joined for the full sheet."""
    return Row(
        values,
        path,
        worst(evaluation.issues_at(path)),
        detail="; ".join(part for part in details if part),
    )


def _skill_roll(row: SkillRow, cats: Catalogs) -> str:
    old = old_roll(row.roll, cats.old_rolls) if row.roll is not None else ""
    return f"{row.roll_text} ({old})" if old and row.roll_text else row.roll_text


def _skills(
    character: HeroCharacter, built: Build, evaluation: Evaluation, cats: Catalogs
) -> TableSection:
    rows = []
    for row in built.skills:
        choice = character.skills[row.index]
        vehicles = f"categories: {', '.join(choice.vehicles)}" if choice.vehicles else ""
        path = ("character", "skills", row.index)
        level = signed(row.level) if row.characteristic else str(row.level)
        rows.append(
            _item_row(
                {
                    "skill": row.name,
                    "type": row.kind + (f" {row.category}" if row.category else ""),
                    "level": level,
                    "roll": _skill_roll(row, cats),
                    "cost": str(row.cost),
                },
                path,
                evaluation,
                (row.explanation, vehicles, choice.note),
            )
        )
    return TableSection(
        "skills",
        "Skills",
        (
            Column("skill", "Skill"),
            Column("type", "Type"),
            Column("level", "Level", "center"),
            Column("roll", "Roll", "center"),
            Column("cost", "Cost", "right"),
        ),
        tuple(rows),
    )


def _talents(character: HeroCharacter, built: Build, evaluation: Evaluation) -> TableSection:
    rows = []
    for row in built.talents:
        note = character.talents[row.index].note
        path = ("character", "talents", row.index)
        rows.append(
            _item_row(
                {
                    "talent": row.name,
                    "level": signed(row.level),
                    "roll": f"EGO {signed(row.roll)}" if row.roll is not None else "",
                    "cost": str(row.cost),
                },
                path,
                evaluation,
                (row.explanation, note),
            )
        )
    return TableSection(
        "talents",
        "Talents",
        (
            Column("talent", "Talent"),
            Column("level", "Level", "center"),
            Column("roll", "Roll", "center"),
            Column("cost", "Cost", "right"),
        ),
        tuple(rows),
    )


def _powers(
    character: HeroCharacter,
    built: Build,
    evaluation: Evaluation,
    cats: Catalogs,
    derived: dict[str, DerivedValue],
) -> TableSection:
    rows = []
    for row in built.powers:
        choice = character.powers[row.index]
        path = ("character", "powers", row.index)
        details, explanation = _power_build(row, choice, built, cats, derived)
        rows.append(
            _item_row(
                {
                    "power": row.name,
                    "details": details,
                    "active": str(row.points.active),
                    "real": str(built.power_cost(row)),
                    "end": str(row.end),
                },
                path,
                evaluation,
                (explanation, row.end_text, choice.note),
            )
        )
    return TableSection(
        "powers",
        "Powers",
        (
            Column("power", "Power"),
            Column("details", "Build"),
            Column("active", "Active", "right"),
            Column("real", "Real", "right"),
            Column("end", "END", "right"),
        ),
        tuple(rows),
    )


def _power_build(
    row: PowerRow,
    choice: PowerChoice,
    built: Build,
    cats: Catalogs,
    derived: dict[str, DerivedValue],
) -> tuple[str, str]:
    """A power's build as the sheet's column says it (its framework and slot, measure,
    modifiers, mode, DC from STR, Find Weakness roll), and the explanation of its cost."""
    details = [row.measure]
    if row.mental:
        details.insert(0, "Mental Power")
    modifiers = format_power_modifiers(choice.adders, choice.modifiers, row.catalog, cats)
    if modifiers:
        details.append(modifiers)
    if choice.mode:
        details.append(f"mode: {choice.mode}")
    slot = built.slots.get(row.index)
    explanation = row.points.explanation
    if slot is not None:
        framework = built.frameworks[slot.framework].name
        kind = f", {slot.kind} slot" if slot.kind != "elemental" else ""
        details.insert(0, framework + kind)
        explanation += f"; {slot.explanation}"
    strength = derived.get(f"power.{row.index}.str_dc")
    if strength is not None:
        details.append(f"+{strength.value} DC from STR")
    weakness = derived.get(f"power.{row.index}.find_weakness")
    if weakness is not None:
        details.append(f"roll {weakness.value}")
    return "; ".join(details), explanation


def _frameworks(character: HeroCharacter, built: Build, evaluation: Evaluation) -> TableSection:
    rows = []
    for row in built.frameworks:
        path = ("character", "frameworks", row.index)
        names = ", ".join(built.powers[i].name for i in row.slots)
        size = "reserve" if row.kind == "multipower" else "pool"
        rows.append(
            _item_row(
                {
                    "framework": row.name,
                    "points": f"{size} {row.points}",
                    "powers": names,
                    "cost": str(row.cost),
                },
                path,
                evaluation,
                (row.explanation, character.frameworks[row.index].note),
            )
        )
    return TableSection(
        "frameworks",
        "Power Frameworks",
        (
            Column("framework", "Framework"),
            Column("points", "Active Points", "center"),
            Column("powers", "Powers"),
            Column("cost", "Cost", "right"),
        ),
        tuple(rows),
    )


def _reference(character: HeroCharacter, campaign: HeroCampaign, built: Build) -> TableSection:
    """The supplement's play rules as this character's numbers (rows of no item: the
    full sheet's, not the card's)."""
    return TableSection(
        "reference",
        "At the table",
        (Column("rule", "Rule"), Column("numbers", "For this character")),
        tuple(
            Row({"rule": rule, "numbers": text})
            for rule, text in reference_rows(character, campaign, built)
        ),
    )


def _disadvantage_rolls(evaluation: Evaluation) -> KeyValueSection:
    """What a player rolls for a Disadvantage at the table: Enraged's and Accidental
    Change's chances, a Psychological Limitation's EGO roll to resist."""
    entries = tuple(
        Entry(value.label, str(value.value), value.explanation, value.path)
        for value in evaluation.derived
        if value.key.startswith("disadvantage.") and value.key.endswith((".rolls", ".resist"))
    )
    return KeyValueSection("disadvantage_rolls", "Disadvantage rolls", entries)


def _own_words(text: str) -> str:
    """A table's words, unless they only say "as per default"."""
    return "" if text == "as per default" else f": {text}"


def intensity_words(choice: DisadvantageChoice, kind: DisadvantageKind) -> str:
    """The Intensity as the table reads it. With a second Intensity (Enraged's recovery,
    line 521) each roll comes from its own Intensity's column: affect Strong and recover
    Mild read "+3 chance to affect" and "+3 chance to recover" (lines 529, 531)."""
    table = kind.table
    intensity = measure(table.intensity, choice.intensity)
    head = f"{choice.intensity.capitalize()} +{intensity.points}"
    if not (choice.second_intensity and kind.second_intensity):
        return f"{head}: {intensity.text}"
    first, _ = kind.intensity_columns(choice.intensity)
    second = measure(table.intensity, choice.second_intensity)
    _, second_text = kind.intensity_columns(choice.second_intensity)
    return (
        f"{head}: {first}; {kind.second_intensity}: "
        f"{choice.second_intensity.capitalize()} +{second.points}: {second_text}"
    )


def _disadvantages(
    character: HeroCharacter,
    built: Build,
    evaluation: Evaluation,
    derived: dict[str, DerivedValue],
) -> TableSection:
    rows = []
    for row in built.disadvantages:
        choice = character.disadvantages[row.index]
        table = row.kind.table
        path = ("character", "disadvantages", row.index)
        frequency = measure(table.frequency, choice.frequency)
        importance_level = "extremely" if row.kind.id == "vulnerability" else choice.importance
        importance = measure(table.importance, importance_level)
        intensity_text = intensity_words(choice, row.kind)
        resist = derived.get(f"disadvantage.{row.index}.resist")
        if resist is not None:
            intensity_text += f" ({resist.value})"
        category = row.kind.category + (f" (was {row.kind.was})" if row.kind.was else "")
        rows.append(
            _item_row(
                {
                    "disadvantage": row.name,
                    "frequency": f"{choice.frequency.capitalize()} +{frequency.points}",
                    "intensity": intensity_text,
                    "importance": f"{importance_level.capitalize()} /{importance.points}"
                    + _own_words(importance.text),
                    "value": str(row.value.value),
                },
                path,
                evaluation,
                (
                    category,
                    f"{choice.frequency.capitalize()}: {frequency.text}",
                    f"{importance_level.capitalize()}: {importance.text}",
                    row.value.explanation,
                    choice.note,
                ),
            )
        )
    return TableSection(
        "disadvantages",
        "Disadvantages",
        (
            Column("disadvantage", "Disadvantage"),
            Column("frequency", "Frequency"),
            Column("intensity", "Intensity"),
            Column("importance", "Importance"),
            Column("value", "Value", "right"),
        ),
        tuple(rows),
    )


#: the statblock's lines: a section of the sheet and the columns it prints, in order
STATBLOCK: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("characteristics", ("value", "roll")),
    ("figured", ("value",)),
    ("movement", ("notes",)),
    ("knockback", ("value", "notes")),
    ("skills", ("roll", "level")),
    ("talents", ("level", "roll")),
    ("powers", ("details", "active", "real", "end")),
    ("frameworks", ("points", "powers", "cost")),
    ("disadvantages", ("category", "frequency", "intensity", "importance", "value")),
)
STATBLOCK_LABELS = {"active": "AP", "real": "pts", "end": "END", "value": "pts", "cost": "pts"}
#: what a statblock calls a column's value, written before it (issue 37: no number in
#: brackets without a label); powers and frameworks carry their unit after the number
STATBLOCK_NAMES: dict[str, dict[str, str]] = {
    "characteristics": {"value": "Value ", "roll": "Roll "},
    "figured": {"value": "Value "},
    "knockback": {"value": "Value "},
    "skills": {"roll": "Roll ", "level": "Level "},
    "talents": {"level": "Level ", "roll": "Roll "},
    "frameworks": {"powers": "Powers: "},
    "disadvantages": {
        "frequency": "Frequency: ",
        "intensity": "Intensity: ",
        "importance": "Importance: ",
    },
}
#: a roll with the old roll it converts from, +1 (12-): "Converting Old 3d6 Rolls" (line 35)
_OLD_ROLL = re.compile(r"(.*) \((\d+-)\)")


def _statblock_part(key: str, column: str, cell: str) -> str:
    """One value of a statblock row with its label: "Value 15", "Roll +1, old roll 12-",
    "Frequency: Frequently +10", "60 AP"."""
    if key in ("powers", "frameworks") and column in STATBLOCK_LABELS:
        return f"{cell} {STATBLOCK_LABELS[column]}"
    if column == "roll":
        old = _OLD_ROLL.fullmatch(cell)
        if old:
            cell = f"{old.group(1)}, old roll {old.group(2)}"
    return STATBLOCK_NAMES.get(key, {}).get(column, "") + cell


def _typed_label(row: Row, part: str) -> str:
    """What the player typed, with the words the sheet labels it by ("categories: Cars"
    reads "Categories: Cars"), or as a note."""
    for piece in re.split(r"\n|; ", row.detail or ""):
        label, _, rest = piece.strip().partition(": ")
        if rest == part and label and not any(c.isdigit() for c in label):
            return f"{label[0].upper()}{label[1:]}: {part}"
    return f"Note: {part}"


def hero_statblock(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> list[tuple[str, str]]:
    """The statblock (export-text) in HERO's own notation, every number the sheet prints
    for play: rolls with their old "N-" form, END per power, Mental Powers, framework
    slots, each Intensity's own roll, the combat box."""
    sheet = hero_sheet(system, document, evaluation)
    sections = {section.key: section for section in sheet.sections}
    points = evaluation.total("points")
    typed = typed_strings(document)
    lines: list[tuple[str, str]] = [("", f"Character Points {points.spent}/{points.budget}")]
    for key, columns in STATBLOCK:
        section = sections.get(key)
        if not isinstance(section, TableSection) or not section.rows:
            continue
        first = section.columns[0].key
        items = []
        free: list[str] = []
        for row in section.rows:
            typed_here = typed_parts(row, typed, row.cells.get(first, ""))
            if key == "skills" and row.cells.get("cost", "").strip() == "0" and not typed_here:
                # an Everyperson skill at -3 costs nothing and changes nothing: named
                free.append(row.cells.get(first, ""))
                continue
            parts = []
            for column in columns:
                cell = row.cells.get(column, "")
                if not cell or (key == "disadvantages" and column == "value"):
                    continue
                parts.append(_statblock_part(key, column, cell))
            if key == "disadvantages":
                parts.append(f"Value {row.cells.get('value', '')} pts")
            # what the player typed for the row (a note, a vehicle for Transport
            # Familiarity) is kept whole (issue 37)
            shown = " ".join([row.cells.get(first, ""), *parts])
            parts += [_typed_label(row, part) for part in typed_parts(row, typed, shown)]
            items.append(f"{row.cells.get(first, '')} ({'; '.join(parts)})" if parts else "")
        if free:
            items.append(f"also, at no cost: {', '.join(free)}")
        lines.append((section.title, "; ".join(item for item in items if item)))
        if key == "knockback":
            combat = sections.get("combat")
            if isinstance(combat, KeyValueSection):
                lines.append(
                    (combat.title, "; ".join(f"{e.label} {e.value}" for e in combat.entries))
                )
    return lines
