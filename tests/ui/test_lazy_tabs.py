"""A page with many lists builds only the tab in front before the first paint; the others
are built when shown, when an issue or an edit needs their table, and then take their
place in the Tab order (Qt would put late widgets last)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QTabWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ui.editor_view import EditorView
from ui.lazy_tab import LazyTab
from ui.main_window import MainWindow
from ui.roles import PATH_ROLE
from ui.systems.collections_page import CollectionsPage

REPO = Path(__file__).resolve().parents[2]
ASHEN_READER = REPO / "resources" / "examples" / "powersets" / "ashen-reader.json"


def _open(window: MainWindow, qtbot: QtBot) -> tuple[EditorView, CollectionsPage]:
    window.open_path(ASHEN_READER)
    view = window.current_view()
    assert view is not None and isinstance(view.page, CollectionsPage)
    qtbot.waitExposed(window)
    return view, view.page


def _focusable(widget: QWidget) -> bool:
    return widget.focusPolicy() != Qt.FocusPolicy.NoFocus


def _next_outside(start: QWidget, block: QWidget) -> QWidget:
    widget = start.nextInFocusChain()
    while block is widget or block.isAncestorOf(widget) or not _focusable(widget):
        widget = widget.nextInFocusChain()
    return widget


def test_only_the_tab_in_front_is_built_before_it_is_shown(
    window: MainWindow, qtbot: QtBot
) -> None:
    _view, page = _open(window, qtbot)
    assert page.tabs.currentIndex() == 0
    assert not any(tab.is_built for tab in page.pages.values())
    assert not any(editor.view_is_made() for editor in page.editors.values())
    page.tabs.setCurrentWidget(page.pages["sorcery"])
    qtbot.waitUntil(lambda: page.pages["sorcery"].is_built)
    editor = page.editors["sorcery"]
    assert editor.view_is_made() and editor.view.isVisible()
    assert editor.view.model().rowCount() == 5
    assert not page.pages["skills"].is_built


def test_an_issue_in_an_unbuilt_tab_is_shown(window: MainWindow, qtbot: QtBot) -> None:
    view, page = _open(window, qtbot)
    editor = page.editors["sorcery"]
    paths = [editor.model.index(3, column).data(PATH_ROLE) for column in range(4)]
    path = tuple(next(found for found in paths if found))
    assert view.select_path(path)
    assert page.tabs.currentWidget() is page.pages["sorcery"]
    assert editor.view.currentIndex().row() == 3
    qtbot.waitUntil(editor.view.hasFocus)


def test_a_row_added_to_an_unbuilt_tab_is_selected_in_front(
    window: MainWindow, qtbot: QtBot
) -> None:
    _view, page = _open(window, qtbot)
    editor = page.editors["psychic"]
    entries = editor.collection.entries() if editor.collection.entries else []
    assert entries and not page.pages["psychic"].is_built
    assert editor.add(entries[0].id)
    assert page.pages["psychic"].is_built
    assert page.tabs.currentWidget() is page.pages["psychic"]
    assert editor.view.currentIndex().row() == 0
    assert editor.remove_action.isEnabled()


def test_a_built_tab_takes_its_place_in_the_tab_order(window: MainWindow, qtbot: QtBot) -> None:
    _view, page = _open(window, qtbot)
    lazy = page.pages["skills"]
    before = _next_outside(lazy, lazy)
    page.tabs.setCurrentWidget(lazy)
    qtbot.waitUntil(lambda: lazy.is_built)
    content = lazy.content
    assert content is not None
    inside = [w for w in content.findChildren(QWidget) if _focusable(w)]
    assert inside
    last = inside[0]
    widget = last.nextInFocusChain()
    while widget is not inside[0]:
        if content.isAncestorOf(widget) and _focusable(widget):
            last = widget
        elif _focusable(widget):
            break
        widget = widget.nextInFocusChain()
    # after the tab's last widget comes what came after the tab before it was built
    assert _next_outside(last, content) is before


def test_tab_order_in_a_small_window(qtbot: QtBot) -> None:
    """Tab goes a → x → y → b, though x and y were made after b."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    first = QLineEdit(objectName="a")
    tabs = QTabWidget()
    tabs.addTab(QWidget(), "front")

    def build() -> QWidget:
        content = QWidget()
        box = QVBoxLayout(content)
        box.addWidget(QLineEdit(objectName="x"))
        box.addWidget(QLineEdit(objectName="y"))
        return content

    lazy = LazyTab(build)
    tabs.addTab(lazy, "late")
    last = QLineEdit(objectName="b")
    for widget in (first, tabs, last):
        layout.addWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    assert not lazy.is_built
    tabs.setCurrentWidget(lazy)
    assert lazy.is_built
    order, widget = [], first
    for _ in range(3):
        widget = widget.nextInFocusChain()
        while not isinstance(widget, QLineEdit):
            widget = widget.nextInFocusChain()
        order.append(widget.objectName())
    assert order == ["x", "y", "b"]
