"""A declared list's own actions in the window: Power Sets' "Roll a mutation" and "Roll
its changes" on the Mutations tab (seed 004, lines 1017-1130), undoable, in the
Character menu too."""

from __future__ import annotations

import random

from sheetapp.core.changes import Change
from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.systems.collections_page import CollectionsPage


def test_roll_a_mutation_and_its_changes(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "powersets" / "brine.json")
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    editor = view.page.editors["mutations"]
    actions = {action.text(): action for _declared, action in editor.list_actions}
    assert set(actions) == {"Roll a mutation", "Roll its changes"}
    assert all(action in editor.actions() for action in actions.values())
    character = view.document.document.character
    before = len(character.mutations)
    # a seed whose first D100 names a mutation Brine does not have
    editor.rng = random.Random(3)
    editor.view.clearSelection()
    editor.view.setCurrentIndex(editor.model.index(-1, -1))
    assert not actions["Roll its changes"].isEnabled()
    assert actions["Roll a mutation"].isEnabled()
    assert editor.run(editor.list_actions[0][0])
    after = view.document.document.character.mutations
    assert len(after) in (before, before + 1)  # a repeat makes one major instead
    assert view.document.undo_stack.undoText().startswith(("Add ", "Roll "))
    view.document.undo_stack.undo()
    assert len(view.document.document.character.mutations) == before


def test_rolling_changes_of_a_mutation_that_makes_none_is_refused(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "powersets" / "brine.json")
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    editor = view.page.editors["mutations"]
    messages: list[str] = []
    view.document.edit_refused.connect(messages.append)
    editor.select(editor.model.index(0, 0))  # Adaptability: no characteristic changes
    assert not editor.run(editor.list_actions[1][0])
    assert messages == ["Adaptability changes no characteristic: there is nothing to roll."]


def test_a_spell_study_and_a_pow_increase_are_rolled_in_the_window(window: MainWindow) -> None:
    """Seed 004 line 1774 (research: 1D10 weeks, then D100 at most INT × the library's
    rating) and line 536 (POW: 1D3-1 after a successful check), from the lists' own
    actions; each undoable."""
    from sheetapp.systems.powersets.model import SpellStudy

    assert window.open_path(REPO / "resources" / "examples" / "powersets" / "ashen-reader.json")
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    studies = view.page.editors["studies"]
    assert studies.add()  # a sorcerer's blank study is scholarly research
    added = view.document.document.character.studies[0]
    assert (added.power_set, added.method) == ("sorcery", "research")
    view.document.push(
        studies.collection.set_field(view.document.document, 0, "spell", "hells_razor")
    )
    [(declared, _action)] = studies.list_actions
    studies.rng = random.Random(5)
    assert studies.run(declared)
    study: SpellStudy = view.document.document.character.studies[0]
    assert len(study.rolls) == len(study.weeks_rolls) == 1
    assert view.document.undo_stack.undoText().startswith("Spell study: Hell")
    view.document.undo_stack.undo()
    assert view.document.document.character.studies[0].rolls == []

    increases = view.page.editors["pow_increases"]
    [(roll_pow, _action)] = increases.list_actions
    messages: list[str] = []
    view.document.edit_refused.connect(messages.append)
    assert not increases.run(roll_pow)
    assert messages and messages[0].startswith("POW has no experience check")
    # ticked on Campaign & Notes
    view.document.push([Change("set", ("character", "pow_checked"), False, True)])
    increases.rng = random.Random(2)
    assert increases.run(roll_pow)
    character = view.document.document.character
    assert len(character.pow_increases) == 1 and not character.pow_checked
    assert view.document.undo_stack.undoText().startswith("POW increase: rolled ")
