"""The Glorious Gladiators editor page, registered for the system id ``gladiators``."""

from __future__ import annotations

from ui.systems import register_page
from ui.systems.gladiators.page import GladiatorsPage

register_page("gladiators", GladiatorsPage)

__all__ = ["GladiatorsPage"]
