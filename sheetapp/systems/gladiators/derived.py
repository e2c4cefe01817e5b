"""Values a Glorious Gladiators sheet shows that follow from the choices."""

from __future__ import annotations

from sheetapp.core.evaluation import DerivedValue
from sheetapp.systems.gladiators.catalog import Catalogs
from sheetapp.systems.gladiators.model import GladiatorsCharacter
from sheetapp.systems.gladiators.resolve import ResolvedAbility

BASE_HITS = 3
MINOR_HITS = 1
TOUGHNESS = "toughness"
MOVEMENT = "movement"
MOVEMENT_GROUP = "movement_class"


def hits(character: GladiatorsCharacter, abilities: list[ResolvedAbility]) -> DerivedValue:
    """ "If a character takes 3 hits in a combat then s/he is out of action. A minor
    character takes 1 hit" and "total hits (3 + Levels in Toughness)" (lines 616, 625)."""
    if character.character_type == "minor":
        return DerivedValue("hits", "Hits", MINOR_HITS, "minor characters take 1 hit")
    toughness = sum(a.choice.level for a in abilities if a.choice.ability == TOUGHNESS)
    return DerivedValue("hits", "Hits", BASE_HITS + toughness, f"3 + Toughness {toughness}")


def movement(abilities: list[ResolvedAbility], catalogs: Catalogs) -> list[DerivedValue]:
    """ "Each movement ability has a number of hexes movement it allows per level"
    (line 480), e.g. "Walk L2 (6 squares)" for Ground at 3 hexes per level."""
    values = []
    for index, ability in enumerate(abilities):
        if ability.choice.ability != MOVEMENT:
            continue
        klass = ability.choice.options.get(MOVEMENT_GROUP, "ground")
        definition = catalogs.movement.get(klass)
        if definition is None:
            continue
        hexes = ability.choice.level * definition.hexes_per_level
        name = ability.choice.label or definition.name
        values.append(
            DerivedValue(
                f"movement.{index}",
                f"Move: {name}",
                hexes,
                f"L{ability.choice.level} × {definition.hexes_per_level} hexes per level",
                ("character", "abilities", index),
            )
        )
    return values
