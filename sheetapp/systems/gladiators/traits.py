"""Advantage and disadvantage costs (seed lines 272-290).

"Frequent (Fre) ... 2, Common (Com) ... 1, Rare (Rar) ... 0, Major (Maj) ... 2,
Significant (Sig) ... 1, Minor (Min) ... 0" — an advantage costs frequency +
severity (e.g. "Ageless ... Com, Maj 3"); a disadvantage gives as many points back
(e.g. "Aggressive ... Fre, Maj -4").

Six catalog entries print a cost that disagrees with that sum (Energetic "Fre, Sig 2"
and others); the campaign setting ``trait_cost_reading`` chooses the formula (the
default) or the printed value. A trait with ``cost_override`` — every custom trait,
and a referee's ruling on a catalog one — costs what the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheetapp.systems.gladiators.catalog import TraitDef
from sheetapp.systems.gladiators.model import TraitChoice

FREQUENCY_VALUE = {"fre": 2, "com": 1, "rar": 0}
SEVERITY_VALUE = {"maj": 2, "sig": 1, "min": 0}
FREQUENCY_LABEL = {"fre": "Fre", "com": "Com", "rar": "Rar"}
SEVERITY_LABEL = {"maj": "Maj", "sig": "Sig", "min": "Min"}
CUSTOM_TRAIT = "custom"

Reading = Literal["formula", "printed"]


@dataclass(frozen=True, slots=True)
class TraitPrice:
    points: int
    explanation: str


def formula_points(trait: TraitChoice) -> int:
    return FREQUENCY_VALUE[trait.frequency] + SEVERITY_VALUE[trait.severity]


def _formula_text(trait: TraitChoice) -> str:
    f, s = trait.frequency, trait.severity
    return (
        f"{FREQUENCY_LABEL[f]} {FREQUENCY_VALUE[f]} + {SEVERITY_LABEL[s]} {SEVERITY_VALUE[s]}"
        f" = {formula_points(trait)}"
    )


def _printed_points(trait: TraitChoice, definition: TraitDef | None) -> int | None:
    """The catalog's printed cost, when it applies to the frequency and severity chosen."""
    if definition is None or not isinstance(definition.cost, int):
        return None
    if definition.frequency is None or definition.severity is None:
        return None
    chosen = (trait.frequency, trait.severity)
    if chosen != (definition.frequency[:3].lower(), definition.severity[:3].lower()):
        return None
    return abs(definition.cost)


def trait_price(
    trait: TraitChoice, definition: TraitDef | None = None, reading: Reading = "formula"
) -> TraitPrice:
    if trait.cost_override is not None:
        why = "own cost" if trait.trait == CUSTOM_TRAIT else "referee's ruling"
        formula = (
            "" if trait.trait == CUSTOM_TRAIT else f" (the table gives {_formula_text(trait)})"
        )
        return TraitPrice(trait.cost_override, f"{why}: {trait.cost_override}{formula}")
    points = formula_points(trait)
    printed = _printed_points(trait, definition)
    if printed is not None and printed != points:
        if reading == "printed":
            return TraitPrice(
                printed, f"printed cost {printed} (campaign setting; the table gives {points})"
            )
        return TraitPrice(points, f"{_formula_text(trait)} (the book prints {printed})")
    return TraitPrice(points, _formula_text(trait))


def trait_points(
    trait: TraitChoice, definition: TraitDef | None = None, reading: Reading = "formula"
) -> int:
    return trait_price(trait, definition, reading).points


def trait_explanation(
    trait: TraitChoice, definition: TraitDef | None = None, reading: Reading = "formula"
) -> str:
    return trait_price(trait, definition, reading).explanation
