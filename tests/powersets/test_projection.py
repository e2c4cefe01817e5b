"""The Projection skill (option) beyond its base chance (seed 004_a6acbf8ec65b19a8.txt,
lines 2533 and 2558-2568): DEX×2, raised with skill points at creation within the power
level's limit, improved by experience checks like a skill."""

from __future__ import annotations

import random

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.editing.builders import EditError
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.advance import ADVANCEMENT
from sheetapp.systems.powersets.collections import SUPERPOWERS
from sheetapp.systems.powersets.experience import experience_roll, projection_value
from sheetapp.systems.powersets.model import PowersetsDocument
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found

ROLL = next(a for a in SUPERPOWERS.actions if a.title == "Roll Projection check")


def _hero(level: str = "heroic", dex: int = 15) -> PowersetsDocument:
    return character(level, ("superpowers", level), dex=dex)


def _projection(document: PowersetsDocument) -> object:
    return next(v for v in SYSTEM.evaluate(document).derived if v.key == "projection")


def test_projection_is_dex_times_2_plus_points_and_experience() -> None:
    """Line 2564: "Base Chance: DEX×2"; line 2560: "It can be increased in character
    generation"."""
    document = _hero(dex=15)
    value = _projection(document)
    assert value.value == "30%"  # type: ignore[attr-defined]
    document.character.projection.creation_points = 20
    document.character.projection.experience = 4
    value = _projection(document)
    assert value.value == "54%"  # type: ignore[attr-defined]
    assert value.explanation.startswith(  # type: ignore[attr-defined]
        "DEX×2 30 + 20 skill points + 4 by experience"
    )


def test_the_option_off_shows_no_projection() -> None:
    """Line 2558: "The Projection Skill (option)"."""
    document = _hero()
    document.campaign.projection_option = False
    assert all(v.key != "projection" for v in SYSTEM.evaluate(document).derived)


@pytest.mark.parametrize(
    ("level", "points", "over"),
    [
        ("normal", 45, False),  # 30 + 45 = 75, the Normal limit
        ("normal", 46, True),
        ("heroic", 60, False),  # 90
        ("heroic", 61, True),
        ("epic", 71, False),  # 101
        ("epic", 72, True),
        ("superhuman", 500, False),  # no limit
    ],
)
def test_creation_points_are_subject_to_the_power_level_limit(
    level: str, points: int, over: bool
) -> None:
    """Line 2560: "It can be increased in character generation if the character has
    superpowers and is subject to the power level limitations" (the base rules' limits,
    a campaign setting: 75%, 90%, 101%, none)."""
    document = _hero(level, dex=15)
    document.character.projection.creation_points = points
    expected = [(Severity.ERROR, ("character", "projection", "creation_points"))] if over else []
    assert found(document, codes.PROJECTION_LIMIT) == expected
    document.campaign.projection_limit = "none"
    assert found(document, codes.PROJECTION_LIMIT) == []


def test_experience_is_not_limited_by_the_creation_limit() -> None:
    document = _hero("normal", dex=15)
    document.character.projection.experience = 60
    assert found(document, codes.PROJECTION_LIMIT) == []


def test_projection_is_a_superpowered_characters_skill() -> None:
    """Line 2560: "if the character has superpowers"."""
    document = character("heroic", ("magic", "heroic"))
    document.character.projection.creation_points = 10
    assert found(document, codes.PROJECTION_NO_SUPERPOWERS) == [
        (Severity.ERROR, ("character", "projection"))
    ]
    hero = _hero()
    hero.character.projection.creation_points = 10
    hero.campaign.projection_option = False
    assert found(hero, codes.PROJECTION_NO_SUPERPOWERS) == [
        (Severity.ERROR, ("character", "projection"))
    ]


def test_projection_improves_by_experience_checks() -> None:
    """Line 2533: superpowers "do not improve as normal skills (the Projection skill is an
    exception)": d100 over the rating improves it, the check is used up."""
    document = _hero(dex=15)
    with pytest.raises(EditError, match="Projection has no experience check"):
        ROLL.build(document, None, random.Random(1))
    document.character.projection.checked = True
    assert found(document, codes.PROJECTION_CHECK) == [
        (Severity.WARNING, ("character", "projection", "checked"))
    ]
    seen = set()
    for seed in range(100):
        roll, gain = experience_roll(30, document.campaign, random.Random(seed))
        after = apply_to_document(document, ROLL.build(document, None, random.Random(seed)))
        assert not after.character.projection.checked
        assert projection_value(after.character) == 30 + gain
        seen.add(roll > 30)
    assert seen == {True, False}
    options = {o.label: o for o in ADVANCEMENT.spend_options(SYSTEM, document)}
    assert options["Roll the Projection experience check"].action == ROLL.title
