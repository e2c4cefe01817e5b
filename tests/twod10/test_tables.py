"""Every table of the 2d10 fragment as the catalog holds it.

Seed: ../shared/seeds/002_2465630f321cfb59.txt (named ``002`` below); each test quotes
its lines.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from sheetapp.core.catalog import CatalogError, load_catalog
from sheetapp.core.resources import data_file
from sheetapp.systems.twod10.catalog import FILE, SEED, TablesFile
from tests.twod10.helpers import cats


def test_every_entry_cites_the_seed_and_its_lines() -> None:
    """Each catalog entry names ../shared/seeds/002_... and at least one line."""
    raw = json.loads(data_file("resources", FILE).read_text(encoding="utf-8"))
    for key, value in raw.items():
        entries = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
        for entry in entries:
            if key == "_meta":
                continue
            assert entry["source"] == SEED, (key, entry["id"])
            assert entry["seed_lines"], (key, entry["id"])
            assert all(1 <= line <= 119 for line in entry["seed_lines"])


DV_ROWS = [
    (26, "easy", 10, "Easy"),
    (27, "normal", 14, "Normal"),
    (28, "challenging", 18, "Challenging"),
    (29, "hard", 22, "Hard"),
    (30, "very_hard", 26, "Very Hard"),
    (31, "near_impossible", 30, "Near Impossible"),
]


@pytest.mark.parametrize(("line", "key", "dv", "name"), DV_ROWS)
def test_dv_chart(line: int, key: str, dv: int, name: str) -> None:
    """002 lines 26-31: "10 Easy / 14 Normal / 18 Challenging / 22 Hard / 26 Very Hard /
    30 Near Impossible"."""
    step = cats().dv_chart[key]
    assert (step.dv, step.name) == (dv, name)
    assert line in step.seed_lines
    assert len(cats().dv_chart) == 6


# (line, roll, called, location, shock DV, D!, penalty, effect)
HIT_ROWS = [
    (
        40,
        3,
        -6,
        "Eye",
        14,
        True,
        -1,
        "No Depth Perception",
    ),  # "3 -6 Eye 14 D! -1, No Depth Perception/ Blind"
    (
        41,
        4,
        -6,
        "Neck",
        10,
        True,
        -2,
        "continual Shock DV 14",
    ),  # "4 -6 Neck 10 D! -2, continual Shock DV 14"
    (
        42,
        5,
        -4,
        "Head",
        10,
        True,
        -1,
        "stunned next phase",
    ),  # "5 -4 Head 10 D! -1, stunned next phase"
    (43, 6, -4, "Hand", 6, False, -1, "useless"),  # "6 -4 Hand 6 -1, useless"
    (44, 7, -3, "Arm", 6, False, -1, ""),  # "7 -3 Arm 6 -1"
    (45, 8, -2, "Chest", 10, False, -2, ""),  # "8 -2 Chest 10 -2"
    (46, 9, -2, "Chest", 10, False, -2, ""),  # "9 -2 Chest 10 -2"
    (47, 10, -2, "Chest", 10, False, -2, ""),  # "10 -2 Chest 10 -2"
    (48, 11, -4, "Vitals", 10, True, -2, "continual Shock DV 10"),  # "11 -4 Vitals 10 D! -2, ..."
    (49, 12, -3, "Abdomen", 10, False, -2, ""),  # "12 -3 Abdomen 10 -2"
    (50, 13, -3, "Abdomen", 10, False, -2, ""),  # "13 -3 Abdomen 10 -2"
    (51, 14, -3, "Leg", 6, False, -1, "-2 RUN"),  # "14 -3 Leg 6 -1, -2 RUN"
    (52, 15, -3, "Leg", 6, False, -1, "-2 RUN"),  # "15 -3 Leg 6 -1, -2 RUN"
    (53, 16, -3, "Leg", 6, False, -1, "-2 RUN"),  # "16 -3 Leg 6 -1, -2 RUN"
    (54, 17, -4, "Knee", 6, False, -1, "no RUN, no JUMP"),  # "17 -4 Knee 6 -1, no RUN, no JUMP"
    (
        55,
        18,
        -4,
        "Foot",
        6,
        False,
        -1,
        "half RUN, no JUMP",
    ),  # "18 -4 Foot 6 -1, half RUN, no JUMP/ no RUN"
]


@pytest.mark.parametrize(
    ("line", "roll", "called", "name", "shock", "marked", "penalty", "effect"), HIT_ROWS
)
def test_hit_location_rows(
    *,
    line: int,
    roll: int,
    called: int,
    name: str,
    shock: int,
    marked: bool,
    penalty: int,
    effect: str,
) -> None:
    """002 lines 39-55, the hit-location table, row by row (quoted beside each row)."""
    location = cats().location_for_roll(roll)
    assert location.name == name
    assert location.called_shot == called
    assert location.shock_dv == shock
    assert location.marked_d is marked
    assert location.penalty == penalty
    assert location.effect == effect
    assert line in location.seed_lines


def test_slash_readings() -> None:
    """002 line 57: "penalities with a slash have the second replace the first if both sides
    are damaged" — Eye "No Depth Perception/ Blind" (line 40), Foot "... no JUMP/ no RUN"
    (line 55)."""
    assert cats().hit_locations["eye"].both_sides_effect == "Blind"
    assert cats().hit_locations["foot"].both_sides_effect == "no RUN"
    slashed = [loc.id for loc in cats().tables.hit_locations if loc.both_sides_effect]
    assert slashed == ["eye", "foot"]


@pytest.mark.parametrize("roll", [2, 19, 0])
def test_rolls_outside_3_to_18_are_refused(roll: int) -> None:
    """002 line 35: the table is read with 3d6 (3-18), 2d6+1 (3-13) or 2d6+6 (8-18)."""
    with pytest.raises(ValueError, match="3-18"):
        cats().location_for_roll(roll)


def test_instant_death_areas() -> None:
    """002 line 57: "in the case of 3-5 or 8-13 this will mean instant death"."""
    deadly = {
        roll
        for loc in cats().tables.hit_locations
        if loc.death_when_destroyed
        for roll in loc.rolls
    }
    assert deadly == {3, 4, 5, 8, 9, 10, 11, 12, 13}


def test_continual_shock_rows() -> None:
    """002 line 41 (Neck) "continual Shock DV 14"; line 48 (Vitals) "continual Shock DV 10"."""
    continual = {
        loc.id: loc.continual_shock_dv
        for loc in cats().tables.hit_locations
        if loc.continual_shock_dv is not None
    }
    assert continual == {"neck": 14, "vitals": 10}


def test_hit_rolls() -> None:
    """002 line 35: "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover,
    else roll 3d6"."""
    rolls = cats().hit_rolls
    assert (rolls["open"].describe(), rolls["open"].lowest, rolls["open"].highest) == ("3d6", 3, 18)
    low = rolls["low_cover"]
    assert (low.describe(), low.lowest, low.highest) == ("2d6+1", 3, 13)
    high = rolls["high_cover"]
    assert (high.describe(), high.lowest, high.highest) == ("2d6+6", 8, 18)


SPECIAL_ROWS = [
    (62, "explosion_fall", "Explosion/Fall", 14, True, -2, False),  # "Explosion/Fall 14 D! -2"
    (63, "electric", "Electric", 18, False, -1, True),  # "Electric 18 -1, Temporary (...)"
    (64, "sonic", "Sonic", 14, False, -2, False),  # "Sonic 14 -2, Deafness"
    (
        65,
        "fire",
        "Fire",
        18,
        False,
        -1,
        False,
    ),  # "Fire 18 -1, On fire (Shock DV 14 or wounded again)"
    (66, "cold", "Cold", 14, False, -1, False),  # "Cold 14 -1"
    (
        67,
        "suffocation",
        "Suffocation",
        10,
        True,
        -1,
        True,
    ),  # "Suffocation 10 D! -1, Temporary (...)"
]


@pytest.mark.parametrize(
    ("line", "key", "name", "shock", "marked", "penalty", "temp"), SPECIAL_ROWS
)
def test_special_damage_rows(
    *, line: int, key: str, name: str, shock: int, marked: bool, penalty: int, temp: bool
) -> None:
    """002 lines 61-67, the Special Damage table (quoted beside each row)."""
    row = cats().special_damage[key]
    assert (row.name, row.shock_dv, row.marked_d, row.penalty, row.temporary) == (
        name,
        shock,
        marked,
        penalty,
        temp,
    )
    assert row.seed_lines == (line,)
    assert len(cats().special_damage) == 6


def test_special_damage_effects() -> None:
    """002 line 64 "Deafness"; line 65 "On fire (Shock DV 14 or wounded again)"."""
    assert cats().special_damage["sonic"].effect == "Deafness"
    assert cats().special_damage["fire"].repeat_shock_dv == 14


@pytest.mark.parametrize(
    ("effect", "name"),
    [
        (1, "Impressed"),
        (4, "Impressed"),
        (5, "Stunned"),
        (8, "Stunned"),
        (9, "Awed"),
        (12, "Awed"),
        (13, "Cowed"),
        (40, "Cowed"),
    ],
)
def test_influence_results(effect: int, name: str) -> None:
    """002 lines 77-80: "1-4 Impressed", "5-8 Stunned", "9-12 Awed", "13+ Cowed"."""
    row = cats().influence_for(effect)
    assert row is not None and row.name == name


def test_influence_below_one_is_no_result() -> None:
    """002 line 77: the table starts at 1."""
    assert cats().influence_for(0) is None


def test_awed_lowers_three_attributes() -> None:
    """002 line 79: "Awed: target loses next Action, -3 to REF, INT, INF"."""
    assert cats().influence["awed"].attribute_penalty == -3


RANGES = [
    (1, "20m"),
    (2, "100m"),
    (3, "500m"),
    (4, "2km"),
    (5, "10km"),
    (6, "50km"),
    (7, "200km"),
    (8, "1000km"),
    (9, "Planet"),
    (10, "Solar system"),
]


@pytest.mark.parametrize(("points", "distance"), RANGES)
def test_psionic_range_table(points: int, distance: str) -> None:
    """002 lines 97-106: "1 20m" ... "10 Solar system"."""
    step = cats().range_for(points)
    assert step is not None and step.name == distance
    assert step.seed_lines == (96 + points,)


@pytest.mark.parametrize("points", [0, 11])
def test_psionic_range_outside_the_table(points: int) -> None:
    """002 lines 97-106 list 1-10 points only."""
    assert cats().range_for(points) is None


def test_mass_target_rows() -> None:
    """002 lines 113-117: "1 0", "10 -4", "100 -8", "1,000 -12", "10,000 -16"."""
    rows = [(step.targets, step.penalty) for step in cats().tables.mass_targets]
    assert rows == [(1, 0), (10, -4), (100, -8), (1000, -12), (10000, -16)]


def test_a_broken_catalog_names_the_entry() -> None:
    """A bad edit of the data stops at load with the file and the entry id."""
    raw = json.loads(data_file("resources", FILE).read_text(encoding="utf-8"))
    raw["hit_locations"][0]["penalty"] = 2
    with pytest.raises(ValidationError, match=r"hit_locations\.0\.penalty"):
        TablesFile.model_validate(raw)
    with pytest.raises(CatalogError):
        load_catalog("twod10/missing.json", TablesFile)


def test_the_wound_picker_describes_every_row_of_the_wound_tables() -> None:
    """Issue 31: the wound picker said "No description in the rulebook" though the
    fragment has the tables: "3 -6 Eye 14 D! -1, No Depth Perception/ Blind" (line 40),
    "8 -2 Chest 10 -2" (line 45), "Electric 18 -1, Temporary (wounds heal 1/phase in
    10-REC phases)" (line 63)."""
    from sheetapp.systems.twod10.collections import WOUNDS

    assert WOUNDS.entries is not None
    texts = {entry.id: entry.text for entry in WOUNDS.entries()}
    assert all(texts.values()), [k for k, v in texts.items() if not v]
    assert texts["eye"] == (
        "Hit on a location roll of 3; a called shot is -6. Shock check against DV 14. "
        "Wound: -1 to every AV and DV, no Depth Perception (blind when both are wounded). "
        "Eight or more points of damage: instant death."
    )
    assert "location roll of 8-10" in texts["chest"]
    assert "half RUN, no JUMP (no RUN when both are wounded)" in texts["foot"]
    assert texts["electric"] == (
        "Shock check against DV 18. Wound: -1 to every AV and DV, temporary (wounds heal "
        "1/phase in 10-REC phases)."
    )
