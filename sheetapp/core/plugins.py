"""The installed packages' entry points, read once per process.

Each read of ``importlib.metadata.entry_points`` opens the metadata of every installed
distribution (about 6 ms on the 2-core bench machine), and a start-up with a file asked
for three groups: the window (``sheetapp.gui``), the systems (``sheetapp.systems``) and
the editor pages (``sheetapp.pages``). A package installed while sheetapp runs is seen
at its next start, as with any program.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any


@cache
def _installed() -> Any:
    # SelectableGroups on Python 3.11, EntryPoints from 3.12: both have .select(group=...)
    return metadata.entry_points()


def entry_points(*, group: str) -> metadata.EntryPoints:
    """The entry points of ``group`` (the same call shape as ``importlib.metadata``'s)."""
    found: metadata.EntryPoints = _installed().select(group=group)
    return found


def forget_installed() -> None:
    """Read the installed packages again at the next call (tests that install one)."""
    _installed.cache_clear()
