"""Glorious Gladiators advancement: the GM awards Glory Points, spent like creation points.

The seed gives no separate advancement rules; it prices everything in GP ("A
character has a number of Glory Points (GP) to spend on creation." line 13) and
speaks of buying a disadvantage off with GP (Young, line 405: "As the character
ages s/he will eventually lose this limitation and must either buy it off with GP
or take another disadvantage."). So earned GP raise the budget (the campaign's
``gp_budget`` plus every GP earned in the ledger, see ``system.py``) and are spent
under all creation rules, which ``evaluate`` applies as it always does: level-limit
costs (line 52), the negative-modifier cap (line 155), minor-character limits
(line 11), 2-5 advantages and 1-4 disadvantages with disadvantage points only for
advantages (line 274). Unspent GP carry forward: they stay in the budget.

Buying off a disadvantage costs the GP its points had provided: removing it lowers
what offsets the advantages, and the evaluation before and after says by how much
(all of its points when the advantages used them, fewer when some were lost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from sheetapp.advancement.pricing import price_changes
from sheetapp.core.changes import Change
from sheetapp.core.costs import CostLine
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath
from sheetapp.core.system import Currency, GameSystem, SpendOption
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsCharacter,
    GladiatorsDocument,
    ModifierChoice,
    TraitChoice,
)
from sheetapp.systems.gladiators.notation import ability_notation
from sheetapp.systems.gladiators.resolve import (
    resolve_ability,
    resolve_character,
    resolve_modifier,
)
from sheetapp.systems.gladiators.rules import display_name
from sheetapp.systems.gladiators.traits import trait_explanation, trait_points

#: The key of the Glory Points total (``system.GP``) and of GP in a ledger's ``earned``.
GP = "gp"

GLORY_POINTS = Currency(
    GP,
    "Glory Points",
    "GP",
    "awarded by the GM after a session; spent like creation points (seed line 13)",
)

RULES_TEXT = (
    "Glory Points awarded by the GM are spent like creation points, under every creation "
    "rule: levels cost 1 GP each up to the Level Limit, 2 up to double, 3 up to triple "
    "(line 52); no ability costs less than 1 GP (line 54); limitations are capped at half "
    "the ability's cost (line 155); minor characters stay at Level 3 (line 11) and "
    "Conventional abilities at Level 5 (line 34); a character keeps 2-5 advantages and 1-4 "
    "disadvantages, and disadvantage points pay only for advantages (line 274). Buying off "
    "a disadvantage such as Young (line 405) costs the GP its points had provided. Unspent "
    "GP carry forward."
)

ABILITY_FIELDS = {"level": "level", "large_item": "large item", "cost_override": "cost override"}
CAMPAIGN_FIELDS = {"gp_budget": "GP budget"}


def _words(parts: tuple[str | int, ...], names: dict[str, str] | None = None) -> str:
    names = names or {}
    shown = [names.get(p, p.replace("_", " ")) for p in parts if isinstance(p, str)]
    return " ".join(shown)


class GladiatorsAdvancement:
    """The declaration ``sheetapp.advancement`` finds as ``GladiatorsSystem.advancement``."""

    currencies: tuple[Currency, ...] = (GLORY_POINTS,)
    rules_text: str = RULES_TEXT

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """Each ability one level up and each disadvantage bought off, priced now; then the
        open-ended purchases the editor builds (a new ability, modifier or advantage)."""
        character: GladiatorsCharacter = document.character
        options = raise_level_options(system, document)
        for index in range(len(character.disadvantages)):
            bought = buy_off_disadvantage(system, document, index)
            options.append(
                SpendOption(
                    "buy_off",
                    f"Buy off {bought.name}",
                    ("character", "disadvantages", index),
                    bought.explanation,
                    {GP: bought.cost} if bought.cost else {},
                    bought.changes,
                    "seed line 405: must either buy it off with GP or take another disadvantage",
                )
            )
        options.extend(
            (
                SpendOption("add_ability", "Add an ability", ("character", "abilities")),
                SpendOption(
                    "add_modifier",
                    "Add a modifier to an ability",
                    ("character", "abilities"),
                    rule="limitations are capped at half the ability's cost (line 155)",
                ),
                SpendOption(
                    "add_advantage",
                    "Add an advantage",
                    ("character", "advantages"),
                    rule="2-5 advantages; disadvantage points pay only for advantages (line 274)",
                ),
            )
        )
        return options

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        if len(path) >= 2 and path[0] == "campaign":
            return f"Campaign: {_words(path[1:], CAMPAIGN_FIELDS)}"
        if len(path) < 3 or path[0] != "character" or not isinstance(path[2], int):
            return ""
        character: GladiatorsCharacter = document.character
        key, index, rest = path[1], path[2], path[3:]
        items = getattr(character, str(key), None)
        if not isinstance(items, list) or not 0 <= index < len(items):
            return ""
        if key == "abilities":
            return self._ability_part(character, index, rest)
        if key in ("advantages", "disadvantages"):
            trait: TraitChoice = items[index]
            name = f"{_trait_name(trait)} ({key[:-1]})"
            return f"{name}: {_words(rest)}" if rest else name
        name = getattr(items[index], "name", "") or f"{key} {index + 1}"
        return f"{name}: {_words(rest)}" if rest else str(name)

    def _ability_part(self, character: GladiatorsCharacter, index: int, rest: DataPath) -> str:
        ability = resolve_character(character, catalogs())[index]
        name = display_name(ability)
        if not rest:
            return name
        if rest[0] == "modifiers" and len(rest) >= 2 and isinstance(rest[1], int):
            if 0 <= rest[1] < len(ability.modifiers):
                modifier = ability.modifiers[rest[1]].display
                return f"{name}: {modifier} {_words(rest[2:])}".rstrip()
            return f"{name}: modifier {rest[1] + 1}"
        return f"{name}: {_words(rest, ABILITY_FIELDS)}"

    def describe_value(self, path: DataPath, value: Any) -> str:
        if not isinstance(value, dict) or len(path) < 3 or path[0] != "character":
            return ""
        try:
            if path[1] == "abilities" and len(path) == 3:
                choice = AbilityChoice.model_validate(value)
                return ability_notation(resolve_ability(choice, catalogs(), {}, {}))
            if path[1] in ("advantages", "disadvantages") and len(path) == 3:
                trait = TraitChoice.model_validate(value)
                return f"{_trait_name(trait)} ({trait_explanation(trait)} points)"
            if path[1] == "abilities" and len(path) == 5 and path[3] == "modifiers":
                modifier = ModifierChoice.model_validate(value)
                return resolve_modifier(modifier, catalogs(), {}).display
        except ValidationError:
            return ""
        return ""


ADVANCEMENT = GladiatorsAdvancement()


def _trait_name(trait: TraitChoice) -> str:
    if trait.name:
        return trait.name
    cats = catalogs()
    known = cats.advantages.get(trait.trait) or cats.disadvantages.get(trait.trait)
    return known.name if known else trait.trait


def raise_level(document: CharacterDocument[Any, Any], index: int, levels: int = 1) -> Change:
    """The change that raises ability ``index`` by ``levels`` (a plain ``set`` of its level)."""
    current = document.character.abilities[index].level
    return Change("set", ("character", "abilities", index, "level"), current, current + levels)


def raise_level_options(
    system: GameSystem[Any], document: CharacterDocument[Any, Any]
) -> list[SpendOption]:
    """Every ability one level up, with its price and its cost line after the raise.

    An ability's cost line depends only on the ability, the campaign settings and the
    file's custom definitions, never on the other abilities (``system.evaluate``), so
    each raise is priced by evaluating that ability alone, before and after: the whole
    list costs two small evaluations per ability, not two of the whole character.
    """
    character: GladiatorsCharacter = document.character
    resolved = resolve_character(character, catalogs())
    options = []
    for index, ability in enumerate(resolved):
        change = raise_level(document, index)
        before = _alone(system, document, ability.choice)
        raised = ability.choice.model_copy(update={"level": change.after})
        after = _alone(system, document, raised)
        cost = after.amount - before.amount
        limit = ability.level_limit
        note = ""
        if limit is not None and change.after > limit:
            per_level = -(-change.after // limit)
            note = f"Level {change.after} is past the Level Limit {limit}: {per_level} GP a level. "
        options.append(
            SpendOption(
                "raise_level",
                f"Raise {display_name(ability)} to Level {change.after}",
                change.path,
                note + after.explanation,
                {GP: cost} if cost else {},
                (change,),
                "seed line 52: 1 GP/Level to the Level Limit, 2 to double, 3 to triple",
            )
        )
    return options


def _alone(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], ability: AbilityChoice
) -> CostLine:
    """The cost line of ``ability`` evaluated on its own in ``document``'s campaign."""
    character: GladiatorsCharacter = document.character
    alone = GladiatorsCharacter(
        abilities=[ability],
        custom_abilities=character.custom_abilities,
        custom_modifiers=character.custom_modifiers,
    )
    single = GladiatorsDocument(
        system_version=document.system_version, campaign=document.campaign, character=alone
    )
    return system.evaluate(single).costs[0].children[0]


@dataclass(frozen=True, slots=True)
class BuyOff:
    """Buying off disadvantage ``index``: its changes, its points and the GP it costs."""

    index: int
    name: str
    points: int
    cost: int
    changes: tuple[Change, ...]
    explanation: str


def buy_off_changes(document: CharacterDocument[Any, Any], index: int) -> list[Change]:
    """The change that removes disadvantage ``index`` (the seed's "buy it off", line 405)."""
    disadvantages = document.character.disadvantages
    if not 0 <= index < len(disadvantages):
        raise IndexError(
            f"there is no disadvantage {index} (the character has {len(disadvantages)})"
        )
    before = disadvantages[index].model_dump(mode="json")
    return [Change("remove", ("character", "disadvantages", index), before=before)]


def buy_off_disadvantage(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], index: int
) -> BuyOff:
    """What buying off disadvantage ``index`` costs: the GP its points had provided.

    Seed line 405 (Young): "must either buy it off with GP or take another
    disadvantage"; line 274: "Points from disadvantages can only be spent on
    advantages" — so a disadvantage provided only the points the advantages used,
    and that is what buying it off costs.
    """
    changes = buy_off_changes(document, index)
    trait: TraitChoice = document.character.disadvantages[index]
    name = _trait_name(trait)
    points = trait_points(
        trait,
        catalogs().disadvantages.get(trait.trait),
        document.campaign.trait_cost_reading,
    )
    cost = price_changes(system, document, changes)[0].cost.get(GP, 0)
    if cost == points:
        why = f"{name} gave {points} points towards the advantages; buying it off costs them"
    else:
        why = (
            f"{name} gives {points} points, but only {cost} of them paid for advantages "
            "(disadvantage points pay only for advantages, line 274)"
        )
    return BuyOff(index, name, points, cost, tuple(changes), f"{why}: {cost} GP.")
