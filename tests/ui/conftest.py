"""A main window per test with its own settings file and autosave folder; closing it at
the end discards unsaved work instead of asking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from ui.error_dialog import CrashDialog
from ui.main_window import DISCARD, MainWindow
from ui.settings import Settings

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


class PaintCounter(QObject):
    """Counts the paint events of the widgets it filters: a test waits for a paint (or
    checks there was none) instead of waiting for time to pass."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


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


@pytest.fixture(autouse=True)
def no_crash_dialog(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """An "Unexpected error" dialog fails the test (issue 31: the wizard threw stacks of
    them while its tests passed): whatever makes one, the app's exception hook or a
    caller of ``report_exception``, is caught where the dialog is made. A test that shows
    one on purpose is marked ``crash_dialog_expected``."""
    if request.node.get_closest_marker("crash_dialog_expected") is not None:
        yield
        return
    made: list[str] = []
    original = CrashDialog.__init__

    def init(self: CrashDialog, parent: Any, message: str, details: str) -> None:
        made.append(f"{message}\n{details}")
        original(self, parent, message, details)

    monkeypatch.setattr(CrashDialog, "__init__", init)
    yield
    if made:
        pytest.fail('an "Unexpected error" dialog was shown:\n' + "\n".join(made))
