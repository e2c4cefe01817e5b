"""2d10 checks and saves as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt):
a skill check, the Shock save, the malfunction save and Surprise."""

from __future__ import annotations

from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    Choice,
    DiceSlot,
    Inputs,
    Resolution,
    Term,
    VsInput,
    resolved,
)
from sheetapp.systems.twod10.action_kit import (
    MODIFIER,
    NONE,
    ActionGroup,
    modifier,
    roll_terms,
    value_part,
)
from sheetapp.systems.twod10.mechanics import malfunction_dv, succeeds


class Checks(ActionGroup):
    """Skill checks and the saves a character rolls for itself."""

    # -- declarations -------------------------------------------------------------------

    def _uses(self) -> tuple[Choice, ...]:
        uses = [
            Choice("perception", f"Perception (INT + Perception): AV {self.sheet.perception.value}")
        ]
        for line in self.sheet.skills:
            uses.append(Choice(f"skill{line.index + 1}", f"{line.name}: AV {line.av.value}"))
        return tuple(uses)

    def _normal_dv(self) -> int:
        """The DV of a Normal task (line 27), when none is given."""
        return self.cats.dv_chart["normal"].dv

    def check(self) -> Action:
        steps = ", ".join(f"{step.name} {step.dv}" for step in self.cats.tables.dv_chart[:4])
        return Action(
            "check",
            "Skill check",
            "Attribute + skill + 2D10 against a DV",
            self._resolve_check,
            (DiceSlot("ar", "2D10", "2D10"),),
            VsInput("DV", self._normal_dv(), f"{steps} ..."),
            (
                ActionOption("use", "Roll", "choice", "perception", self._uses()),
                self._surprise(),
                MODIFIER,
            ),
        )

    def _wound_choices(self) -> tuple[Choice, ...]:
        return tuple(
            Choice(str(line.index + 1), f"{line.name} (Shock DV {line.shock_dv})")
            for line in self.sheet.wounds.lines
            if line.shock_dv is not None and line.active
        )

    def shock(self) -> Action:
        wounds = self._wound_choices()
        return Action(
            "shock",
            "Shock save",
            "BODY + d20 against the wound's Shock check, other wounds' penalties included, "
            "its own left out",
            self._resolve_shock,
            (DiceSlot("d20", "d20", "1D20"),),
            VsInput("Shock DV", None, "the wound's Shock check when left out", required=False),
            (
                ActionOption(
                    "wound",
                    "Wound",
                    "choice",
                    wounds[-1].value if wounds else NONE,
                    ((Choice(NONE, "No wound (give the DV)"), *wounds)),
                ),
            ),
        )

    def malfunction(self) -> Action:
        character = self.document.character
        items = tuple(
            Choice(f"weapon{index + 1}", weapon.name or "(unnamed weapon)")
            for index, weapon in enumerate(character.weapons)
            if weapon.toughness is not None
        ) + tuple(
            Choice(f"armour{index + 1}", layer.name or "(unnamed armour)")
            for index, layer in enumerate(character.armour)
            if layer.toughness is not None
        )
        return Action(
            "malfunction",
            "Malfunction save",
            f"Toughness + 2D10 against {self.cats.constants.malfunction_base} + damage",
            self._resolve_malfunction,
            (DiceSlot("ar", "2D10", "2D10"),),
            None,
            (
                ActionOption("damage", "Damage taken", "int", None, minimum=0, maximum=1000),
                ActionOption(
                    "item",
                    "Whose Toughness",
                    "choice",
                    NONE,
                    (Choice(NONE, "The character's"), *items),
                ),
            ),
        )

    def surprise(self) -> Action:
        k = self.cats.constants
        return Action(
            "surprise",
            "Surprise",
            "The target's INT + Perception roll against this character's hiding or unexpected "
            f"attack; below it, Surprise: {k.surprise_bonus:+d} AV",
            self._resolve_surprise,
            (DiceSlot("ar", "target's 2D10", "2D10"),),
            None,
            (
                ActionOption(
                    "how",
                    "How",
                    "choice",
                    "hiding",
                    (
                        Choice(
                            "hiding",
                            f"Hiding (REF + Sneak/Camouflage + {k.surprise_base} = "
                            f"{self.sheet.surprise_hiding.value})",
                        ),
                        Choice(
                            "unexpected",
                            f"Attacking unexpectedly (INF + Persuasion + {k.surprise_base} = "
                            f"{self.sheet.surprise_unexpected.value})",
                        ),
                    ),
                ),
                ActionOption(
                    "target_av",
                    "Target's INT + Perception",
                    "int",
                    None,
                    minimum=-1000,
                    maximum=1000,
                ),
            ),
        )

    # -- resolvers ----------------------------------------------------------------------

    def _resolve_check(self, inputs: Inputs) -> Resolution:
        use = inputs.text("use")
        if use == "perception":
            parts = [value_part("INT + Perception", self.sheet.perception)]
            name = "Perception"
        else:
            line = self.sheet.skills[int(use.removeprefix("skill")) - 1]
            parts = [value_part(line.name, line.av)]
            name = line.name
        if inputs.flag("surprise"):
            parts.append(("Surprise", self.cats.constants.surprise_bonus))
        parts += modifier(inputs)
        dv = inputs.vs if inputs.vs is not None else self._normal_dv()
        terms, av, ar, success, level = roll_terms(parts, inputs.roll("ar"), dv)
        outcome = f"AR {ar} vs DV {dv}: " + (f"success, level {level}" if success else "failure")
        return resolved(
            inputs,
            "check",
            f"{name} check",
            terms,
            outcome,
            success=success,
            values={"av": av, "ar": ar, "dv": dv, "level": level},
        )

    def _resolve_shock(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("wound")
        body = self.document.character.attributes.body
        total = self.sheet.wounds.penalty
        if choice not in ("", NONE):
            line = self.sheet.wounds.lines[int(choice) - 1]
            others = total - line.penalty
            dv = inputs.vs if inputs.vs is not None else line.shock_dv
            what = line.name
        else:
            others, dv, what = total, inputs.vs, "Shock"
        if dv is None:
            raise ActionError("give the Shock DV (or pick a wound)")
        die = inputs.roll("d20")
        av = body + others
        ar = av + die.total
        success = succeeds(ar, dv)
        terms = (
            Term(
                "AV", f"BODY {body}" + (f" {others:+d} other wounds" if others else "") + f" = {av}"
            ),
            Term("Dice", die.describe()),
            Term("AR", f"{av} + {die.total} = {ar}"),
            Term("DV", f"{dv}: " + ("saved" if success else "failed")),
        )
        return resolved(
            inputs,
            "shock",
            f"Shock save ({what})",
            terms,
            f"AR {ar} vs DV {dv}: " + ("saved" if success else "failed"),
            success=success,
            values={"av": av, "ar": ar, "dv": dv},
        )

    def _toughness(self, item: str) -> list[tuple[str, int]]:
        """Whose Toughness a malfunction save rolls: a held weapon's or armour's, or the
        character's."""
        if item in ("", NONE):
            return [value_part("Toughness", self.sheet.malfunction)]
        character = self.document.character
        kind = "weapon" if item.startswith("weapon") else "armour"
        held = (character.weapons if kind == "weapon" else character.armour)[
            int(item.removeprefix(kind)) - 1
        ]
        assert held.toughness is not None
        return [(f"{held.name} Toughness", held.toughness)]

    def _resolve_malfunction(self, inputs: Inputs) -> Resolution:
        taken = inputs.options.get("damage")
        if not isinstance(taken, int):
            raise ActionError("give the damage taken (damage)")
        parts = self._toughness(inputs.text("item"))
        k = self.cats.constants
        dv = malfunction_dv(taken, k)
        rolled, av, ar, success, _level = roll_terms(parts, inputs.roll("ar"), dv)
        terms = [
            *rolled[:3],
            Term(
                "DV",
                f"{k.malfunction_base} + damage {taken} = {dv}: "
                + ("no malfunction" if success else "malfunction"),
            ),
        ]
        return resolved(
            inputs,
            "malfunction",
            "Malfunction save",
            terms,
            f"AR {ar} vs DV {dv}: " + ("holds" if success else "malfunctions"),
            success=success,
            values={"av": av, "ar": ar, "dv": dv},
        )

    def _resolve_surprise(self, inputs: Inputs) -> Resolution:
        target_av = inputs.options.get("target_av")
        if not isinstance(target_av, int):
            raise ActionError("give the target's INT + Perception (target_av)")
        how = inputs.text("how") or "hiding"
        threshold = (
            self.sheet.surprise_hiding if how == "hiding" else self.sheet.surprise_unexpected
        )
        roll = inputs.roll("ar")
        ar = target_av + roll.total
        surprised = ar < threshold.value
        k = self.cats.constants
        terms = (
            Term("Target's AR", f"INT + Perception {target_av} + {roll.describe()} = {ar}"),
            Term("Threshold", f"{threshold.explanation} = {threshold.value}"),
            Term(
                "Surprise",
                f"AR {ar} is {'below' if surprised else 'not below'} {threshold.value}: "
                + (f"Surprise, {k.surprise_bonus:+d} AV" if surprised else "no Surprise"),
            ),
        )
        return resolved(
            inputs,
            "surprise",
            "Surprise",
            terms,
            f"Surprise ({k.surprise_bonus:+d} AV)" if surprised else "no Surprise",
            success=surprised,
            values={"target_ar": ar, "threshold": threshold.value, "surprise": surprised},
        )
