"""The lists keep their room in a short window (issue 17: "At scale 2 on 800×500 the main
window's header, totals and docks take nearly all the height. The abilities tree is
squeezed to nothing"). A 1600×1000 screen at ``QT_SCALE_FACTOR=2`` leaves a window of
about 784×452; the character's header gives way (it scrolls) before the page does, so
the page with its lists keeps at least ten lines of text on every example."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
LINES = 10


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_page_keeps_ten_lines_in_a_short_window(window: MainWindow, example: Path) -> None:
    view = window.open_path(example)
    assert view is not None
    window.resize(784, 452)
    QApplication.processEvents()
    assert window.height() <= 452
    line = view.fontMetrics().height()
    room = view.page_scroll.viewport().height()
    assert room >= LINES * line, f"the page has {room} px, {room // line} lines"
    # the header is folded behind a one-line button, and still a key away
    assert view.header_is_folded() and not view.header.isVisible()
    assert view.header_toggle.isVisible()


def test_the_folded_header_opens_by_key_and_for_an_issue(window: MainWindow, qtbot: QtBot) -> None:
    view = window.open_path(EXAMPLES[0])
    assert view is not None
    window.resize(784, 452)
    QApplication.processEvents()
    assert view.header_is_folded()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view.page_scroll.setFocus()
    # a mnemonic "animates" its button's click for 100 ms
    QTest.keyClick(
        QApplication.focusWidget() or window, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier
    )
    qtbot.waitUntil(lambda: view.header.isVisible() and not view.header_is_folded())
    QTest.keyClick(
        QApplication.focusWidget() or window, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier
    )
    qtbot.waitUntil(view.header_is_folded)
    # an issue about the name opens the header at the name field
    assert view.select_path(("meta", "name"))
    assert view.header.isVisible()
    assert view.header.edits["name"].hasFocus()


def test_a_tall_window_shows_the_whole_header(window: MainWindow) -> None:
    view = window.open_path(EXAMPLES[0])
    assert view is not None
    window.resize(1280, 820)
    QApplication.processEvents()
    assert view.header_scroll.verticalScrollBar().maximum() == 0


def test_a_character_brought_forward_in_a_short_window_is_folded(window: MainWindow) -> None:
    first = window.open_path(EXAMPLES[0])
    second = window.open_path(EXAMPLES[1])
    assert first is not None and second is not None
    window.resize(784, 452)
    QApplication.processEvents()
    window.tabs.setCurrentWidget(second)
    QApplication.processEvents()
    assert second.header_is_folded()
    window.tabs.setCurrentWidget(first)
    QApplication.processEvents()
    assert first.header_is_folded() and not first.header.isVisible()
    # an issue about its name opens the header at the field
    assert first.select_path(("meta", "name"))
    assert not first.header_is_folded()
