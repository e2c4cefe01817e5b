"""X-Men HERO's rolls as declared actions (seed ../shared/seeds/001_83bd08b00b463b10.txt):
3d6 + modifiers against a Target Number, characteristic and skill rolls, the attack roll
(OCV against 10 + DCV), damage dice and knockback."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheetapp.core.document import Condition
from sheetapp.play import effects
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    Choice,
    DiceSlot,
    Effect,
    Inputs,
    OptionValue,
    Resolution,
    Term,
    VsInput,
    resolved,
)
from sheetapp.play.dice import DiceRoll
from sheetapp.systems.hero_xmen.build import Build, build
from sheetapp.systems.hero_xmen.catalog import PRIMARIES, catalogs
from sheetapp.systems.hero_xmen.model import HeroDocument

#: "The Target Number is usually 10" (line 23)
TARGET_NUMBER = 10
#: "a natural roll of 3 (three ones) always fails, while a natural roll of 18 (three sixes)
#: always succeeds" (line 25)
ALWAYS_FAILS, ALWAYS_SUCCEEDS = 3, 18
#: Knockback circumstances (lines 981-986)
CIRCUMSTANCES: Mapping[str, tuple[str, int]] = {
    "none": ("None", 0),
    "air": ("Target is in the air", 3),
    "rolled": ("Target Rolled with Blow", 3),
    "zero_g": ("Target is in zero gravity", 3),
    "martial": ("Attack was a Martial Manoeuvre", -3),
    "underwater": ("Target is underwater", -3),
}
KNOCKED_DOWN = "Knocked Down"


def _modifier(inputs: Inputs) -> list[tuple[str, int]]:
    value = inputs.options.get("modifier")
    return [("modifier", value)] if isinstance(value, int) and value else []


def _labelled(parts: list[tuple[str, int]]) -> str:
    """``DEX 18: +2, modifier: -1`` (a HERO modifier reads with its sign)."""
    return ", ".join(f"{label}: {value:+d}" for label, value in parts)


def three_d6(
    parts: list[tuple[str, int]], roll: DiceRoll, target: int, target_text: str
) -> tuple[list[Term], int, bool]:
    """ "roll 3d6, add or subtract any modifiers, and get a result equal to or better than the
    Target Number" (line 23), with the natural 3 and 18 (line 25)."""
    natural = roll.total
    total = natural + sum(value for _label, value in parts)
    if natural == ALWAYS_FAILS:
        success, why = False, "a natural 3 always fails"
    elif natural == ALWAYS_SUCCEEDS:
        success, why = True, "a natural 18 always succeeds"
    else:
        success = total >= target
        why = f"{total} {'≥' if success else '<'} {target}"
    terms = [
        Term("Dice", roll.describe()),
        Term("Modifiers", _labelled(parts) if parts else "none"),
        Term("Result", f"{natural}" + "".join(f" {v:+d}" for _l, v in parts) + f" = {total}"),
        Term(
            "Target Number",
            f"{target_text}: " + ("success" if success else "failure") + f" ({why})",
        ),
    ]
    return terms, total, success


class HeroActions:
    def __init__(self, document: HeroDocument) -> None:
        self.document = document
        self.built: Build = build(document.character, document.campaign, catalogs())

    def all(self) -> tuple[Action, ...]:
        return (self.characteristic(), self.skill(), self.attack(), self.damage(), self.knockback())

    def characteristic(self) -> Action:
        chars = tuple(
            Choice(
                char_id,
                f"{self.built.chars[char_id].char.abbreviation} "
                f"{self.built.chars[char_id].roll or 0:+d}",
            )
            for char_id in PRIMARIES
        )
        return Action(
            "characteristic",
            "Characteristic roll",
            "3d6 + the characteristic's modifier against the Target Number",
            self._resolve_characteristic,
            (DiceSlot("roll", "3d6", "3D6"),),
            VsInput("Target Number", TARGET_NUMBER),
            (
                ActionOption("characteristic", "Characteristic", "choice", "dex", chars),
                ActionOption("modifier", "Other modifier", "int", 0, minimum=-100, maximum=100),
            ),
        )

    def skill(self) -> Action:
        skills = tuple(
            Choice(str(row.index + 1), f"{row.name}: {row.roll_text}")
            for row in self.built.skills
            if row.roll is not None
        )
        return Action(
            "skill",
            "Skill roll",
            "3d6 + the skill's roll (its characteristic's modifier + its level) against the "
            "Target Number",
            self._resolve_skill,
            (DiceSlot("roll", "3d6", "3D6"),),
            VsInput("Target Number", TARGET_NUMBER),
            (
                ActionOption(
                    "skill", "Skill", "choice", skills[0].value if skills else None, skills
                ),
                ActionOption("modifier", "Other modifier", "int", 0, minimum=-100, maximum=100),
            ),
        )

    def attack(self) -> Action:
        return Action(
            "attack",
            "Attack roll",
            "3d6 + OCV against 10 + the defender's DCV",
            self._resolve_attack,
            (DiceSlot("roll", "3d6", "3D6"),),
            VsInput("defender's DCV"),
            (ActionOption("modifier", "OCV modifier", "int", 0, minimum=-100, maximum=100),),
        )

    def damage(self) -> Action:
        strength = self._str_dice()
        return Action(
            "damage",
            "Damage dice",
            "Roll the attack's d6: STUN is the total; BODY counts each die (HERO core: 1 is 0, "
            "6 is 2, else 1)",
            self._resolve_damage,
            (
                DiceSlot(
                    "damage",
                    "damage dice",
                    dice_for=_damage_dice,
                    total_allowed=False,
                    hint="one D6 per die of damage, each die typed",
                ),
            ),
            None,
            (ActionOption("dice", "Dice (d6)", "int", strength, minimum=1, maximum=100),),
        )

    def knockback(self) -> Action:
        return Action(
            "knockback",
            "Knockback taken",
            "3d6 + the BODY rolled against 10 + this character's Knockback Resistance: equal "
            'is Knocked Down, more is 1" per point',
            self._resolve_knockback,
            (DiceSlot("roll", "3d6", "3D6"),),
            None,
            (
                ActionOption(
                    "body", "BODY rolled by the attack", "int", None, minimum=0, maximum=1000
                ),
                ActionOption(
                    "circumstance",
                    "Circumstance",
                    "choice",
                    "none",
                    tuple(
                        Choice(key, f"{label} ({value:+d})" if value else label)
                        for key, (label, value) in CIRCUMSTANCES.items()
                    ),
                ),
            ),
        )

    def _str_dice(self) -> int:
        """STR's normal damage, 1d6 per 5 STR (the sheet's ``str_damage``), at least 1."""
        return max(1, self.built.value("str") // 5)

    def _resolve_characteristic(self, inputs: Inputs) -> Resolution:
        char_id = inputs.text("characteristic")
        row = self.built.chars[char_id]
        parts = [(f"{row.char.abbreviation} {row.value}", row.roll or 0), *_modifier(inputs)]
        target = inputs.vs if inputs.vs is not None else TARGET_NUMBER
        terms, total, success = three_d6(parts, inputs.roll("roll"), target, f"TN {target}")
        name = f"{row.char.abbreviation} roll"
        return resolved(
            inputs,
            "characteristic",
            name,
            terms,
            f"{total} vs TN {target}: " + ("success" if success else "failure"),
            success=success,
            values={"result": total, "target": target, "margin": total - target},
        )

    def _resolve_skill(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("skill")
        if not choice:
            raise ActionError("there is no skill with a roll on the sheet")
        row = next(r for r in self.built.skills if r.index == int(choice) - 1)
        assert row.roll is not None
        parts = [(f"{row.name} ({row.roll_text})", row.roll), *_modifier(inputs)]
        target = inputs.vs if inputs.vs is not None else TARGET_NUMBER
        terms, total, success = three_d6(parts, inputs.roll("roll"), target, f"TN {target}")
        return resolved(
            inputs,
            "skill",
            f"{row.name} roll",
            terms,
            f"{total} vs TN {target}: " + ("success" if success else "failure"),
            success=success,
            values={"result": total, "target": target, "margin": total - target},
        )

    def _resolve_attack(self, inputs: Inputs) -> Resolution:
        assert inputs.vs is not None
        ocv = self.built.chars.get("ocv")
        ocv_value = _ocv(self.document, self.built) if ocv is None else ocv.value
        parts = [("OCV", ocv_value), *_modifier(inputs)]
        target = TARGET_NUMBER + inputs.vs
        terms, total, success = three_d6(
            parts, inputs.roll("roll"), target, f"10 + DCV {inputs.vs} = {target}"
        )
        return resolved(
            inputs,
            "attack",
            "Attack roll",
            terms,
            f"{total} vs {target}: " + ("hit" if success else "miss"),
            success=success,
            values={"result": total, "target": target, "ocv": ocv_value},
        )

    def _resolve_damage(self, inputs: Inputs) -> Resolution:
        roll = inputs.roll("damage")
        body = sum(0 if face == 1 else 2 if face == 6 else 1 for face in roll.faces)
        terms = (
            Term("Dice", roll.describe()),
            Term("STUN", f"the total, {roll.total}"),
            Term(
                "BODY",
                " + ".join(str(0 if f == 1 else 2 if f == 6 else 1) for f in roll.faces)
                + f" = {body} (each 1 counts 0, each 6 counts 2, the rest 1)",
            ),
        )
        return resolved(
            inputs,
            "damage",
            f"Damage {roll.spec}",
            terms,
            f"{roll.total} STUN, {body} BODY",
            success=None,
            values={"stun": roll.total, "body": body},
        )

    def _resolve_knockback(self, inputs: Inputs) -> Resolution:
        body = inputs.options.get("body")
        if not isinstance(body, int):
            raise ActionError("give the BODY the attack rolled (body)")
        label, bonus = CIRCUMSTANCES[inputs.text("circumstance") or "none"]
        resistance = (
            self.built.value("kb_resistance") if "kb_resistance" in self.built.chars else 10
        )
        roll = inputs.roll("roll")
        total = roll.total + body + bonus
        target = TARGET_NUMBER + resistance
        terms = [
            Term(
                "Roll",
                f"{roll.describe()} + BODY {body}"
                + (f" {bonus:+d} ({label})" if bonus else "")
                + f" = {total}",
            ),
            Term("Target", f"10 + Knockback Resistance {resistance} = {target}"),
        ]
        values: dict[str, Any] = {"result": total, "target": target}
        if total < target:
            terms.append(Term("Knockback", "below the target: none"))
            return resolved(
                inputs,
                "knockback",
                "Knockback taken",
                terms,
                "no knockback",
                success=False,
                values=values | {"inches": 0},
            )
        inches = total - target
        if inches == 0:
            name, effect = KNOCKED_DOWN, "prone"
            terms.append(Term("Knockback", "equal to the target: Knocked Down"))
        else:
            name, effect = f'Knocked back {inches}"', f'{inches}" of Knockback'
            terms.append(Term("Knockback", f'{total} - {target} = {inches}"'))
        condition = Condition(name=name, effect=effect, source="knockback")
        return resolved(
            inputs,
            "knockback",
            "Knockback taken",
            terms,
            name,
            success=True,
            values=values | {"inches": inches},
            effect=Effect(name, tuple(effects.add_condition(self.document, condition))),
        )


def _damage_dice(options: Mapping[str, OptionValue]) -> str | None:
    count = options.get("dice")
    return f"{count}D6" if isinstance(count, int) and not isinstance(count, bool) else None


def _ocv(document: HeroDocument, built: Build) -> int:
    """OCV as the sheet figures it (the evaluation's ``ocv``)."""
    from sheetapp.systems.hero_xmen.system import SYSTEM

    value = SYSTEM.evaluate(document).derived_value("ocv").value
    if not isinstance(value, int):
        raise ActionError("the sheet has no OCV to attack with")
    return value


def hero_actions(document: HeroDocument) -> tuple[Action, ...]:
    return HeroActions(document).all()
