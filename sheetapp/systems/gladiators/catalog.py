"""Glorious Gladiators catalogs (resources/gladiators/*.json) as validated models."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field

from sheetapp.core.catalog import (
    ID_PATTERN,
    CatalogEntry,
    CatalogError,
    CatalogModel,
    index_entries,
    load_catalog,
    require_known,
)

Id = Annotated[str, Field(pattern=ID_PATTERN)]


# --- abilities -------------------------------------------------------------------


class CostOption(CatalogModel):
    id: Id
    label: str
    cost: int
    max_count: int | None = 1


class CostOptionGroup(CatalogModel):
    """``choice``: exactly one option (the first is the default); ``addon``: any number."""

    id: Id
    kind: Literal["choice", "addon"]
    options: tuple[CostOption, ...] = Field(min_length=1)


class TypeHandling(CatalogModel):
    handling: Literal["choose", "fixed", "none"]
    fixed: tuple[str, ...] = ()
    count_from_options: bool = False


class AbilityDef(CatalogEntry):
    types: TypeHandling
    level_limit: int | None = Field(ge=1)
    cost_options: tuple[CostOptionGroup, ...] = ()


class AbilityCatalog(CatalogModel):
    abilities: tuple[AbilityDef, ...]


# --- modifiers -------------------------------------------------------------------


class LevelStep(CatalogModel):
    max_level: int | None
    value: int


class Variant(CatalogModel):
    id: Id
    label: str
    value: int = 0
    per_unit: str | None = None
    by_level: tuple[LevelStep, ...] | None = None


class FixedCost(CatalogModel):
    kind: Literal["fixed"]
    value: int


class PerUnitCost(CatalogModel):
    kind: Literal["per_unit"]
    value: int
    unit: str
    max_units: int | None = None


class ByLevelCost(CatalogModel):
    kind: Literal["by_level"]
    table: tuple[LevelStep, ...] = Field(min_length=1)
    note: str = ""


class VariantCost(CatalogModel):
    kind: Literal["variants"]
    variants: tuple[Variant, ...] = Field(min_length=1)


ModifierCost = Annotated[
    FixedCost | PerUnitCost | ByLevelCost | VariantCost, Field(discriminator="kind")
]


class Restriction(CatalogModel):
    kind: Literal[
        "requires_modifier",
        "requires_any_modifier",
        "forbids_modifier",
        "max_count",
        "only_abilities",
        "not_abilities",
        "requires_type",
        "other",
    ]
    modifier: str | None = None
    modifiers: tuple[str, ...] = ()
    count: int | None = None
    abilities: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    text: str = ""


class ModifierDef(CatalogEntry):
    cost: ModifierCost
    sign: Literal["positive", "negative"]
    restrictions: tuple[Restriction, ...] = ()


class ModifierCatalog(CatalogModel):
    modifiers: tuple[ModifierDef, ...]


# --- advantages and disadvantages ----------------------------------------------------


class TraitDef(CatalogEntry):
    category: str = ""
    frequency: str | None = None
    severity: str | None = None
    cost: int | None = None


class TraitCatalog(CatalogModel):
    advantages: tuple[TraitDef, ...]
    disadvantages: tuple[TraitDef, ...]


# --- types, sources, movement ----------------------------------------------------------


class TypeDef(CatalogEntry):
    subtypes: tuple[str, ...] = ()


class SourceDef(CatalogEntry):
    max_level: int | None = None


class MovementDef(CatalogEntry):
    hexes_per_level: int = Field(ge=1)


class BasicsCatalog(CatalogModel):
    types: tuple[TypeDef, ...]
    sources: tuple[SourceDef, ...]
    movement: tuple[MovementDef, ...]


class Catalogs:
    """Every Glorious Gladiators catalog, indexed by id and cross-checked."""

    def __init__(self) -> None:
        abilities = load_catalog("gladiators/abilities.json", AbilityCatalog)
        modifiers = load_catalog("gladiators/modifiers.json", ModifierCatalog)
        traits = load_catalog("gladiators/traits.json", TraitCatalog)
        basics = load_catalog("gladiators/basics.json", BasicsCatalog)
        self.abilities = index_entries("gladiators/abilities.json", abilities.abilities)
        self.modifiers = index_entries("gladiators/modifiers.json", modifiers.modifiers)
        self.advantages = index_entries("gladiators/traits.json", traits.advantages)
        self.disadvantages = index_entries("gladiators/traits.json", traits.disadvantages)
        self.types = index_entries("gladiators/basics.json", basics.types)
        self.sources = index_entries("gladiators/basics.json", basics.sources)
        self.movement = index_entries("gladiators/basics.json", basics.movement)
        self._cross_check()

    def _cross_check(self) -> None:
        file = "gladiators/modifiers.json"
        for modifier in self.modifiers.values():
            for rule in modifier.restrictions:
                refs = [rule.modifier] if rule.modifier else []
                for ref in [*refs, *rule.modifiers]:
                    require_known(file, modifier.id, "a restriction", ref, self.modifiers)
                for ref in rule.abilities:
                    require_known(file, modifier.id, "a restriction", ref, self.abilities)
        for ability in self.abilities.values():
            group_ids = [group.id for group in ability.cost_options]
            if len(set(group_ids)) != len(group_ids):
                raise CatalogError("gladiators/abilities.json", ability.id, "option group ids repeat")
            for name in ability.types.fixed:
                require_known("gladiators/abilities.json", ability.id, "types.fixed", name.lower(), self.types)


@cache
def catalogs() -> Catalogs:
    return Catalogs()
