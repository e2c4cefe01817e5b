"""Roll from the sheet (2d10 issue, item 4): pick a skill use, a DV from the chart and
modifiers, and the app rolls 2D10 and shows AR, success, effect and, for an attack, the
location and side. The log stays with the session, not the character file."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from sheetapp.systems.twod10.catalog import catalogs
from sheetapp.systems.twod10.roll import resolve
from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.systems.twod10.page import Twod10Page

SOLDIER = REPO / "resources" / "examples" / "twod10" / "dax-morrow-soldier.json"
PSION = REPO / "resources" / "examples" / "twod10" / "ilse-varga-psion.json"


def _page(window: MainWindow, path: object) -> Twod10Page:
    view = window.open_path(path)  # type: ignore[arg-type]
    assert view is not None and isinstance(view.page, Twod10Page)
    return view.page


def test_a_roll_is_the_domains_roll_and_stays_out_of_the_file(window: MainWindow) -> None:
    page = _page(window, SOLDIER)
    panel = page.roller
    panel.rng = random.Random(7)
    attacks = [i for i, use in enumerate(panel._uses) if use.attack]
    assert attacks, "the soldier has a weapon to roll"
    panel.use.setCurrentIndex(attacks[0])
    panel.dv_chart.setCurrentIndex(2)
    panel.modifier.setValue(2)
    panel.modifier_label.setText("aiming")
    request = panel.request()
    assert request is not None and request.attack and request.dv == panel.dv_chart.currentData()
    before = page.document.document.model_dump(mode="json")
    result = panel.roll()
    assert result is not None
    expected = resolve(request, random.Random(7), catalogs())
    assert result.text == expected.text
    assert panel.result.text() == expected.text
    assert "aiming" in result.text
    assert panel.history.count() == 1 and len(panel.log.entries) == 1
    assert page.document.document.model_dump(mode="json") == before
    assert page.document.undo_stack.isClean()
    panel.clear_log()
    assert panel.history.count() == 0


def test_a_wound_lowers_the_av_offered_and_keeps_the_choice(window: MainWindow) -> None:
    """The stacked wound penalty applies to every AV (the issue's "done when")."""
    page = _page(window, SOLDIER)
    panel = page.roller
    page.tabs.setCurrentIndex(0)
    panel.use.setCurrentIndex(1)
    chosen = panel._uses[1]
    editor = page.editors["wounds"]
    wounds = len(page.document.document.character.wounds)
    assert editor.add("chest")  # from the picker's entries: a hit location
    damage = next(c for c, col in enumerate(editor.collection.columns) if col.field == "damage")
    assert editor.model.setData(editor.model.index(wounds, damage), 3)
    now = panel._uses[panel.use.currentIndex()]
    assert now.label == chosen.label
    assert now.av < chosen.av


def test_a_refused_roll_is_said_not_raised(window: MainWindow) -> None:
    """Line 20: psionic attacks do not benefit from Surprise."""
    panel = _page(window, PSION).roller
    psionic = next(i for i, use in enumerate(panel._uses) if use.psionic)
    panel.use.setCurrentIndex(psionic)
    panel.surprise.setChecked(True)
    assert panel.roll() is None
    assert panel.result.text().startswith("Not rolled:")
    assert panel.history.count() == 0


def test_ctrl_r_rolls_from_anywhere_in_the_character(window: MainWindow, qtbot: QtBot) -> None:
    """Issue 31: Ctrl+R rolled only with the focus in the Roll tab. From the Skills table,
    and from the name field above the page, it rolls and shows the Roll tab."""
    page = _page(window, SOLDIER)
    panel = page.roller
    panel.rng = random.Random(3)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    skills = page.pages["skills"]
    page.tabs.setCurrentWidget(skills)
    table = page.editors["skills"].view
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    QTest.keyClick(table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert panel.history.count() == 1
    assert page.tabs.currentWidget() is page.roll_tab
    view = window.current_view()
    assert view is not None
    name = view.header.edits["name"]
    if view.header_is_folded():
        view.header_toggle.setChecked(True)
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    page.tabs.setCurrentWidget(skills)
    QTest.keyClick(name, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert panel.history.count() == 2
    assert "Roll 2D10" in [a.text() for a in window.character_menu.actions()]
