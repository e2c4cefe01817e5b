"""What every group of 2d10 actions shares (seed ../shared/seeds/002_2465630f321cfb59.txt):
the character's document, catalogs and sheet, the AV + 2D10 against a DV arithmetic with
each term shown, and the options several actions take."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.play.actions import ActionOption, Choice, Inputs, OptionValue, Term, sum_text
from sheetapp.play.dice import DiceRoll
from sheetapp.systems.twod10.catalog import Catalogs, catalogs
from sheetapp.systems.twod10.mechanics import succeeds, success_level
from sheetapp.systems.twod10.model import Twod10Document
from sheetapp.systems.twod10.sheet import Twod10Sheet, Value

NONE = "none"
COVERS = (
    Choice("open", "No cover (3D6)"),
    Choice("low_cover", "Low cover (2D6+1)"),
    Choice("high_cover", "High cover (2D6+6)"),
)
#: the widest "Other modifier" an action takes: a guard only
MODIFIER = ActionOption("modifier", "Other modifier", "int", 0, minimum=-100, maximum=100)

RollTerms = tuple[list[Term], int, int, bool, int | None]


class ActionGroup:
    """A group of one character's actions: its document, the catalogs and its sheet."""

    def __init__(self, document: Twod10Document, sheet: Twod10Sheet) -> None:
        self.document = document
        self.cats: Catalogs = catalogs()
        self.sheet = sheet

    def _surprise(self) -> ActionOption:
        bonus = self.cats.constants.surprise_bonus
        return ActionOption("surprise", "Surprise", "bool", False, help=f"{bonus:+d} AV")

    def _contacts(self) -> tuple[Choice, ...]:
        return tuple(
            Choice(
                str(index + 1),
                f"{contact.target}" + (f" ({contact.power})" if contact.power else ""),
            )
            for index, contact in enumerate(self.document.play.contacts)
        )


def location_dice(options: Mapping[str, OptionValue]) -> str | None:
    """Line 35: "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover, else
    roll 3d6"; a called location is not rolled. The +1/+6 is added by the resolver."""
    if options.get("called") not in (None, NONE):
        return None
    return "3D6" if options.get("cover", "open") == "open" else "2D6"


def modifier(inputs: Inputs) -> list[tuple[str, int]]:
    value = inputs.options.get("modifier")
    return [("modifier", value)] if isinstance(value, int) and value else []


def value_part(label: str, value: Value) -> tuple[str, int]:
    return (f"{label} ({value.explanation})", value.value)


def roll_terms(
    av_parts: list[tuple[str, int]], roll: DiceRoll, dv: int, dv_label: str = "DV"
) -> RollTerms:
    """Lines 10-11, 7, 22: AV, AR = AV + 2D10, success when AR ≥ DV, a level per 3 over."""
    k = catalogs().constants
    av = sum(value for _label, value in av_parts)
    ar = av + roll.total
    success = succeeds(ar, dv)
    level = success_level(ar, dv, k)
    terms = [
        Term("AV", sum_text(av_parts)),
        Term("Dice", roll.describe()),
        Term("AR", f"AV {av} + {roll.total} = {ar}"),
        Term(
            dv_label,
            f"{dv}: "
            + (
                f"success, level {level} ((AR {ar} - {dv}) / 3, rounded down)"
                if success
                else f"failure (AR {ar} is below {dv})"
            ),
        ),
    ]
    return terms, av, ar, success, level
