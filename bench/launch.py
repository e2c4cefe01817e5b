"""A process the start-up benchmark starts: it shows a window, reports, and quits.

``python bench/launch.py bare`` shows an empty ``QMainWindow`` (1100×750, the size
sheetapp uses); ``python bench/launch.py stack`` does the same after importing pydantic
and validating one tiny model, the least any program on sheetapp's fixed stack (PySide6
and pydantic) does before it can show a validated file; ``python bench/launch.py app
FILE`` runs sheetapp's own entry point, ``sheetapp.cli.main([FILE])``, exactly as
``python -m sheetapp FILE`` does. All
create the QApplication first so one event filter sees the first paint of the main
window; at that moment the process prints one JSON line with the monotonic clock
(comparable with the parent's on Linux and macOS) and its peak memory so far, then
quits the event loop.
"""

from __future__ import annotations

import json
import resource
import sys
import time


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


def main(argv: list[str]) -> int:
    mode, files = argv[0], argv[1:]
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(["sheetapp"])

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

    watcher = FirstPaint()
    app.installEventFilter(watcher)
    if mode == "stack":
        _validate_one_model()
    if mode in ("bare", "stack"):
        window = QMainWindow()
        window.resize(1100, 750)
        window.show()
        return app.exec()
    if mode == "app":
        from sheetapp.cli import main as sheetapp_main

        return sheetapp_main(files)
    print(f"unknown mode {mode!r}; use 'bare', 'stack' or 'app FILE'", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
