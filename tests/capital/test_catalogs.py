"""The catalogs hold everything the appendix lists (seed 003, lines 620-2584)."""

from __future__ import annotations

from sheetapp.systems.capital.catalog import catalogs


def test_counts_match_the_appendix() -> None:
    """Roles (lines 654-878), Special Assets (880-1313), Equipment (1315-1802), Systems
    (1804-2262), Vehicle Systems (2264-2430), Status effects (2432-2464), Keywords (2466-2584)."""
    cats = catalogs()
    assert len(cats.roles) == 6
    assert len(cats.augmentations) == 4
    assert len(cats.companions) == 4
    assert len(cats.vehicles) == 4
    assert len(cats.special_weapons) == 11
    assert sum(1 for e in cats.equipment.values() if e.appendix) == 35
    assert len(cats.slot_systems) == 31
    assert len(cats.other_systems) == 14
    assert len(cats.vehicle_systems) == 10
    assert sum(1 for e in cats.status_effects.values() if e.appendix) == 3
    assert sum(1 for e in cats.keywords.values() if e.appendix) == 20
    assert len(cats.attributes) == 8 and len(cats.damage_types) == 7


def test_entries_carry_the_seed_text_with_ocr_slips_read_through() -> None:
    """ "(O Energy) Action: Recover 1 Ammo." (line 2286) is 0 Energy; "1Slot" is 1 Slot."""
    cats = catalogs()
    assert (
        "(0 Energy) Action: Recover 1 Ammo." in cats.vehicle_systems["ballistic_tank_gun_mk1"].text
    )
    assert "1 Slot" in cats.systems["bonk"].text
    assert all(entry.text for entry in cats.systems.values())
    assert cats.roles["sentinel"].training == ("role_sentinel", "simple_gun_weapons")


def test_reconstructed_entries_say_so() -> None:
    """The Mechsuit Arm prints no Slots (lines 2404-2414): 1 Slot is a reconstruction."""
    arm = catalogs().vehicle_systems["mechsuit_arm_mk1"]
    assert arm.slots == 1 and arm.certainty == "reconstructed" and arm.certainty_note


def test_system_keywords() -> None:
    """Focus II: "Requires Focus I, which this replaces" (line 1896); Damage Resist:
    "Repeatable (Must choose different damage types)" (line 1868); Deaf is Innate (2155);
    "Requires The Tank" (line 1822)."""
    cats = catalogs()
    assert cats.systems["focus_2"].replaces == "focus_1"
    assert cats.systems["damage_resist"].repeat_choice == "damage_type"
    assert cats.systems["deaf"].innate and cats.systems["deaf"].slots is None
    assert cats.systems["bonk"].requires.roles == ("tank",)
    assert cats.systems["backup"].requires.asset_kind == "vehicle"
    assert cats.systems["healthy"].slots == 2
