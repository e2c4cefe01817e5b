"""The start-up launcher's first-paint watcher sits on the window it reports, not on the
application: there it saw every event of every widget sheetapp built before its first
paint (50-150 ms the floor did not pay), and any main window's paint."""

from __future__ import annotations

from collections.abc import Callable
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
    other_paints, watched_paints = _paints(other), _paints(watched)
    other.show()
    qtbot.waitUntil(lambda: other_paints() > 0)  # waited for as a paint, not as time
    assert reports == []
    watched.show()
    qtbot.waitUntil(lambda: len(reports) == 1)
    painted = watched_paints()
    watched.update()
    qtbot.waitUntil(lambda: watched_paints() > painted)
    assert len(reports) == 1


def _paints(window: Any) -> Callable[[], int]:
    """How many times ``window`` has been painted from now on."""
    from PySide6.QtCore import QEvent, QObject

    class PaintCount(QObject):
        count = 0

        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    counter = PaintCount(window)
    window.installEventFilter(counter)
    return lambda: counter.count
