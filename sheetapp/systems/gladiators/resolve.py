"""Join a character's choices with the catalog (and the file's custom entries)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from sheetapp.systems.gladiators.catalog import (
    AbilityDef,
    Catalogs,
    CostOption,
    ModifierDef,
    Variant,
    VariantCost,
)
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    AlternativeAbility,
    CustomAbility,
    CustomModifier,
    GladiatorsCharacter,
    ModifierChoice,
)

_TRAILING_COST = re.compile(r"\s*\(?[+-]?\d+\)?$")


@cache
def without_cost(label: str, bare: str = "") -> str:
    """Catalog labels keep the seed's price ("Air 3", "75% (-3)"); a sheet shows the name.
    A label that is only a price becomes ``bare`` (or stays as it is)."""
    return _TRAILING_COST.sub("", label) or bare or label


@dataclass(frozen=True, slots=True)
class ResolvedModifier:
    choice: ModifierChoice
    definition: ModifierDef | None
    custom: CustomModifier | None
    variant: Variant | None
    combined: tuple[tuple[Variant, int], ...] = ()

    @property
    def name(self) -> str:
        if self.definition:
            return self.definition.name
        return self.custom.name if self.custom else self.choice.modifier

    @property
    def custom_cost(self) -> int | None:
        return self.custom.cost if self.custom else None

    @property
    def display(self) -> str:
        text = self.name
        if self.combined:
            parts = ", ".join(
                f"{without_cost(v.label)}" + (f" ×{units}" if units > 1 else "")
                for v, units in self.combined
            )
            return f"{text} ({parts})"
        if self.variant and self.variant.notation:
            text = self.variant.notation
        elif self.variant:
            label = without_cost(self.variant.label)
            text = label if label.lower().startswith(text.lower()) else f"{text} {label}"
        elif self.choice.units > 1:
            text += f" {self.choice.units}"
        return text


@dataclass(frozen=True, slots=True)
class ResolvedAlternative:
    """One of the abilities a Flexible Ability can become."""

    choice: AlternativeAbility
    definition: AbilityDef | None
    options: tuple[tuple[CostOption, int], ...]

    @property
    def name(self) -> str:
        return self.definition.name if self.definition else self.choice.ability

    @property
    def base_cost(self) -> int:
        return sum(option.cost * count for option, count in self.options)


@dataclass(frozen=True, slots=True)
class ResolvedAbility:
    choice: AbilityChoice
    definition: AbilityDef | None
    custom: CustomAbility | None
    options: tuple[tuple[CostOption, int], ...]
    modifiers: tuple[ResolvedModifier, ...]
    alternatives: tuple[ResolvedAlternative, ...] = ()
    # (id, variant) of every modifier and of every id it counts as, for has_modifier.
    _present: frozenset[tuple[str, str | None]] = field(default=frozenset(), repr=False)

    @staticmethod
    def present_modifiers(
        modifiers: tuple[ResolvedModifier, ...],
    ) -> frozenset[tuple[str, str | None]]:
        present: set[tuple[str, str | None]] = set()
        for modifier in modifiers:
            variant = modifier.choice.variant
            for modifier_id in (
                modifier.choice.modifier,
                *(modifier.definition.counts_as if modifier.definition else ()),
            ):
                present.add((modifier_id, variant))
                present.add((modifier_id, None))
        return frozenset(present)

    @property
    def name(self) -> str:
        if self.definition:
            return self.definition.name
        return self.custom.name if self.custom else self.choice.ability

    @property
    def own_level_limit(self) -> int | None:
        if self.definition:
            return self.definition.level_limit
        return self.custom.level_limit if self.custom else None

    @property
    def level_limit(self) -> int | None:
        """A Flexible Ability pays "the cost for the Level for the one with the lowest
        Level limit" (line 183)."""
        limits = [self.own_level_limit]
        limits += [alt.definition.level_limit for alt in self.alternatives if alt.definition]
        known = [limit for limit in limits if limit is not None]
        return min(known) if known else None

    @property
    def own_base_cost(self) -> int:
        if self.custom:
            return self.custom.base_cost
        return sum(option.cost * count for option, count in self.options)

    @property
    def base_cost(self) -> int:
        """A Flexible Ability pays "the base cost of all the abilities" (line 183)."""
        return self.own_base_cost + sum(alt.base_cost for alt in self.alternatives)

    def has_modifier(self, modifier_id: str, variant: str | None = None) -> bool:
        """True when a modifier (or one that counts as it, like Always On for
        Persistent) is on the ability, with ``variant`` when one is named."""
        present = self._present or self.present_modifiers(self.modifiers)
        return (modifier_id, variant) in present


def chosen_options(
    definition: AbilityDef, choice: AbilityChoice | AlternativeAbility
) -> tuple[tuple[CostOption, int], ...]:
    """The priced options: one per choice group (default: the first), add-ons by count."""
    picked: list[tuple[CostOption, int]] = []
    for group in definition.cost_options:
        if group.kind == "choice":
            wanted = choice.options.get(group.id)
            option = next((o for o in group.options if o.id == wanted), group.options[0])
            picked.append((option, 1))
        else:
            for option in group.options:
                count = choice.addons.get(option.id, 0)
                if count > 0:
                    picked.append((option, count))
    return tuple(picked)


def resolve_modifier(
    choice: ModifierChoice, catalogs: Catalogs, custom: dict[str, CustomModifier]
) -> ResolvedModifier:
    definition = catalogs.modifiers.get(choice.modifier)
    variant = None
    combined: list[tuple[Variant, int]] = []
    if definition and isinstance(definition.cost, VariantCost):
        by_id = {v.id: v for v in definition.cost.variants}
        if choice.variant:
            variant = by_id.get(choice.variant)
        if definition.cost.combinable:
            combined = [
                (by_id[key], units)
                for key, units in choice.variants.items()
                if key in by_id and units > 0
            ]
    return ResolvedModifier(
        choice, definition, custom.get(choice.modifier), variant, tuple(combined)
    )


def resolve_ability(
    choice: AbilityChoice,
    catalogs: Catalogs,
    custom_abilities: dict[str, CustomAbility],
    custom_modifiers: dict[str, CustomModifier],
) -> ResolvedAbility:
    definition = catalogs.abilities.get(choice.ability)
    options = chosen_options(definition, choice) if definition else ()
    modifiers = tuple(resolve_modifier(m, catalogs, custom_modifiers) for m in choice.modifiers)
    alternatives = tuple(
        ResolvedAlternative(
            alt,
            catalogs.abilities.get(alt.ability),
            chosen_options(catalogs.abilities[alt.ability], alt)
            if alt.ability in catalogs.abilities
            else (),
        )
        for alt in choice.alternatives
    )
    return ResolvedAbility(
        choice,
        definition,
        custom_abilities.get(choice.ability),
        options,
        modifiers,
        alternatives,
        ResolvedAbility.present_modifiers(modifiers),
    )


def resolve_character(character: GladiatorsCharacter, catalogs: Catalogs) -> list[ResolvedAbility]:
    custom_abilities = {c.id: c for c in character.custom_abilities}
    custom_modifiers = {c.id: c for c in character.custom_modifiers}
    return [
        resolve_ability(choice, catalogs, custom_abilities, custom_modifiers)
        for choice in character.abilities
    ]
