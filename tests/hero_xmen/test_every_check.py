"""One case for each check not covered by the topic files: every issue code the X-Men
HERO rules emit is asserted somewhere (seed: ../shared/seeds/001_83bd08b00b463b10.txt)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.hero_xmen import codes

from .helpers import (
    DisadvantageChoice,
    PowerChoice,
    SkillChoice,
    TalentChoice,
    blank,
    issues,
    new,
)


def test_negative_presence_is_noted() -> None:
    """ "Characters with negative Presence must make a PRE roll to influence other
    characters" (line 122)."""
    (found,) = issues(new(pre=-1), codes.NEGATIVE_PRESENCE)
    assert found.severity is Severity.INFO
    assert found.path[-1] == "bought"
    assert not issues(new(pre=0), codes.NEGATIVE_PRESENCE)


def test_a_science_needs_its_subject() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="sciences", level=0))
    (found,) = issues(document, codes.SKILL_SUBJECT)
    assert found.path == ("character", "skills", 0, "name")
    # issue 31: the hint says where the subject is typed, and what it makes
    assert "Skill cell" in found.hint and "'Sciences: Genetics'" in found.hint
    document.character.skills[0].name = "Genetics"
    assert not issues(document, codes.SKILL_SUBJECT)


def test_professions_says_where_to_type_its_subject() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="professions_intellect", level=0))
    (found,) = issues(document, codes.SKILL_SUBJECT)
    assert found.message == "Professions: which subject?"
    assert "Skill cell" in found.hint and "'Professions: Pilot'" in found.hint


def test_a_vehicle_outside_the_skills_categories() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="driving", level=0, vehicles=["Gliders"]))
    (found,) = issues(document, codes.VEHICLE_CATEGORY)
    assert "Gliders" in found.message and "Cars" in found.hint
    document.character.skills[0].vehicles = ["Cars"]
    assert not issues(document, codes.VEHICLE_CATEGORY)


def test_a_general_skill_needs_a_unit_and_a_priced_option() -> None:
    document = blank()
    document.character.skills.append(
        SkillChoice(skill="combat_skill_levels", level=0, option="no_such_option")
    )
    assert issues(document, codes.GENERAL_UNITS)[0].severity is Severity.ERROR
    assert issues(document, codes.GENERAL_OPTION)[0].path[-1] == "option"
    document.character.skills[0] = SkillChoice(
        skill="combat_skill_levels", level=1, option="single"
    )
    assert not issues(document, codes.GENERAL_UNITS)
    assert not issues(document, codes.GENERAL_OPTION)


def test_a_custom_skill_needs_a_name_and_a_category() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(level=0, custom_type="agility"))
    assert issues(document, codes.CUSTOM_UNNAMED)
    assert issues(document, codes.CUSTOM_CATEGORY)[0].path[-1] == "custom_category"
    document.character.skills[0] = SkillChoice(
        name="Parkour", level=0, custom_type="agility", custom_category="major"
    )
    assert not issues(document, codes.CUSTOM_UNNAMED)
    assert not issues(document, codes.CUSTOM_CATEGORY)


def test_talent_steps_and_levels() -> None:
    """Belief climbs the Major ladder (line 305): -1 is not a step; Lightning Reflexes is
    bought in +1s (line 313): 0 levels buys nothing."""
    document = blank()
    document.character.talents.append(TalentChoice(talent="belief", level=-1))
    document.character.talents.append(TalentChoice(talent="lightning_reflexes", level=0))
    assert issues(document, codes.TALENT_STEP)[0].path == ("character", "talents", 0, "level")
    assert issues(document, codes.TALENT_LEVEL)[0].path == ("character", "talents", 1, "level")


def test_a_power_measure_below_its_minimum() -> None:
    document = blank()
    document.character.powers.append(PowerChoice(power="ego_blast", levels=0))
    (found,) = issues(document, codes.POWER_MEASURE)
    assert found.severity is Severity.ERROR and found.path[-1] == "levels"


def test_a_power_version_the_rules_do_not_price() -> None:
    document = blank()
    document.character.powers.append(PowerChoice(power="find_weakness", option="everything"))
    (found,) = issues(document, codes.POWER_OPTION)
    assert found.path[-1] == "option"


def test_a_custom_power_needs_a_name() -> None:
    document = blank()
    document.character.powers.append(PowerChoice(base_cost=10))
    (found,) = issues(document, codes.POWER_UNNAMED)
    assert found.severity is Severity.WARNING
    document.character.powers[0].name = "Energy Blast"
    assert not issues(document, codes.POWER_UNNAMED)


def test_resources_change_only_an_enemy_or_a_dependent_npc() -> None:
    document = blank()
    document.character.disadvantages.append(
        DisadvantageChoice(kind="physical", name="Asthma", resources="limited")
    )
    assert issues(document, codes.DISADVANTAGE_RESOURCES)[0].path[-1] == "resources"
    document.character.disadvantages[0] = DisadvantageChoice(
        kind="enemy", name="Sentinels", resources="limited"
    )
    assert not issues(document, codes.DISADVANTAGE_RESOURCES)


def test_a_disadvantage_says_what_it_is_and_is_worth_points() -> None:
    """Rarely is "+0pts" (line 482) and Mild "+0pts" (line 487): such a Disadvantage is
    worth nothing."""
    document = blank()
    document.character.disadvantages.append(
        DisadvantageChoice(kind="physical", frequency="rarely", intensity="mild")
    )
    assert issues(document, codes.DISADVANTAGE_UNNAMED)
    assert issues(document, codes.DISADVANTAGE_WORTHLESS)
    document.character.disadvantages[0] = DisadvantageChoice(
        kind="physical", name="Asthma", frequency="frequently", intensity="mild"
    )
    assert not issues(document, codes.DISADVANTAGE_UNNAMED)
    assert not issues(document, codes.DISADVANTAGE_WORTHLESS)
