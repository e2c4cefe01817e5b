"""Catalog entries for the picker: what a user sees when choosing an ability, modifier or
trait (name, kind, price as printed, the rulebook text and how certain the cost is)."""

from __future__ import annotations

from sheetapp.editing.search import keywords_for
from sheetapp.systems.gladiators.catalog import (
    AbilityDef,
    ByLevelCost,
    Catalogs,
    FixedCost,
    ModifierDef,
    PerUnitCost,
    TraitDef,
    VariantCost,
)
from sheetapp.systems.gladiators.collections import trait_entry as gladiators_trait_entry
from ui.picker import PickerEntry

MAX_COST_TEXT = 60


def _short(text: str) -> str:
    return text if len(text) <= MAX_COST_TEXT else text[: MAX_COST_TEXT - 1] + "…"


def ability_entry(definition: AbilityDef) -> PickerEntry:
    first = next((g for g in definition.cost_options if g.kind == "choice"), None)
    cost = " / ".join(o.label for o in first.options) if first else ""
    limit = definition.level_limit
    options = [o.label for group in definition.cost_options for o in group.options]
    return PickerEntry(
        definition.id,
        definition.name,
        f"Level Limit {limit}" if limit else "no Level Limit",
        _short(f"base {cost}" if cost else ""),
        definition.text,
        definition.certainty,
        definition.certainty_note,
        definition.seed_lines,
        keywords=keywords_for(definition.name, options),
    )


def modifier_cost_text(definition: ModifierDef) -> str:
    cost = definition.cost
    if isinstance(cost, FixedCost):
        return f"{cost.value:+d}"
    if isinstance(cost, PerUnitCost):
        base = f"{cost.base} + " if cost.base else ""
        return f"{base}{cost.value:+d} {cost.unit}"
    if isinstance(cost, ByLevelCost):
        return " / ".join(
            f"{s.value:+d}" + (f" to L{s.max_level}" if s.max_level else "") for s in cost.table
        )
    assert isinstance(cost, VariantCost)
    return " / ".join(v.label for v in cost.variants)


def modifier_entry(definition: ModifierDef) -> PickerEntry:
    restrictions = " ".join(r.text for r in definition.restrictions if r.text)
    text = definition.text + (f"\n\nRestrictions: {restrictions}" if restrictions else "")
    return PickerEntry(
        definition.id,
        definition.name,
        "Limitation" if definition.sign == "negative" else "Advantage",
        _short(modifier_cost_text(definition)),
        text,
        definition.certainty,
        definition.certainty_note,
        definition.seed_lines,
        keywords=keywords_for(definition.name, _variant_names(definition)),
    )


def _variant_names(definition: ModifierDef) -> list[str]:
    cost = definition.cost
    if isinstance(cost, VariantCost):
        return [v.label for v in cost.variants] + [a.label for a in cost.addons]
    return []


def trait_entry(definition: TraitDef) -> PickerEntry:
    return gladiators_trait_entry(definition)


def ability_entries(cats: Catalogs) -> list[PickerEntry]:
    return [ability_entry(d) for d in cats.abilities.values()]


def modifier_entries(cats: Catalogs) -> list[PickerEntry]:
    return [modifier_entry(d) for d in cats.modifiers.values()]


def trait_entries(cats: Catalogs, kind: str) -> list[PickerEntry]:
    known = cats.advantages if kind == "advantages" else cats.disadvantages
    return [trait_entry(d) for d in known.values()]
