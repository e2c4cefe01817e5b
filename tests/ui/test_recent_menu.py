"""Open Recent fills as soon as a file is opened (issue 17: it stayed greyed for the
whole session when the list started empty)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_open_recent_fills_when_a_file_is_opened(window: MainWindow) -> None:
    assert not window.recent_menu.isEnabled()
    assert window.open_path(SAMPLE) is not None
    assert window.recent_menu.isEnabled()
    names = [action.text() for action in window.recent_menu.actions()]
    assert any(SAMPLE.name in name for name in names)


def test_two_tabs_of_one_name_say_which_file(window: MainWindow, tmp_path: Path) -> None:
    """A character and its export open side by side read "Night Owl (owl.json)"."""
    copy = tmp_path / "owl.json"
    shutil.copy(SAMPLE, copy)
    assert window.open_path(SAMPLE) is not None
    assert window.tabs.tabText(0) == "Night Owl"
    assert window.open_path(copy) is not None
    texts = [window.tabs.tabText(i) for i in range(2)]
    assert texts == [f"Night Owl ({SAMPLE.name})", "Night Owl (owl.json)"]
