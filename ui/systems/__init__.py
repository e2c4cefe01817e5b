"""System editor pages: each game system plugs its editing UI into the window by id.

A page is a :class:`SystemPage` built for one :class:`ui.document.EditorDocument`.
Built-in pages are imported on first use; a system without a page gets the read-only
:class:`ui.systems.generic.GenericPage`, so a new system is usable before its editor exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from ui.document import EditorDocument
from ui.systems.base import SystemPage

PageFactory = Callable[[EditorDocument, QWidget | None], SystemPage]

#: Modules that register a page for a system when imported.
BUILTIN_PAGES: dict[str, str] = {
    "gladiators": "ui.systems.gladiators",
    "capital": "ui.systems.capital",
}

_PAGES: dict[str, PageFactory] = {}


def register_page(system_id: str, factory: PageFactory) -> None:
    _PAGES[system_id] = factory


def page_factory(system_id: str) -> PageFactory | None:
    if system_id not in _PAGES and system_id in BUILTIN_PAGES:
        importlib.import_module(BUILTIN_PAGES[system_id])
    return _PAGES.get(system_id)


def create_page(document: EditorDocument, parent: QWidget | None = None) -> SystemPage:
    factory = page_factory(document.system.id)
    if factory is None:
        from ui.systems.generic import GenericPage

        return GenericPage(document, parent)
    return factory(document, parent)


__all__ = ["SystemPage", "create_page", "page_factory", "register_page"]
