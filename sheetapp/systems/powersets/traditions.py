"""Two sets of one type: a character may have Magic, Psychic Abilities or Sorcery twice,
each a tradition of its own with its own power level (two Magic traditions at Normal in a
Heroic game: "Two power sets at the Normal power level" (line 378)). Each set is named;
each spell or ability names the set it belongs to, so each set's starting allowance counts
its own. With one set of a type, nothing needs naming."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetapp.systems.powersets.catalog import PowerLevelId, PowerSetId
from sheetapp.systems.powersets.model import PowerSetChoice, PowersetsCharacter

#: the sets a character may have twice: their lists hold spells or abilities that each
#: belong to one tradition (Mutations and Superpowers have one budget or pick count)
TRADITION_SETS: tuple[PowerSetId, ...] = ("magic", "psychic", "sorcery")


@dataclass(frozen=True, slots=True)
class Tradition:
    """One set of a type: where it stands in the power sets, its level and its name."""

    index: int
    level: PowerLevelId
    name: str

    def label(self, set_name: str, several: bool) -> str:
        """ "Magic" with one set of the type, "Magic (Court)" with several."""
        if not several:
            return set_name
        return f"{set_name} ({self.name or f'set {self.index + 1}'})"


def traditions(character: PowersetsCharacter, power_set: PowerSetId) -> list[Tradition]:
    return [
        Tradition(index, choice.level, choice.name.strip())
        for index, choice in enumerate(character.power_sets)
        if choice.power_set == power_set
    ]


def tradition_of(found: Sequence[Tradition], name: str) -> Tradition | None:
    """The set an item belongs to: the only one, or the one named ``name``; None when
    there are several and none has that name."""
    if not found:
        return None
    if len(found) == 1:
        return found[0]
    key = name.strip().casefold()
    return next((t for t in found if t.name.casefold() == key), None)


def named_apart(sets: Sequence[PowerSetChoice]) -> bool:
    """Several sets of one type are told apart when each has a name of its own."""
    names = [s.name.strip().casefold() for s in sets]
    return all(names) and len(set(names)) == len(names)
