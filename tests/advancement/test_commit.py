"""Preview and commit: earned GP raise the budget, changes are priced and checked by the rules."""

from __future__ import annotations

import pytest

from sheetapp.advancement import (
    Advancement,
    AdvancementError,
    CommitRefused,
    commit,
    has_entry_zero,
    preview,
)
from sheetapp.core.changes import Change, document_data
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import (
    ACCURACY,
    ARMOUR,
    forty_gp_hero,
    level,
    night_owl,
    trait,
)


def test_forty_gp_hero_earns_five_and_raises_armour_past_its_level_limit() -> None:
    """Seed line 52: "Each level up to and including the Level Limit costs 1 GP/Level, up to
    and including double the Level Limit costs 2 GP/Level". Armour (Level Limit 5, line 57)
    from L4 to L7: levels 5×1 + 2×2 = 9 instead of 4, +5 GP; the Kevlar Suit's Item limitation
    (-1) now counts twice because the ability costs 11 before modifiers (line 155: "on
    abilities that cost 11-20 points modifiers are worth twice as much"), -1 GP: 4 GP."""
    hero = forty_gp_hero()
    original = document_data(hero)
    step = Advancement({"gp": 5}, [level(ARMOUR, 4, 7)], label="Session 1", date="2024-05-01")
    seen = preview(SYSTEM, hero, step)

    assert seen.can_commit and not seen.errors
    [row] = seen.rows
    assert (row.label, row.before, row.after, row.cost) == (
        "Kevlar Suit (Armour): level",
        4,
        7,
        {"gp": 4},
    )
    assert (row.before_text, row.after_text, row.cost_text({"gp": "GP"})) == ("4", "7", "+4 GP")
    armour_line = seen.after.costs[0].children[ARMOUR]
    assert "L7: 5×1 + 2×2 = 9" in armour_line.explanation
    assert "limitations -1 ×2" in armour_line.explanation
    [gp] = seen.totals
    assert (gp.spent_before, gp.budget_before, gp.spent_after, gp.budget_after) == (40, 40, 44, 45)
    assert gp.describe() == "Glory Points: 40 / 40 → 44 / 45 GP (1 GP unspent)"

    result = commit(SYSTEM, hero, step)
    assert len(result.history) == 2 and has_entry_zero(result)
    entry = result.history[1]
    assert (entry.kind, entry.date, entry.label, entry.earned) == (
        "advance",
        "2024-05-01",
        "Session 1",
        {"gp": 5},
    )
    assert entry.changes == [
        {
            "op": "set",
            "path": ["character", "abilities", ARMOUR, "level"],
            "before": 4,
            "after": 7,
            "label": "Kevlar Suit (Armour): level",
            "cost": {"gp": 4},
        }
    ]
    assert result.character.abilities[ARMOUR].level == 7
    assert SYSTEM.evaluate(result).total("gp").remaining == 1
    assert document_data(hero) == original, "the source document is never modified"


def test_the_same_raise_without_the_earned_gp_cannot_be_committed() -> None:
    """Seed line 13: "A character has a number of Glory Points (GP) to spend": 44 of 40 is
    an error, and only a result with no errors can be committed."""
    hero = forty_gp_hero()
    step = Advancement({}, [level(ARMOUR, 4, 7)])
    seen = preview(SYSTEM, hero, step)
    assert not seen.can_commit
    assert [issue.code for issue in seen.errors] == ["gladiators.gp_over_budget"]
    with pytest.raises(CommitRefused, match="44 GP spent of 40") as refused:
        commit(SYSTEM, hero, step)
    assert not refused.value.only_warnings
    assert hero.history == []


def test_new_warnings_must_be_accepted_explicitly() -> None:
    """Seed line 274: "Points from disadvantages can only be spent on advantages." Taking
    Young (line 405, Fre 2 + Min 0 = 2 points) when the advantages cost only 3 and the
    disadvantages already give 3 wastes its points: a warning the caller must accept."""
    owl = night_owl()
    young = trait("young", "fre", "min").model_dump(mode="json")
    step = Advancement(
        {"gp": 1}, [Change("insert", ("character", "disadvantages", 2), after=young)]
    )
    seen = preview(SYSTEM, owl, step)
    assert seen.can_commit
    assert [w.code for w in seen.new_warnings] == ["gladiators.disadvantage_points_unused"]
    with pytest.raises(CommitRefused, match="not accepted") as refused:
        commit(SYSTEM, owl, step)
    assert refused.value.only_warnings
    accepted = commit(SYSTEM, owl, step, accept_warnings=True)
    assert [t.trait for t in accepted.character.disadvantages][-1] == "young"
    # The same warning, word for word, was accepted before: earning more needs no new consent.
    again = commit(SYSTEM, accepted, Advancement({"gp": 2}))
    assert len(again.history) == 3


def test_costs_of_several_changes_add_up_to_the_whole_difference() -> None:
    """Accuracy L3 -> L4 passes its Level Limit 3 (2 GP, line 52); Armour L4 -> L5 stays
    within its limit (1 GP)."""
    owl = night_owl()
    step = Advancement({"gp": 5}, [level(ACCURACY, 3, 4), level(ARMOUR, 4, 5)])
    seen = preview(SYSTEM, owl, step)
    assert [row.cost for row in seen.rows] == [{"gp": 2}, {"gp": 1}]
    assert seen.cost == {"gp": 3}
    assert seen.after.total("gp").spent - seen.before.total("gp").spent == 3


def test_unspent_gp_carry_forward_into_the_budget() -> None:
    owl = night_owl()
    first = commit(SYSTEM, owl, Advancement({"gp": 5}))
    second = commit(SYSTEM, first, Advancement({"gp": 3}, [level(ARMOUR, 4, 5)]))
    gp = SYSTEM.evaluate(second).total("gp")
    assert (gp.spent, gp.budget, gp.remaining) == (29, 48, 19)
    assert gp.parts == (("campaign budget", 40), ("earned", 8))
    assert "budget 40 + 8 earned = 48" in gp.explanation


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (Advancement(), "nothing was earned"),
        (Advancement({"xp": 5}), "does not earn 'xp'"),
        (Advancement({"gp": 1}, date="May 1st"), "YYYY-MM-DD"),
        (Advancement({}, [Change("set", ("meta", "name"), "Night Owl", "X")]), "not meta/name"),
        (Advancement({}, [level(ARMOUR, 3, 5)]), "expected 3, found 4"),
        (Advancement({}, [level(ARMOUR, 4, -1)]), "not give a valid character"),
        (
            Advancement(
                {}, [Change("set", ("character", "abilities", 0, "ability"), "movement", "flight")]
            ),
            "ability 'flight' is not in the Glorious Gladiators v6 catalog",
        ),
    ],
)
def test_malformed_advancements_are_refused_with_a_reason(step: Advancement, message: str) -> None:
    with pytest.raises(AdvancementError, match=message):
        preview(SYSTEM, night_owl(), step)


def test_an_advancement_is_refused_only_for_the_errors_it_adds() -> None:
    """Errors the character already had do not block it; one it brings does."""
    from sheetapp.advancement.commit import CommitRefused
    from sheetapp.systems.gladiators.model import TraitChoice

    owl = SYSTEM.new_document("Owl")
    owl.character.advantages = [TraitChoice(trait="skill", name="Spy")]  # 1 of 2-5: an error
    assert any(i.code == "gladiators.advantages_count" for i in SYSTEM.evaluate(owl).issues)
    earned = commit(SYSTEM, owl, Advancement({"gp": 5}))
    assert len(earned.history) == 2
    over = Advancement({}, [Change("set", ("character", "abilities", 0, "level"), 1, 30)])
    with pytest.raises(CommitRefused) as refused:
        commit(SYSTEM, owl, over)
    assert {i.code for i in refused.value.issues} == {
        "gladiators.conventional_level",
        "gladiators.gp_over_budget",
    }


def test_a_step_to_do_does_not_block_an_advance() -> None:
    """ "A character must have 2-5 advantages and 1-4 disadvantages." (line 274): a
    character with no disadvantage yet has that error to do; an earning and a purchase
    are still recorded, as they add no error."""
    owl = night_owl()
    owl.character.disadvantages = []
    [todo] = [i for i in SYSTEM.evaluate(owl).issues if i.code == "gladiators.disadvantages_count"]
    assert todo.is_todo
    earned = commit(SYSTEM, owl, Advancement({"gp": 5}))
    assert len(earned.history) == 2
