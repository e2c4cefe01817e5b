"""Issue 31, defect 2: the level-up wizard runs to Commit in every installed system.

On X-Men HERO and 2d10, earning 10, Next, a "Raise …" line and Buy threw stacks of
"Internal C++ object (RollPanel) already deleted" dialogs: the Spend page builds the
system's page on each new working copy and deletes the old one, and the old page's
widgets, still listening to documents through lambdas, ran after their deletion. Here
each system's wizard earns 10, buys a "Raise …" line, goes back to Earn and forward
again (a new working copy, the old page deleted), undoes and redoes there, and
commits; an exception in any slot fails the test (pytest-qt), and so does an
"Unexpected error" dialog (conftest).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QWizard
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import load_example
from sheetapp.storage.files import LoadedDocument
from tests.capital.helpers import character
from ui.main_window import MainWindow
from ui.wizard import LevelUpWizard
from ui.wizard.wizard import EARN, REVIEW, SPEND

SYSTEMS = [system.id for system in installed_systems()]
EXAMPLE = {"powersets": "volt"}


def deleted_later() -> None:
    """Delete what deleteLater() was asked for (processEvents() leaves it to the loop)."""
    QApplication.sendPostedEvents(None, int(QEvent.Type.DeferredDelete.value))
    QApplication.processEvents()


def spent(wizard: LevelUpWizard) -> list[tuple[object, object]]:
    return [(change.path, change.after) for change in wizard.draft.spent_changes()]


def raise_line(wizard: LevelUpWizard) -> str:
    """The cheapest option that buys something, a "Raise …" line where there is one."""
    options = wizard.spend_page.options
    buying = sorted(
        (o for o in options.options if o.changes),
        key=lambda o: (not o.label.startswith("Raise "), sum(o.cost.values())),
    )
    assert buying, f"nothing to buy: {options.labels()}"
    return buying[0].label


def spend(wizard: LevelUpWizard) -> str:
    page = wizard.spend_page
    if page.dice is not None and wizard.draft.step is None:
        page.dice.roll.click()
    label = raise_line(wizard)
    before = wizard.draft.working.document.model_dump() if wizard.draft.working else None
    assert page.options.select(label)
    page.options.buy.click()
    deleted_later()
    assert wizard.draft.working is not None
    assert wizard.draft.working.document.model_dump() != before, f"{label} bought nothing"
    return label


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_wizard_runs_to_commit(system_id: str, window: MainWindow, qtbot: QtBot) -> None:
    system = installed_systems().get(system_id)
    if system_id == "capital":  # a new Capital character has no Role to level up in
        loaded = LoadedDocument(character("lancer"), system)
    elif system_id in EXAMPLE:  # a new Power Sets character has nothing to raise yet
        loaded = load_example(system_id, EXAMPLE[system_id], installed_systems())
    else:
        loaded = LoadedDocument(system.new_document("Climber"), system)
    view = window.add_document(loaded, None)
    history = len(view.document.document.history)
    wizard = window.level_up()
    assert isinstance(wizard, LevelUpWizard) and wizard.currentId() == EARN
    for spin in wizard.earn_page.amounts.values():
        spin.setValue(10)
    wizard.earn_page.label.setText("Session 1")
    wizard.next()
    deleted_later()
    assert wizard.currentId() == SPEND
    bought = spend(wizard)
    kept = spent(wizard)
    # Back and forward again: a new working copy (the purchase kept), the page of the
    # old one deleted; undo and redo the purchase there
    wizard.back()
    wizard.next()
    assert wizard.currentId() == SPEND
    deleted_later()  # as the event loop does: the old pages are gone now
    if wizard.spend_page.dice is not None and wizard.draft.step is None:
        wizard.spend_page.dice.roll.click()
    working = wizard.draft.working
    assert working is not None and spent(wizard) == kept
    if working.undo_stack.canUndo():
        working.undo_stack.undo()
        working.undo_stack.redo()
    else:
        spend(wizard)
    deleted_later()
    wizard.next()
    assert wizard.currentId() == REVIEW, wizard.spend_page.isComplete()
    if wizard.review_page.accept_warnings.isVisible():
        wizard.review_page.accept_warnings.setChecked(True)
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled(), wizard.review_page.problems.text()
    finish.click()
    deleted_later()
    assert not isValid(wizard)  # closed and deleted
    entries = view.document.document.history
    assert len(entries) > history and entries[-1].kind == "advance", bought
    # editing the character afterwards reaches no page deleted with the wizard
    view.document.undo_stack.undo()
    view.document.undo_stack.redo()
    deleted_later()


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_deleted_page_stops_listening_to_its_document(system_id: str, qtbot: QtBot) -> None:
    """Every widget of a system's page that follows the document lets go of it when the
    page is deleted: later edits, undos and redos of the document reach none of them."""
    from sheetapp.editing.fields import set_meta
    from tests.ui.test_typed_over_cells import edited_views
    from ui.document import EditorDocument
    from ui.systems import create_page

    system = installed_systems().get(system_id)
    loaded = (
        LoadedDocument(character("lancer"), system)
        if system_id == "capital"
        else LoadedDocument(system.new_document("Listener"), system)
    )
    document = EditorDocument(loaded, None)
    page = create_page(document)
    page.show()
    assert edited_views(page)  # every tab built: their tables and panels listen too
    page.deleteLater()
    deleted_later()
    assert not isValid(page)
    document.push(set_meta(document.document, "player", "Someone"), "probe")
    document.undo_stack.undo()
    document.undo_stack.redo()
    assert document.document.meta.player == "Someone"
