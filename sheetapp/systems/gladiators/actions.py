"""Glorious Gladiators' rolls as declared actions (seed ../shared/seeds/000_5bffb215164afb79.txt):
a D10 against Level - Resisting Level + 6 (the attack roll: 6 - To Hit + the target's
defence), and the roll to reactivate after going out of action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheetapp.core.document import Condition
from sheetapp.play import effects
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    Choice,
    DiceSlot,
    Effect,
    Inputs,
    OptionValue,
    Resolution,
    Term,
    VsInput,
    resolved,
)
from sheetapp.play.dice import DiceRoll
from sheetapp.systems.gladiators.model import GladiatorsDocument

#: "The chance of success is a roll of Level of Ability – Resisting Level (Dodge or Defence)
#: + 6 or higher." (line 409)
EVEN_ROLL = 6
#: "a roll of 10 always succeeds for major characters" (line 409)
ALWAYS = 10
#: Times Out of Action: 1 → 4+, 2 → 7+, 3 → 10+, each +1 → +3 (lines 618-622)
FIRST_REACTIVATION, REACTIVATION_STEP = 4, 3
#: "Minor characters always reactivate on 6+." (line 626)
MINOR_REACTIVATION = 6
#: "Any character requiring a roll of 11+ to reactivate is out of play" (line 632)
OUT_OF_PLAY = 11
OUT_OF_ACTION = "Out of action"


def _second_die(options: Mapping[str, OptionValue]) -> str | None:
    """A minor character needing more than 10 rolls again after a 10 (line 409)."""
    return "1D10" if options.get("minor") is True else None


def d10_roll(
    needed: int, first: DiceRoll, again: DiceRoll | None, minor: bool
) -> tuple[list[Term], bool, int | None]:
    """Line 409: success on ``needed`` or higher; a 10 always succeeds for a major character
    (result number 0); a minor character needing more than 10 rolls a 10, then the number
    needed - 9 or better. Returns the terms, success and the result number."""
    roll = first.total
    terms = [Term("Dice", first.describe())]
    if roll >= needed:
        number = roll - needed
        terms.append(Term("Result", f"{roll} ≥ {needed}: success, result number {number}"))
        return terms, True, number
    if roll == ALWAYS and not minor:
        terms.append(Term("Result", f"a 10 always succeeds (needed {needed}): result number 0"))
        return terms, True, 0
    if roll == ALWAYS and minor:
        if again is None:
            raise ActionError(
                f"a minor character needing {needed} rolls again after a 10: give the second die"
            )
        wanted = needed - 9
        success = again.total >= wanted
        terms.append(
            Term(
                "Again",
                f"10, then {again.total} vs {wanted} (needed {needed} - 9): "
                + ("success" if success else "failure"),
            )
        )
        return terms, success, 0 if success else None
    terms.append(Term("Result", f"{roll} < {needed}: failure"))
    return terms, False, None


class GladiatorsActions:
    def __init__(self, document: GladiatorsDocument) -> None:
        from sheetapp.systems.gladiators.system import SYSTEM

        self.document = document
        self.values: dict[str, Any] = {d.key: d for d in SYSTEM.evaluate(document).derived}

    def all(self) -> tuple[Action, ...]:
        return (self.attack(), self.ability(), self.reactivate())

    def _minor(self) -> ActionOption:
        return ActionOption(
            "minor", "Minor character", "bool", self.document.character.character_type == "minor"
        )

    def attack(self) -> Action:
        return Action(
            "attack",
            "Attack roll",
            "D10 against 6 - the attack's To Hit + the target's defence (Evade, Move, "
            "Prediction or Confusion)",
            self._resolve_attack,
            (
                DiceSlot("roll", "D10", "1D10"),
                DiceSlot(
                    "again",
                    "second D10",
                    dice_for=_second_die,
                    optional=True,
                    hint="D10 again after a 10, for a minor character needing more than 10",
                ),
            ),
            VsInput("target's defence (Evade, Move...)"),
            (
                ActionOption(
                    "to_hit",
                    "To Hit (Accuracy, Fighting Skill, Homing...)",
                    "int",
                    0,
                    minimum=-100,
                    maximum=100,
                ),
                ActionOption(
                    "modifier",
                    "To-hit modifier",
                    "int",
                    0,
                    minimum=-100,
                    maximum=100,
                    help="e.g. -2 disorientated, -1 to -3 for cover",
                ),
                self._minor(),
            ),
        )

    def ability(self) -> Action:
        abilities = tuple(
            Choice(str(index + 1), f"{choice.label or choice.ability} L{choice.level}")
            for index, choice in enumerate(self.document.character.abilities)
        )
        return Action(
            "ability",
            "Ability against a defence",
            "D10 against the ability's Level - the Resisting Level + 6; the result number is "
            "what it beats it by",
            self._resolve_ability,
            (
                DiceSlot("roll", "D10", "1D10"),
                DiceSlot(
                    "again",
                    "second D10",
                    dice_for=_second_die,
                    optional=True,
                    hint="D10 again after a 10, for a minor character needing more than 10",
                ),
            ),
            VsInput("Resisting Level", 0),
            (
                ActionOption(
                    "ability",
                    "Ability",
                    "choice",
                    abilities[0].value if abilities else None,
                    abilities,
                ),
                self._minor(),
            ),
        )

    def reactivate(self) -> Action:
        return Action(
            "reactivate",
            "Reactivation roll",
            "At the start of the turn when out of action: 4+, 7+, 10+, +3 each time more; +1 "
            "per End Game turn; 11+ is out of play; minor characters 6+",
            self._resolve_reactivate,
            (DiceSlot("roll", "D10", "1D10"),),
            None,
            (
                ActionOption("times", "Times out of action", "int", 1, minimum=1, maximum=100),
                ActionOption(
                    "end_game_turns", "End Game turns so far", "int", 0, minimum=0, maximum=100
                ),
                ActionOption(
                    "modifier",
                    "Reactivation modifier",
                    "int",
                    0,
                    minimum=-20,
                    maximum=20,
                    help="e.g. -2 after a Lethal attack, + Regeneration's Level",
                ),
                self._minor(),
            ),
        )

    def _resolve_attack(self, inputs: Inputs) -> Resolution:
        assert inputs.vs is not None
        to_hit = inputs.int("to_hit") + inputs.int("modifier")
        needed = EVEN_ROLL - to_hit + inputs.vs
        terms = [Term("Needed", f"6 - To Hit {to_hit} + defence {inputs.vs} = {needed}+")]
        more, success, number = d10_roll(
            needed, inputs.roll("roll"), inputs.dice.get("again"), inputs.flag("minor")
        )
        terms += more
        return resolved(
            inputs,
            "attack",
            "Attack roll",
            terms,
            "hit" + (f", result number {number}" if number is not None else "")
            if success
            else "miss",
            success=success,
            values={"needed": needed, "result_number": number},
        )

    def _resolve_ability(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("ability")
        if not choice:
            raise ActionError("there is no ability on the sheet")
        held = self.document.character.abilities[int(choice) - 1]
        assert inputs.vs is not None
        name = held.label or held.ability
        needed = held.level - inputs.vs
        needed = EVEN_ROLL - needed
        terms = [Term("Needed", f"Level {held.level} - Resisting {inputs.vs} + 6 → {needed}+")]
        more, success, number = d10_roll(
            needed, inputs.roll("roll"), inputs.dice.get("again"), inputs.flag("minor")
        )
        terms += more
        return resolved(
            inputs,
            "ability",
            name,
            terms,
            f"success, result number {number}" if success else "failure",
            success=success,
            values={"needed": needed, "result_number": number},
        )

    def _resolve_reactivate(self, inputs: Inputs) -> Resolution:
        minor = inputs.flag("minor")
        times = inputs.int("times")
        needed, how = _reactivation_needed(
            minor, times, inputs.int("end_game_turns"), inputs.int("modifier")
        )
        terms = [Term("Needed", how)]
        values: dict[str, Any] = {"needed": needed}
        if not minor and needed >= OUT_OF_PLAY:
            raise ActionError(
                f"needing {needed}+ to reactivate, the character is out of play (11+)"
            )
        roll = inputs.roll("roll")
        terms.append(Term("Dice", roll.describe()))
        if roll.total >= needed:
            hits = self.values.get("reactivation_hits")
            back = (
                f", back with {hits.value} hits (half of 3 + Toughness)" if hits is not None else ""
            )
            terms.append(Term("Result", f"{roll.total} ≥ {needed}: reactivated{back}"))
            changes = effects.remove_conditions(self.document, (OUT_OF_ACTION,))
            effect = Effect("out of action no more", tuple(changes)) if changes else None
            return _reactivation(inputs, terms, "reactivated", values, effect)
        outcome = "removed from play" if minor else "still out of action"
        terms.append(Term("Result", f"{roll.total} < {needed}: {outcome}"))
        condition = Condition(
            name=OUT_OF_ACTION,
            effect="prone; can only crawl or act on itself",
            source=f"out of action {times} time{'s' if times != 1 else ''}",
        )
        effect = Effect(OUT_OF_ACTION, tuple(effects.add_condition(self.document, condition)))
        return _reactivation(inputs, terms, outcome, values, effect)


def _reactivation_needed(minor: bool, times: int, turns: int, modifier: int) -> tuple[int, str]:
    """The roll a reactivation needs, and how it is reached."""
    if minor:
        return MINOR_REACTIVATION, "a minor character: 6+"
    base = FIRST_REACTIVATION + REACTIVATION_STEP * (times - 1)
    needed = base + turns - modifier
    how = f"out of action {times} time{'s' if times != 1 else ''}: {base}+"
    if turns:
        how += f", +{turns} End Game turn{'s' if turns != 1 else ''}"
    if modifier:
        how += f", {modifier:+d} to reactivate"
    return needed, how + f" = {needed}+"


def _reactivation(
    inputs: Inputs,
    terms: list[Term],
    outcome: str,
    values: dict[str, Any],
    effect: Effect | None,
) -> Resolution:
    return resolved(
        inputs,
        "reactivate",
        "Reactivation roll",
        terms,
        outcome,
        success=outcome == "reactivated",
        values=values,
        effect=effect,
    )


def gladiators_actions(document: GladiatorsDocument) -> tuple[Action, ...]:
    return GladiatorsActions(document).all()
