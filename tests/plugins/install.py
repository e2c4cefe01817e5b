"""Point Buy installed the way a third-party plug-in is: a distribution whose
``entry_points.txt`` names it in the ``sheetapp.systems`` group, found on ``sys.path``
by ``importlib.metadata`` through the same registry a user's plug-in goes through.
Only while :func:`installed` runs (a test that asks for it); no user ever sees it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sheetapp.core import plugins
from sheetapp.core.system import ENTRY_POINT_GROUP, SystemRegistry, installed_systems

DIST_INFO = "sheetapp_pointbuy-1.0.dist-info"
METADATA = "Metadata-Version: 2.1\nName: sheetapp-pointbuy\nVersion: 1.0\n"
ENTRY_POINTS = f"[{ENTRY_POINT_GROUP}]\npointbuy = tests.plugins.pointbuy.system:SYSTEM\n"


def write_site(site: Path) -> Path:
    """``site`` holding the plug-in's installed metadata (its code is ``tests.plugins``)."""
    info = site / DIST_INFO
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(METADATA, encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return site


def _forget() -> None:
    importlib.invalidate_caches()
    plugins.forget_installed()
    installed_systems.cache_clear()


@contextmanager
def installed(site: Path) -> Iterator[SystemRegistry]:
    """The installed systems with Point Buy among them, until the block ends."""
    sys.path.insert(0, str(site))
    _forget()
    try:
        yield installed_systems()
    finally:
        sys.path.remove(str(site))
        _forget()
