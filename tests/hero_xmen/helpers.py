"""Build X-Men HERO characters for tests (seed: ../shared/seeds/001_83bd08b00b463b10.txt)."""

from __future__ import annotations

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue
from sheetapp.systems.hero_xmen.model import (
    CharacteristicBuy,
    DisadvantageChoice,
    HeroCharacter,
    HeroDocument,
    PowerChoice,
    PowerModifier,
    SkillChoice,
    TalentChoice,
)
from sheetapp.systems.hero_xmen.system import SYSTEM

__all__ = [
    "CharacteristicBuy",
    "DisadvantageChoice",
    "PowerChoice",
    "PowerModifier",
    "SkillChoice",
    "TalentChoice",
]


def new(**values: int) -> HeroDocument:
    """A new character with characteristics set to ``values`` (``dex=18``)."""
    document = SYSTEM.new_document("Test")
    for buy in document.character.characteristics:
        if buy.characteristic in values:
            base = (
                10
                if buy.characteristic in ("str", "dex", "con", "body", "int", "ego", "pre")
                else 0
            )
            buy.bought = values[buy.characteristic] - base
    return document


def blank(**values: int) -> HeroDocument:
    """A character with no skills (only characteristics)."""
    document = new(**values)
    document.character = HeroCharacter(characteristics=document.character.characteristics)
    return document


def evaluate(document: HeroDocument) -> Evaluation:
    return SYSTEM.evaluate(document)


def codes(document: HeroDocument) -> set[str]:
    return {issue.code for issue in evaluate(document).issues}


def issues(document: HeroDocument, code: str) -> list[Issue]:
    return [issue for issue in evaluate(document).issues if issue.code == code]


def spent(document: HeroDocument) -> int:
    return evaluate(document).total("points").spent
