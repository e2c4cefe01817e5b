"""The start-up launcher's first-paint watcher sits on the window it reports, not on the
application: there it saw every event of every widget sheetapp built before its first
paint (50-150 ms the floor did not pay), and any main window's paint."""

from __future__ import annotations

from typing import Any


def test_the_first_paint_watcher_watches_its_own_window_alone(qtbot: Any, monkeypatch: Any) -> None:
    """On the application the watcher saw every event of every widget sheetapp built before
    its first paint (50-150 ms more than the floor paid), and any main window's paint."""
    from PySide6.QtWidgets import QMainWindow

    from bench import launch

    reports: list[object] = []
    monkeypatch.setattr(launch, "_report", reports.append)
    watched, other = QMainWindow(), QMainWindow()
    qtbot.addWidget(watched)
    qtbot.addWidget(other)
    launch._watch_first_paint(watched, then=lambda: None)
    other.show()
    qtbot.waitExposed(other)
    qtbot.wait(50)
    assert reports == []
    watched.show()
    qtbot.waitUntil(lambda: len(reports) == 1)
    watched.update()
    qtbot.wait(50)
    assert len(reports) == 1
