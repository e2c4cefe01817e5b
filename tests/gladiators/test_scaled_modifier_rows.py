"""A scaled ability's modifier rows show what they take off after scaling (issue 17: the
rows showed -2 while the ability applied ×2, so they did not add up). Limitations scale
with the ability's cost: ×1 up to 10 GP, ×2 for 11-20 (Glorious Gladiators, modifiers;
see sheetapp.systems.gladiators.costs.negative_scale)."""

from __future__ import annotations

from tests.gladiators.helpers import ability, character, evaluate


def test_a_scaled_limitation_row_shows_its_scaled_cost() -> None:
    # Armour L12 (technological): levels 5×1 + 5×2 + 2×3 = 21, base 2 → 23: ×3.
    doc = character(ability("armour", 12, "item", source="technological"), budget=100)
    line = evaluate(doc).costs[0].children[0]
    item = next(c for c in line.children if c.label == "Item")
    assert item.amount == -3, item
    assert "-1 ×3" in item.explanation
    assert sum(c.amount for c in line.children) == line.amount
