"""Improving powers by experience (seed 004_a6acbf8ec65b19a8.txt): spells (line 414) and
psychic abilities (line 1257) by checks; POW in test_pow_increases.py."""

from __future__ import annotations

import random

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.editing.builders import EditError
from sheetapp.systems.powersets.advance import ADVANCEMENT
from sheetapp.systems.powersets.collections import COLLECTIONS, MAGIC
from sheetapp.systems.powersets.experience import experience_roll
from sheetapp.systems.powersets.model import (
    MagicSpellChoice,
    PowerSetChoice,
    PowersetsCampaign,
    PowersetsDocument,
    SpellStudy,
)
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character


def _magician(*skills: int) -> PowersetsDocument:
    document = character("heroic", ("magic", "heroic"), int=16, pow=14)
    document.character.magic_spells = [
        MagicSpellChoice(spell="blast", skill=skill, checked=True) for skill in skills
    ]
    return document


def _seed(wanted: object, before: int, campaign: PowersetsCampaign) -> random.Random:
    """A dice whose first experience roll does (gains) or does not improve ``before``."""
    for seed in range(1000):
        _roll, gain = experience_roll(before, campaign, random.Random(seed))
        if bool(gain) == wanted:
            return random.Random(seed)
    raise AssertionError(wanted)


def test_a_roll_over_the_rating_improves_it_by_1d6() -> None:
    campaign = PowersetsCampaign()
    for seed in range(200):
        roll, gain = experience_roll(45, campaign, random.Random(seed))
        assert (gain > 0) == (roll > 45)
        assert 0 <= gain <= 6
    flat = PowersetsCampaign(experience_gain="3")
    assert {experience_roll(10, flat, random.Random(s))[1] for s in range(50)} == {0, 3}


def test_96_or_more_always_improves() -> None:
    campaign = PowersetsCampaign()
    for seed in range(500):
        roll, gain = experience_roll(99, campaign, random.Random(seed))
        assert (gain > 0) == (roll >= 96)


def test_rolling_the_checks_improves_and_clears_them() -> None:
    document = _magician(40)
    rng = _seed(True, 40, document.campaign)
    roll = next(a for a in MAGIC.actions if a.title == "Roll experience checks")
    changes = roll.build(document, None, rng)
    after = apply_to_document(document, changes)
    spell = after.character.magic_spells[0]
    assert 41 <= spell.skill <= 46 and not spell.checked
    assert changes[0].label.startswith("Experience checks: Blast 40% → ")


def test_a_failed_check_is_used_up_too() -> None:
    document = _magician(80)
    rng = _seed(False, 80, document.campaign)
    roll = next(a for a in MAGIC.actions if a.title == "Roll experience checks")
    after = apply_to_document(document, roll.build(document, None, rng))
    assert after.character.magic_spells[0].skill == 80
    assert not after.character.magic_spells[0].checked


def test_nothing_checked_is_said() -> None:
    document = _magician()
    roll = next(a for a in MAGIC.actions if a.title == "Roll experience checks")
    with pytest.raises(EditError, match="Nothing has an experience check"):
        roll.build(document, None, random.Random(1))


def test_the_wizards_experience_options_name_actions_the_lists_have() -> None:
    document = _magician(30)
    document.character.pow_checked = True
    document.character.power_sets.append(PowerSetChoice(power_set="mutations", level="heroic"))
    document.character.projection.checked = True
    document.character.studies = [SpellStudy(power_set="magic", spell="blast")]
    options = ADVANCEMENT.spend_options(SYSTEM, document)
    actions = {(tuple(c.path), a.title) for c in COLLECTIONS for a in c.actions}
    with_action = [o for o in options if o.action]
    assert {o.label for o in with_action} >= {
        "Roll the Magic experience checks",
        "Roll the POW increase (1D3-1 on a success)",
        "Roll a mutation (mutagenic exposure)",
        "Roll the Projection experience check",
        "Roll the spell study attempts",
    }
    for option in with_action:
        assert (tuple(option.path), option.action) in actions, option.label
