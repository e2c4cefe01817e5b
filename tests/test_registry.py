"""Systems are plug-ins found through the `sheetapp.systems` entry-point group."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

from sheetapp.core import system as system_module
from sheetapp.core.catalog import CatalogError
from sheetapp.core.system import (
    GameSystem,
    SystemLoadError,
    SystemRegistry,
    UnknownSystemError,
)
from tests.fakesystem import FAKE_SYSTEM


def fake_entry_points(*points: EntryPoint) -> Any:
    def lookup(group: str) -> list[EntryPoint]:
        assert group == "sheetapp.systems"
        return list(points)

    return lookup


def test_third_party_system_is_found_without_touching_our_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    point = EntryPoint("fake", "tests.fakesystem:FAKE_SYSTEM", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point))
    registry = SystemRegistry.from_entry_points()
    assert registry.ids() == ["fake"]
    assert registry.get("fake") is FAKE_SYSTEM
    assert isinstance(FAKE_SYSTEM, GameSystem)


def test_broken_plugin_fails_loudly_with_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("ghost", "tests.does_not_exist:SYSTEM", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point))
    registry = SystemRegistry.from_entry_points()
    assert registry.ids() == ["ghost"] and "ghost" in registry  # listed without importing
    with pytest.raises(SystemLoadError, match="'ghost'"):
        registry.get("ghost")
    with pytest.raises(SystemLoadError, match="'ghost'"):
        list(registry)


def test_plugin_must_be_a_game_system(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("fake", "tests.fakesystem:KNOWN_SKILLS", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point))
    with pytest.raises(SystemLoadError, match="not a GameSystem"):
        SystemRegistry.from_entry_points().get("fake")


def test_unknown_system_lists_the_known_ones() -> None:
    registry = SystemRegistry([FAKE_SYSTEM])
    with pytest.raises(UnknownSystemError, match=r"known systems: fake"):
        registry.get("dragons")


def test_the_installed_systems_include_glorious_gladiators() -> None:
    assert "gladiators" in system_module.installed_systems()


def test_plugin_must_declare_the_id_of_its_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("other", "tests.fakesystem:FAKE_SYSTEM", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point))
    with pytest.raises(SystemLoadError, match="'other' declares the system id 'fake'"):
        SystemRegistry.from_entry_points().get("other")


def test_two_plugins_with_one_id_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("fake", "tests.fakesystem:FAKE_SYSTEM", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point, point))
    with pytest.raises(SystemLoadError, match="Two game systems claim the id 'fake'"):
        SystemRegistry.from_entry_points()


def test_a_plugin_is_imported_only_when_first_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads: list[str] = []

    class CountingPoint:
        name = "fake"
        value = "tests.fakesystem:FAKE_SYSTEM"

        def load(self) -> Any:
            loads.append(self.name)
            return FAKE_SYSTEM

    registry = SystemRegistry(plugins=[CountingPoint()])  # type: ignore[list-item]
    assert registry.ids() == ["fake"] and registry.loaded_ids() == [] and loads == []
    assert registry.get("fake") is FAKE_SYSTEM and registry.get("fake") is FAKE_SYSTEM
    assert loads == ["fake"] and registry.loaded_ids() == ["fake"]
    assert list(registry) == [FAKE_SYSTEM] and loads == ["fake"]


def test_a_broken_catalog_is_reported_by_the_first_request_for_its_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Catalogs are validated before a system is handed out, even when loaded lazily."""

    class BrokenCatalogs:
        id = "fake"
        name = "Fake"
        system_version = "1"
        seed = "none"
        document_model = FAKE_SYSTEM.document_model
        new_document = FAKE_SYSTEM.new_document
        evaluate = FAKE_SYSTEM.evaluate
        unknown_references = FAKE_SYSTEM.unknown_references

        def load_catalogs(self) -> None:
            raise CatalogError("fake/things.json", "thing", "cost: not a number")

    class Point:
        name = "fake"
        value = "tests:BrokenCatalogs"

        def load(self) -> Any:
            return BrokenCatalogs()

    registry = SystemRegistry(plugins=[Point()])  # type: ignore[list-item]
    assert registry.ids() == ["fake"]
    with pytest.raises(CatalogError, match=r"fake/things.json, entry 'thing'"):
        registry.get("fake")
    assert registry.loaded_ids() == []
