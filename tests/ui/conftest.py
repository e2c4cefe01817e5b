"""A main window per test with its own settings file and autosave folder; closing it at
the end discards unsaved work instead of asking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from ui.main_window import DISCARD, MainWindow
from ui.settings import Settings

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


def make_main_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A main window with its own settings file and autosave folder, which discards
    unsaved work on close instead of asking (not shown yet)."""
    main = MainWindow(
        installed_systems(),
        settings=Settings(tmp_path / "settings.ini"),
        autosave_folder=tmp_path / "autosave",
    )
    main.ask_save = lambda _view: DISCARD  # type: ignore[method-assign]
    qtbot.addWidget(main)
    return main


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    main = make_main_window(qtbot, tmp_path)
    main.resize(1280, 820)
    main.show()
    yield main
