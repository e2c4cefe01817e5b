"""The Explain pane lists the character's overall derived values; a value of one row of
a list (a skill's AV) shows when that row is selected, not a thousand of them at once."""

from __future__ import annotations

from sheetapp.core.system import installed_systems
from ui.explain import explain_html


def test_a_rows_value_shows_with_its_row_only() -> None:
    system = installed_systems().get("twod10")
    document = system.new_document("Ada")
    evaluation = system.evaluate(document)
    first = document.character.skills[0]
    label = next(v.label for v in evaluation.derived if v.path == ("character", "skills", 0))
    assert first.name in label or label.endswith(" AV")
    nothing_selected = explain_html(evaluation, None)
    assert label not in nothing_selected
    assert "Wound penalty" in nothing_selected  # an overall value stays
    selected = explain_html(evaluation, ("character", "skills", 0, "rating"))
    assert label in selected
    other = next(v.label for v in evaluation.derived if v.path == ("character", "skills", 1))
    assert other not in selected


def test_a_place_without_a_cost_is_not_named_by_its_data_path() -> None:
    system = installed_systems().get("capital")
    document = system.new_document("Ada")
    text = explain_html(system.evaluate(document), ("character", "attributes", "assignment", "wil"))
    assert "character." not in text and "has no cost of its own" in text
