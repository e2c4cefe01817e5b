"""The 2d10 rules no other test reached, each broken once (seed
../shared/seeds/002_2465630f321cfb59.txt; the ranges are the campaign settings the system
README documents, the seed giving none)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.twod10 import codes as twod10_codes
from sheetapp.systems.twod10.model import PsionicPower, Skill, Wound
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import new


def found(document: object, code: str) -> list[object]:
    return [i for i in SYSTEM.evaluate(document).issues if i.code == code]  # type: ignore[arg-type]


def test_a_campaign_range_upside_down() -> None:
    doc = new()
    doc.campaign.attribute_min, doc.campaign.attribute_max = 8, 3
    [issue] = found(doc, twod10_codes.CAMPAIGN_RANGE)
    assert issue.severity is Severity.ERROR  # type: ignore[attr-defined]


def test_a_custom_skill_needs_a_name() -> None:
    doc = new()
    doc.character.skills.append(Skill(name="", rating=1))
    assert found(doc, twod10_codes.SKILL_UNNAMED)


def test_a_power_above_the_campaigns_maximum() -> None:
    doc = new()
    doc.campaign.power_max = 3
    doc.character.powers.append(PsionicPower(name="Push", power=5))
    [issue] = found(doc, twod10_codes.POWER_RANGE)
    assert issue.severity is Severity.ERROR  # type: ignore[attr-defined]


def test_only_temporary_wounds_recover() -> None:
    """Electric and suffocation damage are temporary; a chest wound is not."""
    doc = new()
    doc.character.wounds.append(Wound(location="chest", damage=2, recovered=True))
    assert found(doc, twod10_codes.WOUND_RECOVERED)
    doc.character.wounds[0] = Wound(special="electric", damage=2, recovered=True)
    assert not found(doc, twod10_codes.WOUND_RECOVERED)


def test_a_destroyed_head_is_death() -> None:
    """8 or more damage destroys an area; on the head that is instant death."""
    doc = new()
    doc.character.wounds.append(Wound(location="head", damage=8))
    assert found(doc, twod10_codes.DEAD)
    doc.character.wounds[0] = Wound(location="head", damage=7)
    assert not found(doc, twod10_codes.DEAD)
