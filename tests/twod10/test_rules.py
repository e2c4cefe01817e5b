"""Issues of a 2d10 character (seed ../shared/seeds/002_2465630f321cfb59.txt, "002")."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.twod10.codes import CODES
from sheetapp.systems.twod10.model import PsionicPower, Skill, Weapon, Wound
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import codes, new


def test_a_new_character_is_clean() -> None:
    doc = new()
    assert codes(doc) == []


def test_attribute_range_is_an_error_at_the_boundaries() -> None:
    """Campaign setting (README): attributes 1-10 by default; no silent clamp."""
    doc = new()
    doc.character.attributes.body = 10
    assert codes(doc) == []
    doc.character.attributes.body = 11
    assert codes(doc) == ["twod10.attribute_range"]
    doc.character.attributes.body = 0
    assert codes(doc) == ["twod10.attribute_range"]
    doc.campaign.attribute_min = 0
    assert codes(doc) == []


def test_skill_range_and_duplicates() -> None:
    doc = new()
    doc.character.skills[0].rating = 11
    doc.character.skills.append(Skill(name="perception", rating=1))
    found = codes(doc)
    assert "twod10.skill_range" in found and "twod10.skill_duplicate" in found


def test_creation_budget_is_optional() -> None:
    """Campaign setting (README): no budget by default; when set, attributes + skills."""
    doc = new()
    assert SYSTEM.evaluate(doc).total("points").budget is None
    doc.campaign.creation_budget = 40  # 8 attributes x 5
    assert codes(doc) == []
    doc.character.skills[0].rating = 1
    assert codes(doc) == ["twod10.creation_budget"]


def test_points_over_power() -> None:
    """002 line 85: "use the full Power score regardless of how many points are used" —
    the points used come out of the Power score."""
    doc = new()
    doc.character.powers = [PsionicPower(name="Blast", power=3, points=3)]
    assert codes(doc) == []
    doc.character.powers[0].points = 4
    assert codes(doc) == ["twod10.points_over_power"]


def test_points_beyond_the_range_table() -> None:
    """002 lines 97-106 stop at 10 points."""
    doc = new()
    doc.campaign.power_max = 20
    doc.character.powers = [PsionicPower(name="Blast", power=11)]
    assert codes(doc) == ["twod10.points_off_table"]


def test_wound_warnings() -> None:
    doc = new()
    doc.character.wounds = [Wound(), Wound(location="hand"), Wound(location="chest", damage=0)]
    found = codes(doc)
    assert found.count("twod10.wound_unplaced") == 1
    assert "twod10.wound_side" in found and "twod10.wound_no_damage" in found


def test_continual_shock_is_advice() -> None:
    """002 line 57: "Continual Shock rolls must be made until the character is stabilised"."""
    doc = new()
    doc.character.wounds = [Wound(location="vitals")]
    issue = SYSTEM.evaluate(doc).issues[0]
    assert (issue.code, issue.severity) == ("twod10.continual_shock", Severity.INFO)
    assert "DV 10" in issue.message


def test_weapon_skill_missing() -> None:
    doc = new()
    doc.character.weapons = [Weapon(name="Sword", skill="Blade", ev=5)]
    assert codes(doc) == ["twod10.weapon_skill"]


def test_every_code_is_declared() -> None:
    doc = new()
    doc.character.wounds = [Wound(location="head", damage=9), Wound(special="cold", recovered=True)]
    for issue in SYSTEM.evaluate(doc).issues:
        assert issue.code in CODES
        assert "line" not in issue.message and "twod10" not in issue.message


def test_unknown_references() -> None:
    doc = new()
    doc.character.wounds = [Wound(location="tail", special="acid")]
    doc.character.skills.append(Skill(skill="flying"))
    kinds = sorted(ref.kind for ref in SYSTEM.unknown_references(doc))
    assert kinds == ["damage type", "hit location", "skill"]


def test_range_errors_say_what_to_do() -> None:
    """Issue 31: "range errors have an empty 'What to do'". Every issue of these rules
    now says it; here the ranges, with the numbers to stay within."""
    doc = new()
    doc.character.skills[0].rating = 11
    doc.character.powers.append(PsionicPower(name="Mind Blast", power=99))
    doc.campaign.attribute_min = 12
    hints = {i.code: i.hint for i in SYSTEM.evaluate(doc).issues}
    assert "from 0 to 10" in hints["twod10.skill_range"]
    assert "campaign settings" in hints["twod10.skill_range"]
    assert "or less" in hints["twod10.power_range"]
    assert "lowest attribute rating" in hints["twod10.campaign_range"]
    assert all(hint.strip() for hint in hints.values()), hints
