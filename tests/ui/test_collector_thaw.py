"""sheetapp.startup freezes what start-up loaded; closing a character hands it back to
the garbage collector, so a character opened at start-up and closed can be collected."""

from __future__ import annotations

import gc

from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_closing_a_character_thaws_what_start_up_froze(window: MainWindow) -> None:
    assert window.open_path(SAMPLE) is not None
    gc.freeze()  # as sheetapp.startup does after the first paint
    assert gc.get_freeze_count() > 0
    assert window.close_tab(0)
    assert gc.get_freeze_count() == 0  # the closed character can be collected
