"""A system's optional capabilities are found as its methods (what the one-method
protocols in sheetapp.core.system describe), and are absent when it has none."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sheetapp.core.system import (
    DeclaresCollections,
    PrintsSheet,
    collections_of,
    installed_systems,
    price_settings_of,
    sheet_builder,
)


def test_a_system_without_capabilities_has_none() -> None:
    bare = SimpleNamespace()
    assert collections_of(bare) == ()
    assert price_settings_of(bare) == ()
    assert sheet_builder(bare) is None
    switched_off = SimpleNamespace(collections=None, price_settings=None, sheet=None)
    assert collections_of(switched_off) == ()
    assert price_settings_of(switched_off) == ()
    assert sheet_builder(switched_off) is None


def test_a_system_with_capabilities_is_asked() -> None:
    lists: Any = ("a list",)
    prices: Any = ("a price",)

    def sheet(_document: Any, _evaluation: Any) -> Any:
        return "sheet"

    able = SimpleNamespace(collections=lambda: lists, price_settings=lambda: prices, sheet=sheet)
    assert collections_of(able) is lists
    assert price_settings_of(able) is prices
    assert sheet_builder(able) is sheet


def test_the_same_answer_as_the_protocols_for_every_installed_system() -> None:
    systems = installed_systems()
    for system_id in systems.ids():
        system = systems.get(system_id)
        assert bool(collections_of(system)) == isinstance(system, DeclaresCollections)
        assert (sheet_builder(system) is not None) == isinstance(system, PrintsSheet)
