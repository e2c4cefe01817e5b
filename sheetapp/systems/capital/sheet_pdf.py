"""The printed Capital sheet, after the seed's short and extended sheets: role and level,
the eight attribute boxes, the vitals (lightning bolt, heart and bone, line 209), Systems
with Slots, Energy and Cooldown, attack lines in the seed's format (line 448),
equipment and hands, the Special Asset, stories and personality, how each number is
worked out, and the status effects for reference. Every number comes from the
evaluation, so paper and window agree."""

from __future__ import annotations

from typing import Any

from sheetapp.core.costs import Total
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.system import GameSystem
from sheetapp.sheet import (
    DERIVED,
    Column,
    Entry,
    KeyValueSection,
    Row,
    Sheet,
    TableSection,
    TextSection,
    header,
    worst,
)
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs, catalogs
from sheetapp.systems.capital.model import CapitalCampaign, CapitalCharacter

SYSTEM_COLUMNS = (
    Column("system", "System"),
    Column("kind", "Kind"),
    Column("slots", "Slots", "center"),
    Column("energy", "Energy"),
    Column("cooldown", "Cooldown"),
    Column("gained", "Gained", "center"),
)
ATTACK_COLUMNS = (Column("source", "Source"), Column("line", "Attack"), Column("roll", "Roll"))
EQUIPMENT_COLUMNS = (
    Column("item", "Item"),
    Column("quantity", "Qty", "right"),
    Column("kind", "Kind"),
    Column("held", "Held"),
    Column("note", "Note"),
)
PERSONALITY_COLUMNS = (Column("what", "Trait"), Column("text", "Description"))
REFERENCE_COLUMNS = (Column("name", "Status"), Column("text", "Effect"))
HEADER_TOTALS = ("slots", "hands")
VITAL_TOTALS = ("hp", "energy", "bones", "companion_hp")


def capital_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: CapitalCharacter = document.character
    campaign: CapitalCampaign = document.campaign
    cats = catalogs()
    derived = {value.key: value for value in evaluation.derived}
    return Sheet(
        header=header(system, document, _campaign(campaign)),
        totals=tuple(t for t in evaluation.totals if t.key in HEADER_TOTALS),
        sections=(
            _role(character, derived, evaluation),
            _attributes(derived, evaluation),
            _vitals(evaluation, derived),
            _systems(character, cats, evaluation),
            _attacks(evaluation),
            _equipment(character, cats, evaluation),
            _asset(character, cats, derived, evaluation),
            _personality(character),
            _stories(character),
            _how(evaluation),
            _status_reference(character, cats),
        ),
        issues=evaluation.issues,
    )


def _campaign(campaign: CapitalCampaign) -> list[Entry]:
    """Only the readings a group changed from the defaults (see the system's README)."""
    defaults = CapitalCampaign()
    entries = []
    for name, info in CapitalCampaign.model_fields.items():
        value = getattr(campaign, name)
        if value != getattr(defaults, name):
            label = name.replace("_", " ").capitalize()
            entries.append(Entry(label, str(value), info.description or "", ("campaign", name)))
    return entries


def _entry(value: DerivedValue, evaluation: Evaluation, label: str | None = None) -> Entry:
    return Entry(
        label or value.label,
        str(value.value),
        value.explanation,
        value.path,
        worst(evaluation.issues_at(value.path)) if value.path else None,
    )


def _role(
    character: CapitalCharacter, derived: dict[str, DerivedValue], evaluation: Evaluation
) -> KeyValueSection:
    entries = [_entry(derived[key], evaluation) for key in ("role", "level", "training", "grit")]
    entries.append(_entry(derived["money"], evaluation))
    return KeyValueSection("role", "Role and Level", tuple(entries))


def _attributes(derived: dict[str, DerivedValue], evaluation: Evaluation) -> KeyValueSection:
    """ "Each of your eight Attribute Scores is a number between 0 and 10." (line 192)"""
    return KeyValueSection(
        "attributes",
        "Attributes",
        tuple(
            _entry(
                derived[f"score.{attr}"],
                evaluation,
                f"{derived[f'score.{attr}'].label} ({attr.upper()})",
            )
            for attr in ATTRIBUTES
        ),
    )


def _vitals(evaluation: Evaluation, derived: dict[str, DerivedValue]) -> KeyValueSection:
    """HP, Energy and Bones, current / maximum (Step 6, lines 207-215), then the turn
    order roll and the Move; the Slots and Hands are in the header's totals, not printed
    twice."""
    entries = []
    for total in evaluation.totals:
        if total.key in VITAL_TOTALS:
            entries.append(_vital(total, evaluation))
    # what a fight starts with: the turn order roll and the Move Action (lines 441, 457)
    for key in ("turn_order", "move"):
        if key in derived:
            entries.append(_entry(derived[key], evaluation))
    return KeyValueSection("vitals", "Vitals", tuple(entries))


def _vital(total: Total, evaluation: Evaluation) -> Entry:
    path: DataPath = ("character", "vitals", total.key)
    why = total.explanation.removeprefix("current / maximum; maximum ")
    return Entry(
        total.label,
        f"{total.spent} / {total.budget}",
        f"max: {why}",
        path,
        worst(evaluation.issues_at(path)),
    )


def _systems(character: CapitalCharacter, cats: Catalogs, evaluation: Evaluation) -> TableSection:
    rows = []
    for index, choice in enumerate(character.systems):
        path: DataPath = ("character", "systems", index)
        system = cats.systems.get(choice.system)
        if system is None:
            name, kind, slots, energy, cooldown, text = choice.system, "unknown", "", "", "", ""
        else:
            name, kind = system.name, system.category
            slots = "—" if choice.gm_granted or system.slots is None else str(system.slots)
            energy, cooldown = system.energy or "—", system.cooldown or "—"
            text = _body(system.text, skip=_header_lines(system.text))
        if choice.choice:
            name = f"{name} ({choice.choice})"
        detail = "\n".join(part for part in (text, choice.note) if part)
        rows.append(
            Row(
                {
                    "system": name,
                    "kind": kind,
                    "slots": slots,
                    "energy": energy,
                    "cooldown": cooldown,
                    "gained": f"L{choice.level}" + (" GM" if choice.gm_granted else ""),
                },
                path,
                worst(evaluation.issues_at(path)),
                detail=detail,
            )
        )
    return TableSection("systems", "Systems", SYSTEM_COLUMNS, tuple(rows))


def _header_lines(text: str) -> int:
    """How many of a System's first lines are its name, kind, Slots and Requires."""
    lines = text.strip().splitlines()
    count = 1
    for line in lines[1:4]:
        lowered = line.casefold()
        if "system" in lowered or "slot" in lowered or lowered.startswith(("requires", "repeat")):
            count += 1
        else:
            break
    return count


def _body(text: str, skip: int = 1) -> str:
    lines = text.strip().splitlines()
    return " ".join(line.strip() for line in lines[skip:])


def _attacks(evaluation: Evaluation) -> TableSection:
    """ "[Range] Attack: [Hit Attribute] vs [Dodge Attribute]. [Damage] [Damage type] damage.
    [Special Rules]." (line 463)"""
    rows = tuple(
        Row(
            {"source": value.label, "line": str(value.value), "roll": value.explanation},
            value.path,
            worst(evaluation.issues_at(value.path)) if value.path else None,
        )
        for value in evaluation.derived
        if value.key.startswith("attack.") or ".attack." in value.key
    )
    return TableSection("attacks", "Attacks", ATTACK_COLUMNS, rows)


def _equipment(character: CapitalCharacter, cats: Catalogs, evaluation: Evaluation) -> TableSection:
    rows = []
    for index, choice in enumerate(character.equipment):
        path: DataPath = ("character", "equipment", index)
        item = cats.equipment.get(choice.item or "")
        name = choice.name if item is None else item.name
        if item is not None and choice.name:
            name = f"{choice.name} ({item.name})"
        extras = [
            cats.damage_types[choice.damage_type].name
            if choice.damage_type in cats.damage_types
            else "",
            choice.option or "",
        ]
        kind = item.category if item else "custom item"
        kind = ", ".join(part for part in (kind, *extras) if part)
        hands = (2 if choice.two_handed else 1) if item is None else item.hands
        rows.append(
            Row(
                {
                    "item": name or "(unnamed)",
                    "quantity": str(choice.quantity),
                    "kind": kind,
                    "held": f"in hand ({hands})" if choice.held else "",
                    "note": choice.note,
                },
                path,
                worst(evaluation.issues_at(path)),
            )
        )
    return TableSection("equipment", "Equipment", EQUIPMENT_COLUMNS, tuple(rows))


def _asset(
    character: CapitalCharacter,
    cats: Catalogs,
    derived: dict[str, DerivedValue],
    evaluation: Evaluation,
) -> KeyValueSection:
    """ "One Special Asset of your choice." (line 223), with its choices and numbers."""
    asset = character.special_asset
    if asset is None:
        return KeyValueSection("special_asset", "Special Asset", ())
    path: DataPath = ("character", "special_asset")
    kind = cats.asset_kind_of(asset.asset) or "unknown"
    name = _asset_name(asset.asset, cats)
    choices = []
    if asset.weapon:
        item = cats.equipment.get(asset.weapon)
        choices.append(item.name if item else asset.weapon)
    if asset.damage_type:
        found = cats.damage_types.get(asset.damage_type)
        choices.append(f"{found.name if found else asset.damage_type} damage")
    if asset.attribute:
        choices.append(f"+2 {asset.attribute.upper()}")
    if asset.two_handed:
        choices.append("two-handed")
    if asset.held:
        choices.append("in hand")
    for ref in asset.options.values():
        system = cats.vehicle_systems.get(ref)
        choices.append(system.name if system else ref)
    entries = [
        Entry(
            "Special Asset",
            f"{asset.name} ({name})" if asset.name else name,
            f"{kind.capitalize()}: "
            + (", ".join(choices) or _body(_asset_text(asset.asset, cats))[:160]),
            path,
            worst(evaluation.issues_at(path)),
        )
    ]
    for key, value in derived.items():
        if key.startswith(("companion", "vehicle")) and ".attack." not in key:
            entries.append(_entry(value, evaluation))
    return KeyValueSection("special_asset", "Special Asset", tuple(entries))


def _asset_name(asset_id: str, cats: Catalogs) -> str:
    for table in (cats.augmentations, cats.companions, cats.vehicles, cats.special_weapons):
        entry = table.get(asset_id)
        if entry is not None:
            return entry.name
    return asset_id


def _asset_text(asset_id: str, cats: Catalogs) -> str:
    for table in (cats.augmentations, cats.companions, cats.vehicles, cats.special_weapons):
        entry = table.get(asset_id)
        if entry is not None:
            return entry.text
    return ""


def _personality(character: CapitalCharacter) -> TableSection:
    """Ideal, Goal, Flaw (line 94); 3 Strengths and 2 Weaknesses (line 152)."""
    p = character.personality
    pairs: tuple[tuple[str, str, DataPath], ...] = (
        ("Ideal", p.ideal, ("character", "personality", "ideal")),
        ("Goal", p.goal, ("character", "personality", "goal")),
        ("Flaw", p.flaw, ("character", "personality", "flaw")),
        ("Strengths", ", ".join(character.strengths), ("character", "strengths")),
        ("Weaknesses", ", ".join(character.weaknesses), ("character", "weaknesses")),
    )
    return TableSection(
        "personality",
        "Personality, Strengths and Weaknesses",
        PERSONALITY_COLUMNS,
        tuple(Row({"what": label, "text": text or "—"}, path) for label, text, path in pairs),
    )


def _stories(character: CapitalCharacter) -> TextSection:
    s = character.stories
    parts = []
    if s.background.strip():
        parts.append(f"Background: {s.background.strip()}")
    if s.origin.strip():
        parts.append(f"Origin: {s.origin.strip()}")
    parts += [f"Story: {story.strip()}" for story in s.stories if story.strip()]
    return TextSection("stories", "Stories", "\n\n".join(parts))


def _how(evaluation: Evaluation) -> KeyValueSection:
    """How every number on the sheet is worked out (attack lines are in their table)."""
    return KeyValueSection(
        DERIVED,
        "How the numbers are worked out",
        tuple(
            _entry(value, evaluation)
            for value in evaluation.derived
            if value.explanation
            and not value.key.startswith("attack.")
            and ".attack." not in value.key
        ),
    )


def _status_reference(character: CapitalCharacter, cats: Catalogs) -> TableSection:
    rows = tuple(
        Row(
            {
                "name": entry.name + (" (now)" if entry.id in character.vitals.status else ""),
                "text": _body(entry.text, skip=1) or entry.text,
            },
            emphasis=entry.id in character.vitals.status,
        )
        for entry in cats.status_effects.values()
    )
    return TableSection("status_effects", "Status effects (reference)", REFERENCE_COLUMNS, rows)
