"""The catalogs hold every entry the supplement prints, each citing its lines
(../shared/seeds/001_83bd08b00b463b10.txt)."""

from __future__ import annotations

from sheetapp.systems.hero_xmen.catalog import PRIMARIES, catalogs


def test_every_entry_cites_the_seed() -> None:
    cats = catalogs()
    groups = [
        cats.characteristics, cats.not_characteristics, cats.types, cats.ladders, cats.skills,
        cats.general, cats.talents, cats.powers, cats.modifiers, cats.kinds,
    ]  # fmt: skip
    for group in groups:
        for entry in group.values():
            assert entry.seed_lines, entry.id
            assert all(1 <= line <= 1094 for line in entry.seed_lines), entry.id


def test_primary_table_lines_77_to_84() -> None:
    """ "STR 10 20 25" ... "PRE 10 20 25" (lines 78-84): base 10, normal maximum 20, peak 25."""
    cats = catalogs()
    for char_id in PRIMARIES:
        char = cats.characteristics[char_id]
        assert (char.base, char.normal_maximum, char.peak) == (10, 20, 25)
    assert "com" in cats.not_characteristics and "spd" in cats.not_characteristics


def test_figured_table_lines_132_to_138() -> None:
    """ "PD 2 8 10 / ED 2 8 10 / MD 2 8 10 / REC 4 10 12 / END 20 50 60 / STUN 20 50 60"."""
    cats = catalogs()
    table = {
        "pd": (2, 8, 10), "ed": (2, 8, 10), "md": (2, 8, 10),
        "rec": (4, 10, 12), "end": (20, 50, 60), "stun": (20, 50, 60),
    }  # fmt: skip
    for char_id, row in table.items():
        char = cats.characteristics[char_id]
        assert (char.base, char.normal_maximum, char.peak) == row


def test_movement_lines_152_to_154() -> None:
    """ "Running 4"/8" 8"/16" 10"/20"" and "Swimming 1"/2" 2"/4" 2.5"/5""."""
    cats = catalogs()
    running, swimming = cats.characteristics["running"], cats.characteristics["swimming"]
    assert (running.base, running.normal_maximum, running.peak) == (4, 8, 10)
    assert (swimming.base, swimming.normal_maximum, swimming.peak) == (1, 2, 2.5)


def test_skill_lists_lines_174_to_198() -> None:
    """Agility Major (line 176): 14 skills; Interaction Major (186): 13; Intellect Major
    (194): 26; Limited: Animal Handler (188), 5 Intellect (196); Minor: Professions ×3,
    Knowledges, Sciences (178, 190, 198)."""
    cats = catalogs()
    count: dict[tuple[str, str], int] = {}
    for skill in cats.skills.values():
        key = (skill.type, skill.category)
        count[key] = count.get(key, 0) + 1
    assert count == {
        ("agility", "major"): 14,
        ("agility", "minor"): 1,
        ("interaction", "major"): 13,
        ("interaction", "limited"): 1,
        ("interaction", "minor"): 1,
        ("intellect", "major"): 26,
        ("intellect", "limited"): 5,
        ("intellect", "minor"): 3,
    }
    assert cats.skills["teamwork"].type == "agility"
    assert cats.skills["dimensional_travel"].type == "intellect"
    assert cats.skills["animal_handler"].category == "limited"


def test_general_skills_line_182() -> None:
    """ "Autofire Skills, Combat Reflexes, Combat Skill Levels, Defence Manoeuvre, Languages,
    Lightning Reflexes, Martial Arts, Penalty Skill Levels, Rapid Attack, Two-Weapon
    Fighting, Weapon Familiarity." — eleven; Combat Reflexes "For every 3 character points
    ... an additional attack of opportunity" (line 259)."""
    cats = catalogs()
    assert len(cats.general) == 11
    assert cats.general["combat_reflexes"].options[0].cost == 3
    assert cats.general["lightning_reflexes"].bought_as == "talent"


def test_everyperson_list_lines_206_to_219() -> None:
    cats = catalogs()
    everyperson = {s.id for s in cats.skills.values() if s.everyperson}
    assert everyperson == {
        "climbing", "concealment", "conversation", "deduction", "driving", "education",
        "knowledges", "paramedic", "shadowing", "stealth", "teaching", "wardrobe_and_style",
        "professions_agility", "professions_interaction", "professions_intellect",
    }  # fmt: skip
    assert cats.general["languages"].everyperson
    assert cats.skills["dimensional_travel"].everyperson_with_power == "extra_dimensional_movement"


def test_vehicle_categories_lines_273_and_291() -> None:
    """ "Categories: Cars, Hovercraft, Motorcycles, Tanks, Trucks." (line 273);
    "Categories: Airplanes, Balloons, Gliders, Helicopters, Spaceships (large), Spaceships
    (small)." (line 291); Riding breaks off (line 295)."""
    cats = catalogs()
    assert cats.skills["driving"].vehicle_categories == (
        "Cars", "Hovercraft", "Motorcycles", "Tanks", "Trucks",
    )  # fmt: skip
    assert len(cats.skills["piloting"].vehicle_categories or ()) == 6
    assert cats.skills["riding"].certainty == "reconstructed"


def test_power_modifiers_lines_421_to_436() -> None:
    """Attack versus Resistant Defence +0.5 (line 422), Penetrating +0.5 (428), Easily
    Detected -0.25 (436), No Telepathic Link -0.25 (389), Missile Deflection +1 / +1.5 /
    +0.5 / +1 / +0.5 (line 399)."""
    mods = catalogs().modifiers
    assert mods["attack_vs_resistant_defence"].value == 0.5
    assert mods["penetrating"].value == 0.5
    assert mods["easily_detected"].value == -0.25
    assert mods["no_telepathic_link"].value == -0.25
    assert [mods[m].value for m in (
        "reflect_at_attacker", "reflect_any_target", "deflect_adjacent", "deflect_ranged",
        "reflect_not_targeted",
    )] == [1, 1.5, 0.5, 1, 0.5]  # fmt: skip


def test_power_prices_stated_by_the_seed() -> None:
    """Find Weakness 10/20/30 (line 337); Missile Deflection 5/10/15/20 (line 399), 20 for
    mental attacks (line 393); Telepathy 5 per 1d6 (line 409); Tunnelling 2 per inch and
    3 per DEF (line 413); Hand-to-Hand Attack 5 per DC (line 359)."""
    powers = catalogs().powers
    assert [o.cost for o in powers["find_weakness"].options] == [10, 20, 30]
    assert [o.cost for o in powers["missile_deflection"].options] == [5, 10, 15, 20, 20]
    assert powers["telepathy"].parts[0].cost == 5 and powers["telepathy"].modes == (
        "active",
        "passive",
    )
    assert [(p.cost, p.unit) for p in powers["tunnelling"].parts] == [(2, '"'), (3, "DEF")]
    assert powers["hand_to_hand_attack"].parts[0].cost == 5
    forbidden = {p.id for p in powers.values() if p.pricing == "forbidden"}
    assert forbidden == {"luck", "killing_attack", "mental_defence"}


def test_disadvantage_tables_lines_481_to_696() -> None:
    """Frequency +0/+5/+10/+15, Intensity +0/+5/+10/+15, Importance /5 /2 /1 (lines
    481-494), the same in every kind's table; Vulnerability prints only Extremely (696)."""
    cats = catalogs()
    assert len(cats.kinds) == 10
    for kind in cats.kinds.values():
        assert [r.points for r in kind.table.frequency] == [0, 5, 10, 15]
        assert [r.points for r in kind.table.intensity] == [0, 5, 10, 15]
        expected = [1] if kind.id == "vulnerability" else [5, 2, 1]
        assert [r.points for r in kind.table.importance] == expected
    assert cats.kinds["vulnerability"].table.intensity[3].text == "3xdamage"
    assert (
        cats.kinds["enemy"].table.importance[2].text == "will try to imprison or kill the character"
    )
    assert cats.kinds["psychological"].table.intensity[2].text == (
        "EGO roll with -5 penalty required to resist"
    )
    # lines 505-508 and 532-534: rows split by the extraction, rejoined
    assert (
        cats.kinds["accidental_change"].table.frequency[2].text == "as per default, likely to occur"
    )
    assert cats.kinds["enraged"].table.intensity[3].text.endswith("cannot recover voluntarily")


def test_roll_table_lines_90_to_93() -> None:
    rows = catalogs().roll_modifiers.rows
    assert [(r.low, r.high, r.modifier) for r in rows] == [
        (-2, 2, -2), (3, 7, -1), (8, 12, 0), (13, 17, 1), (18, 22, 2), (23, 27, 3),
    ]  # fmt: skip
