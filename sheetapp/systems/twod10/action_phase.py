"""2d10's phase as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt): an
influence attempt on this character and the conditions it gives (lines 77-80), and the next
phase: who acts in what order, and what those conditions and dropped contacts do to it."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.document import Condition
from sheetapp.play import effects
from sheetapp.play.actions import (
    Action,
    ActionError,
    ActionOption,
    DiceSlot,
    Effect,
    Inputs,
    Resolution,
    Term,
    VsInput,
    named_numbers,
    resolved,
)
from sheetapp.systems.twod10.action_kit import ActionGroup, roll_terms

#: the conditions an influence result gives (lines 77-80) and what ends them
ONE_PHASE = ("Impressed", "Stunned", "Awed")
LOSES_ACTION = ("Stunned", "Awed")


class Phases(ActionGroup):
    """Influence on this character and the phase order its conditions change."""

    def influenced(self) -> Action:
        return Action(
            "influenced",
            "Influenced",
            "An influence attempt on this character: the ER gives Impressed, Stunned, Awed or "
            "Cowed, recorded as a condition",
            self._resolve_influenced,
            (DiceSlot("ar", "influencer's 2D10", "2D10"),),
            VsInput("this character's DV"),
            (
                ActionOption(
                    "attacker_av", "Influencer's AV", "int", None, minimum=-1000, maximum=1000
                ),
                ActionOption("ev", "Influencer's EV", "int", None, minimum=-1000, maximum=1000),
            ),
        )

    def phase(self) -> Action:
        return Action(
            "phase",
            "Next phase",
            "Who acts in what order this phase (descending INIT), and what this character's "
            "conditions and dropped contacts do to it",
            self._resolve_phase,
            (),
            None,
            (
                ActionOption(
                    "others",
                    "Others' INIT",
                    "text",
                    "",
                    help="e.g. Rook=7, Vance=4",
                ),
            ),
        )

    # -- resolvers ----------------------------------------------------------------------

    def _resolve_influenced(self, inputs: Inputs) -> Resolution:
        attacker_av = inputs.options.get("attacker_av")
        ev = inputs.options.get("ev")
        if not isinstance(attacker_av, int) or not isinstance(ev, int):
            raise ActionError("give the influencer's AV (attacker_av) and EV (ev)")
        assert inputs.vs is not None
        terms, av, ar, success, level = roll_terms(
            [("influencer's AV", attacker_av)], inputs.roll("ar"), inputs.vs
        )
        values: dict[str, Any] = {"av": av, "ar": ar, "dv": inputs.vs, "level": level}
        name = "Influenced"
        if not success or level is None:
            return resolved(
                inputs,
                "influenced",
                name,
                terms,
                "resisted: no influence",
                success=False,
                values=values,
            )
        er = ev + level
        terms.append(Term("ER", f"EV {ev} + level {level} = {er}"))
        row = self.cats.influence_for(er)
        values["er"] = er
        if row is None:
            terms.append(Term("Result", f"ER {er} is below 1: no result"))
            return resolved(
                inputs,
                "influenced",
                name,
                terms,
                "no result (ER below 1)",
                success=True,
                values=values,
            )
        span = f"{row.low}-{row.high}" if row.high is not None else f"{row.low}+"
        terms.append(Term("Result", f"ER {er} ({span}): {row.name}, {row.text}"))
        values["condition"] = row.name
        condition = Condition(name=row.name, effect=row.text, source="influence")
        effect = Effect(
            f"the condition {row.name}", tuple(effects.add_condition(self.document, condition))
        )
        return resolved(
            inputs,
            "influenced",
            name,
            terms,
            f"{row.name}: {row.text}",
            success=True,
            values=values,
            effect=effect,
        )

    def _acting(self, inputs: Inputs, held: set[str], terms: list[Term]) -> list[str]:
        """Descending INIT, one Action each; Stunned or Awed loses the Action, Impressed
        acts last."""
        me = self.document.meta.name or "This character"
        init = self.sheet.initiative.value
        others = named_numbers(inputs.text("others"))
        order = sorted([(me, init), *others], key=lambda pair: -pair[1])
        terms.append(Term("INIT", f"{me} {init} ({self.sheet.initiative.explanation})"))
        acting = [name for name, _ in order]
        if held & set(LOSES_ACTION):
            acting.remove(me)
            lost = sorted(held & set(LOSES_ACTION))
            terms.append(Term("Conditions", f"{', '.join(lost)}: {me} loses this Action"))
        elif "Impressed" in held:
            acting.remove(me)
            acting.append(me)
            terms.append(Term("Conditions", f"Impressed: {me} acts last"))
        terms.append(
            Term("Order", ", ".join(f"{n}" for n in acting) + " (descending INIT, one Action each)")
        )
        return acting

    def _contacts_move_on(
        self, changes: list[Change], terms: list[Term]
    ) -> tuple[list[str], list[str]]:
        """A contact dropped last phase ends now; one dropped this phase ends at its end."""
        ended: list[str] = []
        ending: list[str] = []
        for index in reversed(range(len(self.document.play.contacts))):
            contact = self.document.play.contacts[index]
            if contact.dropping == "ending":
                ended.append(contact.target)
                changes += effects.remove_contact(self.document, index)
            elif contact.dropping == "dropped":
                ending.append(contact.target)
                changes += effects.set_contact(
                    self.document, index, contact.model_copy(update={"dropping": "ending"})
                )
        if ended:
            terms.append(
                Term("Contacts ended", f"{', '.join(ended)} (dropped, the phase after ended)")
            )
        if ending:
            terms.append(Term("Contacts ending", f"{', '.join(ending)}: at the end of this phase"))
        return ended, ending

    def _resolve_phase(self, inputs: Inputs) -> Resolution:
        held = {c.name for c in self.document.play.conditions}
        terms: list[Term] = []
        acting = self._acting(inputs, held, terms)
        changes = effects.remove_conditions(self.document, ONE_PHASE)
        ended, ending = self._contacts_move_on(changes, terms)
        effect = None
        if changes:
            gone = [c for c in ONE_PHASE if c in held]
            label = "; ".join(
                part
                for part in (
                    f"{', '.join(gone)} spent" if gone else "",
                    f"contact with {', '.join(ended)} ended" if ended else "",
                    f"contact with {', '.join(ending)} ends this phase" if ending else "",
                )
                if part
            )
            effect = Effect(label, tuple(changes))
        outcome = ", ".join(acting)
        return resolved(
            inputs,
            "phase",
            "Next phase",
            terms,
            outcome,
            success=None,
            values={"order": acting},
            effect=effect,
        )
