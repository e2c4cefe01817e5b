"""Systems are plug-ins found through the `sheetapp.systems` entry-point group."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

from sheetapp.core import system as system_module
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
    with pytest.raises(SystemLoadError, match="'ghost'"):
        SystemRegistry.from_entry_points()


def test_plugin_must_be_a_game_system(monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint("fake", "tests.fakesystem:KNOWN_SKILLS", "sheetapp.systems")
    monkeypatch.setattr(system_module, "entry_points", fake_entry_points(point))
    with pytest.raises(SystemLoadError, match="not a GameSystem"):
        SystemRegistry.from_entry_points()


def test_unknown_system_lists_the_known_ones() -> None:
    registry = SystemRegistry([FAKE_SYSTEM])
    with pytest.raises(UnknownSystemError, match=r"known systems: fake"):
        registry.get("dragons")


def test_the_installed_systems_include_glorious_gladiators() -> None:
    assert "gladiators" in system_module.installed_systems()
