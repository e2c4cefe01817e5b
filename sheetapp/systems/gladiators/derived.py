"""Values a Glorious Gladiators sheet shows that follow from the choices."""

from __future__ import annotations

from collections.abc import Sequence

from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.issues import DataPath
from sheetapp.systems.gladiators.catalog import Catalogs
from sheetapp.systems.gladiators.model import GladiatorsCharacter
from sheetapp.systems.gladiators.resolve import ResolvedAbility

BASE_HITS = 3
MINOR_HITS = 1
TOUGHNESS = "toughness"
MOVEMENT = "movement"
MOVEMENT_GROUP = "movement_class"

Placed = tuple[int, ResolvedAbility]


class AbilityIndex:
    """The character's abilities grouped by catalog id, each with its place in the
    list: the values below look at a handful of ids, and a 1,000-ability character
    should not be read through once per value."""

    __slots__ = ("_by_id",)

    def __init__(self, abilities: Sequence[ResolvedAbility]) -> None:
        self._by_id: dict[str, list[Placed]] = {}
        for place, ability in enumerate(abilities):
            self._by_id.setdefault(ability.choice.ability, []).append((place, ability))

    def replaced(
        self, places: Sequence[int], old: Sequence[ResolvedAbility], new: Sequence[ResolvedAbility]
    ) -> AbilityIndex | None:
        """This index of ``old`` made an index of ``new``, which differs from it at
        ``places`` only (the same length); None when an ability there changes its
        catalog id (build the index anew then). An edit replaces one ability: its group
        is copied, not the whole character's abilities read again."""
        by_id = dict(self._by_id)
        for place in places:
            ability = new[place]
            key = ability.choice.ability
            if old[place].choice.ability != key or key not in by_id:
                return None
            group = by_id[key] = list(by_id[key])
            for at, (where, _old) in enumerate(group):
                if where == place:
                    group[at] = (place, ability)
                    break
            else:
                return None
        index = AbilityIndex.__new__(AbilityIndex)
        index._by_id = by_id
        return index

    def of(self, ids: Sequence[str]) -> Sequence[Placed]:
        """The abilities of the given ids, in the character's order."""
        if len(ids) == 1:
            return self._by_id.get(ids[0], ())
        found = [placed for id_ in dict.fromkeys(ids) for placed in self._by_id.get(id_, ())]
        if len(found) > 1:
            found.sort(key=lambda placed: placed[0])
        return found

    def levels(self, ids: Sequence[str]) -> int:
        return sum(ability.choice.level for _, ability in self.of(ids))


def hits(character: GladiatorsCharacter, abilities: AbilityIndex) -> DerivedValue:
    """ "If a character takes 3 hits in a combat then s/he is out of action. A minor
    character takes 1 hit" and "total hits (3 + Levels in Toughness)" (line 624, 625)."""
    if character.character_type == "minor":
        return DerivedValue("hits", "Hits", MINOR_HITS, "minor characters take 1 hit")
    toughness = abilities.levels((TOUGHNESS,))
    return DerivedValue("hits", "Hits", BASE_HITS + toughness, f"3 + Toughness {toughness}")


def movement(abilities: AbilityIndex, catalogs: Catalogs) -> list[DerivedValue]:
    """ "Each movement ability has a number of hexes movement it allows per level"
    (line 480), e.g. "Walk L2 (6 squares)" for Ground at 3 hexes per level."""
    values = []
    for index, ability in abilities.of((MOVEMENT,)):
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


def _display(ability: ResolvedAbility) -> str:
    label = ability.choice.label
    return (
        f"{label} ({ability.name} L{ability.choice.level})"
        if label
        else (f"{ability.name} L{ability.choice.level}")
    )


def _best(abilities: AbilityIndex, ids: tuple[str, ...]) -> tuple[int, Placed | None]:
    """The highest level among abilities of the given ids (the first of equals):
    defences don't add up."""
    best: Placed | None = None
    for placed in abilities.of(ids):
        if best is None or placed[1].choice.level > best[1].choice.level:
            best = placed
    return (best[1].choice.level if best else 0), best


def _path(placed: Placed | None) -> DataPath:
    return () if placed is None else ("character", "abilities", placed[0])


def dodges(abilities: AbilityIndex, catalogs: Catalogs) -> list[DerivedValue]:
    """Evade, Move vs areas, Confusion and Prediction: the Dodge each attack meets.

    "Direct attacks is Accuracy vs Evade ... Area attacks is Area Attack ... vs Move
    ... Indirect is 0 (1 with Precise) vs Prediction. Seeking attacks is Homing vs
    Confusion" (lines 512-521); "if the target has more than one defence which could
    apply then use the best – don't add them together" (line 549).
    """
    values = []
    for dodge in catalogs.defences.dodges:
        if dodge.movement:
            level, source, how = _best_move(abilities, catalogs)
        else:
            level, source = _best(abilities, dodge.abilities)
            names = " or ".join(catalogs.abilities[a].name for a in dodge.abilities)
            how = f"best of {_display(source[1])}" if source else f"no {names}: 0"
            if source and len(dodge.abilities) == 1:
                how = _display(source[1])
        values.append(
            DerivedValue(
                f"defence.{dodge.id}",
                dodge.name,
                level,
                f"{how}; against {dodge.against}",
                _path(source),
            )
        )
    return values


def _best_move(abilities: AbilityIndex, catalogs: Catalogs) -> tuple[int, Placed | None, str]:
    """ "a modifier to Move's Level when resisting area attacks" per movement class (line 480)."""
    best: tuple[int, Placed | None, str] = (0, None, "no movement ability: 0")
    for placed in abilities.of((MOVEMENT,)):
        ability = placed[1]
        definition = catalogs.movement.get(ability.choice.options.get(MOVEMENT_GROUP, "ground"))
        if definition is None:
            continue
        value = ability.choice.level + definition.area_dodge_modifier
        if best[1] is None or value > best[0]:
            how = f"{_display(ability)} {definition.name}"
            if definition.area_dodge_modifier:
                how += f" {definition.area_dodge_modifier:+d} for the movement class"
            best = (value, placed, how)
    return best


def protections(abilities: AbilityIndex, catalogs: Catalogs) -> list[DerivedValue]:
    """What each defence ability Protects against, e.g. "Armour L1 vs Solid, Physical,
    ½ Energy or Direct Poison" (line 679). Half levels round up: "Any time an ability
    description refers to a fractional level it is rounded up" (line 44)."""
    values = []
    for rule in catalogs.defences.protections:
        level, placed = _best(abilities, (rule.ability,))
        source = placed[1] if placed else None
        bonus = abilities.levels(rule.added_from)
        if source is None and not bonus:
            continue
        total = level + bonus
        name = catalogs.abilities[rule.ability].name
        parts = []
        full = [t.title() for t in source.choice.types] if source and rule.chosen_types else []
        full = full or list(rule.full)
        parts.append(f"{total} vs {', '.join(full)}" if full else str(total))
        if rule.half:
            parts.append(f"{-(-total // 2)} vs {', '.join(rule.half)}")
        how = _display(source) if source else f"no {name}: 0"
        for extra in rule.added_from:
            for _, ability in abilities.of((extra,)):
                how += f" + {_display(ability)}"
        extras = _energy_modifiers(source, total) if source else ""
        values.append(
            DerivedValue(
                f"protects.{rule.ability}",
                f"Protects: {name}",
                "; ".join(parts) + extras,
                f"{how}; protects against {rule.what}",
                _path(placed),
            )
        )
    return values


def _energy_modifiers(ability: ResolvedAbility, level: int) -> str:
    """Energy Defence: "x2 level against one named sub-type"; Energy Weakness: "half its
    level (round down)" (lines 177-178)."""
    extras = ""
    for modifier in ability.modifiers:
        named = modifier.choice.note or "a named sub-type"
        if modifier.choice.modifier == "energy_defence":
            extras += f"; {level * 2} vs {named}"
        elif modifier.choice.modifier == "energy_weakness":
            extras += f"; {level // 2} vs {named}"
    return extras


def initiative(abilities: AbilityIndex, catalogs: Catalogs) -> DerivedValue:
    """ "The order of the turn sequence (initiative) is in order of Speed Level. On a tie
    major characters go before minor characters otherwise roll D" (line 413)."""
    rule = catalogs.defences.initiative
    level, source = _best(abilities, (rule.ability,))
    how = _display(source[1]) if source else "no Speed: 0"
    return DerivedValue(
        "initiative",
        "Initiative",
        level,
        f"{how}; order of Speed Level, ties: major characters first, otherwise roll",
        _path(source),
    )


def reactivation(
    character: GladiatorsCharacter, abilities: AbilityIndex, catalogs: Catalogs
) -> list[DerivedValue]:
    """The roll to reactivate by times out of action (lines 618-626): 4+, 7+, 10+, each
    further +3; Regeneration "Adds level to chance of reactivation" (line 137); minor
    characters "always reactivate on 6+" and leave play on one failure. On reactivation
    a character has "½ of his/her total hits" (line 624), rounded up like levels."""
    rule = catalogs.defences.reactivation
    if character.character_type == "minor":
        return [
            DerivedValue(
                "reactivation",
                "Reactivate",
                f"{rule.minor_roll}+ once",
                "minor characters always reactivate on 6+; one failure removes them from play",
            )
        ]
    bonus, source = _best(abilities, rule.adds_to_chance)
    rolls = [*rule.major, rule.major[-1] + rule.each_further]
    shown = " / ".join(f"{max(1, roll - bonus)}+" for roll in rolls)
    how = "1st, 2nd, 3rd, 4th time out of action: 4+, 7+, 10+, then +3 each"
    if source:
        how += f"; {_display(source[1])} adds {bonus}"
    total_hits = BASE_HITS + abilities.levels((TOUGHNESS,))
    back = -(-total_hits // 2)
    return [
        DerivedValue(
            "reactivation",
            "Reactivate",
            f"{shown} / +{rule.each_further}",
            how,
            _path(source),
        ),
        DerivedValue(
            "reactivation_hits",
            "Hits on reactivation",
            back,
            f"½ of {total_hits} hits, rounded up",
        ),
    ]
