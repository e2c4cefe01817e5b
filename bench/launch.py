"""A process the start-up benchmark starts: it shows a window, reports, and quits.

``python bench/launch.py bare`` shows an empty ``QMainWindow`` (1100×750, the size
sheetapp uses); ``python bench/launch.py stack`` does the same after importing pydantic
and validating one tiny model, the least any program on sheetapp's fixed stack (PySide6
and pydantic) does before it can show a validated file; ``python bench/launch.py app
FILE`` runs sheetapp's own entry point, ``sheetapp.cli.main([FILE])``, exactly as
``python -m sheetapp FILE`` does. At the first paint of the main window the process
prints one JSON line with the monotonic clock (comparable with the parent's on Linux and
macOS) and its peak memory so far, then quits the event loop.

``bare`` and ``stack`` install the paint watcher on their QApplication. ``app`` must not
import Qt before sheetapp does: sheetapp imports its domain first, because PySide6 reads
the source of every module imported after it (to see whether it asks for a
``__feature__``). Until 2026-11-26 this launcher created the QApplication first, which
made every domain module pay that read and the measured start-up about 100 ms longer than
the app's own. Now an import hook installs the watcher when sheetapp's ``ui.app`` creates
its QApplication; the app runs, imports and paints exactly as it does for a user.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import json
import resource
import sys
import time
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


def _watch_first_paint(app: Any) -> None:
    """Report at the first paint of a main window, then quit the event loop."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QMainWindow

    class FirstPaint(QObject):
        seen = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            first = not self.seen and event.type() == QEvent.Type.Paint
            if first and isinstance(watched, QMainWindow):
                self.seen = True
                # sheetapp's window says how many characters it shows in this paint.
                documents = getattr(watched, "documents", None)
                _report(len(documents()) if callable(documents) else None)
                QTimer.singleShot(0, app.quit)
            return False

    app._first_paint_watcher = watcher = FirstPaint()
    app.installEventFilter(watcher)


class _WatchAppCreation(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Wraps ``ui.app.create_app`` as the module is imported, so the watcher is installed
    on sheetapp's own QApplication the moment it exists."""

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
        create_app = module.create_app

        def create_and_watch(argv: list[str]) -> Any:
            app = create_app(argv)
            _watch_first_paint(app)
            return app

        module.create_app = create_and_watch


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
    _watch_first_paint(app)
    if mode == "stack":
        _validate_one_model()
    window = QMainWindow()
    window.resize(1100, 750)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
