"""Power Sets' declared actions with typed D100 (seed ../shared/seeds/004_a6acbf8ec65b19a8.txt);
Volt: Fly 45%, Light 15% (1 level), INT 15, POW 16, CON 14."""

from __future__ import annotations

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.document import PlayState
from sheetapp.play.actions import ActionError
from sheetapp.systems.powersets.model import MagicSpellChoice
from tests.play.helpers import example, run


@pytest.mark.parametrize(("roll", "success"), [("45", True), ("46", False)])
def test_skill_roll_at_or_under(roll: str, success: bool) -> None:
    """ "Magic is treated like any other skill: each spell a magician knows is a different skill,
    with a percentage chance for success." (line 408): at or under the chance succeeds."""
    result = run(example("powersets", "volt"), "skill", dice={"": roll}, options={"skill": 1})
    assert result.success is success and result.values["chance"] == 45


def test_spell_success_spends_its_levels() -> None:
    """ "When a magician casts a spell, they spend the relevant power points, and percentile dice
    are rolled." (line 408) "Generally, each level costs 1 power point to cast. Some spells cost
    more than 1 power point per level." (line 418): Blast, 3 per level, at 2 levels, 6."""
    volt = example("powersets", "volt")
    volt.character.magic_spells.append(MagicSpellChoice(spell="blast", level=2, skill=60))
    result = run(volt, "spell", dice={"": "12"}, options={"spell": 3})
    assert result.success is True and result.values["power_points"] == 6
    assert result.effect is not None
    after = apply_to_document(volt, result.effect.changes)
    assert [(u.name, u.spent) for u in after.play.uses] == [("Power points spent", 6)]


def test_failed_spell_costs_one_point() -> None:
    """ "If the roll fails, 1 power point is lost and nothing happens." (line 408)"""
    volt = example("powersets", "volt")
    result = run(volt, "spell", dice={"": "90"}, options={"spell": 1})
    assert result.success is False and result.values["power_points"] == 1
    assert result.effect is not None
    volt = apply_to_document(volt, result.effect.changes)
    again = run(volt, "spell", dice={"": "99"}, options={"spell": 1})
    assert again.effect is not None
    assert apply_to_document(volt, again.effect.changes).play.uses[0].spent == 2
    assert PlayState().is_empty()


def test_spell_levels_beyond_known_refused() -> None:
    """ "Magic spells can also be cast in increments, called levels." (line 418): no more levels
    than the spell is known to."""
    with pytest.raises(ActionError, match="known to 1 level"):
        run(
            example("powersets", "volt"), "spell", dice={"": "5"}, options={"spell": 1, "levels": 2}
        )


def test_characteristic_rolls() -> None:
    """ "a successful roll of INT+POW means that the spell is learned" (line 540); "a roll of
    CON×1" (line 670)."""
    volt = example("powersets", "volt")
    both = run(
        volt, "characteristic", dice={"": "31"}, options={"characteristic": "int", "plus": "pow"}
    )
    assert both.values["chance"] == 31 and both.success is True
    once = run(
        volt, "characteristic", dice={"": "15"}, options={"characteristic": "con", "times": 1}
    )
    assert once.values["chance"] == 14 and once.success is False
