"""Every Qt model passes Qt's model tester, also while edits, undo and redo reshape it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QAbstractItemModel
from pytestqt.modeltest import ModelTester

from sheetapp.core.system import installed_systems
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.collections import ABILITIES, TRAITS, modifiers_of, trait_entries
from tests.ui.conftest import SAMPLE
from ui.issues_panel import IssuesModel
from ui.main_window import MainWindow
from ui.picker import PickerFilter, PickerModel
from ui.systems.gladiators.entries import ability_entries, modifier_entries
from ui.systems.gladiators.page import GladiatorsPage

Check = Callable[[QAbstractItemModel], ModelTester]


@pytest.fixture
def check(pytestconfig: pytest.Config) -> Check:
    """One tester per model (a ModelTester follows only the last model it checked)."""
    testers: list[ModelTester] = []

    def run(model: QAbstractItemModel) -> ModelTester:
        tester = ModelTester(pytestconfig)
        tester.check(model, force_py=True)
        testers.append(tester)
        return tester

    return run


def test_abilities_and_traits_models_under_edits(window: MainWindow, check: Check) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    page = view.page
    document = view.document
    check(page.abilities)
    for model in page.traits.values():
        check(model)
    check(window.issues_view.model_)

    def doc():  # type: ignore[no-untyped-def]
        return document.document

    steps = [
        lambda: edits.add_ability(doc(), "armour", 2),
        lambda: edits.add_modifier(doc(), 2, "limited"),
        lambda: ABILITIES.move(doc(), 2, 7),
        lambda: modifiers_of(doc(), 5).move(doc(), 2, 0),
        lambda: modifiers_of(doc(), 5).remove(doc(), 1),
        lambda: ABILITIES.remove(doc(), 0),
        lambda: edits.add_custom_ability(doc(), "Bat Sense"),
        lambda: TRAITS["advantages"].add(doc(), "ageless"),
        lambda: TRAITS["advantages"].move(doc(), 2, 0),
        lambda: TRAITS["disadvantages"].remove(doc(), 1),
        lambda: edits.set_level(doc(), 3, 7),
    ]
    for step in steps:
        assert document.push(step())
    # The modifier rows follow their ability through the moves.
    assert page.abilities.index(0, 0, page.abilities.index(6, 0)).data() == "Limited 75%"
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()
    assert page.abilities.rowCount() == len(document.document.character.abilities)


def test_picker_and_issue_models(check: Check) -> None:
    cats = catalogs()
    for entries in (
        ability_entries(cats),
        modifier_entries(cats),
        trait_entries("advantages"),
        trait_entries("disadvantages"),
    ):
        model = PickerModel(entries)
        check(model)
        proxy = PickerFilter()
        proxy.setSourceModel(model)
        check(proxy)
        proxy.set_search("the")
        proxy.set_search("zzzz-nothing")
        assert proxy.rowCount() == 0
    issues = IssuesModel()
    check(issues)
    from sheetapp.storage.files import load_document

    issues.set_evaluation(load_document(SAMPLE, installed_systems()).evaluate())
    assert issues.rowCount() == 2
