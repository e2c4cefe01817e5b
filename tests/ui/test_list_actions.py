"""A declared list's own actions in the window: Power Sets' "Roll a mutation" and "Roll
its changes" on the Mutations tab (seed 004, lines 1017-1130), undoable, in the
Character menu too."""

from __future__ import annotations

import random

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
