"""Glorious Gladiators catalogs (resources/gladiators/*.json) as validated models."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, JsonValue

from sheetapp.core.catalog import (
    CatalogEntry,
    CatalogError,
    CatalogFile,
    CatalogId,
    CatalogModel,
    index_entries,
    load_catalog,
    require_known,
)

Id = CatalogId


# --- abilities -------------------------------------------------------------------


class CostOption(CatalogModel):
    id: Id
    label: str
    cost: int
    max_count: int | None = 1
    type: str | None = None
    requires_type: str | None = None
    only_with: tuple[str, ...] = ()


class CostOptionGroup(CatalogModel):
    """``choice``: exactly one option (the first is the default); ``addon``: any number."""

    id: Id
    kind: Literal["choice", "addon"]
    label: str = ""
    options: tuple[CostOption, ...] = Field(min_length=1)


class TypeHandling(CatalogModel):
    handling: Literal["choose", "fixed", "none"]
    fixed: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    count_from_options: bool = False


class ChoicesPriced(CatalogModel):
    """The ability covers kinds from a list (e.g. detection kinds), priced by count."""

    what: str
    from_: str = Field(alias="from")
    count_from_options: bool = True


class SpecialType(CatalogModel):
    id: Id
    name: str
    text: str = ""


class AbilityDef(CatalogEntry):
    types: TypeHandling
    level_limit: int | None = Field(ge=1)
    cost_options: tuple[CostOptionGroup, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    choices_priced: ChoicesPriced | None = None
    special_types: tuple[SpecialType, ...] = ()
    environments: tuple[str, ...] = ()


class AbilityCatalog(CatalogFile):
    abilities: tuple[AbilityDef, ...]


# --- modifiers -------------------------------------------------------------------


class LevelStep(CatalogModel):
    max_level: int | None
    value: int


class Variant(CatalogModel):
    id: Id
    label: str
    notation: str | None = Field(
        default=None, description="how the rulebook writes it, e.g. plain 'Lethal' for Any"
    )
    value: int = 0
    value_certain: bool = True
    per_unit: str | None = None
    max_units: int | None = None
    by_level: tuple[LevelStep, ...] | None = None
    only_abilities: tuple[str, ...] = ()


class VariantAddon(CatalogModel):
    """An extra bought on top of a variant, e.g. Area "Fast +2"."""

    id: Id
    label: str
    value: int
    per_unit: str | None = None
    max_units: int | None = 1
    exclusive_group: str | None = None
    requires_modifier: str | None = None
    requires_variant: str | None = None


class PerExtra(CatalogModel):
    unit: str
    table: tuple[LevelStep, ...]
    max_units: int | None = None


class FixedCost(CatalogModel):
    kind: Literal["fixed"]
    value: int


class PerUnitCost(CatalogModel):
    kind: Literal["per_unit"]
    value: int
    unit: str
    max_units: int | None = None
    base: int = 0


class ByLevelCost(CatalogModel):
    kind: Literal["by_level"]
    table: tuple[LevelStep, ...] = Field(min_length=1)
    per_extra: PerExtra | None = None
    note: str = ""


class VariantCost(CatalogModel):
    kind: Literal["variants"]
    variants: tuple[Variant, ...] = Field(min_length=1)
    addons: tuple[VariantAddon, ...] = ()
    combinable: bool = False
    shapes: tuple[str, ...] = ()
    note: str = ""


ModifierCost = Annotated[
    FixedCost | PerUnitCost | ByLevelCost | VariantCost, Field(discriminator="kind")
]


class Alternative(CatalogModel):
    """One acceptable combination: one of ``abilities`` with one of ``modifiers``."""

    abilities: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()


class Restriction(CatalogModel):
    kind: Literal[
        "requires_modifier",
        "requires_any_modifier",
        "forbids_modifier",
        "max_count",
        "only_abilities",
        "not_abilities",
        "requires_type",
        "requires_one_of",
        "max_ability_level",
        "other",
    ]
    modifier: str | None = None
    variant: str | None = None
    shape: str | None = None
    level: int | None = None
    alternatives: tuple[Alternative, ...] = ()
    modifiers: tuple[str, ...] = ()
    count: int | None = None
    abilities: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    text: str = ""


class ModifierDef(CatalogEntry):
    cost: ModifierCost
    sign: Literal["positive", "negative"]
    sign_note: str = ""
    restrictions: tuple[Restriction, ...] = ()
    group: str | None = Field(default=None, description="at most one modifier per group")
    repeatable: bool = False
    counts_as: tuple[str, ...] = ()


class ModifierCatalog(CatalogFile):
    modifiers: tuple[ModifierDef, ...]


# --- advantages and disadvantages ----------------------------------------------------


TraitFrequency = Literal["Frequent", "Common", "Rare"]
TraitSeverity = Literal["Major", "Significant", "Minor"]


class TraitCostOption(CatalogModel):
    id: Id
    label: str
    frequency: TraitFrequency | None = None
    severity: TraitSeverity | None = None
    value: int


class TraitDef(CatalogEntry):
    category: tuple[Literal["V", "C", "R"], ...] = ()
    frequency: TraitFrequency | None = None
    severity: TraitSeverity | None = None
    cost: int | tuple[TraitCostOption, ...]
    stated_cost: str = ""
    formula_cost: int | None = None
    requires_trait: str | None = None


class TraitCatalog(CatalogFile):
    rules: JsonValue = None
    advantages: tuple[TraitDef, ...]
    disadvantages: tuple[TraitDef, ...]


# --- types, sources, movement ----------------------------------------------------------


class TypeDef(CatalogEntry):
    subtypes: tuple[str, ...] = ()


class SourceDef(CatalogEntry):
    max_level: int | None = None
    max_level_note: str | None = None


class DetectionKind(CatalogEntry):
    pass


class MovementDef(CatalogEntry):
    hexes_per_level: int = Field(ge=1)
    area_dodge_modifier: int = 0
    area_dodge_text: str = ""
    area_dodge_conditional: JsonValue = None
    ability_cost: int = 0
    special: str = ""
    note: str = ""


class MovementTable(CatalogModel):
    seed_lines: tuple[int, ...] = ()
    rule: str = ""
    classes: tuple[MovementDef, ...]
    worked_check: JsonValue = None
    pursuit_table: JsonValue = None


class Dodge(CatalogModel):
    """A defence kind that is the best level among some abilities (or the Move)."""

    id: Id
    name: str
    against: str
    abilities: tuple[str, ...] = ()
    movement: bool = False
    seed_lines: tuple[int, ...] = ()


class Protection(CatalogModel):
    """What an ability Protects against: fully, at half its level, or the chosen Types."""

    ability: str
    what: str
    full: tuple[str, ...] = ()
    half: tuple[str, ...] = ()
    chosen_types: bool = False
    added_from: tuple[str, ...] = ()
    seed_lines: tuple[int, ...] = ()


class Initiative(CatalogModel):
    ability: str
    text: str
    seed_lines: tuple[int, ...] = ()


class Reactivation(CatalogModel):
    major: tuple[int, ...] = Field(min_length=1)
    each_further: int
    minor_roll: int
    adds_to_chance: tuple[str, ...] = ()
    text: str
    seed_lines: tuple[int, ...] = ()


class DefenceTable(CatalogModel):
    rule: str
    dodges: tuple[Dodge, ...]
    protections: tuple[Protection, ...]
    initiative: Initiative
    reactivation: Reactivation


class BasicsCatalog(CatalogFile):
    """Types, sources and the movement table; the other keys are reference text."""

    types: tuple[TypeDef, ...]
    sources: tuple[SourceDef, ...]
    movement: MovementTable
    starting_abilities: JsonValue = None
    creation: JsonValue = None
    derived_values: JsonValue = None
    detection_kinds: tuple[DetectionKind, ...] = ()
    environments: JsonValue = None
    example_walls: JsonValue = None
    trait_scales: JsonValue = None
    defences: DefenceTable


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
        self.movement = index_entries("gladiators/basics.json", basics.movement.classes)
        self.detection_kinds = index_entries("gladiators/basics.json", basics.detection_kinds)
        self.defences = basics.defences
        self._cross_check()

    def _cross_check(self) -> None:
        self._check_defence_references()
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
                raise CatalogError(
                    "gladiators/abilities.json", ability.id, "option group ids repeat"
                )
            for name in ability.types.fixed:
                require_known(
                    "gladiators/abilities.json", ability.id, "types.fixed", name.lower(), self.types
                )

    def _check_defence_references(self) -> None:
        file = "gladiators/basics.json"
        table = self.defences
        refs = [(d.id, a) for d in table.dodges for a in d.abilities]
        refs += [(p.ability, a) for p in table.protections for a in (p.ability, *p.added_from)]
        refs += [("initiative", table.initiative.ability)]
        refs += [("reactivation", a) for a in table.reactivation.adds_to_chance]
        for entry_id, ref in refs:
            require_known(file, entry_id, "the defences table", ref, self.abilities)


@cache
def catalogs() -> Catalogs:
    return Catalogs()
