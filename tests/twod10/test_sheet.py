"""Derived values and the wound track of a 2d10 character (seed
../shared/seeds/002_2465630f321cfb59.txt, "002")."""

from __future__ import annotations

from sheetapp.systems.twod10.model import (
    Armour,
    PsionicPower,
    Skill,
    Twod10Document,
    Weapon,
    Wound,
)
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import derived, new


def _psion() -> Twod10Document:
    doc = new()
    a = doc.character.attributes
    a.int, a.ref, a.inf, a.body, a.will = 6, 7, 4, 5, 8
    for skill in doc.character.skills:
        skill.rating = {
            "perception": 3,
            "sneak_camouflage": 2,
            "persuasion": 1,
            "defense": 4,
            "focus": 5,
        }[skill.skill or ""]
    doc.character.powers = [PsionicPower(name="Mind Blast", power=6, points=3)]
    return doc


def test_av_is_attribute_plus_skill() -> None:
    """002 line 10: "AV Action Value Attribute + Skill + Modifiers"."""
    doc = _psion()
    assert derived(doc, "skill.0") == 9  # INT 6 + Perception 3
    assert derived(doc, "perception") == 9


def test_surprise_values() -> None:
    """002 line 20: "[REF + Sneak/Camoflague + 10] if you are hiding, or [INF + Persuasion
    + 10] if you attack unexpectedly"."""
    doc = _psion()
    assert derived(doc, "surprise_hiding") == 7 + 2 + 10
    assert derived(doc, "surprise_unexpected") == 4 + 1 + 10


def test_psionic_values() -> None:
    """002 line 85: "Attacks are made with Power + Focus vs WILL + Defense; use the full
    Power score regardless of how many points are used"; line 89: "vs attacker's INT +
    Defense"; line 83 ping DV "30 - points used"."""
    doc = _psion()
    ev = SYSTEM.evaluate(doc)
    assert ev.derived_value("power.0").value == 6 + 5
    assert "range 500m" in ev.derived_value("power.0").explanation  # 3 points, line 99
    assert "ping DV 27" in ev.derived_value("power.0").explanation
    assert ev.derived_value("psionic_defense").value == 8 + 4
    assert ev.derived_value("detection_dv").value == 6 + 4


def test_two_wounds_lower_every_av_and_dv_by_the_stacked_penalty() -> None:
    """002 line 57: "Wound penalties stack. The negative number is a penalty applied to all
    of the character's AVs and DVs"; Arm -1 (line 44), Chest -2 (line 45)."""
    doc = _psion()
    keys = [
        "skill.0",
        "skill.1",
        "skill.2",
        "skill.3",
        "skill.4",
        "perception",
        "surprise_hiding",
        "surprise_unexpected",
        "psionic_defense",
        "detection_dv",
        "power.0",
        "shock_save",
        "malfunction",
    ]
    doc.character.weapons = [Weapon(name="Pistol", skill="Perception", ev=6)]
    keys.append("weapon.0")
    before = {key: int(derived(doc, key)) for key in keys}
    doc.character.wounds = [
        Wound(location="arm", side="left", damage=3),
        Wound(location="chest", side="right", damage=4),
    ]
    after = {key: int(derived(doc, key)) for key in keys}
    assert all(after[key] == before[key] - 3 for key in keys), (before, after)
    assert derived(doc, "wound_penalty") == -3


def test_shock_check_leaves_out_the_wounds_own_penalty() -> None:
    """002 line 69: "Shock save AVs are BODY + d20. Ignore the penalty from the wound itself,
    although include other wound penalities."; Neck shock DV 10 (line 41)."""
    doc = _psion()
    doc.character.wounds = [Wound(location="neck", damage=2), Wound(location="arm", side="left")]
    ev = SYSTEM.evaluate(doc)
    neck = ev.derived_value("wound.0").explanation
    assert "= 4 + d20 vs DV 10" in neck  # BODY 5 - 1 (arm), not the neck's -2
    arm = ev.derived_value("wound.1").explanation
    assert "= 3 + d20 vs DV 6" in arm  # BODY 5 - 2 (neck)


def test_both_eyes_blind() -> None:
    """002 line 57: "penalities with a slash have the second replace the first if both sides
    are damaged"; line 40: "No Depth Perception/ Blind"."""
    doc = _psion()
    doc.character.wounds = [Wound(location="eye", side="left")]
    assert "No Depth Perception" in SYSTEM.evaluate(doc).derived_value("wound.0").explanation
    doc.character.wounds.append(Wound(location="eye", side="right"))
    text = SYSTEM.evaluate(doc).derived_value("wound.0").explanation
    assert "Blind" in text and "No Depth" not in text


def test_movement_wounds() -> None:
    """002 lines 51-55: Leg "-2 RUN"; Knee "no RUN, no JUMP"; Foot "half RUN, no JUMP/ no
    RUN"."""
    doc = _psion()
    doc.character.movement.run, doc.character.movement.jump = 10, 4
    doc.character.wounds = [Wound(location="leg", side="left")]
    assert derived(doc, "movement") == "8 / 4"
    doc.character.wounds = [Wound(location="foot", side="left")]
    assert derived(doc, "movement") == "5 / 0"
    doc.character.wounds.append(Wound(location="foot", side="right"))
    assert derived(doc, "movement") == "0 / 0"
    doc.character.wounds = [Wound(location="knee", side="right")]
    assert derived(doc, "movement") == "0 / 0"


def test_destroyed_areas_and_death() -> None:
    """002 line 57: "Eight or more points of damage will instantly destroy the area; in the
    case of 3-5 or 8-13 this will mean instant death"."""
    doc = _psion()
    doc.character.wounds = [Wound(location="arm", side="left", damage=8)]
    ev = SYSTEM.evaluate(doc)
    assert "destroyed" in ev.derived_value("wound.0").explanation
    assert ev.derived_value("status").value == "Wounded"
    doc.character.wounds = [Wound(location="abdomen", damage=7)]
    assert derived(doc, "status") == "Wounded"
    doc.character.wounds = [Wound(location="abdomen", damage=8)]
    assert derived(doc, "status") == "Dead"


def test_special_damage_replaces_the_location_row() -> None:
    """002 lines 61-67: a special damage type has its own shock DV and wound; Electric
    "18 -1, Temporary (wounds heal 1/phase in 10-REC phases)" (line 63)."""
    doc = _psion()
    doc.character.attributes.rec = 4
    doc.character.wounds = [Wound(location="chest", side="left", special="electric")]
    ev = SYSTEM.evaluate(doc)
    assert ev.derived_value("wound_penalty").value == -1
    text = ev.derived_value("wound.0").explanation
    assert "vs DV 18" in text and "6 phases" in text


def test_recovered_temporary_wound_no_longer_counts() -> None:
    """002 line 63: temporary wounds heal; a healed one lowers nothing."""
    doc = _psion()
    doc.character.wounds = [Wound(special="suffocation", recovered=True)]
    assert derived(doc, "wound_penalty") == 0


def test_layered_armour_on_the_sheet() -> None:
    """002 line 37: "the highest layer plus half the next highest"; only worn layers."""
    doc = _psion()
    doc.character.armour = [
        Armour(name="Vest", rv=6),
        Armour(name="Coat", rv=3),
        Armour(name="Helmet", rv=9, worn=False),
    ]
    assert derived(doc, "armour") == 7


def test_initiative_settings() -> None:
    """002 line 18: "Characters act once per Phase in descending order of INIT" (INIT is not
    defined: campaign setting, default REF)."""
    doc = _psion()
    assert derived(doc, "initiative") == 7
    doc.campaign.initiative = "ref_plus_int"
    assert derived(doc, "initiative") == 13
    doc.campaign.initiative = "entered"
    doc.character.initiative = 11
    assert derived(doc, "initiative") == 11


def test_custom_skill_av() -> None:
    doc = _psion()
    doc.character.skills.append(Skill(name="Handgun", attribute="ref", rating=4))
    doc.character.weapons = [Weapon(name="Pistol", skill="handgun", ev=6)]
    assert derived(doc, "skill.5") == 11
    assert derived(doc, "weapon.0") == 11
