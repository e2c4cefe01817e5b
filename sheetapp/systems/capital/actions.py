"""Capital's rolls as declared actions (seed ../shared/seeds/003_740fba3ab4ba4f45.txt):
Attribute Checks (2d6 + an Attribute Score against another character's or the GM's roll,
with Strengths, Weaknesses, Grit and the special results) and the turn order."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    Choice,
    DiceSlot,
    Effect,
    Inputs,
    Resolution,
    Term,
    VsInput,
    named_numbers,
    resolved,
)
from sheetapp.play.dice import DiceRoll
from sheetapp.systems.capital.catalog import ATTRIBUTES
from sheetapp.systems.capital.model import CapitalDocument

#: "you get a bonus of +2 to your roll. If more than one Strength, Training or Story
#: applies, you get a bonus of +3." (line 257)
HELP_BONUS = {"0": 0, "1": 2, "2": 3}
#: "gain 1 Grit and reduce your roll by -2" (line 258)
WEAKNESS = -2
#: "Increase your result by 1 for each 2 Grit consumed." (line 259)
GRIT_PER_POINT = 2
DOUBLE_SIX, DOUBLE_ONE = 12, 2
#: "they choose a Difficulty value between 0 and 10" (line 245)
DIFFICULTY = (0, 10)


def _opposed(margin: int, *, against_gm: bool) -> tuple[bool, str]:
    """Higher result wins; a tie against the GM succeeds with a drawback, between
    characters both succeed."""
    if margin > 0:
        return True, f"success by {margin}"
    if margin < 0:
        return False, f"failure by {-margin}"
    return True, "tie: success, with a drawback" if against_gm else "tie: both succeed"


def special_results(roll: DiceRoll, theirs: DiceRoll, *, against_gm: bool) -> list[str]:
    """ "Special results: the unexpected" (lines 261-267): double six and double one, yours
    and the GM's."""
    specials = []
    if roll.total == DOUBLE_SIX:
        specials.append("you rolled a double six: Critical Success")
    if roll.total == DOUBLE_ONE:
        specials.append("you rolled a double one: Critical Failure")
    if against_gm and theirs.total == DOUBLE_ONE:
        specials.append("the GM rolled a double one: much easier than you thought")
    if against_gm and theirs.total == DOUBLE_SIX:
        specials.append("the GM rolled a double six: much more difficult than you thought")
    return specials


class CapitalActions:
    def __init__(self, document: CapitalDocument) -> None:
        from sheetapp.systems.capital.system import SYSTEM

        self.document = document
        derived = SYSTEM.evaluate(document).derived
        self.values: dict[str, Any] = {value.key: value for value in derived}

    def score(self, attribute: str) -> int:
        value = self.values[f"score.{attribute}"].value
        return value if isinstance(value, int) else 0

    def all(self) -> tuple[Action, ...]:
        return (self.check(), self.turn_order())

    def check(self) -> Action:
        attributes = tuple(Choice(a, f"{a.upper()} {self.score(a)}") for a in ATTRIBUTES)
        return Action(
            "check",
            "Attribute Check",
            "2d6 + an Attribute Score against the opponent's 2d6 + Score (or the GM's "
            "Difficulty); Strengths +2/+3, a Weakness -2 and 1 Grit, Grit spent after, 1 Grit "
            "on a failure",
            self._resolve_check,
            (DiceSlot("roll", "your 2d6", "2D6"), DiceSlot("opponent", "opponent's 2d6", "2D6")),
            VsInput("opponent's Attribute Score or the GM's Difficulty"),
            (
                ActionOption("attribute", "Attribute", "choice", "agi", attributes),
                ActionOption(
                    "against",
                    "Against",
                    "choice",
                    "gm",
                    (Choice("gm", "the GM"), Choice("character", "another character")),
                ),
                ActionOption(
                    "helps",
                    "Strengths, Training or Stories that help",
                    "choice",
                    "0",
                    (
                        Choice("0", "none"),
                        Choice("1", "one (+2)"),
                        Choice("2", "more than one (+3)"),
                    ),
                ),
                ActionOption("weakness", "A Weakness hinders", "bool", False),
                ActionOption(
                    "grit", "Grit spent after the roll", "int", 0, minimum=0, maximum=100_000
                ),
            ),
        )

    def turn_order(self) -> Action:
        shown = self.values["turn_order"]
        return Action(
            "turn-order",
            "Turn order",
            "An AGI check against each other (2d6 + AGI): highest first ("
            f"this character: {shown.value})",
            self._resolve_turn_order,
            (DiceSlot("roll", "2d6", "2D6"),),
            None,
            (ActionOption("others", "Others' results", "text", "", help="e.g. Vex=11, Drone=7"),),
        )

    def _resolve_check(self, inputs: Inputs) -> Resolution:
        assert inputs.vs is not None
        attribute = inputs.text("attribute") or "agi"
        roll, theirs = inputs.roll("roll"), inputs.roll("opponent")
        against_gm = inputs.text("against") != "character"
        if against_gm and not DIFFICULTY[0] <= inputs.vs <= DIFFICULTY[1]:
            raise ActionError(
                f"the GM's Difficulty is between {DIFFICULTY[0]} and {DIFFICULTY[1]}, "
                f"not {inputs.vs}"
            )
        weakness = inputs.flag("weakness")
        grit_spent = inputs.int("grit")
        total, parts = self._your_result(inputs, attribute, roll)
        opponent = theirs.total + inputs.vs
        who = "the GM's Difficulty" if against_gm else "the opponent's Score"
        terms = [
            Term("Your result", " ".join(parts) + f" = {total}"),
            Term("Opposing result", f"{theirs.describe()} + {who} {inputs.vs} = {opponent}"),
        ]
        margin = total - opponent
        success, outcome = _opposed(margin, against_gm=against_gm)
        specials = special_results(roll, theirs, against_gm=against_gm)
        for special in specials:
            terms.append(Term("Special", special))
        grit_after, effect = self._grit(weakness, success, grit_spent, terms)
        return resolved(
            inputs,
            "check",
            f"{attribute.upper()} check",
            terms,
            outcome + ("; " + "; ".join(specials) if specials else ""),
            success=success,
            values={"result": total, "opposing": opponent, "margin": margin, "grit": grit_after},
            effect=effect,
        )

    def _your_result(self, inputs: Inputs, attribute: str, roll: DiceRoll) -> tuple[int, list[str]]:
        """2d6 + the Score, +2/+3 for Strengths, Training or Stories (line 257), -2 for a
        Weakness (line 258), +1 for each 2 Grit spent after the roll (line 259)."""
        score = self.score(attribute)
        helps = HELP_BONUS[inputs.text("helps") or "0"]
        weakness = inputs.flag("weakness")
        parts = [f"{roll.describe()} + {attribute.upper()} {score}"]
        total = roll.total + score
        if helps:
            parts.append(f"+{helps} (Strength, Training or Story)")
            total += helps
        if weakness:
            parts.append(f"{WEAKNESS} (Weakness)")
            total += WEAKNESS
        grit_spent = inputs.int("grit")
        if grit_spent:
            self._check_grit(grit_spent, roll, weakness=weakness)
            parts.append(f"+{grit_spent // GRIT_PER_POINT} ({grit_spent} Grit)")
            total += grit_spent // GRIT_PER_POINT
        return total, parts

    def _check_grit(self, spent: int, roll: DiceRoll, *, weakness: bool) -> None:
        """Grit is spent 2 at a time, never after a Critical Failure, and only what there is
        (a Weakness's Grit included)."""
        if spent % GRIT_PER_POINT:
            raise ActionError("Grit is spent 2 at a time (+1 for each 2 Grit)")
        if roll.total == DOUBLE_ONE:
            raise ActionError("you can't spend Grit if you Critically Failed")
        available = self.document.character.vitals.grit + (1 if weakness else 0)
        if spent > available:
            raise ActionError(f"only {available} Grit to spend")

    def _grit(
        self, weakness: bool, success: bool, spent: int, terms: list[Term]
    ) -> tuple[int, Effect | None]:
        """ "Whenever you fail an Attribute Check, gain 1 Grit." (line 253); a Weakness: "gain 1
        Grit" (line 258); Grit spent after the roll (line 259)."""
        grit = self.document.character.vitals.grit
        after = grit + (1 if weakness else 0) + (0 if success else 1) - spent
        if after == grit:
            return grit, None
        steps = []
        if weakness:
            steps.append("+1 (Weakness)")
        if not success:
            steps.append("+1 (failed check)")
        if spent:
            steps.append(f"-{spent} (spent)")
        terms.append(Term("Grit", f"{grit} " + " ".join(steps) + f" = {after}"))
        change = Change("set", ("character", "vitals", "grit"), grit, after)
        return after, Effect(f"Grit {grit} → {after}", (change,))

    def _resolve_turn_order(self, inputs: Inputs) -> Resolution:
        shown = self.values["turn_order"]
        bonus = int(str(shown.value).rsplit("+", 1)[-1])
        roll: DiceRoll = inputs.roll("roll")
        total = roll.total + bonus
        me = self.document.meta.name or "This character"
        order = sorted([(me, total), *named_numbers(inputs.text("others"))], key=lambda p: -p[1])
        ties = [name for name, value in order if name != me and value == total]
        terms = [
            Term("Result", f"{roll.describe()} + {bonus} = {total} ({shown.explanation})"),
            Term("Order", ", ".join(f"{name} {value}" for name, value in order)),
        ]
        if ties:
            terms.append(Term("Tie", f"with {', '.join(ties)}: roll again between you"))
        if roll.total == DOUBLE_SIX:
            terms.append(Term("Double six", "roll again: an extra turn before combat"))
        return resolved(
            inputs,
            "turn-order",
            "Turn order",
            terms,
            ", ".join(name for name, _ in order),
            values={"result": total, "order": [name for name, _ in order]},
        )


def capital_actions(document: CapitalDocument) -> tuple[Action, ...]:
    return CapitalActions(document).all()
