"""The Capital editor page (found through the ``sheetapp.pages`` entry point ``capital``)."""

from __future__ import annotations

from ui.systems.capital.page import CapitalPage

__all__ = ["CapitalPage"]
