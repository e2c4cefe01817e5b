"""The window, in this process, offscreen: showing the large character, and one edit.

The editor (issue 4) brings the undo stack and the abilities model; until then the
edit-through-the-undo-stack measurement reports why it cannot run, and the current
viewer's own refresh after an edit is measured as a stand-in without a target.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench import targets
from bench.fixtures import Fixture
from bench.measures.domain import the_edit
from bench.registry import Context, Row, measurement, pending
from bench.stats import time_ms
from sheetapp.core.changes import apply_to_document
from sheetapp.core.resources import data_file
from sheetapp.core.system import installed_systems

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

    from ui.main_window import MainWindow

SAMPLE = "examples/gladiators/night-owl.json"


def _app() -> QApplication:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ui.app import create_app

    return create_app([])


def _window() -> MainWindow:
    from ui.main_window import MainWindow

    window = MainWindow(installed_systems())
    window.show()
    _app().processEvents()
    return window


def _close_tabs(window: MainWindow) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    while window.tabs.count():
        window.close_tab(0)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    _app().processEvents()


def listing(widget: QWidget, count: int) -> str | None:
    """Where ``widget`` lists ``count`` items: an item view with that many rows at the
    top, or under one top-level row (the viewer's cost tree has them under "Abilities")."""
    from PySide6.QtWidgets import QAbstractItemView

    for view in widget.findChildren(QAbstractItemView):
        model = view.model()
        if model.rowCount() >= count:
            return f"{type(view).__name__} '{view.objectName()}' (top level)"
        for row in range(model.rowCount()):
            index = model.index(row, 0)
            if model.rowCount(index) >= count:
                return f"{type(view).__name__}, under '{index.data()}'"
    return None


@measurement("window.show", "window: open and show the large character")
def show_large(context: Context) -> list[Row]:
    """MainWindow.open_path, events processed, the window rendered (grab)."""
    _app()
    window = _window()
    rows = []
    for fixture in context.large():
        count = fixture.sizes.get("abilities", 0)

        def run(f: Fixture = fixture) -> None:
            window.open_path(f.path)
            _app().processEvents()
            window.grab()

        run()
        view = window.current_view()
        where = listing(view, count) if view is not None else None
        _close_tabs(window)
        if where is None:
            rows.append(
                Row(
                    "window.show",
                    "window: open the large character, abilities shown",
                    fixture.label,
                    note=f"no view in the tab lists the {count} abilities",
                )
            )
            continue
        stats = time_ms(run, context.slow, setup=lambda: _close_tabs(window))
        rows.append(
            Row(
                "window.show",
                "window: open the large character, abilities shown",
                fixture.label,
                stats=stats,
                note=f"open_path + events + render; {count} abilities in {where}; "
                "no target in DESIGN.md",
            )
        )
    _close_tabs(window)
    window.close()
    return rows


def undo_probe() -> str | None:
    """Runs when the window has a QUndoStack; then this module must be wired to it."""
    _app()
    from PySide6.QtGui import QUndoStack

    window = _window()
    path = Path(str(data_file("resources", SAMPLE)))
    window.open_path(path)
    found = window.findChild(QUndoStack) is not None
    _close_tabs(window)
    window.close()
    if not found:
        return "the window has no QUndoStack (the editor, issue 4, has not landed)"
    return (
        "the window now has a QUndoStack: wire this measurement to the editor's edit command "
        "in bench/measures/window.py (push the fixture's Change, time until totals and issues "
        "show the new evaluation)"
    )


pending(
    "window.edit",
    "window: one edit through the undo stack → totals and issues updated",
    probe=undo_probe,
    target=targets.WINDOW_EDIT,
)


@measurement("window.refresh", "viewer: one edit, then the tab refreshed (stand-in)")
def viewer_refresh(context: Context) -> list[Row]:
    """The current read-only viewer after an edit: apply the Change, rebuild the tab."""
    _app()
    window = _window()
    rows = []
    for fixture in context.large():
        view = window.open_path(fixture.path)
        if view is None:
            continue
        original = view.loaded
        change = the_edit(fixture)

        def reset(v: Any = view, o: Any = original) -> None:
            v.loaded = o

        def run(v: Any = view, c: Any = change) -> None:
            v.loaded = replace(v.loaded, document=apply_to_document(v.loaded.document, [c]))
            v.refresh()
            _app().processEvents()

        stats = time_ms(run, context.slow, setup=reset)
        rows.append(
            Row(
                "window.refresh",
                "viewer: one edit, tab refreshed (stand-in until the editor)",
                fixture.label,
                stats=stats,
                note="apply_to_document + DocumentView.refresh (re-evaluates, rebuilds the cost "
                "tree and the issue list); no undo stack yet",
            )
        )
        _close_tabs(window)
    window.close()
    return rows
