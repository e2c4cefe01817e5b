"""Every campaign setting a system declares can be changed in the window.

The X-Men HERO supplement leaves the characteristic prices to the core book, so they
are campaign settings "a group can correct without touching code" (the HERO issue);
they are fractional (END costs ½ point per point), and the generated form used to skip
every number that is not a whole number, so they were in the file but not the window.
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Literal

import pytest
from PySide6.QtWidgets import QDoubleSpinBox

from sheetapp.core.system import installed_systems
from tests.ui.conftest import REPO
from ui.forms import field_specs
from ui.main_window import MainWindow

SCALARS = (int, float, bool, str)


@pytest.mark.parametrize("system_id", installed_systems().ids())
def test_every_scalar_campaign_setting_has_an_editor(system_id: str) -> None:
    system = installed_systems().get(system_id)
    campaign = type(system.new_document("Test").campaign)
    shown = {spec.key for spec in field_specs(campaign)}
    scalar = {
        key
        for key, info in campaign.model_fields.items()
        if info.annotation in SCALARS or typing.get_origin(info.annotation) is Literal
    }
    assert scalar <= shown, f"not in the window: {sorted(scalar - shown)}"


def test_a_half_point_price_is_edited_and_costs_follow(window: MainWindow, tmp_path: Path) -> None:
    """END costs ½ point per point (a HERO 5e price the supplement does not restate);
    a group that reads it as 1 sets it in the window and the totals follow."""
    source = REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json"
    assert window.open_path(source)
    view = window.current_view()
    assert view is not None
    form = view.campaign.campaign
    editor = form.editors["end_cost"]
    assert isinstance(editor, QDoubleSpinBox)
    assert editor.value() == 0.5
    before = view.document.evaluation.totals[0].spent
    editor.setValue(1.0)
    assert view.document.document.campaign.end_cost == 1.0
    after = view.document.evaluation.totals[0].spent
    bought_end = _bought(view.document.document, "end")
    assert bought_end > 0
    assert after - before == pytest.approx(bought_end * 0.5, abs=1)
    view.document.undo_stack.undo()
    assert view.document.document.campaign.end_cost == 0.5
    assert editor.value() == 0.5


def _bought(document: object, characteristic: str) -> int:
    for entry in document.character.characteristics:  # type: ignore[attr-defined]
        if entry.characteristic == characteristic:
            return int(entry.bought)
    return 0


def test_core_book_prices_are_set_in_the_window(window: MainWindow) -> None:
    """Lodestar's prices at the core book's figures; a group's own Ego Blast price goes
    into the campaign, the costs follow, and putting the book's figure back removes it."""
    assert window.open_path(REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json")
    view = window.current_view()
    assert view is not None
    tab = view.campaign
    editor = tab.price_form.editors["ego_blast.dice"]
    assert isinstance(editor, QDoubleSpinBox)
    assert editor.value() == 10
    assert "core book" in editor.toolTip()
    editor.setValue(8)
    assert view.document.document.campaign.core_prices == {"ego_blast.dice": 8}
    editor.setValue(10)
    assert view.document.document.campaign.core_prices == {}
    view.document.undo_stack.undo()
    assert view.document.document.campaign.core_prices == {"ego_blast.dice": 8}
    assert editor.value() == 8
    assert tab.focus_path(("campaign", "core_prices", "languages.fluent"))


def test_a_system_without_such_prices_shows_no_price_box(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "gladiators" / "night-owl.json")
    view = window.current_view()
    assert view is not None
    assert view.campaign.price_form.editors == {}
    assert view.campaign.findChild(QDoubleSpinBox) is None
