"""The Glorious Gladiators sheet: what a player of the game expects on paper.

Abilities are written the way the seed's sample characters are ("Pistol: Damaging
Attack L2, Lethal, Solid, Ranged, Focus, Shots, Bullet, Conv.", line 677), with
level, Types, source, modifiers and cost beside them; advantages and disadvantages
carry frequency and severity ("Ageless ... Com, Maj 3", lines 272-290). Every cost
and derived value is read from the evaluation, so paper and window agree.
"""

from __future__ import annotations

import re
from typing import Any

from sheetapp.core.costs import CostLine
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.system import GameSystem, choice_labels
from sheetapp.sheet import (
    Column,
    Entry,
    KeyValueSection,
    Row,
    Sheet,
    TableSection,
    Track,
    derived_section,
    display,
    header,
    table_text,
    typed_parts,
    typed_strings,
    worst,
)
from sheetapp.systems.gladiators.attacks import attack_line, best_levels
from sheetapp.systems.gladiators.catalog import Catalogs, TraitDef, catalogs
from sheetapp.systems.gladiators.costs import modifier_value
from sheetapp.systems.gladiators.evaluate import ability_results
from sheetapp.systems.gladiators.model import GladiatorsCampaign, GladiatorsCharacter, TraitChoice
from sheetapp.systems.gladiators.notation import ability_notation, kind_names, standard_notation
from sheetapp.systems.gladiators.resolve import ResolvedAbility, resolve_character
from sheetapp.systems.gladiators.traits import (
    FREQUENCY_LABEL,
    FREQUENCY_VALUE,
    SEVERITY_LABEL,
    SEVERITY_VALUE,
)

CATEGORY_LABEL = {"V": "Voluntary", "C": "Circumstantial", "R": "Random"}

ABILITY_COLUMNS = (
    Column("ability", "Ability"),
    Column("level", "Level", "center"),
    Column("type", "Type"),
    Column("source", "Source"),
    Column("modifiers", "Modifiers"),
    Column("to_hit", "To hit (D10)"),
    Column("range", "Range (hexes)"),
    Column("cost", "GP", "right"),
)

TRAIT_COLUMNS = (
    Column("trait", "Name"),
    Column("category", "Kind"),
    Column("frequency", "Frequency"),
    Column("severity", "Severity"),
    Column("points", "GP", "right"),
)


def gladiators_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: GladiatorsCharacter = document.character
    campaign: GladiatorsCampaign = document.campaign
    cats = catalogs()
    amounts = _amounts(evaluation.costs)
    resolved = [result.ability for result in ability_results(character, campaign, cats)]
    return Sheet(
        header=header(system, document, _campaign(campaign, character)),
        totals=evaluation.totals,
        sections=(
            derived_section(evaluation, "Combat and movement"),
            _abilities(resolved, cats, evaluation, amounts),
            _traits(
                "advantages",
                "Advantages",
                character=character,
                cats=cats,
                evaluation=evaluation,
                amounts=amounts,
            ),
            _traits(
                "disadvantages",
                "Disadvantages",
                character=character,
                cats=cats,
                evaluation=evaluation,
                amounts=amounts,
            ),
        ),
        issues=evaluation.issues,
    )


def _campaign(campaign: GladiatorsCampaign, character: GladiatorsCharacter) -> list[Entry]:
    """The budget that applies to the character (a minor character's, which the campaign
    may leave unset), then only the readings a group changed from the defaults, in the
    campaign dialog's words."""
    fields = type(campaign).model_fields
    if character.character_type == "major":
        entries = [Entry("Budget", f"{campaign.gp_budget} GP", path=("campaign", "gp_budget"))]
    elif campaign.minor_gp_budget is not None:
        label = fields["minor_gp_budget"].title or "Budget"
        entries = [Entry(label, f"{campaign.minor_gp_budget} GP", path=("campaign",))]
    else:
        entries = []
    defaults = GladiatorsCampaign()
    for name in ("negative_cap", "negative_scaling_basis", "minor_needs_traits"):
        value = getattr(campaign, name)
        if value != getattr(defaults, name):
            info = fields[name]
            shown = choice_labels(info).get(value, display(value))
            label = info.title or name.replace("_", " ").capitalize()
            entries.append(Entry(label, str(shown), path=("campaign", name)))
    if campaign.starting_upgrade != defaults.starting_upgrade:
        entries.append(Entry("Starting upgrades", campaign.starting_upgrade, path=("campaign",)))
    return entries


def _amounts(costs: tuple[CostLine, ...]) -> dict[DataPath, int]:
    """The cost of every priced item by its path, as the evaluation computed it."""
    found: dict[DataPath, int] = {}
    for root in costs:
        for line in root.walk():
            found.setdefault(line.path, line.amount)
    return found


ABILITIES = "abilities"


def _abilities(
    resolved: list[ResolvedAbility],
    cats: Catalogs,
    evaluation: Evaluation,
    amounts: dict[DataPath, int],
) -> TableSection:
    rows = []
    best = best_levels(resolved)
    for index, ability in enumerate(resolved):
        path: DataPath = ("character", "abilities", index)
        choice = ability.choice
        attack = attack_line(ability, resolved, best)
        how = attack.explanation if attack else ""
        detail = "\n".join(part for part in (ability_notation(ability), how, choice.note) if part)
        source = cats.sources.get(choice.source)
        rows.append(
            Row(
                {
                    "ability": _ability_name(ability),
                    "level": str(choice.level),
                    # a Detection has kinds, not Types ("Detection, Vision", line 264)
                    "type": ", ".join(_type_name(t, cats) for t in choice.types)
                    or ", ".join(kind_names(choice))
                    or "—",
                    "source": source.name if source else choice.source,
                    "modifiers": _modifiers(ability),
                    "to_hit": attack.to_hit if attack else "—",
                    "range": attack.range if attack else "—",
                    "cost": str(amounts.get(path, "")),
                },
                path,
                worst(evaluation.issues_at(path)),
                detail=detail,
            )
        )
    return TableSection(ABILITIES, "Abilities", ABILITY_COLUMNS, tuple(rows))


def _ability_name(ability: ResolvedAbility) -> str:
    label = ability.choice.label
    if label and label.lower() != ability.name.lower():
        return f"{label} ({ability.name})"
    return ability.name


def _type_name(type_id: str, cats: Catalogs) -> str:
    found = cats.types.get(type_id)
    return found.name if found else type_id.capitalize()


def _modifiers(ability: ResolvedAbility) -> str:
    """Each modifier with the GP it adds at this level and its note, e.g. ``Ranged +2 GP,
    Energy Defence +1 GP (Fire)`` (with its unit: "+3" alone reads like a to-hit bonus)."""
    level = ability.choice.level
    return (
        ", ".join(
            f"{modifier.display} {modifier_value(modifier, level):+d} GP"
            + (f" ({modifier.choice.note})" if modifier.choice.note else "")
            for modifier in ability.modifiers
        )
        or "—"
    )


def _traits(
    key: str,
    title: str,
    *,
    character: GladiatorsCharacter,
    cats: Catalogs,
    evaluation: Evaluation,
    amounts: dict[DataPath, int],
) -> TableSection:
    known: dict[str, TraitDef] = getattr(cats, key)
    chosen: list[TraitChoice] = getattr(character, key)
    rows = []
    for index, trait in enumerate(chosen):
        path: DataPath = ("character", key, index)
        definition = known.get(trait.trait)
        name = trait.name or (definition.name if definition else trait.trait)
        category = trait.category or (
            definition.category[0] if definition and len(definition.category) == 1 else None
        )
        rows.append(
            Row(
                {
                    "trait": name,
                    "category": f"{CATEGORY_LABEL[category]} ({category})" if category else "—",
                    "frequency": f"{FREQUENCY_LABEL[trait.frequency]} "
                    f"({FREQUENCY_VALUE[trait.frequency]})",
                    "severity": f"{SEVERITY_LABEL[trait.severity]} "
                    f"({SEVERITY_VALUE[trait.severity]})",
                    "points": str(amounts.get(path, "")),
                },
                path,
                worst(evaluation.issues_at(path)),
                detail=trait.note,
            )
        )
    return TableSection(key, title, TRAIT_COLUMNS, tuple(rows))


def gladiators_statblock(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> list[tuple[str, str]]:
    """An NPC as the rulebook's sample characters read (lines 673-714): the GP, the
    combat values, the free abilities in short ("Walk L2 (6 squares), Vision L2, Punch
    L1, Grapple L1"), each other ability in the rulebook's notation ("Pistol: Damaging
    Attack L2, Lethal, Solid, Ranged, Focus, Shots, Bullet, Conv."), then the traits.
    Notes stay on the full sheet: a statblock is the compact form."""
    sheet = gladiators_sheet(system, document, evaluation)
    character: GladiatorsCharacter = document.character
    lines = [("", "; ".join(f"{t.label} {t.spent} {t.unit}".strip() for t in sheet.totals))]
    typed = typed_strings(document)
    for section in sheet.sections:
        if isinstance(section, KeyValueSection) and section.entries:
            text = "; ".join(f"{e.label} {e.value}" for e in section.entries)
        elif section.key == ABILITIES and isinstance(section, TableSection) and section.rows:
            text = _ability_block(character, section, typed)
        elif isinstance(section, TableSection) and section.rows:
            text = table_text(section, typed)
        else:
            continue
        lines.append((section.title, text))
    return lines


def _ability_text(row: Row, typed: frozenset[str]) -> str:
    """An ability in the rulebook's notation, then what the notation leaves out: its
    to-hit and range, labelled, and the rest of the sheet's lines (what a Drain Attack
    drains, the player's note)."""
    notation, *rest = row.detail.split("\n") if row.detail else [""]
    extra = [
        f"{label} {value}"
        for label, key in (("to hit (D10)", "to_hit"), ("range (hexes)", "range"))
        if (value := row.cells.get(key, "").strip()) and value != "—"
    ]
    extra += [line for line in rest if line.strip() and not line.startswith("To hit:")]
    text = notation or row.cells.get("ability", "")
    extra += typed_parts(row, typed, " ".join([text, *extra]))
    return f"{text} ({'; '.join(extra)})" if extra else text


def _ability_block(
    character: GladiatorsCharacter, section: TableSection, typed: frozenset[str]
) -> str:
    standard: list[str] = []
    others: list[str] = []
    for row in section.rows:
        index = row.path[2] if len(row.path) > 2 else None
        choice = character.abilities[index] if isinstance(index, int) else None
        short = standard_notation(choice) if choice is not None else None
        if short is not None:
            standard.append(short)
        else:
            others.append(_ability_text(row, typed))
    return "; ".join([", ".join(standard), *others] if standard else others)


#: "-3 for 3 uses" (Limited Ammo), "After 3 uses the ability must be reloaded" (Shots)
_USES = re.compile(r"(\d+)\s+uses\b")


def gladiators_card_tracks(
    document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> tuple[Track, ...]:
    """Boxes to tick on the play card for each ability used up in a fight: Limited Ammo,
    "The ability can be used 3 or 6 times and then cannot be used for the rest of the"
    scene (line 207), and Shots, "After 3 uses the ability must be reloaded taking 2
    actions." (line 243). The number of uses is the one the rulebook's words give (the
    chosen variant's, else the modifier's)."""
    character: GladiatorsCharacter = document.character
    tracks: list[Track] = []
    for index, ability in enumerate(resolve_character(character, catalogs())):
        for modifier in ability.modifiers:
            if modifier.choice.modifier not in ("limited_ammo", "shots"):
                continue
            words = [modifier.variant.label if modifier.variant else ""]
            if modifier.definition is not None:
                words.append(modifier.definition.text)
            uses = next((int(m.group(1)) for w in words if (m := _USES.search(w))), None)
            if not uses:
                continue
            what = (
                "uses this scene"
                if modifier.choice.modifier == "limited_ammo"
                else ("shots, then 2 actions to reload")
            )
            name = ability.choice.label or ability.name
            tracks.append(Track(f"{name}: {what}", uses, (), ("character", "abilities", index)))
    return tuple(tracks)
