"""A system's optional capabilities are asked for one way, ``capability(system,
Protocol)`` (``isinstance`` with the runtime-checkable protocols of
:mod:`sheetapp.core.system`); the ``*_of`` helpers are that question with the empty
answer filled in, so they agree with the protocols for every system."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sheetapp.core.system import (
    AdvancementRules,
    Advances,
    DeclaresActions,
    DeclaresCollections,
    MigratesSystemData,
    NamesPlaces,
    NamesPricedTotals,
    PrintsCardTracks,
    PrintsSheet,
    SetsPrices,
    StartsFromSettings,
    WritesStatblock,
    actions_of,
    advancement_of,
    capability,
    collections_of,
    has_actions,
    installed_systems,
    price_settings_of,
    sheet_builder,
    system_data_steps_of,
)

REPO = Path(__file__).resolve().parents[1]
#: every optional capability of a system object, by the member that offers it
CAPABILITIES: dict[str, type] = {
    "collections": DeclaresCollections,
    "place_collections": NamesPlaces,
    "actions": DeclaresActions,
    "sheet": PrintsSheet,
    "statblock": WritesStatblock,
    "card_tracks": PrintsCardTracks,
    "price_settings": SetsPrices,
    "started": StartsFromSettings,
    "system_data_steps": MigratesSystemData,
    "advancement": Advances,
}


def test_a_system_without_capabilities_has_none() -> None:
    bare = SimpleNamespace()
    for protocol in CAPABILITIES.values():
        assert capability(bare, protocol) is None
    assert collections_of(bare) == ()
    assert price_settings_of(bare) == ()
    assert sheet_builder(bare) is None
    assert actions_of(bare, None) == () and not has_actions(bare)
    assert system_data_steps_of(bare) == ()
    assert advancement_of(bare) is None


def test_a_system_with_capabilities_is_asked() -> None:
    lists: Any = ("a list",)
    prices: Any = ("a price",)

    def sheet(_document: Any, _evaluation: Any) -> Any:
        return "sheet"

    able = SimpleNamespace(collections=lambda: lists, price_settings=lambda: prices, sheet=sheet)
    assert capability(able, DeclaresCollections) is able
    assert capability(able, DeclaresActions) is None
    assert collections_of(able) is lists
    assert price_settings_of(able) is prices
    assert sheet_builder(able) is sheet


def test_advancement_rules_are_asked_the_same_way() -> None:
    """An ``advancement`` that is not an AdvancementRules declaration is no advancement."""
    assert advancement_of(SimpleNamespace(advancement="not rules")) is None
    for system in installed_systems():
        rules = advancement_of(system)
        assert isinstance(rules, AdvancementRules)
        priced = capability(rules, NamesPricedTotals)
        assert priced is None or priced.priced_totals


def test_the_same_answer_as_the_protocols_for_every_installed_system() -> None:
    systems = installed_systems()
    for system_id in systems.ids():
        system = systems.get(system_id)
        assert bool(collections_of(system)) == isinstance(system, DeclaresCollections)
        assert (sheet_builder(system) is not None) == isinstance(system, PrintsSheet)
        assert has_actions(system) == isinstance(system, DeclaresActions)
        assert bool(price_settings_of(system)) == isinstance(system, SetsPrices)
        assert bool(system_data_steps_of(system)) == isinstance(system, MigratesSystemData)


def test_every_public_member_of_a_system_is_required_or_a_declared_capability() -> None:
    """A method a shipped system offers beyond the GameSystem protocol is one of the
    contract's capabilities, so nothing is found by guessing at a name."""
    required = {"id", "name", "system_version", "seed", "document_model", "load_catalogs"}
    required |= {"new_document", "evaluate", "unknown_references"}
    for system in installed_systems():
        public = {name for name in dir(type(system)) if not name.startswith("_")}
        unknown = public - required - CAPABILITIES.keys()
        assert not unknown, f"{system.id}: {sorted(unknown)} are in no capability"


def _asks_by_hand(node: ast.AST, names: set[str], protocols: set[str]) -> bool:
    """``getattr``/``hasattr`` with a capability's member name, or ``isinstance`` with a
    capability protocol: what ``capability(system, Protocol)`` answers."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return False
    if node.func.id in {"getattr", "hasattr"} and len(node.args) >= 2:
        named = node.args[1]
        return isinstance(named, ast.Constant) and named.value in names
    if node.func.id == "isinstance" and len(node.args) == 2:
        kind = node.args[1]
        return isinstance(kind, ast.Name) and kind.id in protocols
    return False


def test_capabilities_are_asked_one_way() -> None:
    """Anywhere in the application outside the contract module itself."""
    names = set(CAPABILITIES) | {"priced_totals"}
    protocols = {p.__name__ for p in CAPABILITIES.values()}
    protocols |= {"AdvancementRules", "LevelledAdvancement", "NamesPricedTotals"}
    contract = REPO / "sheetapp" / "core" / "system.py"
    found = []
    for top in ("sheetapp", "ui"):
        for path in (REPO / top).rglob("*.py"):
            if path == contract:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if _asks_by_hand(node, names, protocols):
                    found.append(f"{path.relative_to(REPO)}:{getattr(node, 'lineno', 0)}")
    assert found == []


def test_asking_by_hand_is_seen() -> None:
    """The check above finds each way of asking by hand."""
    protocols = {"PrintsSheet"}

    def asks(source: str) -> bool:
        expression = ast.parse(source).body[0]
        assert isinstance(expression, ast.Expr)
        return _asks_by_hand(expression.value, {"sheet"}, protocols)

    assert asks('getattr(system, "sheet", None)') and asks("isinstance(system, PrintsSheet)")
    assert not asks("capability(system, PrintsSheet)")
