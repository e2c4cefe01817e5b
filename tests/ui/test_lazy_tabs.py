"""A page with many lists builds only the tab in front before the first paint; the others
are built when shown, when an issue or an edit needs their table, and then take their
place in the Tab order (Qt would put late widgets last)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QTabWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from sheetapp.core.changes import Change
from ui.editor_view import EditorView
from ui.lazy_tab import LazyTab
from ui.main_window import MainWindow
from ui.roles import PATH_ROLE
from ui.systems.capital.page import CapitalPage
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


def _tab_from(widget: QWidget, qtbot: QtBot) -> QWidget | None:
    """Where the Tab key goes from ``widget`` (a real key press)."""
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)
    return QApplication.focusWidget()


def _last_focusable(tab: QWidget) -> QWidget:
    shown = [w for w in tab.findChildren(QWidget) if _focusable(w) and w.isVisible()]
    assert shown
    return shown[-1]


def test_a_built_tab_takes_its_place_in_the_tab_order(window: MainWindow, qtbot: QtBot) -> None:
    """Tab from a late-built tab's last widget goes where Tab from the first tab's goes
    (the other tabs' widgets are hidden and skipped): not round to the window's start."""
    _view, page = _open(window, qtbot)
    forms = page.forms_tab
    assert forms is not None and page.tabs.currentWidget() is forms
    after_forms = _tab_from(_last_focusable(forms), qtbot)
    lazy = page.pages["skills"]
    page.tabs.setCurrentWidget(lazy)
    qtbot.waitUntil(lambda: lazy.is_built and lazy.isVisible())
    content = lazy.content
    assert content is not None
    after_skills = _tab_from(_last_focusable(content), qtbot)
    assert after_skills is not None and after_skills is after_forms


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
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    order = []
    for _ in range(4):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        order.append(focused.objectName() if isinstance(focused, QLineEdit) else "tab bar")
    assert order == ["tab bar", "x", "y", "b"]


def test_closing_a_character_after_its_tabs_were_built_leaves_the_window_whole(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Walking Qt's focus chain to place a late tab marked the window's own widgets (its
    menus, its tab stack) deleted once the character closed."""
    for _ in range(2):
        _view, page = _open(window, qtbot)
        for key in ("sorcery", "skills"):
            page.tabs.setCurrentWidget(page.pages[key])
            tab = page.pages[key]
            qtbot.waitUntil(lambda tab=tab: tab.is_built)
        assert window.close_tab(window.tabs.currentIndex())
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
        assert window.character_menu.actions() is not None
        assert window.recent_menu.title()


MARA = REPO / "resources" / "examples" / "capital" / "mara-quell-level-3.json"


def test_capital_builds_its_later_tabs_when_needed(window: MainWindow, qtbot: QtBot) -> None:
    view = window.open_path(MARA)
    assert view is not None and isinstance(view.page, CapitalPage)
    page = view.page
    qtbot.waitExposed(window)
    lazy = (page.attributes, page.systems_page, page.equipment_page, page.asset, page.play_page)
    assert not any(tab.is_built for tab in lazy)
    assert not page.systems_editor.view_is_made()
    # an edit while the tabs are unbuilt is seen when they are built
    character = page.character_document.character
    assert page.document.push([Change("set", ("character", "vitals", "grit"), 0, 3)])
    page.tabs.setCurrentWidget(page.play_page)
    qtbot.waitUntil(lambda: page.play_page.is_built)
    assert page.play_page.grit.value() == 3 == page.character_document.character.vitals.grit
    # an issue's place in an unbuilt tab is shown, its row selected
    row = len(character.systems) - 1
    index = next(
        page.systems.index(row, column)
        for column in range(page.systems.columnCount())
        if page.systems.index(row, column).data(PATH_ROLE)
    )
    assert view.select_path(tuple(index.data(PATH_ROLE)))
    assert page.tabs.currentWidget() is page.systems_page
    assert page.systems_view.currentIndex().row() == row
    slots = page.document.evaluation.total("slots")
    assert f"Slots {slots.spent} / {slots.budget}" in page.slots_label.text()
