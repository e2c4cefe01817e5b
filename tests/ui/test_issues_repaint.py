"""The Issues panel repaints its rows in sight only when they change.

An edit that adds or drops an issue far down a long list (a 1,000-ability Gladiators
character gains "1 GP not spent yet" at the end of 175 issues) changed nothing in sight,
yet Qt laid out and painted every row in sight again, shaping each cell's text anew.

The tests wait on events, never on the clock: a change is laid out when the view's
scroll range follows the new row count (``rangeChanged``), and what that layout asked to
repaint is painted when Qt's posted update requests are delivered; a paint that must
happen is waited for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity
from tests.ui.conftest import PaintCounter
from ui.issues_panel import IssuesView


def _issue(number: int, severity: Severity = Severity.INFO) -> Issue:
    return Issue(severity, "test.issue", f"Issue number {number}", ("character", "name"))


def _evaluation(issues: list[Issue]) -> Evaluation:
    return Evaluation.build([], [], [], issues)


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[IssuesView]:
    shown = IssuesView()
    qtbot.addWidget(shown)
    shown.resize(600, 6 * shown.verticalHeader().defaultSectionSize())
    shown.show()
    qtbot.waitExposed(shown)
    first = [_issue(n) for n in range(40)]
    assert _paints_while(shown, qtbot, lambda: shown.set_evaluation(_evaluation(first))) > 0
    yield shown


def _deliver_updates() -> None:
    """Deliver the events Qt has queued: a widget's update request is one, and it paints
    the widget before this returns (nothing here waits for time to pass)."""
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()


def _paints_while(view: IssuesView, qtbot: QtBot, change: Callable[[], None]) -> int:
    """The viewport's paints for ``change``: the layout it schedules (waited for as the
    scroll range's change) and every repaint that layout asked for."""
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    try:
        with qtbot.waitSignal(view.verticalScrollBar().rangeChanged, timeout=10_000):
            change()
        _deliver_updates()
    finally:
        view.viewport().removeEventFilter(counter)
    return counter.paints


def _paints_after(view: IssuesView, qtbot: QtBot, issues: list[Issue]) -> int:
    return _paints_while(view, qtbot, lambda: view.set_evaluation(_evaluation(issues)))


def _scroll_to_bottom(view: IssuesView, qtbot: QtBot, last_row: int) -> None:
    """Scroll to the end and wait until ``last_row`` is the last row in sight and painted."""
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    try:
        view.scrollToBottom()
        qtbot.waitUntil(lambda: _last_row_in_sight(view) == last_row and counter.paints > 0)
        _deliver_updates()
    finally:
        view.viewport().removeEventFilter(counter)


def _last_row_in_sight(view: IssuesView) -> int:
    return view.rowAt(view.viewport().height() - 1)


def test_an_issue_added_below_the_rows_in_sight_repaints_nothing(
    view: IssuesView, qtbot: QtBot
) -> None:
    issues = [_issue(n) for n in range(41)]
    assert 0 <= _last_row_in_sight(view) < 40
    assert _paints_after(view, qtbot, issues) == 0
    assert view.model().rowCount() == 41
    # the scroll range followed: the new last row can be scrolled to and is shown
    _scroll_to_bottom(view, qtbot, 40)
    assert view.model().index(40, 0).data() == "Issue number 40"


def test_an_issue_dropped_below_the_rows_in_sight_repaints_nothing(
    view: IssuesView, qtbot: QtBot
) -> None:
    issues = [_issue(n) for n in range(39)]
    assert _paints_after(view, qtbot, issues) == 0
    _scroll_to_bottom(view, qtbot, 38)
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()


def test_an_issue_added_in_sight_is_painted(view: IssuesView, qtbot: QtBot) -> None:
    error = _issue(99, Severity.ERROR)  # errors come first
    assert _paints_after(view, qtbot, [error, *(_issue(n) for n in range(40))]) > 0
    assert view.model().index(0, 0).data() == "Issue number 99"


def test_an_issue_dropped_at_the_bottom_in_sight_is_painted(view: IssuesView, qtbot: QtBot) -> None:
    _scroll_to_bottom(view, qtbot, 39)
    assert _paints_after(view, qtbot, [_issue(n) for n in range(39)]) > 0
    assert _last_row_in_sight(view) in (38, -1)


def test_a_later_layout_is_not_skipped(view: IssuesView, qtbot: QtBot) -> None:
    """The skip is for the row change it was made for, not for the next layout."""
    assert _paints_after(view, qtbot, [_issue(n) for n in range(41)]) == 0
    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    try:
        view.doItemsLayout()
        qtbot.waitUntil(lambda: counter.paints > 0)
    finally:
        view.viewport().removeEventFilter(counter)
