"""The Gladiators editor page (found through the ``sheetapp.pages`` entry point ``gladiators``)."""

from __future__ import annotations

from ui.systems.gladiators.page import GladiatorsPage

__all__ = ["GladiatorsPage"]
