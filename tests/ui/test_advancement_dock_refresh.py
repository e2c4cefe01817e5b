"""The Advancement dock on a 1,000-entry ledger (issue 21): an edit took ~27 s because the
dock replayed the ledger and rebuilt its tree twice on every change of the document, even
edits that touch no history. It replays only when the history changes, only while it
shows, and catches up once when it comes to the front. Counted, not timed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from sheetapp.advancement import report
from sheetapp.advancement.ledger import new_entry_id, start_ledger
from sheetapp.core.changes import Change
from sheetapp.core.document import HistoryEntry
from sheetapp.storage.files import save_document
from sheetapp.systems.gladiators.system import SYSTEM as GLADIATORS
from ui.editor_view import EditorView
from ui.main_window import MainWindow

ENTRIES = 1000


@pytest.fixture
def long_ledger(tmp_path: Path) -> Path:
    """Entry zero and 1,000 sessions of +1 GP (as tests/advancement/test_ledger.py builds
    its long ledger)."""
    document = start_ledger(GLADIATORS.new_document("Long"), date="2024-01-01")
    entries = [
        HistoryEntry(id=new_entry_id(), date="2024-01-02", label=f"S{n}", earned={"gp": 1})
        for n in range(ENTRIES)
    ]
    document = document.model_copy(update={"history": [*document.history, *entries]})
    path = tmp_path / "long.json"
    save_document(document, path)
    return path


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item per replay of a ledger (the evaluation-per-entry pass)."""
    counted: list[int] = []
    real = report.replay_ledger

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(report, "replay_ledger", counting)
    return counted


def open_long(window: MainWindow, path: Path, qtbot: QtBot, *, shown: bool) -> EditorView:
    window.advancement_dock.raise_()
    view = window.open_path(path)
    assert view is not None
    qtbot.waitUntil(lambda: window.advancement.shown)
    assert window.advancement.tree.topLevelItemCount() == ENTRIES + 1
    if not shown:
        window.explain_dock.raise_()
        qtbot.waitUntil(lambda: not window.advancement.shown)
    return view


def rename(view: EditorView) -> None:
    name = view.document.document.meta.name
    assert view.document.push([Change("set", ("meta", "name"), name, f"{name}!")])


def relabel_last(view: EditorView, label: str) -> None:
    history = view.document.document.history
    change = Change("set", ("history", len(history) - 1, "label"), history[-1].label, label)
    assert view.document.push([change])


def test_an_edit_outside_the_history_replays_nothing_while_the_dock_shows(
    window: MainWindow, long_ledger: Path, qtbot: QtBot, replays: list[int]
) -> None:
    view = open_long(window, long_ledger, qtbot, shown=True)
    tree = window.advancement.tree
    first = tree.topLevelItem(0)
    replays.clear()
    rename(view)
    assert len(replays) <= 1
    assert replays == []  # the name is no part of the ledger: nothing to replay
    assert tree.topLevelItem(0) is first, "the tree was not rebuilt"


def test_a_history_edit_replays_once_while_the_dock_shows(
    window: MainWindow, long_ledger: Path, qtbot: QtBot, replays: list[int]
) -> None:
    view = open_long(window, long_ledger, qtbot, shown=True)
    replays.clear()
    relabel_last(view, "Renamed session")
    assert replays == [1]
    last = window.advancement.tree.topLevelItem(ENTRIES)
    assert last is not None and last.text(0).endswith("Renamed session")
    replays.clear()
    view.document.undo_stack.undo()
    assert replays == [1]


def test_the_hidden_dock_replays_nothing_and_catches_up_once_when_shown(
    window: MainWindow, long_ledger: Path, qtbot: QtBot, replays: list[int]
) -> None:
    view = open_long(window, long_ledger, qtbot, shown=False)
    replays.clear()
    rename(view)
    relabel_last(view, "Renamed session")
    rename(view)
    assert replays == []
    window.advancement_dock.raise_()
    qtbot.waitUntil(lambda: window.advancement.shown)
    assert replays == [1]
    last = window.advancement.tree.topLevelItem(ENTRIES)
    assert last is not None and last.text(0).endswith("Renamed session")


def test_an_edit_of_the_character_shows_as_outside_the_ledger_without_a_replay(
    window: MainWindow, long_ledger: Path, qtbot: QtBot, replays: list[int]
) -> None:
    """The character (not its name) is what the ledger tracks: an edit of it in the editor
    is listed under the edits made outside the ledger, priced on the kept replay."""
    view = open_long(window, long_ledger, qtbot, shown=True)
    replays.clear()
    ability = ("character", "abilities", 0, "level")
    assert view.document.push([Change("set", ability, 1, 2)])
    assert replays == []
    tree = window.advancement.tree
    outside = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert outside is not None and outside.text(0) == "Edits made outside the ledger"
    assert outside.childCount() == 1 and "1 → 2" in outside.child(0).text(0)  # type: ignore[union-attr]


def test_an_entry_shows_its_lines_when_expanded(
    window: MainWindow, long_ledger: Path, qtbot: QtBot
) -> None:
    open_long(window, long_ledger, qtbot, shown=True)
    tree = window.advancement.tree
    last = tree.topLevelItem(ENTRIES)
    assert last is not None and last.isExpanded()
    assert [last.child(i).text(0) for i in range(last.childCount())] == [  # type: ignore[union-attr]
        f"= Glory Points: 0 / {40 + ENTRIES} GP ({40 + ENTRIES} GP unspent)"
    ]
    first = tree.topLevelItem(1)
    assert first is not None
    first.setExpanded(True)
    assert first.child(0).text(0) == "= Glory Points: 0 / 41 GP (41 GP unspent)"  # type: ignore[union-attr]


def test_redrawing_the_ledger_does_not_walk_the_current_row_through_it(
    window: MainWindow, long_ledger: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clearing the tree under its current row (the last entry) moved that row up one
    entry at a time, each move handled by the panel: 8-14 s per redraw of 1,000 entries."""
    view = open_long(window, long_ledger, qtbot, shown=True)
    panel = window.advancement
    updates: list[int] = []
    real = panel._update_buttons

    def counting() -> None:
        updates.append(1)
        real()

    monkeypatch.setattr(panel, "_update_buttons", counting)
    relabel_last(view, "Renamed session")
    assert len(updates) <= 4
    assert panel.tree.currentItem() is panel.tree.topLevelItem(ENTRIES)
