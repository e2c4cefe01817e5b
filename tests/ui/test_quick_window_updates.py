"""The Explain pane and the document tab update in place after an edit and after undo
(a few paragraphs rewritten, the tab bar alone resized): what they show must still be
exactly what a fresh pane and a full tab layout show, and the old values must come back
on undo."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QStackedWidget, QTabWidget
from pytestqt.qtbot import QtBot

from bench.generators.gladiators_fixtures import scaled
from sheetapp.core.issues import DataPath
from sheetapp.storage.files import dump_document
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.model import GladiatorsDocument
from tests.ui.conftest import SAMPLE
from tests.ui.test_incremental_updates import STEPS
from ui.editor_view import EditorView
from ui.explain import ExplainPane, explain_html
from ui.main_window import MainWindow
from ui.systems.gladiators.page import GladiatorsPage
from ui.totals import total_text


def _fresh_explain(view: EditorView) -> str:
    pane = ExplainPane()
    pane.setHtml(explain_html(view.document.evaluation, view.selected_path))
    shown = pane.document().toHtml()
    pane.deleteLater()
    return shown


def _assert_explain_is_fresh(window: MainWindow, view: EditorView, context: str) -> str:
    shown = window.explain.document().toHtml()
    assert shown == _fresh_explain(view), f"{context}: the Explain pane differs from a fresh one"
    return shown


class SetHtmlCounter:
    """How often the pane set its whole page (the rest were rewritten in place)."""

    def __init__(self, pane: ExplainPane, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = pane.setHtml

        def counted(text: str) -> None:
            self.calls += 1
            original(text)

        monkeypatch.setattr(pane, "setHtml", counted)


@pytest.mark.parametrize("selected", [None, ("character", "abilities", 3, "level")])
def test_explain_after_each_edit_and_undo_is_what_a_fresh_pane_shows(
    window: MainWindow,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
    selected: DataPath | None,
) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    if selected is not None:
        assert view.select_path(selected)
        assert view.selected_path == selected
    document = view.document
    counter = SetHtmlCounter(window.explain, monkeypatch)
    history = [_assert_explain_is_fresh(window, view, "opened")]
    for name, step in STEPS:
        assert document.push(step(document.document)), name  # type: ignore[arg-type]
        qtbot.wait(1)
        history.append(_assert_explain_is_fresh(window, view, name))
    for name, _step in reversed(STEPS):
        history.pop()
        document.undo_stack.undo()
        shown = _assert_explain_is_fresh(window, view, f"undo {name}")
        assert shown == history[-1], f"undo {name} did not restore the Explain pane"
    # Most steps only move numbers: those are rewritten in place, not laid out again.
    assert counter.calls < len(STEPS)


def _large_window(window: MainWindow, tmp_path: Path) -> tuple[EditorView, int, int]:
    """A generated 300-ability character, opened and saved (not modified): the row of
    its benchmark edit, and that ability's level before the edit."""
    spec = scaled(300, 11)
    path = tmp_path / "large.json"
    path.write_bytes(dump_document(spec.document))
    view = window.open_path(path)
    assert view is not None and isinstance(view.page, GladiatorsPage)
    assert not view.document.dirty
    row = int(spec.edit_path[2])
    document = view.document.document
    assert isinstance(document, GladiatorsDocument)
    return view, row, document.character.abilities[row].level


def _explain_number(window: MainWindow, label: str) -> str:
    found = re.search(rf"{re.escape(label)}: (\S+)", window.explain.toPlainText())
    assert found, f"the Explain pane does not show {label!r}"
    return found.group(1)


def test_undo_shows_the_original_values_everywhere(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """An edit on a large character changes the ability's cells, the totals bar and the
    Explain pane; its undo puts every one of them back (and the saved-state marks)."""
    view, row, level = _large_window(window, tmp_path)
    page = view.page
    assert isinstance(page, GladiatorsPage)
    model = page.abilities
    tree_cells = [model.index(row, column).data() for column in range(model.columnCount())]
    totals = view.totals.text()
    abilities_line = _explain_number(window, "Abilities")
    issues = list(window.issues_view.model_.issues)
    title = window.tabs.tabText(0)

    document = view.document.document
    assert isinstance(document, GladiatorsDocument)
    assert view.document.push(edits.set_level(document, row, level - 1))
    qtbot.wait(1)
    edited = view.document.evaluation
    assert model.index(row, 1).data() == level - 1
    assert model.index(row, 5).data() != tree_cells[5]
    assert view.totals.text() != totals
    assert all(total_text(total) in view.totals.text() for total in edited.totals)
    assert _explain_number(window, "Abilities") != abilities_line
    assert window.tabs.tabText(0) == f"{title}*" and window.isWindowModified()

    view.document.undo_stack.undo()
    qtbot.wait(1)
    assert [model.index(row, column).data() for column in range(6)] == tree_cells
    assert view.totals.text() == totals
    assert _explain_number(window, "Abilities") == abilities_line
    assert window.issues_view.model_.issues == issues
    assert window.tabs.tabText(0) == title and not window.isWindowModified()
    assert window.explain.document().toHtml() == _fresh_explain(view)


def _places(tabs: QTabWidget) -> tuple[QRect, QRect]:
    stack = tabs.findChild(QStackedWidget, "qt_tabwidget_stackedwidget")
    assert stack is not None
    return tabs.tabBar().geometry(), stack.geometry()


def test_the_modified_mark_leaves_the_tabs_where_a_full_layout_puts_them(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """The tab bar is resized on its own when a tab's text changes; a full QTabWidget
    layout afterwards (Qt's own setTabText lays everything out before it returns) moves
    nothing."""
    view, row, level = _large_window(window, tmp_path)
    second = window.open_path(SAMPLE)
    assert second is not None
    window.tabs.setCurrentIndex(0)
    document = view.document.document
    assert isinstance(document, GladiatorsDocument)
    for step in range(3):
        if step % 2 == 0:
            assert view.document.push(edits.set_level(document, row, level - 1))
        else:
            view.document.undo_stack.undo()
        qtbot.wait(1)
        text = window.tabs.tabText(0)
        assert text.endswith("*") == (step % 2 == 0)
        assert window.tabs.tabBar().tabText(0) == text
        quick = _places(window.tabs)
        QTabWidget.setTabText(window.tabs, 0, text)  # lays the whole widget out at once
        assert _places(window.tabs) == quick
        qtbot.wait(1)
        assert (
            window.tabs.tabBar().tabRect(0).width() >= window.tabs.tabBar().tabSizeHint(0).width()
        )


def test_a_rebuilt_details_panel_leaves_the_page_tabs_where_a_full_layout_puts_them(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    """Editing the selected ability rebuilds the details panel, which asks every widget
    above it for a new layout; the Gladiators tab widget places its bar and page as its
    own full layout would, and the panel shows the new level."""
    view, row, level = _large_window(window, tmp_path)
    page = view.page
    assert isinstance(page, GladiatorsPage)
    assert view.select_path(("character", "abilities", row, "level"))
    qtbot.wait(1)
    document = view.document.document
    assert isinstance(document, GladiatorsDocument)
    for step in range(2):
        if step == 0:
            assert view.document.push(edits.set_level(document, row, level - 1))
        else:
            view.document.undo_stack.undo()
        qtbot.wait(1)
        assert page.details.title().startswith("Details — ")
        assert page.abilities.index(row, 1).data() == (level - 1 if step == 0 else level)
        quick = _places(page.tabs)
        QTabWidget.setTabText(page.tabs, 0, page.tabs.tabText(0))
        assert _places(page.tabs) == quick
        qtbot.wait(1)


def test_a_totals_number_is_beside_its_bar_not_under_its_fill(window: MainWindow) -> None:
    """Issue 17: the GP number hid under the bar's fill; it is a label of its own now."""
    from PySide6.QtWidgets import QLabel, QProgressBar

    from tests.ui.conftest import SAMPLE

    view = window.open_path(SAMPLE)
    assert view is not None
    bar = view.totals.findChild(QProgressBar, "total_gp")
    number = view.totals.findChild(QLabel, "total_gp_value")
    assert bar is not None and number is not None
    assert not bar.isTextVisible()
    assert number.text() == bar.format() and number.text().startswith("28 / 40")
