"""The Capital editor page, registered for the system id ``capital``."""

from __future__ import annotations

from ui.systems import register_page
from ui.systems.capital.page import CapitalPage

register_page("capital", CapitalPage)

__all__ = ["CapitalPage"]
