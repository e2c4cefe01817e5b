"""Skills and talents (../shared/seeds/001_83bd08b00b463b10.txt, lines 156-313)."""

from __future__ import annotations

import pytest

from sheetapp.core.issues import Severity

from .helpers import SkillChoice, TalentChoice, blank, evaluate, issues, new, spent


def _skill(skill: str, level: int, **more: object) -> int:
    document = blank()
    document.character.skills.append(SkillChoice(skill=skill, level=level, **more))  # type: ignore[arg-type]
    return spent(document)


@pytest.mark.parametrize(
    ("skill", "costs"),
    [
        # Line 168: "Major Skills cost 1 point for a Characteristic roll with a -3 penalty;
        # +2 points for an unmodified Characteristic roll; and +2 points for each additional +1."
        ("acrobatics", (1, 3, 5, 9)),
        # Line 170: "Limited Skills cost 1 point ... -3 penalty; +1 point for an unmodified
        # Characteristic roll; and +2 points for each additional +1."
        ("forgery", (1, 2, 4, 8)),
        # Line 172: "Minor Skills cost 1 point ... -3 penalty; +1 point for an unmodified
        # Characteristic roll; and +1 point for each additional +1."
        ("sciences", (1, 2, 3, 5)),
    ],
)
def test_each_category_at_minus_3_plus_0_plus_1_plus_3(skill: str, costs: tuple[int, ...]) -> None:
    assert tuple(_skill(skill, level, name="x") for level in (-3, 0, 1, 3)) == costs


def test_interaction_limited_and_minor_use_the_same_ladders() -> None:
    """Animal Handler is Limited (line 188), Professions Minor (line 190)."""
    assert _skill("animal_handler", 3) == 8
    assert _skill("professions_interaction", 3, name="Lawyer") == 5


def test_levels_between_minus_3_and_plus_0_are_not_steps() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="stealth", level=-1))
    found = issues(document, "hero-xmen.skill_step")
    assert found and found[0].severity is Severity.ERROR
    assert found[0].message == "Stealth: -1 is not a step of the skill ladder."


def test_skill_roll_is_the_characteristic_modifier_plus_the_level() -> None:
    """Agility Skills are DEX-based (line 160); the roll modifier is the characteristic's
    (line 88): DEX 18 is +2, so Acrobatics at +1 rolls 3d6 +3."""
    document = blank(dex=18)
    document.character.skills.append(SkillChoice(skill="acrobatics", level=1))
    from sheetapp.systems.hero_xmen.build import build
    from sheetapp.systems.hero_xmen.catalog import catalogs

    row = build(document.character, document.campaign, catalogs()).skills[0]
    assert row.roll_text == "DEX +3"


def test_everyperson_skills_are_free_at_minus_3() -> None:
    """Line 202: "Characters have a Characteristic roll with a -3 penalty in these Skills
    without having to spend 1 Character Point"."""
    assert _skill("climbing", -3, everyperson=True) == 0
    assert spent(new()) == 0  # a new character has its background's skills, all free


def test_improving_an_everyperson_skill_pays_the_full_cost() -> None:
    """Line 202: "they must still pay the full cost of the Skill if they want to improve it
    past this minimum level of proficiency" — Climbing (Major) at +0 costs 3, at +1 5."""
    assert _skill("climbing", 0, everyperson=True) == 3
    assert _skill("climbing", 1, everyperson=True) == 5
    document = blank()
    document.campaign.everyperson_improvement = "difference"
    document.character.skills.append(SkillChoice(skill="climbing", level=0, everyperson=True))
    assert spent(document) == 2


def test_only_background_skills_are_everyperson() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="acrobatics", everyperson=True))
    assert [i.severity for i in issues(document, "hero-xmen.everyperson_not_allowed")] == [
        Severity.ERROR
    ]


def test_dimensional_travel_is_everyperson_with_extra_dimensional_movement() -> None:
    """Line 263 / 333: "All characters with this Power automatically have the Dimensional
    Travel Skill as an additional Everyperson Skill"."""
    from .helpers import PowerChoice

    document = blank()
    document.character.skills.append(SkillChoice(skill="dimensional_travel", everyperson=True))
    assert issues(document, "hero-xmen.everyperson_needs_power")
    document.character.powers.append(PowerChoice(power="extra_dimensional_movement", base_cost=20))
    assert not issues(document, "hero-xmen.everyperson_needs_power")


def test_vehicle_categories_one_free_then_1_point_each() -> None:
    """Line 271: "automatically familiar with one category of vehicle, and may purchase
    additional categories for 1 point each"."""
    assert _skill("driving", 0, vehicles=["Cars"]) == 3
    assert _skill("driving", 0, vehicles=["Cars", "Motorcycles", "Trucks"]) == 5
    assert _skill("piloting", -3, vehicles=["Airplanes", "Helicopters"]) == 2


def test_general_skills_cost_a_set_amount() -> None:
    """Line 158: General Skills "usually cost a set amount of points for a set ability";
    Combat Reflexes: "For every 3 character points ... an additional attack of
    opportunity" (line 259)."""
    assert _skill("combat_reflexes", 2) == 6
    assert _skill("combat_skill_levels", 2, option="hth_or_ranged") == 10
    assert _skill("penalty_skill_levels", 3, option="single") == 4  # 4.5 → 4 (in favour)


def test_native_language_is_free() -> None:
    """Line 213: "Language (native only)" is an Everyperson Skill."""
    assert _skill("languages", 1, option="idiomatic", everyperson=True) == 0
    assert _skill("languages", 2, option="fluent", everyperson=True) == 2


def test_lightning_reflexes_is_bought_as_the_talent() -> None:
    document = blank()
    document.character.skills.append(SkillChoice(skill="lightning_reflexes", level=1))
    assert [i.severity for i in issues(document, "hero-xmen.bought_as_talent")] == [Severity.ERROR]


def _talent(talent: str, level: int) -> int:
    document = blank(ego=20)
    document.character.talents.append(TalentChoice(talent=talent, level=level))
    return spent(document) - 20  # EGO 20 costs 20


def test_attractive_3_points_per_level_with_maxima() -> None:
    """Line 301: "For every 3 character points, the character has +1 or -1 to all
    Interaction Skill checks ... 2 levels ... the usual maximum an ordinary person can
    obtain, while 3 levels is the peak of human potential"."""
    assert _talent("attractive_unattractive", 2) == 6
    assert _talent("attractive_unattractive", -1) == 3
    document = blank()
    document.character.talents.append(TalentChoice(talent="attractive_unattractive", level=3))
    assert [i.severity for i in issues(document, "hero-xmen.talent_maximum")] == [Severity.INFO]
    document.character.talents[0].level = 4
    assert [i.severity for i in issues(document, "hero-xmen.talent_maximum")] == [Severity.WARNING]


def test_belief_ladder_and_father_brown() -> None:
    """Line 305: "For 1 point, characters may use an EGO roll at -3 ...; +2 for an
    unmodified EGO roll; and +2 points for each additional +1." Line 307: "Father Brown
    (EGO 20) ... has spent 3 points on the Belief talent ... has a roll 12 + 2": 3 points
    buy the unmodified roll, and EGO 20 gives +2."""
    assert [_talent("belief", level) for level in (-3, 0, 1)] == [1, 3, 5]
    document = blank(ego=20)
    document.character.talents.append(TalentChoice(talent="belief", level=0))
    from sheetapp.systems.hero_xmen.build import build
    from sheetapp.systems.hero_xmen.catalog import catalogs

    row = build(document.character, document.campaign, catalogs()).talents[0]
    assert (row.cost, row.roll) == (3, 2)


def test_lightning_reflexes_3_points_per_plus_1_initiative() -> None:
    """Line 313: "Each +1 to Initiative costs 3 Character Points."; line 718: Initiative
    is the Combat Value plus the Lightning Reflexes modifier."""
    assert _talent("lightning_reflexes", 2) == 6
    document = blank(dex=21)
    document.character.talents.append(TalentChoice(talent="lightning_reflexes", level=2))
    assert evaluate(document).derived_value("initiative").value == 7 + 2
