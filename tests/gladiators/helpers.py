"""Build Glorious Gladiators characters for tests."""

from __future__ import annotations

from typing import Any

from sheetapp.core.evaluation import Evaluation
from sheetapp.systems.gladiators.model import (
    AbilityChoice,
    GladiatorsDocument,
    ModifierChoice,
    TraitChoice,
)
from sheetapp.systems.gladiators.system import SYSTEM


def ability(
    ability_id: str,
    level: int = 1,
    *mods: str | tuple[str, str] | ModifierChoice,
    **fields: Any,
) -> AbilityChoice:
    modifiers = [
        m
        if isinstance(m, ModifierChoice)
        else ModifierChoice(modifier=m)
        if isinstance(m, str)
        else ModifierChoice(modifier=m[0], variant=m[1])
        for m in mods
    ]
    return AbilityChoice(ability=ability_id, level=level, modifiers=modifiers, **fields)


def trait(trait_id: str, frequency: str, severity: str) -> TraitChoice:
    return TraitChoice(trait=trait_id, frequency=frequency, severity=severity)  # type: ignore[arg-type]


def character(
    *abilities: AbilityChoice, kind: str = "major", budget: int = 40
) -> GladiatorsDocument:
    document = SYSTEM.new_document("Test")
    document.character.abilities = list(abilities)
    document.character.character_type = kind  # type: ignore[assignment]
    document.campaign.gp_budget = budget
    document.character.advantages = [trait("skill", "com", "sig"), trait("contacts", "com", "sig")]
    document.character.disadvantages = [trait("altruistic", "com", "sig")]
    return document


def evaluate(document: GladiatorsDocument) -> Evaluation:
    return SYSTEM.evaluate(document)


def ability_cost(document: GladiatorsDocument, index: int = 0) -> int:
    return evaluate(document).costs[0].children[index].amount


def codes(evaluation: Evaluation) -> set[str]:
    return {issue.code for issue in evaluation.issues}
