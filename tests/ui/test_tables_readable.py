"""Every table readable at 1280×720 and at QT_SCALE_FACTOR=2 (issue 31).

"At 1280×720 every table on every page shows at least 8 rows (or fills the rest of its
page) and all its columns that carry a number without horizontal scrolling (names may
elide); at scale 2 (800×500 logical) at least 4 rows and the same columns; the row just
added or jumped to is visible and selected, and the totals bar always shows the counts."

Two child processes, each on an offscreen screen of its own size (as the keyboard
walkthrough does): 1280×720, and 1600×1000 at scale 2. Each opens every shipped example
in the main window and goes through its pages tab by tab. A table lower on a page is
scrolled to (the page scrolls as a whole); then its rows up to the target must show,
and every column whose cells are numbers must lie inside the table's visible part.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QScrollArea,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from tests.ui.conftest import REPO, make_main_window
from tests.ui.screen_runs import assert_passed, current_run, run_on_screen
from ui.editor_view import EditorView
from ui.main_window import MainWindow
from ui.roles import EDIT_KIND_ROLE
from ui.systems.collections_page import CollectionsPage

RUN = current_run()
#: rows every table shows, per run
TARGET_ROWS = {"small": 8, "scale2": 4}
#: what is known not to hold yet, per run: each must still be found (a gap closed is
#: taken off this list). None now: Glorious Gladiators' abilities tree kept its GP column
#: out of sight at scale 2 until its buttons scrolled sideways and its details panel gave
#: way beside it.
KNOWN_GAPS: dict[str, tuple[str, ...]] = {}
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))


@pytest.mark.slow
@pytest.mark.skipif(bool(RUN), reason="the parent of the runs")
@pytest.mark.parametrize("run", ["small", "scale2"])
def test_tables_readable(run: str, tmp_path: Path) -> None:
    assert_passed(run_on_screen(run, Path(__file__), "in_child", tmp_path))


# --- the child -------------------------------------------------------------------------------

in_child = pytest.mark.skipif(not RUN, reason="runs in the child processes")


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def seen_rect(widget: QWidget, top: QWidget) -> QRect:
    """The part of ``widget`` not clipped by its ancestors, in ``top``'s coordinates."""
    rect = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        rect = rect.intersected(QRect(parent.mapTo(top, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return rect


def in_window(view: QAbstractItemView, rect: QRect, top: QWidget) -> QRect:
    return QRect(view.viewport().mapTo(top, rect.topLeft()), rect.size())


def rows_of(view: QAbstractItemView) -> list[QModelIndex]:
    """Every row the view lists (a tree's expanded children too), first column."""
    model = view.model()
    if isinstance(view, QTreeView):
        found = []
        index = model.index(0, 0) if model.rowCount() else QModelIndex()
        while index.isValid():
            found.append(index)
            index = view.indexBelow(index)
        return found
    return [model.index(row, 0) for row in range(model.rowCount())]


def carries_number(view: QAbstractItemView, column: int) -> bool:
    """A column whose cells are right-aligned numbers, or edited as numbers."""
    model = view.model()
    for index in rows_of(view)[:60]:
        cell = index.siblingAtColumn(column)
        align = cell.data(Qt.ItemDataRole.TextAlignmentRole)
        if align is not None and int(align) & int(Qt.AlignmentFlag.AlignRight):
            return True
        if cell.data(EDIT_KIND_ROLE) in ("int", "optional_int"):
            return True
    del model
    return False


def fully_in(inner: QRect, outer: QRect) -> bool:
    return inner.intersected(outer).height() >= inner.height() - 1 and (
        inner.intersected(outer).width() >= inner.width() - 1
    )


def rows_in(inner: QRect, outer: QRect) -> bool:
    """``inner`` lies in ``outer`` from top to bottom."""
    return inner.top() >= outer.top() - 1 and inner.bottom() <= outer.bottom() + 1


def check_table(view: QAbstractItemView, editor: EditorView, target: int, where: str) -> list[str]:
    window = editor.window()
    # as a user scrolls the page (and a scrolling part of it) to the table
    parent = view.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(view, 0, 0)
            corner = view.mapTo(parent.widget(), QPoint(0, 0))
            parent.ensureVisible(corner.x(), corner.y() + 1, 0, 0)  # its left edge
            settle()
        parent = parent.parentWidget()
    seen = seen_rect(view.viewport(), window)
    rows = rows_of(view)
    problems = []
    shown = sum(
        1 for index in rows if rows_in(in_window(view, view.visualRect(index), window), seen)
    )
    if shown < min(target, len(rows)):
        problems.append(f"{where}: {shown} of {len(rows)} rows show (wanted {target})")
    if rows:
        model = view.model()
        for column in range(model.columnCount()):
            if view.isColumnHidden(column) or not carries_number(view, column):
                continue
            cell = in_window(view, view.visualRect(rows[0].siblingAtColumn(column)), window)
            if cell.left() < seen.left() - 1 or cell.right() > seen.right() + 1:
                title = model.headerData(column, Qt.Orientation.Horizontal)
                problems.append(f"{where}: the {title} column is out of sight")
    return problems


def innermost_tabs(widget: QWidget) -> list[QTabWidget]:
    found = [t for t in widget.findChildren(QTabWidget) if t.isVisible()]
    return [t for t in found if not any(o is not t and o.isAncestorOf(t) for o in found)]


def walk(tabs: QTabWidget, label: str) -> Iterator[tuple[QWidget, str]]:
    for number in range(tabs.count()):
        tabs.setCurrentIndex(number)
        settle()
        name = f"{label} ▸ {tabs.tabText(number).replace('&&', '&')}"
        inner = innermost_tabs(tabs.widget(number))
        if inner:
            for nested in inner:
                yield from walk(nested, name)
        else:
            yield tabs.widget(number), name


def counts_shown(editor: EditorView) -> bool:
    counts = editor.totals.counts
    window = editor.window()
    rect = QRect(counts.mapTo(window, QPoint(0, 0)), counts.size())
    return (
        counts.isVisible()
        and fully_in(rect, seen_rect(counts, window))
        and (window.rect().contains(rect))
    )


def open_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = make_main_window(qtbot, tmp_path)
    window.show()
    settle()
    return window


@in_child
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_in_child_every_table_of_every_example(qtbot: QtBot, tmp_path: Path) -> None:
    target = TARGET_ROWS[RUN]
    window = open_window(qtbot, tmp_path)
    problems: list[str] = []
    for example in EXAMPLES:
        editor = window.open_path(example)
        assert editor is not None
        settle()
        for page, where in walk(editor.tabs, example.stem):
            if not counts_shown(editor):
                problems.append(f"{where}: the issue counts are out of sight")
            for view in page.findChildren(QAbstractItemView):
                if isinstance(view, (QTableView, QTreeView)) and view.isVisible():
                    problems.extend(
                        check_table(view, editor, target, f"{where} ▸ {view.objectName()}")
                    )
        window.close_tab(window.tabs.indexOf(editor))
        settle()
    known = KNOWN_GAPS.get(RUN, ())
    unknown = [p for p in problems if not any(gap in p for gap in known)]
    assert not unknown, "\n".join(unknown)
    closed = [gap for gap in known if not any(gap in p for p in problems)]
    assert not closed, f"closed, take them off KNOWN_GAPS: {closed}"


@in_child
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_in_child_a_tab_shown_is_not_scrolled_to_a_blank_area(qtbot: QtBot, tmp_path: Path) -> None:
    """Scrolled to the bottom of one tab, then another tab: the page shows that tab from
    its top, no taller than it needs ("switching tabs keeps the page scrolled to a blank
    area")."""
    window = open_window(qtbot, tmp_path)
    problems: list[str] = []
    for example in EXAMPLES:
        editor = window.open_path(example)
        assert editor is not None
        settle()
        tabs = editor.tabs
        bar = editor.page_scroll.verticalScrollBar()
        for number in range(tabs.count()):
            for other in [(number - 1) % tabs.count(), (number + 1) % tabs.count()]:
                if other == number:
                    continue
                tabs.setCurrentIndex(other)
                settle()
                bar.setValue(bar.maximum())
                tabs.setCurrentIndex(number)
                settle()
                content = editor.page_scroll.widget()
                room = editor.page_scroll.viewport().height()
                needed = max(room, content.minimumSizeHint().height())
                name = (
                    f"{example.stem} ▸ {tabs.tabText(number)} after {tabs.tabText(other)}".replace(
                        "&&", "&"
                    )
                )
                if bar.value() != 0:
                    problems.append(f"{name}: the page is still scrolled down")
                if content.height() > needed + 1:
                    problems.append(f"{name}: {content.height()} tall for {needed}")
        window.close_tab(window.tabs.indexOf(editor))
        settle()
    assert not problems, "\n".join(problems)


@in_child
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_in_child_a_row_jumped_to_or_added_shows_selected(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path)
    problems: list[str] = []
    systems = installed_systems()
    for example in EXAMPLES:
        editor = window.open_path(example)
        assert editor is not None
        settle()
        # the Issues panel's jumps
        for issue in list(editor.document.evaluation.issues):
            if not window.show_issue(issue):
                continue
            settle()
            view = QApplication.focusWidget()
            problems.extend(_selected_in_sight(view, editor, f"{example.stem}: {issue.message}"))
        # an added row, after the last one of each list of a declared-lists page
        page = editor.page
        if isinstance(page, CollectionsPage):
            for key, list_editor in page.editors.items():
                entries = list_editor.collection.entries() if list_editor.collection.entries else []
                if not entries:
                    continue
                page.tabs.setCurrentWidget(page.pages[key])
                settle()
                view = list_editor.view
                count = view.model().rowCount()
                if count:
                    view.setCurrentIndex(view.model().index(count - 1, 0))
                if not list_editor.add(entries[0].id):
                    continue
                settle()
                problems.extend(_selected_in_sight(view, editor, f"{example.stem}: added to {key}"))
        window.close_tab(window.tabs.indexOf(editor))
        settle()
    del systems
    assert not problems, "\n".join(problems)


def _selected_in_sight(widget: QWidget | None, editor: EditorView, where: str) -> list[str]:
    if not isinstance(widget, (QTableView, QTreeView)):
        return []  # a header field or a setting took the focus
    editor.window()
    current = widget.currentIndex()
    if not current.isValid():
        return [f"{where}: nothing selected"]
    problems = []
    if not widget.selectionModel().isSelected(current):
        problems.append(f"{where}: the row is current but not selected")
    window = editor.window()
    rect = in_window(widget, widget.visualRect(current), window)
    seen = seen_rect(widget.viewport(), window)
    # its whole height, and its start (a long name may run past the right edge)
    if not rows_in(rect, seen) or not seen.left() - 1 <= rect.left() <= seen.right():
        problems.append(f"{where}: the row is out of sight")
    return problems
