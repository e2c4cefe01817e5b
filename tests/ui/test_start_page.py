"""With no character open the window offers New, Open and the recent files, by keyboard
too (the window issue, item 5); opening a character shows it, closing the last one
brings the start page back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_the_start_page_shows_until_a_character_opens(window: MainWindow) -> None:
    assert window.central.currentWidget() is window.start_page
    assert window.open_path(SAMPLE) is not None
    assert window.central.currentWidget() is window.tabs
    window.close_tab(0)
    assert window.central.currentWidget() is window.start_page
    # the file just opened is offered again
    recent = window.start_page.recent
    assert recent.isVisibleTo(window.start_page)
    assert Path(recent.item(0).toolTip()) == SAMPLE.resolve() or recent.item(0).toolTip().endswith(
        SAMPLE.name
    )


def test_keyboard_opens_a_recent_character(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_path(SAMPLE) is not None
    window.close_tab(0)
    opened: list[Path] = []
    monkeypatch.setattr(window, "open_in_background", opened.append)
    window.start_page.recent_chosen.disconnect()
    window.start_page.recent_chosen.connect(window.open_in_background)
    recent = window.start_page.recent
    recent.setFocus()
    qtbot.keyClick(recent, Qt.Key.Key_Return)
    assert opened and opened[0].name == SAMPLE.name


def test_new_and_open_buttons(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    window.start_page.new_requested.disconnect()
    window.start_page.open_requested.disconnect()
    window.start_page.new_requested.connect(lambda: calls.append("new"))
    window.start_page.open_requested.connect(lambda: calls.append("open"))
    window.start_page.new_button.click()
    window.start_page.open_button.click()
    assert calls == ["new", "open"]
