"""No silent clamps: typing 9 into a Conventional ability's Level keeps 9 and the rule
says what is wrong ("Conventional ... These cannot have a Level over 5 unless produced by
a large item", line 34)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.model import MAX_LEVEL
from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow
from ui.roles import RANGE_ROLE
from ui.systems.gladiators.abilities_model import LEVEL


def test_a_level_over_the_conventional_cap_goes_in_and_is_an_error(window: MainWindow) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    document = view.document
    assert document.push(edits.add_ability(document.document, "armour", 0))
    model = view.page.abilities  # type: ignore[attr-defined]
    cell = model.index(0, LEVEL)
    assert cell.data(RANGE_ROLE) == (0, MAX_LEVEL)
    assert model.setData(cell, 9)
    assert document.document.character.abilities[0].level == 9
    found = [i for i in document.evaluation.issues if i.code == "gladiators.conventional_level"]
    assert found and found[0].severity is Severity.ERROR and found[0].hint
