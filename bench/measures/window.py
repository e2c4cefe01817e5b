"""The window, in this process, offscreen: showing the large character, one edit, undo.

An edit is the fixture's Change pushed through ``EditorDocument.push`` (the QUndoStack
path the editor's cells use), then the event loop run until nothing is pending, which
includes painting the window: the time until the totals bar and the issues panel show
the new evaluation (checked after every run, outside the timing). Undo is timed the same
way. Each run also splits its time into the domain's part (apply + evaluate, measured
by the document) and the window's (models, views, signals, paint).
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bench import targets
from bench.fixtures import Fixture
from bench.measures.domain import the_edit
from bench.registry import Context, Row, measurement
from bench.stats import Plan, Stats, time_ms
from sheetapp.core.system import installed_systems

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

    from ui.editor_view import EditorView
    from ui.main_window import MainWindow

EDIT_TITLE = "window: one edit through the undo stack → totals and issues updated"
UNDO_TITLE = "window: undo of that edit → totals and issues updated"


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
        count = fixture.sizes.get(fixture.unit, 0)
        title = f"window: open the large character, {fixture.unit} shown"

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
                    title,
                    fixture.label,
                    note=f"no view in the tab lists the {count} {fixture.unit}",
                )
            )
            continue
        stats = time_ms(run, context.slow, setup=lambda: _close_tabs(window))
        rows.append(
            Row(
                "window.show",
                title,
                fixture.label,
                stats=stats,
                note=f"open_path + events + render; {count} {fixture.unit} in {where}; "
                "no target in DESIGN.md",
            )
        )
    _close_tabs(window)
    window.close()
    return rows


class NotShown(RuntimeError):
    """The window does not show the evaluation it should after an edit."""


def shown_problem(window: MainWindow, view: EditorView) -> str | None:
    """Why the totals bar or the issues panel do not show the document's evaluation."""
    from ui.totals import total_text

    evaluation = view.document.evaluation
    bar = view.totals.text()
    for total in evaluation.totals:
        if total_text(total) not in bar:
            return f"the totals bar shows {bar!r}, not {total_text(total)!r}"
    if window.issues_view.model_.issues != list(evaluation.issues):
        return "the issues panel does not list the current issues"
    return None


@dataclass(frozen=True, slots=True)
class Split:
    total: Stats
    domain: Stats
    window: Stats


def time_split(run: Callable[[], float], setup: Callable[[], object], plan: Plan) -> Split:
    """Like :func:`bench.stats.time_ms`; ``run`` returns its domain part (ms)."""
    for _ in range(plan.warmup):
        setup()
        run()
    gc.collect()
    wall: list[float] = []
    cpu: list[float] = []
    domain: list[float] = []
    for _ in range(plan.repeats):
        setup()
        cpu_start = time.thread_time_ns()
        start = time.perf_counter_ns()
        part = run()
        wall.append((time.perf_counter_ns() - start) / 1e6)
        cpu.append((time.thread_time_ns() - cpu_start) / 1e6)
        domain.append(part)
    rest = [total - part for total, part in zip(wall, domain, strict=True)]
    return Split(Stats.of(wall, cpu), Stats.of(domain), Stats.of(rest))


@measurement("window.edit", EDIT_TITLE, target=targets.WINDOW_EDIT)
def edit_in_window(context: Context) -> list[Row]:
    """One edit and its undo in the window, on each large fixture."""
    app = _app()
    window = _window()
    rows = []
    for fixture in context.targeted():
        view = window.open_path(fixture.path)
        if view is None:
            raise NotShown(f"the window cannot open {fixture.path}")
        app.processEvents()
        rows += _edit_rows(window, view, fixture, context.slow)
        _close_tabs(window)
    window.close()
    return rows


def _edit_rows(window: MainWindow, view: EditorView, fixture: Fixture, plan: Plan) -> list[Row]:
    app = _app()
    document = view.document
    stack = document.undo_stack
    # The document is already modified, as for every edit after the first: the tab
    # title does not change (the first edit also repaints the tab bar and the title).
    stack.resetClean()
    change = the_edit(fixture)

    def check() -> None:
        problem = shown_problem(window, view)
        if problem:
            raise NotShown(problem)

    def edit() -> float:
        document.push([change], "bench edit")
        app.processEvents()
        return document.timings.domain_ms

    def before_edit() -> None:
        if stack.canUndo():
            stack.undo()
            app.processEvents()
        check()

    def undo() -> float:
        stack.undo()
        app.processEvents()
        return document.timings.domain_ms

    def before_undo() -> None:
        if stack.canRedo():
            stack.redo()
        else:
            document.push([change], "bench edit")
        app.processEvents()
        check()

    where = "/".join(str(p) for p in change.path)
    rows = []
    for measurement_id, title, run, setup, what in (
        (
            "window.edit",
            EDIT_TITLE,
            edit,
            before_edit,
            f"set {where}: {change.before} → {change.after}",
        ),
        ("window.undo", UNDO_TITLE, undo, before_undo, "QUndoStack.undo()"),
    ):
        try:
            split = time_split(run, setup, plan)
            check()
        finally:
            stack.setClean()  # closing the tab must not ask to save
        rows += [
            Row(
                measurement_id,
                title,
                fixture.label,
                stats=split.total,
                target=targets.WINDOW_EDIT,
                note=f"{what}; then events and paint; totals and issues checked after each run",
            ),
            Row(
                f"{measurement_id}.domain",
                "  part: domain (apply_to_document + evaluate)",
                fixture.label,
                stats=split.domain,
                note="timed inside EditorDocument",
            ),
            Row(
                f"{measurement_id}.window",
                "  part: window (models, views, signals, paint)",
                fixture.label,
                stats=split.window,
                note="the rest of each run (wall clock)",
            ),
        ]
    return rows
