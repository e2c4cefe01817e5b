"""The 2d10 declared actions resolved with typed dice, each against the seed's arithmetic
(seed ../shared/seeds/002_2465630f321cfb59.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from sheetapp.core.changes import apply_to_document, invert_all
from sheetapp.core.document import Condition, Contact
from sheetapp.core.system import actions_of
from sheetapp.play.actions import Action, ActionError, Resolution, find_action, resolve
from sheetapp.systems.twod10.model import Armour, PsionicPower, Skill, Twod10Document, Weapon
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import new


def character() -> Twod10Document:
    document = new()
    character = document.character
    character.attributes.ref = 6
    character.attributes.body = 7
    character.attributes.int = 5
    character.skills.append(Skill(name="Firearms", attribute="ref", rating=4))
    character.weapons.append(Weapon(name="Pistol", skill="Firearms", ev=6, toughness=8))
    character.armour += [Armour(name="Vest", rv=6), Armour(name="Coat", rv=3)]
    character.powers.append(PsionicPower(name="Mind blast", power=5, points=2))
    focus = next(skill for skill in character.skills if skill.skill == "focus")
    focus.rating = 3
    return document


def action(document: Twod10Document, name: str) -> Action:
    return find_action(actions_of(SYSTEM, document), name)


def run(document: Twod10Document, name: str, **kwargs: Any) -> Resolution:
    options = {key: str(value) for key, value in kwargs.pop("options", {}).items()}
    return resolve(action(document, name), options=options, **kwargs)


def test_check_success_and_level() -> None:
    """ "AR Action Result AV + 2D10" (line 11); "For every three points above the target, the
    'level' of success increases" (line 7); "If your AR is higher than or equel to the DV, you
    have succeeded" (line 22)."""
    document = character()
    result = run(document, "check", dice={"": "7 9"}, vs=18, options={"use": "skill6"})
    # Firearms: REF 6 + 4 = 10; AR 10 + 16 = 26; (26 - 18) // 3 = 2
    assert result.values == {"av": 10, "ar": 26, "dv": 18, "level": 2}
    assert result.success is True
    assert "2D10 7+9 = 16" in result.text()
    failed = run(document, "check", dice={"": "1 1"}, vs=14, options={"use": "perception"})
    assert failed.success is False and failed.values["level"] is None


def test_check_default_dv_is_normal() -> None:
    """ "14 Normal" (line 27): the DV when none is given."""
    result = run(character(), "check", dice={"": "5 5"})
    assert result.values["dv"] == 14


def test_surprise_adds_four() -> None:
    """ "Surprise gives a +4 AV bonus." (line 20)"""
    result = run(character(), "check", dice={"": "5 5"}, options={"surprise": "yes"})
    assert result.values["av"] == 5 + 0 + 4


@pytest.mark.parametrize(("target_roll", "surprised"), [("2 3", True), ("6 6", False)])
def test_surprise_threshold(target_roll: str, surprised: bool) -> None:
    """ "You have Surprise if your target's AR is below your [REF + Sneak/Camoflague + 10] if
    you are hiding" (line 20): REF 6 + 0 + 10 = 16; target AR 4 + 5 = 9 or 4 + 12 = 16."""
    result = run(
        character(), "surprise", dice={"": target_roll}, options={"target_av": 4, "how": "hiding"}
    )
    assert result.values["threshold"] == 16
    assert result.success is surprised


def test_attack_low_cover_called_shot_surprise_layered_armour() -> None:
    """ "Roll 2d6+1 if the target has low cover" (line 35); "7 -3 Arm 6 -1" (line 44);
    "Surprise gives a +4 AV bonus." (line 20); "their total Armour equels the highest layer
    plus half the next highest" (line 37); "ER Effect Result EV + 1 per 3 points of AR over
    DV" (line 14)."""
    result = run(
        character(),
        "attack",
        dice={"ar": "8 9"},
        vs=14,
        options={"cover": "low_cover", "called": "arm", "surprise": "yes", "armour": "5,4"},
    )
    # AV 10 + 4 - 3 = 11; AR 28; level (28 - 14) // 3 = 4; ER 6 + 4 = 10; RV 5 + 2 = 7
    assert result.values["av"] == 11 and result.values["ar"] == 28
    assert result.values["er"] == 10
    assert result.values["damage"] == 3
    assert result.values["location"] == "arm" and result.values["side"] == "right"
    assert result.values["shock_dv"] == 6
    assert "location" not in dict(result.dice)


def test_called_location_behind_cover_refused() -> None:
    """ "Roll 2d6+1 if the target has low cover" (line 35): 3-13, so a called Foot (18) cannot
    be hit behind low cover."""
    with pytest.raises(ActionError, match="cannot be called"):
        run(
            character(),
            "attack",
            dice={"ar": "8 9"},
            vs=14,
            options={"cover": "low_cover", "called": "foot"},
        )


@pytest.mark.parametrize(
    ("cover", "dice", "roll", "location"),
    [
        ("open", "1 1 1", 3, "eye"),
        ("low_cover", "6 6", 13, "abdomen"),
        ("high_cover", "1 1", 8, "chest"),
    ],
)
def test_hit_location_dice_by_cover(cover: str, dice: str, roll: int, location: str) -> None:
    """ "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover, else roll 3d6."
    (line 35)"""
    result = run(
        character(), "attack", dice={"ar": "5 5", "location": dice}, vs=10, options={"cover": cover}
    )
    assert (result.values["location_roll"], result.values["location"]) == (roll, location)


@pytest.mark.parametrize(("dice", "side"), [("5 5", "right"), ("5 6", "left")])
def test_side_from_ar_parity(dice: str, side: str) -> None:
    """ "if the AR is even, it hits the right side of the body, else the left" (line 35)."""
    result = run(character(), "attack", dice={"ar": dice, "location": "3 3 3"}, vs=10)
    assert result.values["side"] == side


def test_hit_records_the_wound_with_one_undoable_change() -> None:
    """ "Damage is determined with weapon EV minus armour RV." (line 37); "Shock save AVs are
    BODY + d20. Ignore the penalty from the wound itself, although include other wound
    penalities." (line 69)"""
    document = character()
    result = run(
        document,
        "hit",
        dice={"ar": "7 9"},
        vs=14,
        options={
            "attacker_av": 8,
            "ev": 12,
            "cover": "low_cover",
            "called": "arm",
            "surprise": "yes",
        },
    )
    # AV 8 + 4 - 3 = 9; AR 25 (odd: left); level 3; ER 15; RV 6 + 3 // 2 = 7; damage 8
    assert result.values["damage"] == 8 and result.values["side"] == "left"
    assert result.values["destroyed"] is True and result.values["death"] is False
    assert result.values["shock_dv"] == 6 and result.values["shock_av"] == 7
    assert result.effect is not None and len(result.effect.changes) == 1
    after = apply_to_document(document, result.effect.changes)
    wound = after.character.wounds[-1]
    assert (wound.location, wound.side, wound.damage, wound.ar, wound.cover) == (
        "arm",
        "left",
        8,
        25,
        "low_cover",
    )
    undone = apply_to_document(after, invert_all(result.effect.changes))
    assert undone.model_dump() == document.model_dump()


def test_eight_damage_to_head_is_death() -> None:
    """ "Eight or more points of damage will instantly destroy the area; in the case of 3-5 or
    8-13 this will mean instant death." (line 57)"""
    result = run(
        character(),
        "hit",
        dice={"ar": "10 10", "location": "1 2 2"},
        vs=10,
        options={"attacker_av": 0, "ev": 12},
    )
    assert result.values["location"] == "head" and result.values["death"] is True


def test_shock_save_ignores_own_wound() -> None:
    """ "Shock save AVs are BODY + d20. Ignore the penalty from the wound itself, although
    include other wound penalities." (line 69); "8 -2 Chest 10 -2" (line 45)."""
    document = character()
    document.character.wounds += [_wound("arm", "left", 2), _wound("chest", "right", 2)]
    result = run(document, "shock", dice={"": "4"}, options={"wound": 2})
    # BODY 7 + arm -1 (the chest's own -2 left out) = 6; AR 10 vs DV 10
    assert result.values == {"av": 6, "ar": 10, "dv": 10}
    assert result.success is True


def _wound(location: str, side: str, damage: int) -> Any:
    from sheetapp.systems.twod10.model import Wound

    return Wound(location=location, side=side, damage=damage)


def test_special_damage_own_shock_check() -> None:
    """ "Electric 18 -1, Temporary (wounds heal 1/phase in 10-REC phases)" (line 63): the
    special type's own Shock check and penalty."""
    result = run(
        character(),
        "hit",
        dice={"ar": "5 5", "location": "3 3 3"},
        vs=10,
        options={"attacker_av": 0, "ev": 12, "special": "electric"},
    )
    assert result.values["shock_dv"] == 18 and result.values["penalty"] == -1
    assert result.effect is not None
    assert result.effect.changes[0].after["special"] == "electric"


def test_malfunction_save() -> None:
    """ "Malfunction saves are Toughness + 2D10 vs 14 + damage." (line 73)"""
    result = run(
        character(), "malfunction", dice={"": "3 4"}, options={"damage": 3, "item": "weapon1"}
    )
    assert result.values == {"av": 8, "ar": 15, "dv": 17}
    assert result.success is False


@pytest.mark.parametrize(
    ("dice", "ev", "condition"),
    [("1 1", 2, None), ("5 5", 2, "Impressed"), ("10 9", 2, "Stunned"), ("10 10", 7, "Awed")],
)
def test_influence_results_as_conditions(dice: str, ev: int, condition: str | None) -> None:
    """ "1-4 Impressed: target acts last in phase." (line 77) "5-8 Stunned: target loses next
    Action." (line 78) "9-12 Awed: target loses next Action, -3 to REF, INT, INF." (line 79):
    read against the ER, EV + 1 per 3 points of AR over DV (line 14)."""
    document = character()
    result = run(
        document, "influenced", dice={"": dice}, vs=10, options={"attacker_av": 0, "ev": ev}
    )
    assert result.values.get("condition") == condition
    if condition is not None:
        assert result.effect is not None
        after = apply_to_document(document, result.effect.changes)
        assert [c.name for c in after.play.conditions] == [condition]


def test_phase_order_and_conditions() -> None:
    """ "Characters act once per Phase in descending order of INIT." (line 18) "Impressed:
    target acts last in phase." (line 77) "Stunned: target loses next Action." (line 78)"""
    document = character()
    document.meta.name = "Kit"
    plain = run(document, "phase", options={"others": "Rook=7, Ann=3"})
    assert plain.values["order"] == ["Rook", "Kit", "Ann"]
    document.play.conditions.append(Condition(name="Impressed"))
    impressed = run(document, "phase", options={"others": "Rook=7, Ann=3"})
    assert impressed.values["order"] == ["Rook", "Ann", "Kit"]
    assert impressed.effect is not None
    assert apply_to_document(document, impressed.effect.changes).play.conditions == []
    document.play.conditions = [Condition(name="Stunned")]
    assert run(document, "phase", options={"others": "Rook=7"}).values["order"] == ["Rook"]


def test_psionic_attack_full_power_focus_alien_mass() -> None:
    """ "Attacks are made with Power + Focus vs WILL + Defense; use the full Power score
    regardless of how many points are used." (line 85) "To contact an 'alien' mind, there is a
    -4 AV penalty." (line 87) "Increases by -4 for every multiple of 10." (line 119)"""
    document = character()
    result = run(
        document,
        "psionic",
        dice={"": "9 9"},
        vs=10,
        options={"target": "Bob", "targets": 25, "alien": "yes", "points": 1},
    )
    # Power 5 (not the 1 point used) + Focus 3 - 4 alien - 8 (25 targets: up to 100) = -4
    assert result.values["av"] == -4 and result.values["ar"] == 14
    assert result.success is True
    assert result.effect is not None
    after = apply_to_document(document, result.effect.changes)
    assert after.play.contacts[0].target == "Bob"


def test_mass_targets_any_count() -> None:
    """ "10,000 -16" (line 117) and "Increases by -4 for every multiple of 10." (line 119):
    a million targets, -24."""
    result = run(character(), "psionic", dice={"": "10 10"}, vs=0, options={"targets": 1_000_000})
    assert result.values["av"] == 8 - 24


def test_psionic_automatic_success_and_no_surprise() -> None:
    """ "If the target wishes, they can allow the psi an automatic success. Psionic attacks do
    not benefit from Surprise." (line 85)"""
    document = character()
    auto = run(document, "psionic", options={"automatic": "yes", "target": "Ally"})
    assert auto.success is True and auto.dice == ()
    with pytest.raises(ActionError, match="Surprise"):
        run(document, "psionic", dice={"": "5 5"}, vs=10, options={"surprise": "yes"})


@pytest.mark.parametrize("points", [0, 11])
def test_points_outside_range_table_refused(points: int) -> None:
    """ "1 20m" (line 97) to "10 Solar system" (line 106): 0 or 11 points is outside the table."""
    document = character()
    document.character.powers[0].power = 20
    with pytest.raises(ActionError, match="outside the psionic range table"):
        run(document, "psionic", dice={"": "5 5"}, vs=10, options={"points": points})


def test_range_and_line_of_sight() -> None:
    """ "Range is quite large, determined by points (see below), but to establish contact a line
    of sight is required." (line 95); "2 100m" (line 98)."""
    document = character()
    with pytest.raises(ActionError, match="beyond the range"):
        run(document, "psionic", dice={"": "5 5"}, vs=10, options={"distance_m": 150})
    with pytest.raises(ActionError, match="line of sight"):
        run(document, "psionic", dice={"": "5 5"}, vs=10, options={"line_of_sight": "no"})


def test_ping_awareness_dv_with_distance() -> None:
    """ "This has an Awareness DV of 30 - points used within 20m of user +1 per 5m." (line 83):
    3 points at 47m: 30 - 3 + 5 = 32."""
    result = run(character(), "ping", dice={"": "10 10"}, options={"points": 3, "distance_m": 47})
    assert result.values["dv"] == 32
    assert result.success is False  # INT 5 + 0 + 20 = 25


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [("1 1", "not detected"), ("5 5", "direction"), ("7 7", "direction and identity")],
)
def test_detection_margins(dice: str, outcome: str) -> None:
    """ "roll INT + Perception vs attacker's INT + Defense; on a success he can tell the source
    of the attack by direction - beating it by four or more can tell the identity of the source
    even if they cannot be seen." (line 89)"""
    result = run(character(), "detect", dice={"": dice}, vs=15)
    assert result.outcome == outcome


def test_contact_death_shock_and_drop() -> None:
    """ "If they are killed whilst in contact, the psychic must make a Shock roll against a DV of
    16 + target's SPIRIT. Contact can be dropped at any time; this is a free action but does not
    take effect until the end of th next phase." (line 91)"""
    document = character()
    document.play.contacts.append(Contact(target="Bob", target_spirit=4))
    dies = run(document, "contact-dies", dice={"": "13"})
    # BODY 7 + 13 = 20 vs 16 + 4 = 20
    assert dies.values == {"av": 7, "ar": 20, "dv": 20} and dies.success is True
    assert dies.effect is not None
    assert apply_to_document(document, dies.effect.changes).play.contacts == []
    drop = run(document, "drop-contact")
    assert drop.effect is not None
    dropped = apply_to_document(document, drop.effect.changes)
    assert dropped.play.contacts[0].dropping == "dropped"
    first = run(dropped, "phase")  # the next phase: the contact holds until its end
    assert first.effect is not None
    ending = apply_to_document(dropped, first.effect.changes)
    assert ending.play.contacts[0].dropping == "ending"
    second = run(ending, "phase")
    assert second.effect is not None
    assert apply_to_document(ending, second.effect.changes).play.contacts == []


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("7 8 9", "takes 2 dice or their total"),
        ("0 5", "shows 1 to 10"),
        ("11 3", "shows 1 to 10"),
        ("seven nine", "not dice"),
        ("1", "totals 2 to 20"),
    ],
)
def test_impossible_dice_refused(dice: str, message: str) -> None:
    """Typed dice a 2D10 cannot show are refused with what it shows (line 5: "They roll 2D10")."""
    with pytest.raises(ActionError, match=message):
        run(character(), "check", dice={"": dice})


def test_total_where_only_the_total_matters() -> None:
    """ "They roll 2D10, adding the relevent attribute, skill and any modifiers." (line 5): a
    typed total of 16 stands for the dice."""
    result = run(character(), "check", dice={"": "16"}, vs=14)
    assert result.values["ar"] == 5 + 16


def test_roll_for_me_is_seeded_and_recorded() -> None:
    """ "They roll 2D10" (line 5): the app's dice are recorded with their seed; the same seed,
    the same dice."""
    document = character()
    first = resolve(action(document, "check"), roll_missing=True, seed=42)
    again = resolve(action(document, "check"), roll_missing=True, seed=42)
    assert first.dice == again.dice
    roll = dict(first.dice)["ar"]
    assert roll.how == "rolled" and roll.seed == 42 and len(roll.faces) == 2


def test_unknown_option_and_value() -> None:
    """An option the action does not have, or a value it does not allow, names what it allows."""
    document = character()
    with pytest.raises(ActionError, match="has no option 'range'"):
        run(document, "check", dice={"": "5 5"}, options={"range": 3})
    with pytest.raises(ActionError, match=r"allowed: open \(No cover.*low_cover.*high_cover"):
        run(document, "attack", dice={"ar": "5 5"}, vs=10, options={"cover": "wall"})


def test_awed_lowers_ref_int_inf_on_the_sheet() -> None:
    """ "9-12 Awed: target loses next Action, -3 to REF, INT, INF." (line 79): while the
    condition holds, the sheet's attributes and every AV from them are 3 lower."""
    document = character()
    before = SYSTEM.evaluate(document)
    document.play.conditions.append(Condition(name="Awed"))
    after = SYSTEM.evaluate(document)
    for key in ("attribute.ref", "attribute.int", "attribute.inf", "perception"):
        assert after.derived_value(key).value == before.derived_value(key).value - 3
    assert (
        after.derived_value("attribute.body").value == before.derived_value("attribute.body").value
    )
    assert "Awed" in after.derived_value("conditions").explanation


def test_a_recorded_wound_prints_how_it_was_taken() -> None:
    """ "Roll for hit location; if the AR is even, it hits the right side of the body, else the
    left." (line 35): the printed wound keeps its AR, roll and cover."""
    from sheetapp.sheet import TableSection, build_sheet

    document = character()
    result = run(
        document,
        "hit",
        dice={"ar": "5 5", "location": "3 4"},
        vs=10,
        options={"attacker_av": 0, "ev": 12, "cover": "low_cover"},
    )
    assert result.effect is not None
    document = apply_to_document(document, result.effect.changes)
    section = build_sheet(SYSTEM, document, SYSTEM.evaluate(document)).section("wounds")
    assert isinstance(section, TableSection)
    assert section.rows[-1].cells["wound"] == "Right Chest (AR 10, rolled 8, low cover)"
