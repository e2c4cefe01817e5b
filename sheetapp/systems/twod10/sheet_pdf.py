"""The printed 2d10 sheet: a character to run a fight with. Combat values and the wound
penalty first, attributes, skills with their AV, weapons and armour with EV/RV, the body
locations with the wounds taken on each side, psionics, then the fragment's reference
tables (DV chart, hit locations, special damage, influence results, psionic range and
mass targets). Every number comes from the evaluation, so paper and window agree."""

from __future__ import annotations

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
    campaign_entries,
    header,
    worst,
)
from sheetapp.systems.twod10.catalog import ATTRIBUTES, Catalogs, catalogs
from sheetapp.systems.twod10.model import Twod10Character
from sheetapp.systems.twod10.sheet import build_sheet, skill_name

COMBAT_KEYS = (
    ("initiative", "INIT"),
    ("wound_penalty", "Wound penalty"),
    ("status", "Status"),
    ("armour", "Armour RV"),
    ("shock_save", "Shock save (+d20)"),
    ("malfunction", "Malfunction (+2D10)"),
    ("surprise_hiding", "Surprise: hiding"),
    ("surprise_unexpected", "Surprise: unexpected"),
    ("psionic_defense", "Psi defence DV"),
    ("detection_dv", "Detect-me DV"),
    ("movement", "RUN / JUMP"),
)


def _severity(evaluation: Evaluation, path: DataPath) -> Any:
    return worst(evaluation.issues_at(path)) if path else None


def _entry(value: DerivedValue, evaluation: Evaluation, label: str) -> Entry:
    return Entry(
        label, str(value.value), value.explanation, value.path, _severity(evaluation, value.path)
    )


def twod10_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: Twod10Character = document.character
    cats = catalogs()
    derived = {value.key: value for value in evaluation.derived}
    sheet = build_sheet(character, document.campaign, cats)
    combat = tuple(
        _entry(derived[key], evaluation, label) for key, label in COMBAT_KEYS if key in derived
    )
    attributes = tuple(
        _entry(derived[f"attribute.{attribute}"], evaluation, cats.attributes[attribute].name)
        for attribute in ATTRIBUTES
    )
    penalty = f" (wounds {sheet.penalty:+d})" if sheet.penalty else ""
    skills = TableSection(
        "skills",
        "Skills" + penalty,
        (
            Column("skill", "Skill"),
            Column("attribute", "Attribute"),
            Column("rating", "Rating", "center"),
            Column("av", "AV", "center"),
        ),
        tuple(
            Row(
                {
                    "skill": line.name,
                    "attribute": cats.attributes[line.attribute].name,
                    "rating": str(line.rating),
                    "av": str(line.av.value),
                },
                ("character", "skills", line.index),
                _severity(evaluation, ("character", "skills", line.index)),
            )
            for line in sheet.skills
        ),
    )
    weapons = TableSection(
        "weapons",
        "Weapons" + penalty,
        (
            Column("weapon", "Weapon"),
            Column("skill", "Attack"),
            Column("av", "AV", "center"),
            Column("ev", "EV", "center"),
            Column("note", "Note"),
        ),
        tuple(
            Row(
                {
                    "weapon": line.name,
                    "skill": line.av.explanation,
                    "av": str(line.av.value),
                    "ev": str(line.ev),
                    "note": "; ".join(p for p in (line.malfunction, weapon.note) if p),
                },
                ("character", "weapons", line.index),
                _severity(evaluation, ("character", "weapons", line.index)),
            )
            for line, weapon in zip(sheet.weapons, character.weapons, strict=True)
        ),
    )
    armour = TableSection(
        "armour",
        f"Armour: RV {sheet.armour.value} ({sheet.armour.explanation})",
        (
            Column("layer", "Layer"),
            Column("rv", "RV", "center"),
            Column("worn", "Worn", "center"),
            Column("note", "Note"),
        ),
        tuple(
            Row(
                {
                    "layer": layer.name or "(unnamed layer)",
                    "rv": str(layer.rv),
                    "worn": "yes" if layer.worn else "no",
                    "note": "; ".join(
                        p
                        for p in (
                            f"Toughness {layer.toughness}" if layer.toughness is not None else "",
                            layer.note,
                        )
                        if p
                    ),
                },
                ("character", "armour", index),
            )
            for index, layer in enumerate(character.armour)
        ),
    )
    return Sheet(
        header=header(system, document, campaign_entries(document.campaign, only_changed=True)),
        totals=evaluation.totals,
        sections=(
            KeyValueSection("combat", "Combat", combat),
            KeyValueSection("attributes", "Attributes", attributes),
            skills,
            weapons,
            armour,
            _body(character, cats),
            _wounds(sheet, evaluation, character),
            _psionics(sheet, evaluation, character),
            TextSection("equipment", "Equipment", "\n".join(character.equipment)),
            *_reference(cats),
        ),
        issues=evaluation.issues,
    )


def _body(character: Twod10Character, cats: Catalogs) -> TableSection:
    """The hit-location table with the damage taken on each side (boxes to fill in play)."""
    taken: dict[tuple[str, str], list[str]] = {}
    for wound in character.wounds:
        if wound.location is None:
            continue
        side = wound.side or "?"
        text = str(wound.damage) + ("t" if wound.recovered else "")
        taken.setdefault((wound.location, side), []).append(text)
    rows = []
    for location in cats.tables.hit_locations:
        rolls = location.rolls
        roll = str(rolls[0]) if len(rolls) == 1 else f"{rolls[0]}-{rolls[-1]}"
        effect = location.effect
        if location.both_sides_effect:
            effect += f" / both: {location.both_sides_effect}"
        rows.append(
            Row(
                {
                    "roll": roll,
                    "called": str(location.called_shot),
                    "location": location.name,
                    "shock": str(location.shock_dv) + (" D!" if location.marked_d else ""),
                    "wound": f"{location.penalty}" + (f", {effect}" if effect else ""),
                    "left": ", ".join(taken.get((location.id, "left"), [])),
                    "right": ", ".join(
                        taken.get((location.id, "right"), []) + taken.get((location.id, "?"), [])
                    ),
                },
                # the character's wounds by location: a play aid, not a rules table
                ("character", "wounds"),
            )
        )
    return TableSection(
        "body",
        "Body locations (3d6; low cover 2d6+1, high cover 2d6+6; even AR right, odd left)",
        (
            Column("roll", "Roll", "center"),
            Column("called", "Called", "center"),
            Column("location", "Location"),
            Column("shock", "Shock DV", "center"),
            Column("wound", "Wound"),
            Column("left", "Left", "center"),
            Column("right", "Right", "center"),
        ),
        tuple(rows),
    )


def _note(items: Any, index: int) -> str:
    """The player's note on the ``index``-th wound or power (the sheet prints it under
    the row: "pistol round")."""
    return str(items[index].note) if 0 <= index < len(items) else ""


def _wounds(sheet: Any, evaluation: Evaluation, character: Twod10Character) -> TableSection:
    return TableSection(
        "wounds",
        f"Wounds taken: penalty {sheet.penalty} to every AV and DV",
        (
            Column("wound", "Wound"),
            Column("penalty", "Penalty", "center"),
            Column("shock", "Shock check"),
            Column("effect", "Effect"),
        ),
        tuple(
            Row(
                {
                    "wound": line.name + (" (recovered)" if line.recovered else ""),
                    "penalty": str(line.penalty),
                    "shock": f"{line.shock_av} + d20 vs {line.shock_dv}"
                    if line.shock_dv is not None
                    else "",
                    "effect": "; ".join(p for p in (line.effect, line.recovery) if p),
                },
                ("character", "wounds", line.index),
                _severity(evaluation, ("character", "wounds", line.index)),
                detail=_note(character.wounds, line.index),
            )
            for line in sheet.wounds.lines
        ),
    )


def _psionics(sheet: Any, evaluation: Evaluation, character: Twod10Character) -> TableSection:
    return TableSection(
        "psionics",
        "Psionics: Power + Focus vs WILL + Defense; alien mind -4; no Surprise",
        (
            Column("power", "Power"),
            Column("score", "Score", "center"),
            Column("points", "Points", "center"),
            Column("av", "Attack AV", "center"),
            Column("range", "Range"),
            Column("ping", "Ping DV", "center"),
            Column("detectable", "Detectable", "center"),
        ),
        tuple(
            Row(
                {
                    "power": line.name,
                    "score": str(line.power),
                    "points": str(line.points),
                    "av": str(line.attack.value),
                    "range": line.range,
                    "ping": str(line.ping.value),
                    "detectable": "yes" if line.detectable else "no",
                },
                ("character", "powers", line.index),
                _severity(evaluation, ("character", "powers", line.index)),
                detail=_note(character.powers, line.index),
            )
            for line in sheet.powers
        ),
    )


def _reference(cats: Catalogs) -> list[TableSection]:
    two = (Column("a", ""), Column("b", ""))
    tables = cats.tables
    return [
        TableSection(
            "dv_chart",
            "DV chart",
            (Column("dv", "DV", "center"), Column("name", "Difficulty")),
            tuple(Row({"dv": str(s.dv), "name": s.name}) for s in tables.dv_chart),
        ),
        TableSection(
            "special_damage",
            "Special damage",
            (
                Column("type", "Type"),
                Column("shock", "Shock DV", "center"),
                Column("wound", "Wound"),
            ),
            tuple(
                Row(
                    {
                        "type": s.name,
                        "shock": str(s.shock_dv) + (" D!" if s.marked_d else ""),
                        "wound": f"{s.penalty}" + (f", {s.effect}" if s.effect else ""),
                    }
                )
                for s in tables.special_damage
            ),
        ),
        TableSection(
            "influence",
            "Being influenced (effect result)",
            (
                Column("range", "Result", "center"),
                Column("name", "Outcome"),
                Column("text", "Effect"),
            ),
            tuple(
                Row(
                    {
                        "range": f"{r.low}-{r.high}" if r.high else f"{r.low}+",
                        "name": r.name,
                        "text": r.text,
                    }
                )
                for r in tables.influence
            ),
        ),
        TableSection(
            "psionic_range",
            "Psionic range (points used)",
            (Column("points", "Points", "center"), Column("range", "Range")),
            tuple(Row({"points": str(s.points), "range": s.name}) for s in tables.psionic_range),
        ),
        TableSection(
            "mass_targets",
            "Mass targets (-4 more for every further multiple of 10)",
            (Column("targets", "Targets", "right"), Column("av", "AV", "center")),
            tuple(Row({"targets": s.name, "av": str(s.penalty)}) for s in tables.mass_targets),
        ),
        TableSection(
            "psionic_notes",
            "Psionic ping and detection",
            two,
            (
                Row({"a": "Ping DV", "b": "30 - points used within 20m; +1 per 5m beyond"}),
                Row(
                    {
                        "a": "Detection",
                        "b": "INT + Perception vs attacker's INT + Defense; beat by 4+: identity",
                    }
                ),
                Row({"a": "Contact lost", "b": "psi rolls Shock vs 16 + target's SPIRIT"}),
            ),
        ),
    ]


__all__ = ["skill_name", "twod10_sheet"]
