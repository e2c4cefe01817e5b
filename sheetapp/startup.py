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

import contextlib
import gc
import importlib
from collections.abc import Sequence

from sheetapp.storage.jsontext import SYSTEM_FIELD


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


# --- the domain before Qt -------------------------------------------------------------------

_HEAD_BYTES = 4096
#: the domain modules the window uses while it opens a file and paints it
WINDOW_DOMAIN = (
    "sheetapp.storage.files",
    "sheetapp.storage.examples",
    "sheetapp.storage.locking",
    "sheetapp.editing.autosave",
    "sheetapp.editing.collections",
    "sheetapp.editing.explain",
    "sheetapp.editing.places",
    "sheetapp.editing.search",
)


def system_named_in(path: str) -> str | None:
    """The system id a character file names near its top, or None (unreadable, not
    sheetapp's layout): a hint for :func:`preload_domain` only, never a decision."""
    try:
        with open(path, "rb") as file:
            head = file.read(_HEAD_BYTES)
    except (OSError, ValueError):
        return None
    found = SYSTEM_FIELD.search(head)
    return found.group(1).decode("ascii") if found else None


def preload_domain(paths: Sequence[str]) -> None:
    """Import the pure-Python domain the window needs, and load the systems of the files
    it will open, before Qt is imported.

    Once PySide6 is imported it reads the source of every module imported after it (to
    see whether the module asks for a ``__feature__``), which costs start-up some 50 ms
    for the domain's modules alone; before it, they import at their plain cost. Nothing
    is decided here: a file that cannot be read, or a system that cannot be loaded, is
    left for the window, which says so in its own words.
    """
    from sheetapp.core.catalog import CatalogError
    from sheetapp.core.system import SystemLoadError, installed_systems

    for name in WINDOW_DOMAIN:
        importlib.import_module(name)
    registry = installed_systems()
    for path in paths:
        system_id = system_named_in(path)
        if system_id is not None and system_id in registry:
            with contextlib.suppress(CatalogError, SystemLoadError):
                registry.get(system_id)
