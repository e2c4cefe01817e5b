"""The catalog ids a Glorious Gladiators character names that the catalogs (and its own
custom entries) do not know: what the loader tells the user about."""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import UnknownReference
from sheetapp.systems.gladiators.catalog import Catalogs, catalogs
from sheetapp.systems.gladiators.model import AbilityChoice, GladiatorsCharacter
from sheetapp.systems.gladiators.starting import starting_abilities


def unknown_references(document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
    """Each id the character names that no catalog or custom entry knows, with its place."""
    character: GladiatorsCharacter = document.character
    cats = catalogs()
    custom_abilities = {c.id for c in character.custom_abilities}
    custom_modifiers = {c.id for c in character.custom_modifiers}
    if _all_known(character, cats, custom_abilities, custom_modifiers):
        return []  # the usual case, told by set comparisons: no path is built
    found: list[UnknownReference] = []
    for index, ability in enumerate(character.abilities):
        found += _ability_references(index, ability, cats, custom_abilities, custom_modifiers)
    for key, known in (("advantages", cats.advantages), ("disadvantages", cats.disadvantages)):
        for index, trait in enumerate(getattr(character, key)):
            if trait.trait not in known and trait.trait != "custom":
                kind = key[:-1]
                found.append(
                    UnknownReference(("character", key, index, "trait"), kind, trait.trait)
                )
    return found


def _ability_references(
    index: int,
    ability: AbilityChoice,
    cats: Catalogs,
    custom_abilities: set[str],
    custom_modifiers: set[str],
) -> list[UnknownReference]:
    path = ("character", "abilities", index)
    found: list[UnknownReference] = []
    if ability.ability not in cats.abilities and ability.ability not in custom_abilities:
        found.append(UnknownReference((*path, "ability"), "ability", ability.ability))
    if ability.source not in cats.sources:
        found.append(UnknownReference((*path, "source"), "source", ability.source))
    if ability.starting is not None and ability.starting not in starting_abilities():
        found.append(UnknownReference((*path, "starting"), "starting ability", ability.starting))
    for a_index, alternative in enumerate(ability.alternatives):
        if alternative.ability not in cats.abilities:
            where = (*path, "alternatives", a_index, "ability")
            found.append(UnknownReference(where, "ability", alternative.ability))
    for m_index, modifier in enumerate(ability.modifiers):
        if modifier.modifier not in cats.modifiers and modifier.modifier not in custom_modifiers:
            where = (*path, "modifiers", m_index, "modifier")
            found.append(UnknownReference(where, "modifier", modifier.modifier))
    return found


def _all_known(
    character: GladiatorsCharacter,
    cats: Catalogs,
    custom_abilities: set[str],
    custom_modifiers: set[str],
) -> bool:
    """Whether every catalog id the character names is known (what
    :func:`unknown_references` lists the exceptions of: a kind of id
    added there is added here too; ``tests/gladiators/test_unknown_references.py`` has
    one case per kind). Set comparisons: about twice as fast as the walk."""
    abilities = character.abilities
    known_abilities = cats.abilities.keys() | custom_abilities
    alternatives = {a.ability for choice in abilities for a in choice.alternatives}
    modifiers = {m.modifier for choice in abilities for m in choice.modifiers}
    starting = {choice.starting for choice in abilities} - {None}
    return (
        {choice.ability for choice in abilities} <= known_abilities
        and {choice.source for choice in abilities} <= cats.sources.keys()
        and alternatives <= cats.abilities.keys()
        and modifiers <= cats.modifiers.keys() | custom_modifiers
        and (not starting or starting <= starting_abilities().keys())
        and {t.trait for t in character.advantages} - {"custom"} <= cats.advantages.keys()
        and {t.trait for t in character.disadvantages} - {"custom"} <= cats.disadvantages.keys()
    )
