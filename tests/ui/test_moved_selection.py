"""The Explain pane follows the selected item when it moves (a drag, Up/Down): it used to
keep explaining whatever item came to the old row (issue 17)."""

from __future__ import annotations

from sheetapp.core.changes import Change
from tests.ui.conftest import SAMPLE
from ui.editor_view import moved_path
from ui.main_window import MainWindow

LIST = ("character", "abilities")


def test_where_an_item_goes_when_its_list_moves() -> None:
    move = Change("move", (*LIST, 1), to=4)
    assert moved_path((*LIST, 1, "level"), move) == (*LIST, 4, "level")
    assert moved_path((*LIST, 3), move) == (*LIST, 2)
    assert moved_path((*LIST, 0), move) == (*LIST, 0)
    back = Change("move", (*LIST, 4), to=1)
    assert moved_path((*LIST, 2), back) == (*LIST, 3)
    assert moved_path(("character", "traits", 1), move) == ("character", "traits", 1)


def test_the_selection_follows_a_moved_ability(window: MainWindow) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    seen: list[object] = []
    view.selection_changed.connect(seen.append)
    view._selected((*LIST, 1))
    view.document.push([Change("move", (*LIST, 1), to=3)], "move")
    assert view.selected_path == (*LIST, 3)
    view.document.undo_stack.undo()
    assert view.selected_path == (*LIST, 1)
    assert seen[-1] == (*LIST, 1)
