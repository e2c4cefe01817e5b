"""A process the start-up benchmark starts: it shows a window, reports, and quits.

``python bench/launch.py bare`` shows an empty ``QMainWindow`` (1100×750, the size
sheetapp uses); ``python bench/launch.py stack`` does the same after importing pydantic
and validating one tiny model, the least any program on sheetapp's fixed stack (PySide6
and pydantic) does before it can show a validated file; ``python bench/launch.py app
FILE`` runs sheetapp's own entry point, ``sheetapp.cli.main([FILE])``, exactly as
``python -m sheetapp FILE`` does. At the first paint of the main window the process
prints one JSON line with the monotonic clock (comparable with the parent's on Linux and
macOS) and its peak memory so far, then quits the event loop.

The watcher is an event filter on the main window alone (``bare`` and ``stack`` install
it on their window; ``app`` on sheetapp's, through an import hook on ``ui.app.build_window``).
``app`` must not import Qt before sheetapp does: sheetapp imports its domain first, because
PySide6 reads the source of every module imported after it (to see whether it asks for a
``__feature__``). Until 2026-11-26 this launcher created the QApplication first, which made
every domain module pay that read and the measured start-up about 100 ms longer than the
app's own; until 2026-11-27 the watcher filtered every event of the application, which
cost sheetapp (thousands of widget events before the first paint) 50-150 ms more than the
bare window. The app now runs, imports and paints exactly as it does for a user.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import json
import resource
import sys
import time
from collections.abc import Callable
from typing import Any


def _peak_rss_kb() -> int:
    """This program's peak resident memory. On Linux ``VmHWM`` of the process itself:
    ``ru_maxrss`` would also count the parent's memory from before the exec."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss


def _report(documents: int | None) -> None:
    line = {"shown_ns": time.monotonic_ns(), "max_rss_kb": _peak_rss_kb(), "documents": documents}
    print(json.dumps(line), flush=True)


def _validate_one_model() -> None:
    from pydantic import BaseModel

    class Floor(BaseModel):
        name: str

    Floor.model_validate({"name": "floor"})


def _watch_first_paint(window: Any, then: Callable[[], object] | None = None) -> None:
    """Report at the first paint of ``window``, then quit the event loop (or call ``then``).

    The filter sits on the window alone. It used to sit on the QApplication, where Python
    was called for every event of every widget until the first paint: a few for the bare
    window, thousands while sheetapp built its pages, which added 50-150 ms to sheetapp's
    start-up and nothing to the floor's (measured 2026-11-27). sheetapp's own
    ``AfterFirstPaint`` watches its window the same way."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class FirstPaint(QObject):
        seen = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if not self.seen and watched is window and event.type() == QEvent.Type.Paint:
                self.seen = True
                # sheetapp's window says how many characters it shows in this paint.
                documents = getattr(watched, "documents", None)
                _report(len(documents()) if callable(documents) else None)
                QTimer.singleShot(0, then or QApplication.quit)
            return False

    window._first_paint_watcher = watcher = FirstPaint(window)
    window.installEventFilter(watcher)


class _WatchAppCreation(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Wraps ``ui.app.build_window`` as the module is imported, so the watcher is
    installed on sheetapp's own main window the moment it exists (before it is shown)."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "ui.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return None
        self._loader = spec.loader
        spec.loader = self
        return spec

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        build_window = module.build_window

        def build_and_watch(*args: Any, **kwargs: Any) -> Any:
            window = build_window(*args, **kwargs)
            if window is not None:
                _watch_first_paint(window)
            return window

        module.build_window = build_and_watch


def main(argv: list[str]) -> int:
    mode, files = argv[0], argv[1:]
    if mode == "app":
        sys.meta_path.insert(0, _WatchAppCreation())
        from sheetapp.cli import main as sheetapp_main

        return sheetapp_main(files)
    if mode not in ("bare", "stack"):
        print(f"unknown mode {mode!r}; use 'bare', 'stack' or 'app FILE'", file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(["sheetapp"])
    if mode == "stack":
        _validate_one_model()
    window = QMainWindow()
    _watch_first_paint(window)
    window.resize(1100, 750)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
