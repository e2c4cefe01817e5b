"""Capital advancement: a new level, earned one at a time, with HP dice and new Systems.

"When you Level Up: Your max HP increases. Check your Role to find out how much. [...]
You might gain Slots. [...] You can immediately fill them with new Systems. You might
gain new Systems from your Role." (seed lines 355-360; the Lancer's HP "increases by
1d6 + FTD + 2 (minimum FTD + 6)", line 683); "When you Level Up, you can choose any
Systems to fill the Slots you have" (line 273). So what is earned is one Level (the
currency ``level``, whose counter is ``character.level``); the level step is
:func:`sheetapp.systems.capital.levels.level_up` with the dice entered or rolled for the
player; what is then bought are Systems for the free Slots, checked by the same rules
as the editor (``slots_over``, requirements, repeats).
"""

from __future__ import annotations

import random
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath, Severity
from sheetapp.core.system import Currency, DiceRequest, GameSystem, LevelStep, SpendOption
from sheetapp.systems.capital.catalog import ATTRIBUTES, Catalogs, SystemDef, catalogs
from sheetapp.systems.capital.levels import LevelUpError, level_up
from sheetapp.systems.capital.model import MAX_LEVEL, CapitalCharacter, HpRoll, SystemChoice
from sheetapp.systems.capital.money import MONEY

#: The key of a level in a ledger's ``earned``.
LEVEL = "level"
HP_DICE = "hp"
COMPANION_DICE = "companion"

A_LEVEL = Currency(
    LEVEL,
    "Level",
    "Level",
    "a Level Up (lines 351-360): HP dice, the level table's Slots and Energy, Role Systems",
    counter=("character", "level"),
)
MONEY_EARNED = Currency(
    MONEY,
    "Money",
    "mC",
    "income (negative: expenses) between sessions; items marked bought are paid from it",
)

RULES_TEXT = (
    "Each Level Up (lines 355-360) raises the level by one: max HP grows by the Role's dice "
    "(e.g. 1d6 + FTD + 2, minimum FTD + 6, line 683), entered or rolled; the level table "
    "(lines 362-372) gives the Slots and the Energy bonus; the Role's Systems of that level "
    'are gained. The new Slots are filled with Systems (line 273: "When you Level Up, you '
    'can choose any Systems to fill the Slots you have"), under the usual requirements.'
)

EXPLANATION_LENGTH = 320

FIELD_NAMES = {
    "level": "Level",
    "hp_rolls": "HP dice",
    "systems": "Systems",
    "special_asset": "Special Asset",
}


def _system_name(cats: Catalogs, system_id: str) -> str:
    found = cats.systems.get(system_id)
    return found.name if found else system_id


class CapitalAdvancement:
    """The declaration ``sheetapp.advancement`` finds as ``CapitalSystem.advancement``."""

    currencies: tuple[Currency, ...] = (A_LEVEL, MONEY_EARNED)
    rules_text: str = RULES_TEXT
    #: Slots are what Systems cost and money what bought items cost; HP, Energy and Bones
    #: are current / maximum, not costs.
    priced_totals: tuple[str, ...] = ("slots", "vehicle_slots", MONEY)

    # --- the level step -------------------------------------------------------------------

    def level_dice(self, document: CharacterDocument[Any, Any]) -> list[DiceRequest]:
        """The Role's HP dice and, with a Companion, the Companion's (lines 683, 933)."""
        cats = catalogs()
        character: CapitalCharacter = document.character
        if character.level >= MAX_LEVEL:
            raise ValueError(f"Level {MAX_LEVEL} is the last level of the tables")
        role = cats.roles.get(character.role or "")
        if role is None:
            raise ValueError("Choose a Role before levelling up")
        level = character.level + 1
        requests = [
            DiceRequest(
                HP_DICE,
                f"HP dice for Level {level}",
                role.hp.increase.dice,
                explanation=f"{role.name}: max HP +{role.hp.increase.describe()}",
            )
        ]
        asset = character.special_asset
        if asset is not None and asset.asset in cats.companions:
            companion = cats.companions[asset.asset]
            requests.append(
                DiceRequest(
                    COMPANION_DICE,
                    f"{companion.name}'s HP dice",
                    companion.hp.increase.dice,
                    explanation=f"{companion.name}: max HP +{companion.hp.increase.describe()}",
                )
            )
        return requests

    def level_step(
        self,
        document: CharacterDocument[Any, Any],
        dice: dict[str, list[int]],
        rng: Any = None,
    ) -> LevelStep:
        """:func:`levels.level_up` as a step: its changes and what it brought, in words."""
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError("rng must be a random.Random")
        try:
            result = level_up(
                document,  # type: ignore[arg-type]
                hp_dice=dice.get(HP_DICE),
                companion_dice=dice.get(COMPANION_DICE),
                rng=rng,
            )
        except LevelUpError as exc:
            raise ValueError(str(exc)) from None
        new = result.document.character
        used: dict[str, list[int]] = {}
        for key, rolls in ((HP_DICE, new.hp_rolls), (COMPANION_DICE, _asset_rolls(new))):
            for roll in rolls:
                if roll.level == new.level:
                    used[key] = list(roll.dice)
        return LevelStep(
            tuple(result.changes),
            tuple(step.text for step in result.steps),
            new.level,
            result.new_slots,
            used,
        )

    # --- what may be bought ------------------------------------------------------------------

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """Each System that fits the free Slots now without breaking a rule, taken at the
        character's current level (line 273). A System that replaces one the character
        holds ("Requires Focus I, which this replaces", line 1896) takes its place in the
        same step; a System chosen with a damage type or an Attribute ("When you gain this,
        choose a damage type", line 1870) is offered once per choice."""
        cats = catalogs()
        character: CapitalCharacter = document.character
        total = system.evaluate(document).total("slots")
        free = (total.budget or 0) - total.spent
        errors_now = _error_keys(system, document)
        held = {choice.system for choice in character.systems}
        options = []
        for entry in cats.slot_systems.values():
            if entry.slots is None or entry.slots > free:
                continue
            if entry.id in held and not entry.repeatable:
                continue
            for choice, choice_name in system_choices(cats, entry):
                change = take_system(document, entry.id, choice)
                taken = document.model_copy(deep=True)
                if change.op == "set":
                    taken.character.systems[int(change.path[-1])] = SystemChoice.model_validate(
                        change.after
                    )
                else:
                    taken.character.systems.append(SystemChoice.model_validate(change.after))
                if _error_keys(system, taken) - errors_now:
                    continue
                label = f"Take {entry.name}" + (f" ({choice_name})" if choice_name else "")
                options.append(
                    SpendOption(
                        "take_system",
                        label,
                        change.path,
                        _explain(entry, cats, character),
                        {"slots": entry.slots} if entry.slots else {},
                        (change,),
                        "line 273: When you Level Up, you can choose any Systems to fill the Slots",
                        choice=choice_name,
                    )
                )
        return options

    # --- how the review names things -----------------------------------------------------------

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        if len(path) < 2 or path[0] != "character":
            return ""
        character: CapitalCharacter = document.character
        key = str(path[1])
        if key == "systems" and len(path) >= 3 and isinstance(path[2], int):
            if path[3:] == ("system",):
                return "System (one in place of another)"
            if 0 <= path[2] < len(character.systems):
                name = _system_name(catalogs(), character.systems[path[2]].system)
                rest = " ".join(str(p) for p in path[3:])
                return f"System {name}{': ' + rest if rest else ''}"
            return "Systems"
        if key == "hp_rolls":
            return "HP dice"
        if key == "special_asset" and "hp_rolls" in path:
            return "Special Asset: HP dice"
        if key == "vitals" and len(path) >= 3:
            return f"Current {str(path[2]).replace('_', ' ')}"
        return FIELD_NAMES.get(key, key.replace("_", " ").capitalize())

    def describe_value(self, path: DataPath, value: Any) -> str:
        if path[-1:] == ("system",) and isinstance(value, str):
            return _system_name(catalogs(), value)  # a II in place of its I (line 1896)
        if not isinstance(value, dict):
            return ""
        if "system" in value and isinstance(value["system"], str):
            level = value.get("level")
            name = _system_name(catalogs(), value["system"])
            return f"{name} (Level {level})" if level else name
        if "dice" in value and isinstance(value["dice"], list):
            dice = "+".join(str(d) for d in value["dice"])
            return f"Level {value.get('level')}: {dice} ({value.get('method', '')})"
        return ""


def take_system(
    document: CharacterDocument[Any, Any], system_id: str, choice: str | None = None
) -> Change:
    """The change that adds System ``system_id`` (with its damage type or Attribute
    ``choice``), taken at the character's current level: in place of the System it
    replaces when the character holds that one (line 1896), else at the end."""
    character: CapitalCharacter = document.character
    taken = SystemChoice(system=system_id, level=character.level, choice=choice)
    entry = catalogs().systems.get(system_id)
    replaced = entry.replaces if entry is not None else None
    for index, held in enumerate(character.systems):
        if replaced and held.system == replaced:
            return Change(
                "set",
                ("character", "systems", index),
                before=held.model_dump(mode="json"),
                after=taken.model_dump(mode="json"),
            )
    return Change(
        "insert",
        ("character", "systems", len(character.systems)),
        after=taken.model_dump(mode="json"),
    )


def system_choices(cats: Catalogs, entry: SystemDef) -> list[tuple[str | None, str]]:
    """The choices a System is gained with, as (stored value, name the user reads):
    a damage type or an Attribute (lines 1868-1870, 2059); one ``(None, "")`` when it has
    none."""
    if entry.repeat_choice == "damage_type":
        return [(key, found.name) for key, found in cats.damage_types.items()]
    if entry.repeat_choice == "attribute":
        return [(key, cats.attributes[key].name) for key in ATTRIBUTES]
    return [(None, "")]


def _asset_rolls(character: CapitalCharacter) -> list[HpRoll]:
    asset = character.special_asset
    return list(asset.hp_rolls) if asset is not None else []


def _error_keys(
    system: GameSystem[Any], document: CharacterDocument[Any, Any]
) -> set[tuple[str, str]]:
    return {
        (issue.code, issue.message)
        for issue in system.evaluate(document).issues
        if issue.severity is Severity.ERROR
    }


def _explain(entry: SystemDef, cats: Catalogs, character: CapitalCharacter) -> str:
    slots = f"{entry.slots} Slot{'s' if entry.slots != 1 else ''}"
    parts = [slots, entry.category]
    if entry.energy:
        parts.append(f"Energy {entry.energy}")
    held = {choice.system for choice in character.systems}
    if entry.replaces and entry.replaces in held:
        parts.append(f"replaces {_system_name(cats, entry.replaces)}")
    lines = [line.strip() for line in entry.text.splitlines()]
    text = " ".join(line for line in lines if line and line != entry.name)
    if len(text) > EXPLANATION_LENGTH:
        text = text[: EXPLANATION_LENGTH - 1].rsplit(" ", 1)[0] + "…"
    return f"{' · '.join(parts)}. {text}".strip()


ADVANCEMENT = CapitalAdvancement()
