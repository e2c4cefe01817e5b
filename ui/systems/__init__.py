"""System editor pages: each game system plugs its editing UI into the window by id.

A page is a :class:`SystemPage` built for one :class:`ui.document.EditorDocument`. Pages
are found like the systems are: through the ``sheetapp.pages`` entry-point group (name:
the system id, value: a factory taking the document and a parent widget), imported on
first use. A system without its own page that declares its lists
(:class:`~sheetapp.core.system.DeclaresCollections`) gets the generic
:class:`ui.systems.collections_page.CollectionsPage` built from those declarations; one
that declares none gets the read-only :class:`ui.systems.generic.GenericPage`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint

from PySide6.QtWidgets import QWidget

from sheetapp.core.plugins import entry_points
from sheetapp.core.system import PAGES_ENTRY_POINT_GROUP, collections_of, installed_systems
from ui.document import EditorDocument
from ui.systems.base import SystemPage

PageFactory = Callable[[EditorDocument, QWidget | None], SystemPage]
PAGE_GROUP = PAGES_ENTRY_POINT_GROUP

#: pages registered at run time (tests, and plug-ins that register instead of declaring)
_PAGES: dict[str, PageFactory] = {}


@cache
def _page_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=PAGE_GROUP)}


def register_page(system_id: str, factory: PageFactory) -> None:
    _PAGES[system_id] = factory


def own_page_factory(system_id: str) -> PageFactory | None:
    """The page the system's package declares for ``system_id``, loaded on first use."""
    factory = _PAGES.get(system_id)
    if factory is not None:
        return factory
    point = _page_points().get(system_id)
    if point is None:
        return None
    loaded: PageFactory = point.load()
    _PAGES[system_id] = loaded
    return loaded


def page_factory(system_id: str) -> PageFactory | None:
    """The editor page for ``system_id``: its own, else the generic page built from its
    declared lists; None when it has neither (the read-only page is shown then)."""
    factory = own_page_factory(system_id)
    if factory is not None:
        return factory
    if system_id in installed_systems() and collections_of(installed_systems().get(system_id)):
        from ui.systems.collections_page import CollectionsPage

        return CollectionsPage
    return None


def create_page(document: EditorDocument, parent: QWidget | None = None) -> SystemPage:
    factory = own_page_factory(document.system.id)
    if factory is None and collections_of(document.system):
        from ui.systems.collections_page import CollectionsPage

        factory = CollectionsPage
    if factory is None:
        from ui.systems.generic import GenericPage

        return GenericPage(document, parent)
    return factory(document, parent)


__all__ = ["PAGE_GROUP", "SystemPage", "create_page", "page_factory", "register_page"]
