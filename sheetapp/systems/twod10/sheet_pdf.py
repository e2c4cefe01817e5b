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
    system_sheet,
    worst,
)
from sheetapp.systems.twod10.catalog import ATTRIBUTES, Catalogs, catalogs
from sheetapp.systems.twod10.model import Twod10Character
from sheetapp.systems.twod10.sheet import (
    Twod10Sheet,
    build_sheet,
    condition_names,
    skill_name,
)

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
    sheet = build_sheet(character, document.campaign, cats, condition_names(document))
    combat = tuple(
        _entry(derived[key], evaluation, label) for key, label in COMBAT_KEYS if key in derived
    )
    attributes = tuple(
        _entry(derived[f"attribute.{attribute}"], evaluation, cats.attributes[attribute].name)
        for attribute in ATTRIBUTES
    )
    return system_sheet(
        system,
        document,
        evaluation,
        (
            KeyValueSection("combat", "Combat", combat),
            KeyValueSection("attributes", "Attributes", attributes),
            _skills(sheet, evaluation, cats),
            _weapons(sheet, evaluation, character),
            _armour(sheet, character),
            _body(character, cats),
            _wounds(sheet, evaluation, character),
            _psionics(sheet, evaluation, character, cats),
            TextSection("equipment", "Equipment", "\n".join(character.equipment)),
            *_reference(cats),
        ),
    )


def _penalty(sheet: Twod10Sheet) -> str:
    return f" (wounds {sheet.penalty:+d})" if sheet.penalty else ""


def _skills(sheet: Twod10Sheet, evaluation: Evaluation, cats: Catalogs) -> TableSection:
    return TableSection(
        "skills",
        "Skills" + _penalty(sheet),
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


def _weapons(
    sheet: Twod10Sheet, evaluation: Evaluation, character: Twod10Character
) -> TableSection:
    return TableSection(
        "weapons",
        "Weapons" + _penalty(sheet),
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


def _armour(sheet: Twod10Sheet, character: Twod10Character) -> TableSection:
    return TableSection(
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


def _how_hit(wound: Any) -> str:
    """What a wound recorded from the Play tab keeps: the AR, the location roll, the cover,
    and whether it was stabilised."""
    parts = []
    if wound.ar is not None:
        parts.append(f"AR {wound.ar}")
    if wound.location_roll is not None:
        parts.append(f"rolled {wound.location_roll}")
    if wound.cover != "open":
        parts.append(wound.cover.replace("_", " "))
    if wound.stabilised:
        parts.append("stabilised")
    return f" ({', '.join(parts)})" if parts else ""


def _wounds(sheet: Twod10Sheet, evaluation: Evaluation, character: Twod10Character) -> TableSection:
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
                    "wound": line.name
                    + _how_hit(character.wounds[line.index])
                    + (" (recovered)" if line.recovered else ""),
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


def _psionics(
    sheet: Twod10Sheet, evaluation: Evaluation, character: Twod10Character, cats: Catalogs
) -> TableSection:
    alien = cats.constants.alien_mind_penalty
    return TableSection(
        "psionics",
        f"Psionics: Power + Focus vs WILL + Defense; alien mind {alien}; no Surprise",
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
    """The fragment's tables, printed for play."""
    return [
        _dv_chart(cats),
        _special_damage(cats),
        _influence(cats),
        _psionic_range(cats),
        _mass_targets(cats),
        _psionic_notes(cats),
    ]


def _dv_chart(cats: Catalogs) -> TableSection:
    return TableSection(
        "dv_chart",
        "DV chart",
        (Column("dv", "DV", "center"), Column("name", "Difficulty")),
        tuple(Row({"dv": str(s.dv), "name": s.name}) for s in cats.tables.dv_chart),
    )


def _special_damage(cats: Catalogs) -> TableSection:
    return TableSection(
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
            for s in cats.tables.special_damage
        ),
    )


def _influence(cats: Catalogs) -> TableSection:
    return TableSection(
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
            for r in cats.tables.influence
        ),
    )


def _psionic_range(cats: Catalogs) -> TableSection:
    return TableSection(
        "psionic_range",
        "Psionic range (points used)",
        (Column("points", "Points", "center"), Column("range", "Range")),
        tuple(Row({"points": str(s.points), "range": s.name}) for s in cats.tables.psionic_range),
    )


def _mass_targets(cats: Catalogs) -> TableSection:
    k = cats.constants
    return TableSection(
        "mass_targets",
        f"Mass targets ({k.mass_step_penalty} more for every further multiple of "
        f"{k.mass_step_factor})",
        (Column("targets", "Targets", "right"), Column("av", "AV", "center")),
        tuple(Row({"targets": s.name, "av": str(s.penalty)}) for s in cats.tables.mass_targets),
    )


def _psionic_notes(cats: Catalogs) -> TableSection:
    k = cats.constants
    return TableSection(
        "psionic_notes",
        "Psionic ping and detection",
        (Column("a", ""), Column("b", "")),
        (
            Row(
                {
                    "a": "Ping DV",
                    "b": f"{k.ping_base} - points used within {k.ping_free_distance_m}m; "
                    f"+1 per {k.ping_step_m}m beyond",
                }
            ),
            Row(
                {
                    "a": "Detection",
                    "b": "INT + Perception vs attacker's INT + Defense; beat by "
                    f"{k.detect_identity_margin}+: identity",
                }
            ),
            Row(
                {
                    "a": "Contact lost",
                    "b": f"psi rolls Shock vs {k.contact_death_dv_base} + target's SPIRIT",
                }
            ),
        ),
    )


__all__ = ["skill_name", "twod10_sheet"]
