"""Work that can take more than a blink runs off the UI thread, with a progress dialog.

:func:`run_in_background` starts ``work`` on a worker thread and returns a
:class:`BackgroundJob`. While it runs, the window keeps painting, and after
:data:`SHOW_AFTER_MS` a window-modal progress dialog (busy bar, Cancel) says what is
happening and keeps edits out until it is done. The result comes back on the UI thread:
``on_done(result)``, or ``on_failed(error)`` for an exception; after Cancel neither is
called and the result is dropped (the work itself cannot be interrupted, so it must not
change anything a user sees: it computes, the caller applies on ``on_done``).

The work gets only values that are never changed in place (documents are replaced, not
mutated, by edits; see :mod:`sheetapp.core.incremental`), so it needs no copies.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from sheetapp.logs import get_logger

#: a job that ends sooner shows no dialog at all
SHOW_AFTER_MS = 300

_log = get_logger("ui.background")


class BackgroundJob(QObject):
    """One piece of work on a worker thread; its signals arrive on the UI thread."""

    succeeded = Signal(object)
    raised = Signal(object)
    #: emitted on the worker thread with (ok, value); queued to the UI thread
    _outcome = Signal(object)
    #: after the result was delivered, the error reported, or the job cancelled
    ended = Signal()

    def __init__(self, parent: QWidget, label: str) -> None:
        super().__init__(parent)
        self.label = label
        self.cancelled = False
        self.running = True
        self.progress = QProgressDialog(label, "Cancel", 0, 0, parent)
        self.progress.setObjectName("background_progress")
        self.progress.setWindowTitle("sheetapp")
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setAutoClose(False)
        self.progress.setAutoReset(False)
        self.progress.canceled.connect(self.cancel)
        self._outcome.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        # QProgressDialog's own minimumDuration only counts from a setValue(), which a
        # busy bar never gets: show it from a timer instead.
        QTimer.singleShot(SHOW_AFTER_MS, self._show_if_running)

    def _show_if_running(self) -> None:
        if self.running:
            self.progress.show()

    def cancel(self) -> None:
        """Drop the result when it comes; the window is usable again at once."""
        if self.running:
            self.cancelled = True
            self._finish()

    def _finish(self) -> None:
        self.running = False
        self.progress.canceled.disconnect(self.cancel)
        self.progress.close()
        self.progress.deleteLater()
        self.ended.emit()

    def _deliver(self, outcome: tuple[bool, Any]) -> None:
        if not self.running:  # cancelled: the result is not wanted any more
            return
        ok, value = outcome
        if not ok:
            # the progress window goes first: the error dialog must not sit under it
            self._finish()
            self.raised.emit(value)
            return
        # The dialog stays up while the result is applied (e.g. a large character's
        # views are built), so the window never looks idle before it is ready.
        try:
            self.succeeded.emit(value)
        finally:
            self._finish()


def run_in_background(
    parent: QWidget,
    label: str,
    work: Callable[[], Any],
    on_done: Callable[[Any], object],
    on_failed: Callable[[BaseException], object],
) -> BackgroundJob:
    job = BackgroundJob(parent, label)
    job.succeeded.connect(on_done)
    job.raised.connect(on_failed)

    def target() -> None:
        try:
            outcome: tuple[bool, Any] = (True, work())
        except Exception as exc:  # handed to on_failed, which tells the user
            _log.info("background work failed: %s", label, exc_info=True)
            outcome = (False, exc)
        try:
            job._outcome.emit(outcome)
        except RuntimeError:  # the window was closed meanwhile: nobody wants the result
            _log.info("background work ended after its window closed: %s", label)

    threading.Thread(target=target, name=f"sheetapp: {label}", daemon=True).start()
    return job
