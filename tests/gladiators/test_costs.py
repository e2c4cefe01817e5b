"""Ability costs, each test quoting the rule of the seed (000_5bffb215164afb79.txt)."""

from __future__ import annotations

import pytest

from sheetapp.systems.gladiators.costs import level_cost, negative_scale
from tests.gladiators.helpers import ability, ability_cost, character, evaluate


@pytest.mark.parametrize(
    ("level", "expected"),
    [(1, 1), (5, 5), (6, 7), (10, 15), (11, 18), (15, 30), (16, 34)],
)
def test_level_cost_tiers(level: int, expected: int) -> None:
    """ "Each level up to and including the Level Limit costs 1 GP/Level, up to and
    including double the Level Limit costs 2 GP/Level, up to and including triple the
    Level Limit costs 3GP/Level and so on." (line 40) — with Level Limit 5."""
    assert level_cost(level, 5)[0] == expected


def test_level_cost_is_explained() -> None:
    assert level_cost(7, 5) == (9, "5×1 + 2×2")


def test_armour_cost_uses_its_base_and_limit() -> None:
    """Armour: cost 2, Level Limit 5 (line 58). L7 = 5×1 + 2×2 = 9, + base 2 = 11."""
    doc = character(ability("armour", 7, source="technological"))
    line = evaluate(doc).costs[0].children[0]
    assert line.amount == 11
    assert line.explanation == "L7: 5×1 + 2×2 = 9, base +2 → 11 GP"


def test_negative_base_is_subtracted() -> None:
    """ "A negative base cost is subtracted from the cost of Levels and Modifiers." (line 42)
    Absorption with one Type and Target Ability costs -1 (line 56): L3 = 3 - 1 = 2."""
    doc = character(ability("absorption", 3, types=["energy"], source="mutant"))
    assert ability_cost(doc) == 2


def test_no_ability_costs_less_than_one() -> None:
    """ "No ability can ever cost less than 1 GP." (line 42) Absorption L1: 1 - 1 = 0 → 1."""
    doc = character(ability("absorption", 1, types=["energy"], source="mutant"))
    assert ability_cost(doc) == 1
    assert "raised to the minimum of 1" in evaluate(doc).costs[0].children[0].explanation


def test_negative_modifier_cap_examples() -> None:
    """ "an ability costing 8 with positive modifiers totalling 5 for a total of 13 can
    have up to -6 negative modifiers but an ability costing 2 with positive modifiers of
    1 for a total of 3 can only have up to -1 negative modifiers." (line 155)"""
    # Accuracy L5 = 3×1 + 2×2 = 7, base 1 → 8; Always On +3 and Touch +2 → 13.
    # Focus -2, Shots -2, Item -1, Exhausts -2 = -7, of which only -6 count → 7.
    big = character(
        ability(
            "accuracy",
            5,
            "always_on",
            "touch",
            "focus",
            "shots",
            "item",
            "exhausts",
            source="mutant",
        )
    )
    line = evaluate(big).costs[0].children[0]
    assert (line.amount, "capped at -6" in line.explanation) == (7, True)
    # Accuracy L1 = 1, base 1 → 2; Burnout +1 → 3; Focus -2, of which only -1 counts → 2.
    small = character(ability("accuracy", 1, "burnout", "focus", source="mutant"))
    line = evaluate(small).costs[0].children[0]
    assert (line.amount, "capped at -1" in line.explanation) == (2, True)


def test_cap_over_limit_is_an_error_and_counts_only_the_cap() -> None:
    """Negative modifiers "cannot exceed half of the total cost" (line 155)."""
    doc = character(ability("accuracy", 2, "focus", "shots", source="mutant"))
    result = evaluate(doc)
    line = result.costs[0].children[0]
    # levels 2 + base 1 = 3 → cap 1; Focus -2 + Shots -2 = -4 → only -1 counts → 2
    assert line.amount == 2
    assert "capped at -1" in line.explanation
    issue = next(i for i in result.issues if i.code == "gladiators.negative_cap")
    assert issue.path == ("character", "abilities", 0, "modifiers")


@pytest.mark.parametrize(("cost", "scale"), [(1, 1), (10, 1), (11, 2), (20, 2), (21, 3), (30, 3)])
def test_negative_modifiers_scale_per_ten_points(cost: int, scale: int) -> None:
    """ "Negative modifiers are per 10 points of base cost of the ability so on abilities
    that cost 11-20 points modifiers are worth twice as much and 21-30 three times as
    much." (line 155)"""
    assert negative_scale(cost) == scale


def test_scaled_negative_on_an_expensive_ability() -> None:
    """Armour L10 = 5×1 + 5×2 = 15, + 2 = 17 (11-20 points): Item -1 is worth -2."""
    doc = character(ability("armour", 10, "item", source="technological"))
    line = evaluate(doc).costs[0].children[0]
    assert line.amount == 15
    assert "limitations -1 ×2" in line.explanation


def test_variant_modifier_by_level() -> None:
    """Autofire "2 attacks 3 or 6 if L4+" (line 168)."""
    low = character(
        ability("damaging_attack", 3, "direct", ("autofire", "two_attacks"), source="mutant")
    )
    high = character(
        ability("damaging_attack", 4, "direct", ("autofire", "two_attacks"), source="mutant")
    )
    assert ability_cost(low) == 3 + 3
    assert ability_cost(high) == 4 + 6


def test_referee_override_replaces_the_rules_cost() -> None:
    doc = character(ability("heal", 1, source="magical", cost_override=5))
    line = evaluate(doc).costs[0].children[0]
    assert line.amount == 5
    assert "referee's ruling" in line.explanation
