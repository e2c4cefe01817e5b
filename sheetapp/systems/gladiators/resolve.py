"""Join a character's choices with the catalog (and the file's custom entries)."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
    CustomAbility,
    CustomModifier,
    GladiatorsCharacter,
    ModifierChoice,
)

_TRAILING_COST = re.compile(r"\s*\(?[+-]?\d+\)?$")


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
        if self.variant and self.variant.notation:
            text = self.variant.notation
        elif self.variant:
            label = without_cost(self.variant.label)
            text = label if label.lower().startswith(text.lower()) else f"{text} {label}"
        elif self.choice.units > 1:
            text += f" {self.choice.units}"
        return text


@dataclass(frozen=True, slots=True)
class ResolvedAbility:
    choice: AbilityChoice
    definition: AbilityDef | None
    custom: CustomAbility | None
    options: tuple[tuple[CostOption, int], ...]
    modifiers: tuple[ResolvedModifier, ...]

    @property
    def name(self) -> str:
        if self.definition:
            return self.definition.name
        return self.custom.name if self.custom else self.choice.ability

    @property
    def level_limit(self) -> int | None:
        if self.definition:
            return self.definition.level_limit
        return self.custom.level_limit if self.custom else None

    @property
    def base_cost(self) -> int:
        if self.custom:
            return self.custom.base_cost
        return sum(option.cost * count for option, count in self.options)

    def has_modifier(self, modifier_id: str, variant: str | None = None) -> bool:
        """True when a modifier (or one that counts as it, like Always On for
        Persistent) is on the ability, with ``variant`` when one is named."""
        for modifier in self.modifiers:
            ids = {modifier.choice.modifier}
            if modifier.definition:
                ids.update(modifier.definition.counts_as)
            if modifier_id in ids and (variant is None or modifier.choice.variant == variant):
                return True
        return False


def chosen_options(
    definition: AbilityDef, choice: AbilityChoice
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
    if definition and isinstance(definition.cost, VariantCost) and choice.variant:
        variant = next((v for v in definition.cost.variants if v.id == choice.variant), None)
    return ResolvedModifier(choice, definition, custom.get(choice.modifier), variant)


def resolve_ability(
    choice: AbilityChoice,
    catalogs: Catalogs,
    custom_abilities: dict[str, CustomAbility],
    custom_modifiers: dict[str, CustomModifier],
) -> ResolvedAbility:
    definition = catalogs.abilities.get(choice.ability)
    options = chosen_options(definition, choice) if definition else ()
    modifiers = tuple(resolve_modifier(m, catalogs, custom_modifiers) for m in choice.modifiers)
    return ResolvedAbility(
        choice, definition, custom_abilities.get(choice.ability), options, modifiers
    )


def resolve_character(character: GladiatorsCharacter, catalogs: Catalogs) -> list[ResolvedAbility]:
    custom_abilities = {c.id: c for c in character.custom_abilities}
    custom_modifiers = {c.id: c for c in character.custom_modifiers}
    return [
        resolve_ability(choice, catalogs, custom_abilities, custom_modifiers)
        for choice in character.abilities
    ]
