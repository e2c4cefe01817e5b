"""The cyclic garbage collector is paused while the window starts.

Start-up creates a few hundred thousand long-lived objects (modules, classes, pydantic
schemas, Qt wrappers, catalogs) and almost no garbage, yet the collector would run
about a hundred times over them (some 40 ms here). :func:`pause_collector` stops it
before the first heavy import; :func:`resume_collector`, called once the window has
been painted, moves everything alive at that moment to the permanent generation
(``gc.freeze``), so later collections while editing never scan it, and starts the
collector again. Frozen objects are never collected, so when something start-up loaded
may have become garbage (the window closes a character), :func:`thaw_collector` hands
them back to the collector.
"""

from __future__ import annotations

import gc


class _Pause:
    paused = False


def pause_collector() -> None:
    if gc.isenabled():
        gc.disable()
        _Pause.paused = True


def resume_collector() -> None:
    """Undo :func:`pause_collector` (nothing when it did not pause); safe to call twice."""
    if _Pause.paused:
        _Pause.paused = False
        gc.freeze()
        gc.enable()


def thaw_collector() -> None:
    """Let the collector see what :func:`resume_collector` froze again."""
    if gc.get_freeze_count():
        gc.unfreeze()


def collector_paused() -> bool:
    return _Pause.paused
