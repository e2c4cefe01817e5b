"""The window starts and shows what the domain computed for the sample character."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from ui.editor_view import EditorView
from ui.main_window import MainWindow

SAMPLE = (
    Path(__file__).resolve().parents[1] / "resources" / "examples" / "gladiators" / "night-owl.json"
)


def test_window_opens_the_sample(qtbot: QtBot) -> None:
    window = MainWindow(installed_systems())
    qtbot.addWidget(window)
    view = window.open_path(SAMPLE)
    assert isinstance(view, EditorView)
    assert window.tabs.count() == 1
    assert "28 / 40 GP" in view.totals.text()
    assert view.page.abilities.rowCount() == 9  # type: ignore[attr-defined]
    assert "Hits: 5" in view.totals.text() and "Move: Glider Wings: 6" in view.totals.text()
    assert "Night Owl" in window.windowTitle()


def test_broken_file_does_not_open_a_tab(qtbot: QtBot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    monkeypatch.setattr(
        "ui.open_actions.show_error", lambda _parent, _title, text: shown.append(text)
    )
    window = MainWindow(installed_systems())
    qtbot.addWidget(window)
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    assert window.open_path(bad) is None
    assert window.tabs.count() == 0
    assert shown and "line 1, column 2" in shown[0]
