"""Work-arounds for bugs in the Qt bindings, in one place.

PySide6 6.12.0 on Python 3.11 loses one reference to ``True`` on every ``signal.emit()``
called from Python (emit returns ``True`` without a new reference). ``True`` is not
immortal before Python 3.12, so after a few thousand emits the interpreter aborts
("bool_dealloc: deallocating True or False"). :func:`emit` measures the loss once and
gives the reference back; with bindings that do not leak it is a plain ``emit``.
Every ``emit`` in ``ui`` goes through it.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal


class _Probe(QObject):
    ping = Signal()


def _measure_leak() -> int:
    probe = _Probe()
    rounds = 8
    before = sys.getrefcount(True)
    for _ in range(rounds):
        probe.ping.emit()
    lost = before - sys.getrefcount(True)
    return lost // rounds if lost > 0 and lost % rounds == 0 else 0


LEAKED_PER_EMIT = _measure_leak()
if LEAKED_PER_EMIT:
    # Give back what the measurement itself lost.
    for _ in range(8 * LEAKED_PER_EMIT):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))


def emit(signal: Any, *args: Any) -> None:
    """``signal.emit(*args)``, compensating the bindings' reference leak if there is one."""
    signal.emit(*args)
    for _ in range(LEAKED_PER_EMIT):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
