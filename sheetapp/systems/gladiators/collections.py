"""The Glorious Gladiators character's flat lists, declared once (see
:mod:`sheetapp.editing.collections`): Advantages and Disadvantages. The abilities with
their modifiers are a tree with its own model in the window; their list edits use the
same generic operations (:data:`ABILITIES`, :func:`modifiers_of`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import (
    CellView,
    Collection,
    Column,
    CustomEntries,
    CustomField,
    PickEntry,
)
from sheetapp.editing.search import keywords_for
from sheetapp.systems.gladiators.catalog import TraitDef, catalogs
from sheetapp.systems.gladiators.model import AbilityChoice, GladiatorsDocument, TraitChoice
from sheetapp.systems.gladiators.traits import CUSTOM_TRAIT, trait_explanation, trait_points

TraitList = Literal["advantages", "disadvantages"]
FREQUENCY_IDS = {"Frequent": "fre", "Common": "com", "Rare": "rar"}
SEVERITY_IDS = {"Major": "maj", "Significant": "sig", "Minor": "min"}
FREQUENCIES = [("fre", "Frequent (2)"), ("com", "Common (1)"), ("rar", "Rare (0)")]
SEVERITIES = [("maj", "Major (2)"), ("sig", "Significant (1)"), ("min", "Minor (0)")]
FREQUENCY_CODES = ("fre", "com", "rar")
SEVERITY_CODES = ("maj", "sig", "min")
CATEGORIES = [("V", "V — Voluntary"), ("C", "C — Circumstantial"), ("R", "R — Random")]


def trait_definition(kind: TraitList, trait_id: str) -> TraitDef | None:
    cats = catalogs()
    known = cats.advantages if kind == "advantages" else cats.disadvantages
    return known.get(trait_id)


#: a trait's category letter in words (the picker's Kind column)
CATEGORY_NAMES = {code: label.split(" — ")[1] for code, label in CATEGORIES}


def category_words(codes: Iterable[str]) -> str:
    """``("C", "V")`` -> "Circumstantial or Voluntary" (the rulebook prints the letters)."""
    return " or ".join(CATEGORY_NAMES.get(code, code) for code in codes)


def trait_entry(definition: TraitDef) -> PickEntry:
    return PickEntry(
        definition.id,
        definition.name,
        category_words(definition.category),
        definition.stated_cost
        or (str(definition.cost) if isinstance(definition.cost, int) else ""),
        definition.text,
        definition.certainty,
        definition.certainty_note,
        definition.seed_lines,
        keywords=keywords_for(definition.name),
    )


def trait_entries(kind: TraitList) -> list[PickEntry]:
    cats = catalogs()
    known = cats.advantages if kind == "advantages" else cats.disadvantages
    return [trait_entry(d) for d in known.values()]


def new_trait(kind: TraitList, trait_id: str) -> TraitChoice:
    """A catalog advantage or disadvantage with the frequency and severity it is printed
    with (the first row of its table when it has one; Common, Significant otherwise)."""
    definition = trait_definition(kind, trait_id)
    if definition is None:
        raise EditError(f"The catalog has no {kind[:-1]} '{trait_id}'")
    frequency, severity = definition.frequency, definition.severity
    if isinstance(definition.cost, tuple) and definition.cost:
        frequency = frequency or definition.cost[0].frequency
        severity = severity or definition.cost[0].severity
    return TraitChoice(
        trait=trait_id,
        category=definition.category[0] if definition.category else None,
        frequency=FREQUENCY_IDS[frequency] if frequency else "com",
        severity=SEVERITY_IDS[severity] if severity else "sig",
    )


def custom_trait(values: dict[str, Any]) -> TraitChoice:
    """A trait of the user's own wording, priced by frequency + severity like any other."""
    name = str(values.get("name", "")).strip()
    if not name:
        raise EditError("A custom entry needs a name")
    return TraitChoice.model_validate(
        {
            "trait": CUSTOM_TRAIT,
            "name": name,
            "frequency": values.get("frequency", "com"),
            "severity": values.get("severity", "sig"),
        }
    )


def trait_rule_text(kind: TraitList, trait: TraitChoice) -> str:
    definition = trait_definition(kind, trait.trait)
    if definition is None:
        return "A custom entry: its points are frequency + severity."
    stated = f" Printed cost: {definition.stated_cost}." if definition.stated_cost else ""
    return f"{definition.name}: {definition.text}{stated}"


def _trait_name(kind: TraitList) -> Any:
    def name(document: GladiatorsDocument, row: int) -> str:
        trait: TraitChoice = getattr(document.character, kind)[row]
        definition = trait_definition(kind, trait.trait)
        base = definition.name if definition else "Custom"
        return f"{base} ({trait.name})" if trait.name else base

    return name


def _trait_cells(kind: TraitList) -> tuple[Any, Any]:
    def trait_cell(_document: Any, row: int, trait: TraitChoice) -> CellView:
        definition = trait_definition(kind, trait.trait)
        text = trait_rule_text(kind, trait)
        return CellView(
            definition.name if definition else "Custom",
            ("character", kind, row),
            tooltip=text,
            rule_text=text,
        )

    def points_cell(_document: Any, row: int, trait: TraitChoice) -> CellView:
        points = trait_points(trait)
        return CellView(
            str(points if kind == "advantages" else -points),
            ("character", kind, row, "cost_override"),
            tooltip=trait_explanation(trait),
            align_right=True,
        )

    return trait_cell, points_cell


def _labels(pairs: list[tuple[str, str]]) -> Any:
    return lambda value: dict(pairs).get(value, value or "")


def _traits(kind: TraitList, title: str, noun: str, shortcut: str) -> Collection[Any]:
    trait_cell, points_cell = _trait_cells(kind)
    return Collection(
        key=kind,
        title=title,
        noun=noun,
        path=("character", kind),
        item_model=TraitChoice,
        columns=(
            Column("Trait", cell=trait_cell),
            Column("Name / specialty", field="name", edit="text"),
            Column(
                "Category",
                field="category",
                edit="choice",
                format=_labels(CATEGORIES),
                choices=lambda _d, _i: list(CATEGORIES),
            ),
            Column(
                "Frequency",
                field="frequency",
                edit="choice",
                format=_labels(FREQUENCIES),
                choices=lambda _d, _i: list(FREQUENCIES),
            ),
            Column(
                "Severity",
                field="severity",
                edit="choice",
                format=_labels(SEVERITIES),
                choices=lambda _d, _i: list(SEVERITIES),
            ),
            Column("Points", cell=points_cell),
        ),
        entries=lambda: trait_entries(kind),
        new_item=lambda _document, trait_id: new_trait(kind, trait_id),
        custom=CustomEntries(
            f"Custom {noun}",
            (
                CustomField("name", "Name", "text", "", required=True),
                CustomField(
                    "frequency", "Frequency", "choice", "com", choices=("fre", "com", "rar")
                ),
                CustomField("severity", "Severity", "choice", "sig", choices=("maj", "sig", "min")),
            ),
            custom_trait,
            intro="Points = frequency (Frequent 2, Common 1, Rare 0) + severity (Major 2, "
            "Significant 1, Minor 0).",
        ),
        name=_trait_name(kind),
        reads=(),
        duplicable=False,
        shortcut=shortcut,
    )


ADVANTAGES = _traits("advantages", "Advantages", "Advantage", "Ctrl+Shift+V")
DISADVANTAGES = _traits("disadvantages", "Disadvantages", "Disadvantage", "Ctrl+Shift+D")
TRAITS: dict[str, Collection[Any]] = {"advantages": ADVANTAGES, "disadvantages": DISADVANTAGES}


def _ability_name(document: GladiatorsDocument, row: int) -> str:
    choice: AbilityChoice = document.character.abilities[row]
    if choice.label:
        return choice.label
    definition = catalogs().abilities.get(choice.ability)
    if definition:
        return definition.name
    custom = next((c for c in document.character.custom_abilities if c.id == choice.ability), None)
    return custom.name if custom else choice.ability


#: the abilities list: its edits (add, remove, move) are the generic ones; the window shows
#: it as a tree with the modifiers under each ability
ABILITIES: Collection[Any] = Collection(
    key="abilities",
    title="Abilities",
    noun="ability",
    path=("character", "abilities"),
    item_model=AbilityChoice,
    columns=(),
    name=_ability_name,
    reads=None,
)


def modifiers_of(document: GladiatorsDocument, row: int) -> Collection[Any]:
    """The modifiers of ability ``row`` as a collection (its path holds the row)."""
    from sheetapp.systems.gladiators.model import ModifierChoice

    ability = _ability_name(document, row)

    def name(doc: GladiatorsDocument, m_row: int) -> str:
        modifier = doc.character.abilities[row].modifiers[m_row]
        definition = catalogs().modifiers.get(modifier.modifier)
        custom = next(
            (c for c in doc.character.custom_modifiers if c.id == modifier.modifier), None
        )
        own = definition.name if definition else (custom.name if custom else modifier.modifier)
        return f"{ability} › {own}"

    return Collection(
        key="modifiers",
        title="Modifiers",
        noun="modifier",
        path=("character", "abilities", row, "modifiers"),
        item_model=ModifierChoice,
        columns=(),
        name=name,
        reads=None,
    )


#: the character's lists; the window shows the abilities as a tree of its own, the others
#: with the generic table
COLLECTIONS: tuple[Collection[Any], ...] = (ABILITIES, ADVANTAGES, DISADVANTAGES)
