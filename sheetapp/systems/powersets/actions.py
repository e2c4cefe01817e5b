"""Power Sets' percentile rolls as declared actions (seed ../shared/seeds/004_a6acbf8ec65b19a8.txt):
skill, magic spell, psychic ability and characteristic rolls, D100 against a percentage.

The fragment refers to the resistance table but does not print it, nor the special and
critical thresholds of its base game: the resolvers give success or failure, and what a
spell costs either way (lines 408, 418)."""

from __future__ import annotations

from sheetapp.play import effects
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    Choice,
    DiceSlot,
    Effect,
    Inputs,
    Resolution,
    Term,
    resolved,
)
from sheetapp.systems.powersets.catalog import magic_spells, psychic_abilities
from sheetapp.systems.powersets.model import PowersetsDocument

POWER_POINTS_SPENT = "Power points spent"
CHARACTERISTICS = ("str", "con", "siz", "int", "pow", "dex", "cha")
#: "If the roll fails, 1 power point is lost and nothing happens." (line 408)
FAILED_SPELL_COST = 1


def percentile(chance: int, roll: int) -> bool:
    """A percentile roll succeeds at or under its chance."""
    return roll <= chance


class PowersetsActions:
    def __init__(self, document: PowersetsDocument) -> None:
        self.document = document

    def all(self) -> tuple[Action, ...]:
        return (self.skill(), self.spell(), self.psychic(), self.characteristic())

    def _d100(self) -> tuple[DiceSlot, ...]:
        return (DiceSlot("roll", "D100", "D100"),)

    def _modifier(self) -> ActionOption:
        return ActionOption("modifier", "Modifier (%)", "int", 0, minimum=-200, maximum=200)

    def skill(self) -> Action:
        skills = tuple(
            Choice(str(index + 1), f"{entry.name or '(unnamed)'} {entry.value}%")
            for index, entry in enumerate(self.document.character.skills)
        )
        return Action(
            "skill",
            "Skill roll",
            "D100 at or under the skill's percentage",
            self._resolve_skill,
            self._d100(),
            None,
            (
                ActionOption(
                    "skill", "Skill", "choice", skills[0].value if skills else None, skills
                ),
                self._modifier(),
            ),
        )

    def spell(self) -> Action:
        known = magic_spells()
        spells = tuple(
            Choice(
                str(index + 1),
                f"{known[c.spell].name if c.spell in known else c.spell} "
                f"{c.skill}%, {c.level} level{'s' if c.level != 1 else ''}",
            )
            for index, c in enumerate(self.document.character.magic_spells)
        )
        return Action(
            "spell",
            "Cast a magic spell",
            "D100 at or under the spell's skill: the power points it costs on a success, 1 on "
            "a failure",
            self._resolve_spell,
            self._d100(),
            None,
            (
                ActionOption(
                    "spell", "Spell", "choice", spells[0].value if spells else None, spells
                ),
                ActionOption(
                    "levels",
                    "Levels cast",
                    "int",
                    None,
                    minimum=1,
                    maximum=1000,
                    help="the spell's levels when left out",
                ),
                self._modifier(),
            ),
        )

    def psychic(self) -> Action:
        known = psychic_abilities()
        abilities = tuple(
            Choice(
                str(index + 1),
                f"{known[c.ability].name if c.ability in known else c.ability} {c.skill}%",
            )
            for index, c in enumerate(self.document.character.psychic)
        )
        return Action(
            "psychic",
            "Psychic ability",
            "D100 at or under the ability's skill",
            self._resolve_psychic,
            self._d100(),
            None,
            (
                ActionOption(
                    "ability",
                    "Ability",
                    "choice",
                    abilities[0].value if abilities else None,
                    abilities,
                ),
                self._modifier(),
            ),
        )

    def characteristic(self) -> Action:
        chars = self.document.character.characteristics
        choices = tuple(Choice(c, f"{c.upper()} {getattr(chars, c)}") for c in CHARACTERISTICS)
        return Action(
            "characteristic",
            "Characteristic roll",
            "D100 at or under the characteristic times a multiplier ('a roll of CON×1') or two "
            "characteristics added ('a successful roll of INT+POW')",
            self._resolve_characteristic,
            self._d100(),
            None,
            (
                ActionOption("characteristic", "Characteristic", "choice", "pow", choices),
                ActionOption("times", "Multiplier", "int", 5, minimum=1, maximum=10),
                ActionOption(
                    "plus",
                    "Plus (INT+POW)",
                    "choice",
                    "none",
                    (Choice("none", "nothing"), *choices),
                ),
                self._modifier(),
            ),
        )

    def _roll(
        self, name: str, chance: int, inputs: Inputs, how: str
    ) -> tuple[list[Term], bool, int]:
        modifier = inputs.int("modifier")
        total = chance + modifier
        roll = inputs.roll("roll").total
        success = percentile(total, roll)
        terms = [
            Term("Chance", f"{how}" + (f" {modifier:+d}" if modifier else "") + f" = {total}%"),
            Term("Dice", inputs.roll("roll").describe()),
            Term(
                "Result",
                f"{roll} {'≤' if success else '>'} {total}: "
                + ("success" if success else "failure"),
            ),
        ]
        return terms, success, total

    def _resolve_skill(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("skill")
        if not choice:
            raise ActionError("there is no skill on the sheet")
        entry = self.document.character.skills[int(choice) - 1]
        name = entry.name or "(unnamed skill)"
        terms, success, total = self._roll(name, entry.value, inputs, f"{name} {entry.value}%")
        return resolved(
            inputs,
            "skill",
            f"{name} roll",
            terms,
            "success" if success else "failure",
            success=success,
            values={"chance": total},
        )

    def _resolve_spell(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("spell")
        if not choice:
            raise ActionError("there is no magic spell on the sheet")
        cast = self.document.character.magic_spells[int(choice) - 1]
        spell = magic_spells().get(cast.spell)
        name = spell.name if spell is not None else cast.spell
        given = inputs.options.get("levels")
        levels = given if isinstance(given, int) else cast.level
        if levels > cast.level:
            raise ActionError(
                f"{name} is known to {cast.level} level{'s' if cast.level != 1 else ''}, "
                f"not {levels}"
            )
        per_level = spell.cost_per_level if spell is not None else 1
        terms, success, total = self._roll(name, cast.skill, inputs, f"{name} {cast.skill}%")
        cost = levels * per_level if success else FAILED_SPELL_COST
        terms.append(
            Term(
                "Power points",
                (
                    f"{levels} level{'s' if levels != 1 else ''} × {per_level} = {cost}"
                    if success
                    else f"{FAILED_SPELL_COST}: a failed spell still costs 1 power point"
                ),
            )
        )
        spent_before = effects.spent(self.document, POWER_POINTS_SPENT)
        changes = effects.spend(self.document, POWER_POINTS_SPENT, cost)
        return resolved(
            inputs,
            "spell",
            f"Cast {name}",
            terms,
            ("success" if success else "failure")
            + f": {cost} power point{'s' if cost != 1 else ''}",
            success=success,
            values={"chance": total, "power_points": cost},
            effect=Effect(
                f"{cost} power point{'s' if cost != 1 else ''} spent "
                f"({spent_before + cost} in all)",
                tuple(changes),
            ),
        )

    def _resolve_psychic(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("ability")
        if not choice:
            raise ActionError("there is no psychic ability on the sheet")
        held = self.document.character.psychic[int(choice) - 1]
        ability = psychic_abilities().get(held.ability)
        name = ability.name if ability is not None else held.ability
        terms, success, total = self._roll(name, held.skill, inputs, f"{name} {held.skill}%")
        return resolved(
            inputs,
            "psychic",
            name,
            terms,
            "success" if success else "failure",
            success=success,
            values={"chance": total},
        )

    def _resolve_characteristic(self, inputs: Inputs) -> Resolution:
        chars = self.document.character.characteristics
        first = inputs.text("characteristic") or "pow"
        plus = inputs.text("plus") or "none"
        if plus != "none":
            chance = getattr(chars, first) + getattr(chars, plus)
            how = f"{first.upper()} {getattr(chars, first)} + {plus.upper()} {getattr(chars, plus)}"
            name = f"{first.upper()}+{plus.upper()}"
        else:
            times = inputs.int("times")
            chance = getattr(chars, first) * times
            how = f"{first.upper()} {getattr(chars, first)} × {times}"
            name = f"{first.upper()}×{times}"
        terms, success, total = self._roll(name, chance, inputs, how)
        return resolved(
            inputs,
            "characteristic",
            f"{name} roll",
            terms,
            "success" if success else "failure",
            success=success,
            values={"chance": total},
        )


def powersets_actions(document: PowersetsDocument) -> tuple[Action, ...]:
    return PowersetsActions(document).all()
