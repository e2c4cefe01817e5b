"""Game systems load when first needed: opening a Gladiators character loads only the
Gladiators plug-in; the examples menu and the New dialog load the others when opened,
and a broken plug-in or catalog is said in a dialog, never as a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from sheetapp.core.catalog import CatalogError
from sheetapp.core.system import SystemRegistry
from tests.ui.conftest import SAMPLE
from ui import app as app_module
from ui import open_actions
from ui.main_window import DISCARD, MainWindow
from ui.settings import Settings


def _window(qtbot: QtBot, tmp_path: Path, registry: SystemRegistry) -> MainWindow:
    main = MainWindow(
        registry, settings=Settings(tmp_path / "settings.ini"), autosave_folder=tmp_path / "a"
    )
    main.ask_save = lambda _view: DISCARD  # type: ignore[method-assign]
    qtbot.addWidget(main)
    return main


@pytest.fixture
def fresh(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A window on a registry of its own, nothing loaded yet."""
    yield _window(qtbot, tmp_path, SystemRegistry.from_entry_points())


def test_opening_a_character_loads_only_its_system(fresh: MainWindow) -> None:
    assert fresh.registry.loaded_ids() == []
    assert fresh.open_path(SAMPLE) is not None
    assert fresh.registry.loaded_ids() == ["gladiators"]
    assert "capital" in fresh.registry.ids()


def test_the_examples_menu_lists_every_system_when_opened(fresh: MainWindow) -> None:
    fresh.examples_menu.aboutToShow.emit()
    labels = [action.text() for action in fresh.examples_menu.actions()]
    assert "Night Owl (Glorious Gladiators v6)" in labels
    assert any(label.endswith("(Capital alpha2)") for label in labels)
    assert fresh.registry.loaded_ids() == fresh.registry.ids()
    fresh.examples_menu.aboutToShow.emit()  # filled once, not twice
    assert [action.text() for action in fresh.examples_menu.actions()] == labels
    night_owl = next(a for a in fresh.examples_menu.actions() if a.text().startswith("Night"))
    night_owl.trigger()
    assert [d.document.meta.name for d in fresh.documents()] == ["Night Owl"]


def test_loading_the_other_systems_after_the_first_paint(fresh: MainWindow) -> None:
    fresh.open_path(SAMPLE)
    assert app_module.load_other_systems(fresh)
    assert fresh.registry.loaded_ids() == fresh.registry.ids()


class _BrokenPoint:
    """An entry point whose system has a broken catalog."""

    name = "gladiators"
    value = "sheetapp.systems.gladiators.system:SYSTEM"

    def load(self) -> Any:
        raise CatalogError("gladiators/abilities.json", "armour", "level_limit: not an integer")


def test_a_broken_system_is_said_in_a_dialog(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []

    def record(_parent: object, title: str, message: str) -> None:
        shown.append((title, message))

    monkeypatch.setattr(open_actions, "show_error", record)
    monkeypatch.setattr(app_module, "show_error", record)
    window = _window(qtbot, tmp_path, SystemRegistry(plugins=[_BrokenPoint()]))  # type: ignore[list-item]
    assert window.open_path(SAMPLE) is None
    assert shown[-1][0] == "Cannot open the character"
    assert "gladiators/abilities.json, entry 'armour'" in shown[-1][1]
    assert not app_module.load_other_systems(window)
    assert shown[-1][0] == "A game system cannot be loaded"
    assert window.new_character() is None
    assert "entry 'armour'" in shown[-1][1]
    window.examples_menu.aboutToShow.emit()
    assert "entry 'armour'" in shown[-1][1]
    assert [a.text() for a in window.examples_menu.actions()] == ["(no examples installed)"]


def test_after_first_paint_runs_its_callback_once_the_window_has_painted(
    fresh: MainWindow, qtbot: QtBot
) -> None:
    calls: list[int] = []
    app_module.AfterFirstPaint(fresh, lambda: calls.append(len(fresh.registry.loaded_ids())))
    assert calls == []
    fresh.show()
    qtbot.waitUntil(lambda: calls == [0], timeout=5000)
    fresh.update()
    qtbot.wait(50)
    assert calls == [0]  # the first paint only


_FIRST_PAINT_SCRIPT = """
import sys
from pathlib import Path
from importlib.metadata import entry_points
from PySide6.QtCore import QEvent, QObject, QTimer
from ui.app import create_app
app = create_app([])
from sheetapp.core.system import SystemRegistry
from tests.fakesystem import FAKE_SYSTEM
from ui.main_window import MainWindow
registry = SystemRegistry([FAKE_SYSTEM], entry_points(group="sheetapp.systems"))
window = MainWindow(registry)
loaded = []
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and watched is window and not loaded:
            loaded.extend(sorted(m for m in sys.modules if m.startswith("sheetapp.systems.")))
            QTimer.singleShot(0, app.quit)
        return False
watcher = FirstPaint()
app.installEventFilter(watcher)
assert window.open_path(Path(sys.argv[1])) is not None
window.show()
app.exec()
print("\\n".join(loaded))
"""


@pytest.mark.parametrize("system_id", sorted(SystemRegistry.from_entry_points().ids()))
def test_the_first_paint_imports_only_the_opened_system(system_id: str) -> None:
    """With every built-in system and the fake test system installed, a window showing
    one system's character has imported nothing of the others at its first paint: start-up
    stays flat as systems are added (issue 23)."""
    import os
    import subprocess
    import sys

    from tests.ui.conftest import REPO

    examples = sorted((REPO / "resources" / "examples" / system_id).glob("*.json"))
    assert examples, f"{system_id} ships no example"
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_PAINT_SCRIPT, str(examples[0])],
        cwd=REPO,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    modules = done.stdout.split()
    package = f"sheetapp.systems.{system_id.replace('-', '_')}"
    assert package in modules
    others = [
        m
        for m in modules
        if m.count(".") >= 2 and not (m == package or m.startswith(package + "."))
    ]
    assert others == []
