"""2d10 psionics as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt): a
psionic attack and the contact it makes, noticing a ping, detecting the source, and a contact
that dies or is dropped."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sheetapp.core.document import Contact
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
    VsInput,
    resolved,
)
from sheetapp.systems.twod10.action_kit import ActionGroup, roll_terms, value_part
from sheetapp.systems.twod10.catalog import RangeStep
from sheetapp.systems.twod10.mechanics import (
    contact_death_dv,
    mass_target_penalty,
    ping_dv,
    succeeds,
)
from sheetapp.systems.twod10.sheet import PowerLine

_UNITS: Mapping[str, int] = {"m": 1, "km": 1000}


class Psionics(ActionGroup):
    """Psionic attacks, the contact they make, and noticing or tracing them."""

    # -- declarations -------------------------------------------------------------------

    def _powers(self) -> tuple[Choice, ...]:
        return tuple(
            Choice(str(p.index + 1), f"{p.name}: Power {p.power}, AV {p.attack.value}")
            for p in self.sheet.powers
        )

    def psionic(self) -> Action:
        powers = self._powers()
        alien = self.cats.constants.alien_mind_penalty
        return Action(
            "psionic",
            "Psionic attack",
            "Power (the full score) + Focus against WILL + Defense; range by points and line "
            "of sight; alien minds, many targets; on a success, contact",
            self._resolve_psionic,
            (
                DiceSlot(
                    "ar",
                    "2D10",
                    dice_for=lambda o: None if o.get("automatic") else "2D10",
                    hint="2D10, none when the target allows the success",
                ),
            ),
            VsInput(
                "target's WILL + Defense",
                None,
                "not needed for an automatic success",
                required=False,
            ),
            (
                ActionOption(
                    "power", "Power", "choice", powers[0].value if powers else None, powers
                ),
                ActionOption(
                    "points",
                    "Points used",
                    "int",
                    None,
                    minimum=-1000,
                    maximum=1000,
                    help="the power's usual points when left out",
                ),
                ActionOption("target", "Target", "text", "", help="who, for the contact"),
                ActionOption(
                    "target_spirit", "Target's SPIRIT", "int", None, minimum=-1000, maximum=1000
                ),
                ActionOption("distance_m", "Distance (m)", "int", 0, minimum=0, maximum=10**9),
                ActionOption("line_of_sight", "Line of sight", "bool", True),
                ActionOption("targets", "Number of targets", "int", 1, minimum=1, maximum=10**9),
                ActionOption("alien", "Alien mind", "bool", False, help=f"{alien:+d} AV"),
                ActionOption("automatic", "Target allows success", "bool", False),
                ActionOption("surprise", "Surprise", "bool", False, help="never for psionics"),
            ),
        )

    def ping(self) -> Action:
        k = self.cats.constants
        return Action(
            "ping",
            "Notice a ping",
            f"INT + Perception against the ping's Awareness DV: {k.ping_base} - points, "
            f"+1 per {k.ping_step_m}m beyond {k.ping_free_distance_m}m",
            self._resolve_ping,
            (DiceSlot("ar", "2D10", "2D10"),),
            None,
            (
                ActionOption(
                    "points", "Points the psion used", "int", None, minimum=0, maximum=1000
                ),
                ActionOption(
                    "distance_m", "Distance to the psion (m)", "int", 0, minimum=0, maximum=10**9
                ),
            ),
        )

    def detect(self) -> Action:
        return Action(
            "detect",
            "Detect the source",
            "INT + Perception against the attacker's INT + Defense: the direction, or the "
            f"identity when beaten by {self.cats.constants.detect_identity_margin} or more",
            self._resolve_detect,
            (DiceSlot("ar", "2D10", "2D10"),),
            VsInput("attacker's INT + Defense"),
            (ActionOption("detectable", "The power is detectable", "bool", True),),
        )

    def _contact_option(self) -> ActionOption:
        contacts = self._contacts()
        return ActionOption(
            "contact", "Contact", "choice", contacts[0].value if contacts else None, contacts
        )

    def contact_dies(self) -> Action:
        return Action(
            "contact-dies",
            "Contacted target dies",
            f"A Shock roll (BODY + d20) against {self.cats.constants.contact_death_dv_base} + "
            "the target's SPIRIT; the contact ends",
            self._resolve_contact_dies,
            (DiceSlot("d20", "d20", "1D20"),),
            None,
            (
                self._contact_option(),
                ActionOption(
                    "target_spirit",
                    "Target's SPIRIT",
                    "int",
                    None,
                    minimum=-1000,
                    maximum=1000,
                    help="when the contact does not record it",
                ),
            ),
        )

    def drop_contact(self) -> Action:
        return Action(
            "drop-contact",
            "Drop a contact",
            "A free action that takes effect at the end of the next phase",
            self._resolve_drop,
            (),
            None,
            (self._contact_option(),),
        )

    # -- a psionic attack, step by step -------------------------------------------------

    def _power_used(self, inputs: Inputs) -> tuple[PowerLine, int, RangeStep]:
        """The power, the points used (its usual points when not given), and their range;
        no Surprise for psionics, no more points than the Power."""
        if inputs.flag("surprise"):
            raise ActionError("psionic attacks do not benefit from Surprise")
        choice = inputs.text("power")
        if not choice:
            raise ActionError("there is no psionic power on the sheet")
        line = self.sheet.powers[int(choice) - 1]
        points_given = inputs.options.get("points")
        points = points_given if isinstance(points_given, int) else line.points
        step = self.cats.range_for(points)
        if step is None:
            raise ActionError(
                f"{points} points is outside the psionic range table "
                f"(1 to {len(self.cats.psionic_range)} points)"
            )
        if points > line.power:
            raise ActionError(f"{line.name} has Power {line.power}: it cannot use {points} points")
        return line, points, step

    def _in_reach(self, inputs: Inputs, points: int, step: RangeStep) -> int:
        """The distance, within the points' range and in line of sight."""
        distance = inputs.int("distance_m")
        reach = _metres(step.name)
        if reach is not None and distance > reach:
            raise ActionError(f"{distance}m is beyond the range of {points} points ({step.name})")
        if not inputs.flag("line_of_sight"):
            raise ActionError("a line of sight is required to establish contact")
        return distance

    def _psionic_parts(self, inputs: Inputs, line: PowerLine) -> list[tuple[str, int]]:
        """The power's AV, an alien mind's penalty, and many targets' penalty."""
        k = self.cats.constants
        targets = inputs.int("targets")
        parts = [value_part(f"{line.name}", line.attack)]
        if inputs.flag("alien"):
            parts.append(("alien mind", k.alien_mind_penalty))
        if targets > 1:
            parts.append(
                (
                    f"{targets} targets",
                    mass_target_penalty(targets, k, self.document.campaign.mass_targets),
                )
            )
        return parts

    def _psionic_roll(
        self, inputs: Inputs, parts: list[tuple[str, int]], terms: list[Term]
    ) -> tuple[bool, int | None, dict[str, Any]]:
        """Power + Focus + 2D10 against WILL + Defense, or a success the target allows."""
        if inputs.flag("automatic"):
            terms.append(Term("Roll", "the target allows an automatic success"))
            return True, 0, {"av": sum(v for _l, v in parts)}
        if inputs.vs is None:
            raise ActionError("give the target's WILL + Defense")
        rolled, av, ar, success, level = roll_terms(
            parts, inputs.roll("ar"), inputs.vs, "WILL + Defense"
        )
        terms += rolled
        return success, level, {"ar": ar, "dv": inputs.vs, "av": av}

    def _contact_effect(self, inputs: Inputs, line: PowerLine, distance: int) -> Effect:
        target = inputs.text("target") or "the target"
        spirit = inputs.options.get("target_spirit")
        contact = Contact(
            target=target,
            power=line.name,
            target_spirit=spirit if isinstance(spirit, int) else None,
            distance_m=distance,
            line_of_sight=True,
        )
        return Effect(f"contact with {target}", tuple(effects.add_contact(self.document, contact)))

    def _resolve_psionic(self, inputs: Inputs) -> Resolution:
        k = self.cats.constants
        line, points, step = self._power_used(inputs)
        distance = self._in_reach(inputs, points, step)
        terms = [Term("Range", f"{points} points: {step.name}")]
        parts = self._psionic_parts(inputs, line)
        ping = ping_dv(points, 0, k)
        values: dict[str, Any] = {"points": points, "range": step.name, "ping_dv": ping}
        success, level, rolled = self._psionic_roll(inputs, parts, terms)
        terms.append(
            Term(
                "Ping",
                f"Awareness DV {k.ping_base} - {points} = {ping} within "
                f"{k.ping_free_distance_m}m, +1 per {k.ping_step_m}m beyond",
            )
        )
        values |= {key: rolled[key] for key in ("ar", "dv") if key in rolled}
        values |= {"av": rolled["av"], "level": level}
        name = f"Psionic attack: {line.name}"
        if not success:
            return resolved(
                inputs, "psionic", name, terms, "failure: no contact", success=False, values=values
            )
        target = inputs.text("target") or "the target"
        terms.append(Term("Contact", f"with {target} while the power affects them"))
        outcome = f"success, level {level}: contact with {target}"
        effect = self._contact_effect(inputs, line, distance)
        return resolved(
            inputs, "psionic", name, terms, outcome, success=True, values=values, effect=effect
        )

    # -- noticing and tracing psionics, and contacts ending -----------------------------

    def _resolve_ping(self, inputs: Inputs) -> Resolution:
        k = self.cats.constants
        points = inputs.options.get("points")
        if not isinstance(points, int):
            raise ActionError("give the points the psion used (points)")
        distance = inputs.int("distance_m")
        dv = ping_dv(points, distance, k)
        beyond = max(0, distance - k.ping_free_distance_m) // k.ping_step_m
        terms, av, ar, success, _level = roll_terms(
            [value_part("INT + Perception", self.sheet.perception)],
            inputs.roll("ar"),
            dv,
            "Awareness DV",
        )
        terms.insert(
            0,
            Term(
                "Awareness DV",
                f"{k.ping_base} - {points} points + {beyond} "
                f"({distance}m: +1 per {k.ping_step_m}m beyond {k.ping_free_distance_m}m) = {dv}",
            ),
        )
        return resolved(
            inputs,
            "ping",
            "Notice a ping",
            terms,
            f"AR {ar} vs DV {dv}: " + ("the ping is noticed" if success else "nothing noticed"),
            success=success,
            values={"av": av, "ar": ar, "dv": dv},
        )

    def _resolve_detect(self, inputs: Inputs) -> Resolution:
        if not inputs.flag("detectable"):
            raise ActionError("only the source of a 'detectable' power can be detected")
        assert inputs.vs is not None
        k = self.cats.constants
        terms, av, ar, success, _level = roll_terms(
            [value_part("INT + Perception", self.sheet.perception)],
            inputs.roll("ar"),
            inputs.vs,
            "attacker's INT + Defense",
        )
        margin = ar - inputs.vs
        wanted = k.detect_identity_margin
        identity = success and margin >= wanted
        if success:
            terms.append(
                Term(
                    "Margin",
                    f"{margin}: "
                    + (
                        f"{wanted} or more, the identity even unseen"
                        if identity
                        else f"the direction ({wanted} or more for the identity)"
                    ),
                )
            )
        outcome = (
            "not detected"
            if not success
            else ("direction and identity" if identity else "direction")
        )
        return resolved(
            inputs,
            "detect",
            "Detect the source",
            terms,
            outcome,
            success=success,
            values={"av": av, "ar": ar, "dv": inputs.vs, "margin": margin, "identity": identity},
        )

    def _chosen_contact(self, inputs: Inputs, missing: str) -> tuple[int, Contact]:
        choice = inputs.text("contact")
        if not choice:
            raise ActionError(missing)
        index = int(choice) - 1
        return index, self.document.play.contacts[index]

    def _resolve_contact_dies(self, inputs: Inputs) -> Resolution:
        index, contact = self._chosen_contact(inputs, "there is no contact to lose")
        given = inputs.options.get("target_spirit")
        spirit = given if isinstance(given, int) else contact.target_spirit
        if spirit is None:
            raise ActionError(f"give {contact.target}'s SPIRIT (target_spirit)")
        k = self.cats.constants
        dv = contact_death_dv(spirit, k)
        body = self.document.character.attributes.body
        penalty = self.sheet.wounds.penalty
        av = body + penalty
        die = inputs.roll("d20")
        ar = av + die.total
        success = succeeds(ar, dv)
        terms = (
            Term("AV", f"BODY {body}" + (f" {penalty:+d} wounds" if penalty else "") + f" = {av}"),
            Term("Dice", die.describe()),
            Term("AR", f"{av} + {die.total} = {ar}"),
            Term(
                "DV",
                f"{k.contact_death_dv_base} + {contact.target}'s SPIRIT {spirit} = {dv}: "
                + ("saved" if success else "failed"),
            ),
        )
        return resolved(
            inputs,
            "contact-dies",
            f"{contact.target} dies in contact",
            terms,
            f"Shock AR {ar} vs DV {dv}: " + ("saved" if success else "failed"),
            success=success,
            values={"av": av, "ar": ar, "dv": dv},
            effect=Effect(
                f"contact with {contact.target} ended",
                tuple(effects.remove_contact(self.document, index)),
            ),
        )

    def _resolve_drop(self, inputs: Inputs) -> Resolution:
        index, contact = self._chosen_contact(inputs, "there is no contact to drop")
        if contact.dropping:
            raise ActionError(f"the contact with {contact.target} is already being dropped")
        dropped = contact.model_copy(update={"dropping": "dropped"})
        terms = (
            Term(
                "Contact", f"{contact.target}: a free action; it ends at the end of the next phase"
            ),
        )
        return resolved(
            inputs,
            "drop-contact",
            "Drop a contact",
            terms,
            f"contact with {contact.target} ends at the end of the next phase",
            success=None,
            values={},
            effect=Effect(
                f"contact with {contact.target} dropped",
                tuple(effects.set_contact(self.document, index, dropped)),
            ),
        )


def _metres(name: str) -> int | None:
    """``20m`` → 20, ``2km`` → 2000; None for Planet, Solar system (no distance given)."""
    match = re.fullmatch(r"\s*(\d+)\s*(m|km)\s*", name)
    return int(match.group(1)) * _UNITS[match.group(2)] if match else None
