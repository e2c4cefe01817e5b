"""Open Recent fills as soon as a file is opened (issue 17: it stayed greyed for the
whole session when the list started empty)."""

from __future__ import annotations

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_open_recent_fills_when_a_file_is_opened(window: MainWindow) -> None:
    assert not window.recent_menu.isEnabled()
    assert window.open_path(SAMPLE) is not None
    assert window.recent_menu.isEnabled()
    names = [action.text() for action in window.recent_menu.actions()]
    assert any(SAMPLE.name in name for name in names)
