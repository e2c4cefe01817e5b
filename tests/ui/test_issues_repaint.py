"""The Issues panel repaints its rows in sight only when they change.

An edit that adds or drops an issue far down a long list (a 1,000-ability Gladiators
character gains "1 GP not spent yet" at the end of 175 issues) changed nothing in sight,
yet Qt laid out and painted every row in sight again, shaping each cell's text anew.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity
from ui.issues_panel import IssuesView


def _issue(number: int, severity: Severity = Severity.INFO) -> Issue:
    return Issue(severity, "test.issue", f"Issue number {number}", ("character", "name"))


def _evaluation(issues: list[Issue]) -> Evaluation:
    return Evaluation.build([], [], [], issues)


class _PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[IssuesView]:
    shown = IssuesView()
    qtbot.addWidget(shown)
    shown.resize(600, 6 * shown.verticalHeader().defaultSectionSize())
    shown.show()
    qtbot.waitExposed(shown)
    shown.set_evaluation(_evaluation([_issue(n) for n in range(40)]))
    _settle(shown, qtbot)
    yield shown


def _settle(view: IssuesView, qtbot: QtBot) -> None:
    """Wait until the view paints no more on its own (showing it, a busy machine)."""
    for _attempt in range(50):
        counter = _PaintCounter()
        view.viewport().installEventFilter(counter)
        qtbot.wait(20)
        view.viewport().removeEventFilter(counter)
        if not counter.paints:
            return


def _paints_after(view: IssuesView, qtbot: QtBot, issues: list[Issue]) -> int:
    counter = _PaintCounter()
    view.viewport().installEventFilter(counter)
    try:
        view.set_evaluation(_evaluation(issues))
        qtbot.wait(10)
    finally:
        view.viewport().removeEventFilter(counter)
    return counter.paints


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
    view.scrollToBottom()
    qtbot.wait(10)
    assert _last_row_in_sight(view) == 40
    assert view.model().index(40, 0).data() == "Issue number 40"


def test_an_issue_dropped_below_the_rows_in_sight_repaints_nothing(
    view: IssuesView, qtbot: QtBot
) -> None:
    issues = [_issue(n) for n in range(39)]
    assert _paints_after(view, qtbot, issues) == 0
    view.scrollToBottom()
    qtbot.wait(10)
    assert _last_row_in_sight(view) == 38
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()


def test_an_issue_added_in_sight_is_painted(view: IssuesView, qtbot: QtBot) -> None:
    error = _issue(99, Severity.ERROR)  # errors come first
    assert _paints_after(view, qtbot, [error, *(_issue(n) for n in range(40))]) > 0
    assert view.model().index(0, 0).data() == "Issue number 99"


def test_an_issue_dropped_at_the_bottom_in_sight_is_painted(view: IssuesView, qtbot: QtBot) -> None:
    view.scrollToBottom()
    _settle(view, qtbot)
    assert _last_row_in_sight(view) == 39
    assert _paints_after(view, qtbot, [_issue(n) for n in range(39)]) > 0
    assert _last_row_in_sight(view) in (38, -1)


def test_a_later_layout_is_not_skipped(view: IssuesView, qtbot: QtBot) -> None:
    """The skip is for the row change it was made for, not for the next layout."""
    _paints_after(view, qtbot, [_issue(n) for n in range(41)])
    counter = _PaintCounter()
    view.viewport().installEventFilter(counter)
    try:
        view.doItemsLayout()
        qtbot.wait(10)
    finally:
        view.viewport().removeEventFilter(counter)
    assert counter.paints > 0
