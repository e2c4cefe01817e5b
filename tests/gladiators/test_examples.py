"""The seed's "Typical Minor Characters" (lines 671-713) as shipped examples.

The seed prints their abilities but no GP totals, so the totals below are what the
rules and the catalog give (RECONSTRUCTION.md §6 works them out by hand). The book's
own characters break some of its rules under the default readings; the tests record
exactly which, rather than bending the rules to make them pass.
"""

from __future__ import annotations

import pytest

from sheetapp.core.issues import Severity
from sheetapp.core.system import installed_systems
from sheetapp.storage.examples import list_examples, load_example
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.notation import ability_notation
from sheetapp.systems.gladiators.resolve import resolve_character

# id: (GP spent, [(error code, ability label)])
EXPECTED = {
    # Line 677: "Pistol: Damaging Attack L2, Lethal, Solid, Ranged, Focus, Shots, Bullet,
    # Conv." Focus -2, Shots -1, Bullet -2 = -5 against a cap of (2 + 3 + 3) // 2 = 4.
    "city-police": (17, [("gladiators.negative_cap", "Pistol")]),
    # Lines 683-696: the same Pistol; Gas Grenades "Drain Attack Vision L2, Limited Ammo
    # 3, Area Sphere, Persistent – Targets in Area and leaving, Focus" lists no Type
    # although Draining Attack "Has a Type" (line 72); the Gas Mask's Focus (-2) meets a
    # cap of 0 on a 1 GP Life Support.
    "swat-federal-agent": (
        28,
        [
            ("gladiators.negative_cap", "Pistol"),
            ("gladiators.negative_cap", "Gas Grenades"),
            ("gladiators.negative_cap", "Gas Mask"),
            ("gladiators.type_missing", "Gas Grenades"),
        ],
    ),
    # Lines 698-705: Shotgun L3 Area Long Line, Lethal, Focus, Shots; Pistol without Bullet.
    "professional-criminal": (12, []),
    # Line 710: "Pistol: Damaging Attack L1, Lethal, Solid, Ranged, Focus, Shots": level
    # 1 + Lethal 3 + Ranged 3 = 7, cap 7 // 2 = 3, but the limitations are worth -4.
    # "Skills – Low Grade Criminal (Com, Min)" (line 714): an advantage of 1 + 0 = 1 GP.
    "minor-criminal": (12, [("gladiators.negative_cap", "Pistol")]),
}


@pytest.fixture(scope="module")
def registry():  # type: ignore[no-untyped-def]
    return installed_systems()


def test_every_typical_minor_character_is_shipped(registry) -> None:  # type: ignore[no-untyped-def]
    names = {example.id: example.name for example in list_examples("gladiators", registry)}
    assert names["city-police"] == "City Police"
    assert names["swat-federal-agent"] == "SWAT, Federal Agent"
    assert names["professional-criminal"] == "Professional Criminal or Gangster"
    assert names["minor-criminal"] == "Minor Criminal or Gang Member"


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
def test_minor_character_costs_and_the_rules_it_breaks(registry, example_id: str) -> None:  # type: ignore[no-untyped-def]
    loaded = load_example("gladiators", example_id, registry)
    document = loaded.document
    assert document.character.character_type == "minor"
    evaluation = loaded.evaluate()
    spent, errors = EXPECTED[example_id]
    assert evaluation.total("gp").spent == spent
    found = sorted(
        (issue.code, document.character.abilities[issue.path[2]].label)
        for issue in evaluation.issues
        if issue.severity is Severity.ERROR
    )
    assert found == sorted(errors)
    # Line 11: minor characters "can't have any abilities above Level 3" — none does.
    assert all(ability.level <= 3 for ability in document.character.abilities)


def test_minor_characters_keep_one_hit_and_reactivate_on_six(registry) -> None:  # type: ignore[no-untyped-def]
    """Line 616: "A minor character takes 1 hit"; line 626: "always reactivate on 6+"."""
    evaluation = load_example("gladiators", "city-police", registry).evaluate()
    assert evaluation.derived_value("hits").value == 1
    assert evaluation.derived_value("reactivation").value == "6+ once"


def test_the_clamp_reading_turns_the_cap_errors_into_warnings(registry) -> None:  # type: ignore[no-untyped-def]
    loaded = load_example("gladiators", "city-police", registry)
    loaded.document.campaign.negative_cap = "clamp"
    evaluation = loaded.system.evaluate(loaded.document)
    assert not evaluation.has_errors
    assert evaluation.total("gp").spent == 17


def test_the_pistol_is_written_as_the_book_writes_it(registry) -> None:  # type: ignore[no-untyped-def]
    """Line 677: "Pistol: Damaging Attack L2, Lethal, Solid, Ranged, Focus, Shots, Bullet,
    Conv." The stat block leaves Direct implied, but Bullet needs "A Direct, Solid,
    Lethal attack" (line 170), so the example carries it."""
    document = load_example("gladiators", "city-police", registry).document
    resolved = resolve_character(document.character, catalogs())
    pistol = next(a for a in resolved if a.choice.label == "Pistol")
    assert ability_notation(pistol) == (
        "Pistol: Damaging Attack L2, Solid, Lethal, Direct, Ranged, Focus, Shots, Bullet, Conv."
    )
