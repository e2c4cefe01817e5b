"""Ledger lines name what they changed in the player's words (sheetapp.advancement.naming),
for the X-Men HERO and Power Sets ledgers."""

from __future__ import annotations

from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import load_example


def test_a_path_into_a_list_is_named_by_its_item() -> None:
    systems = installed_systems()
    volt = load_example("powersets", "volt", systems).document
    rules = systems.get("powersets").advancement  # type: ignore[attr-defined]
    path = ("character", "superpowers", 0, "levels")
    assert rules.describe_path(volt, path) == "Lightning Bolt › Levels"
    assert rules.describe_path(volt, ("character", "superpowers", 99)) == "Superpower"
    assert rules.describe_path(volt, ("meta", "name")) == ""
    added = volt.character.failings[0].model_dump(mode="json")
    assert rules.describe_value(("character", "failings", 0), added) == "Hunted"
    hero = load_example("hero-xmen", "lodestar", systems).document
    hero_rules = systems.get("hero-xmen").advancement  # type: ignore[attr-defined]
    assert hero_rules.describe_path(hero, ("campaign", "base_points")) == "Campaign: base points"
    assert hero_rules.describe_path(hero, ("character", "characteristics", 4, "bought")).endswith(
        "› Bought"
    )
