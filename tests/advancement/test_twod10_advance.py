"""2d10 advancement: a plain XP ledger with the campaign's prices (the rules fragment
../shared/seeds/002_2465630f321cfb59.txt has no advancement rules; README)."""

from __future__ import annotations

import pytest

from sheetapp.advancement import (
    Advancement,
    CommitRefused,
    advancement_of,
    commit,
    rebuild,
    revert,
    start_ledger,
)
from sheetapp.core.changes import Change
from sheetapp.systems.twod10 import advance
from sheetapp.systems.twod10.advance import rating_cost
from sheetapp.systems.twod10.model import Skill, Twod10Document
from sheetapp.systems.twod10.system import SYSTEM


def _start() -> Twod10Document:
    return start_ledger(SYSTEM.new_document("Ledger"), date="2026-01-01")


@pytest.mark.parametrize(
    ("before", "after", "price", "cost"),
    [(5, 6, 5, 30), (5, 7, 5, 65), (0, 1, 2, 2), (0, 3, 2, 12), (6, 5, 5, -30), (4, 4, 5, 0)],
)
def test_rating_cost(before: int, after: int, price: int, cost: int) -> None:
    """Campaign setting: raising a rating to N costs N x the price; lowering refunds."""
    assert rating_cost(before, after, price) == cost


def test_declaration() -> None:
    rules = advancement_of(SYSTEM)
    assert rules is advance.ADVANCEMENT
    assert [c.key for c in rules.currencies] == ["xp"]
    assert rules.currencies[0].amount(10) == "+10 XP"


def test_raising_an_attribute_is_recorded_with_its_price() -> None:
    doc = _start()
    options = {o.label: o for o in advance.ADVANCEMENT.spend_options(SYSTEM, doc)}
    raise_int = options["Raise INT to 6"]
    assert raise_int.cost == {"xp": 30}
    result = commit(SYSTEM, doc, Advancement({"xp": 40}, raise_int.changes, "Session 1"))
    assert result.character.attributes.int == 6
    entry = result.history[-1]
    assert entry.earned == {"xp": 40}
    assert entry.changes[0]["cost"] == {"xp": 30}
    total = SYSTEM.evaluate(result).total("xp")
    assert (total.spent, total.budget) == (30, 40)
    assert rebuild(SYSTEM, result).document.character == result.character


def test_spending_more_than_earned_is_refused() -> None:
    doc = _start()
    change = Change("set", ("character", "attributes", "body"), 5, 7)  # 30 + 35 XP
    with pytest.raises(CommitRefused) as refused:
        commit(SYSTEM, doc, Advancement({"xp": 50}, (change,), "Too much"))
    assert "twod10.xp_overspent" in {i.code for i in refused.value.issues}


def test_a_new_skill_starts_from_zero_and_revert_undoes_it() -> None:
    doc = _start()
    skill = Skill(name="Piloting", attribute="ref", rating=2).model_dump(mode="json")
    change = Change("insert", ("character", "skills", 5), after=skill)
    result = commit(SYSTEM, doc, Advancement({"xp": 10}, (change,), "Flight school"))
    assert result.history[-1].changes[0]["cost"] == {"xp": 6}  # 1x2 + 2x2
    reverted = revert(SYSTEM, result, len(result.history) - 1)
    assert reverted.refusal is None and reverted.document is not None
    assert len(reverted.document.character.skills) == 5


def test_the_ceiling_of_the_campaign_range_is_not_offered() -> None:
    doc = _start()
    doc.character.attributes.will = 10
    labels = [o.label for o in advance.ADVANCEMENT.spend_options(SYSTEM, doc)]
    assert not any(label.startswith("Raise WILL") for label in labels)
