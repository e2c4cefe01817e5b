"""The 2d10 fragment's play, as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt):
checks, attacks and the hits a character takes, Shock and malfunction saves, influence,
Surprise, the phase order, psionic attacks, pings, detection and contact. Each resolver is
pure: the dice the player typed (or the app rolled), the character's sheet, and the seed's
arithmetic, every term shown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.document import Condition, Contact
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
    named_numbers,
    sum_text,
)
from sheetapp.play.dice import DiceRoll
from sheetapp.systems.twod10.catalog import Catalogs, HitLocation, catalogs
from sheetapp.systems.twod10.mechanics import (
    contact_death_dv,
    damage,
    destroys_area,
    effect_result,
    layered_armour,
    malfunction_dv,
    mass_target_penalty,
    ping_dv,
    side_of,
    succeeds,
    success_level,
)
from sheetapp.systems.twod10.model import Twod10Document, Wound
from sheetapp.systems.twod10.sheet import LAST_SHEET, Twod10Sheet, Value
from sheetapp.systems.twod10.wounds import wound_name

COVERS = (
    Choice("open", "No cover (3D6)"),
    Choice("low_cover", "Low cover (2D6+1)"),
    Choice("high_cover", "High cover (2D6+6)"),
)
#: the conditions an influence result gives (lines 77-80) and what ends them
ONE_PHASE = ("Impressed", "Stunned", "Awed")
LOSES_ACTION = ("Stunned", "Awed")
NONE = "none"


def _location_dice(options: Mapping[str, OptionValue]) -> str | None:
    """Line 35: "Roll 2d6+1 if the target has low cover, 2d6+6 if they have high cover, else
    roll 3d6"; a called location is not rolled. The +1/+6 is added by the resolver."""
    if options.get("called") not in (None, NONE):
        return None
    return "3D6" if options.get("cover", "open") == "open" else "2D6"


def _modifier(inputs: Inputs) -> list[tuple[str, int]]:
    value = inputs.options.get("modifier")
    return [("modifier", value)] if isinstance(value, int) and value else []


def _value_part(label: str, value: Value) -> tuple[str, int]:
    return (f"{label} ({value.explanation})", value.value)


def _roll_terms(
    av_parts: list[tuple[str, int]], roll: DiceRoll, dv: int, dv_label: str = "DV"
) -> tuple[list[Term], int, int, bool, int | None]:
    """Lines 10-11, 7, 22: AV, AR = AV + 2D10, success when AR ≥ DV, a level per 3 over."""
    k = catalogs().constants
    av = sum(value for _label, value in av_parts)
    ar = av + roll.total
    success = succeeds(ar, dv)
    level = success_level(ar, dv, k)
    terms = [
        Term("AV", sum_text(av_parts)),
        Term("Dice", roll.describe()),
        Term("AR", f"AV {av} + {roll.total} = {ar}"),
        Term(
            dv_label,
            f"{dv}: "
            + (
                f"success, level {level} ((AR {ar} - {dv}) / 3, rounded down)"
                if success
                else f"failure (AR {ar} is below {dv})"
            ),
        ),
    ]
    return terms, av, ar, success, level


class Twod10Actions:
    """The actions of one 2d10 character."""

    def __init__(self, document: Twod10Document) -> None:
        self.document = document
        self.cats: Catalogs = catalogs()
        self.sheet: Twod10Sheet = LAST_SHEET.of(document)

    # -- declarations -------------------------------------------------------------------

    def all(self) -> tuple[Action, ...]:
        return (
            self.check(),
            self.attack(),
            self.hit(),
            self.shock(),
            self.malfunction(),
            self.surprise(),
            self.influenced(),
            self.phase(),
            self.psionic(),
            self.ping(),
            self.detect(),
            self.contact_dies(),
            self.drop_contact(),
        )

    def _uses(self) -> tuple[Choice, ...]:
        uses = [
            Choice("perception", f"Perception (INT + Perception): AV {self.sheet.perception.value}")
        ]
        for line in self.sheet.skills:
            uses.append(Choice(f"skill{line.index + 1}", f"{line.name}: AV {line.av.value}"))
        return tuple(uses)

    def _called(self) -> tuple[Choice, ...]:
        return (
            Choice(NONE, "Roll the location"),
            *tuple(
                Choice(loc.id, f"{loc.name} ({loc.called_shot:+d})")
                for loc in self.cats.hit_locations.values()
            ),
        )

    def _common_attack_options(self) -> tuple[ActionOption, ...]:
        return (
            ActionOption("cover", "Target's cover", "choice", "open", COVERS),
            ActionOption("called", "Called location", "choice", NONE, self._called()),
            ActionOption("surprise", "Surprise", "bool", False, help="+4 AV"),
            ActionOption("modifier", "Other modifier", "int", 0, minimum=-100, maximum=100),
        )

    def check(self) -> Action:
        return Action(
            "check",
            "Skill check",
            "Attribute + skill + 2D10 against a DV",
            self._resolve_check,
            (DiceSlot("ar", "2D10", "2D10"),),
            VsInput("DV", 14, "Easy 10, Normal 14, Challenging 18, Hard 22 ..."),
            (
                ActionOption("use", "Roll", "choice", "perception", self._uses()),
                ActionOption("surprise", "Surprise", "bool", False, help="+4 AV"),
                ActionOption("modifier", "Other modifier", "int", 0, minimum=-100, maximum=100),
            ),
        )

    def attack(self) -> Action:
        weapons = tuple(
            Choice(str(w.index + 1), f"{w.name}: AV {w.av.value}, EV {w.ev}")
            for w in self.sheet.weapons
        )
        return Action(
            "attack",
            "Attack",
            "A weapon's AV + 2D10 against the target's DV; where it hits, and the damage "
            "through the target's armour",
            self._resolve_attack,
            (
                DiceSlot("ar", "2D10", "2D10"),
                DiceSlot(
                    "location",
                    "hit-location dice",
                    dice_for=_location_dice,
                    hint="3D6 in the open, 2D6 behind cover, none for a called location",
                ),
            ),
            VsInput("target's DV"),
            (
                ActionOption(
                    "weapon", "Weapon", "choice", weapons[0].value if weapons else None, weapons
                ),
                *self._common_attack_options(),
                ActionOption(
                    "armour",
                    "Target's armour layers",
                    "text",
                    "",
                    help="the RV of each layer, e.g. 6,4",
                ),
            ),
        )

    def hit(self) -> Action:
        specials = (
            Choice(NONE, "None"),
            *tuple(
                Choice(s.id, f"{s.name} (Shock {s.shock_dv})")
                for s in self.cats.special_damage.values()
            ),
        )
        return Action(
            "hit",
            "Hit by an attack",
            "An attack on this character: where it hits, damage through the armour worn, the "
            "Shock check, and the wound recorded",
            self._resolve_hit,
            (
                DiceSlot("ar", "attacker's 2D10", "2D10"),
                DiceSlot(
                    "location",
                    "hit-location dice",
                    dice_for=_location_dice,
                    hint="3D6 in the open, 2D6 behind cover, none for a called location",
                ),
            ),
            VsInput("this character's DV"),
            (
                ActionOption(
                    "attacker_av", "Attacker's AV", "int", None, minimum=-1000, maximum=1000
                ),
                ActionOption("ev", "Attack's EV", "int", None, minimum=-1000, maximum=1000),
                *self._common_attack_options(),
                ActionOption(
                    "hiding_rv",
                    "RV of what this character hides behind",
                    "int",
                    0,
                    minimum=0,
                    maximum=1000,
                    help="a layer like any other",
                ),
                ActionOption("special", "Special damage", "choice", NONE, specials),
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
            "Toughness + 2D10 against 14 + damage",
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
        return Action(
            "surprise",
            "Surprise",
            "The target's INT + Perception roll against this character's hiding or unexpected "
            "attack; below it, Surprise: +4 AV",
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
                            "Hiding (REF + Sneak/Camouflage + 10 = "
                            f"{self.sheet.surprise_hiding.value})",
                        ),
                        Choice(
                            "unexpected",
                            "Attacking unexpectedly (INF + Persuasion + 10 = "
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

    def _powers(self) -> tuple[Choice, ...]:
        return tuple(
            Choice(str(p.index + 1), f"{p.name}: Power {p.power}, AV {p.attack.value}")
            for p in self.sheet.powers
        )

    def psionic(self) -> Action:
        powers = self._powers()
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
                ActionOption("alien", "Alien mind", "bool", False, help="-4 AV"),
                ActionOption("automatic", "Target allows success", "bool", False),
                ActionOption("surprise", "Surprise", "bool", False, help="never for psionics"),
            ),
        )

    def ping(self) -> Action:
        return Action(
            "ping",
            "Notice a ping",
            "INT + Perception against the ping's Awareness DV: 30 - points, +1 per 5m beyond 20m",
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
            "identity when beaten by 4 or more",
            self._resolve_detect,
            (DiceSlot("ar", "2D10", "2D10"),),
            VsInput("attacker's INT + Defense"),
            (ActionOption("detectable", "The power is detectable", "bool", True),),
        )

    def _contacts(self) -> tuple[Choice, ...]:
        return tuple(
            Choice(
                str(index + 1),
                f"{contact.target}" + (f" ({contact.power})" if contact.power else ""),
            )
            for index, contact in enumerate(self.document.play.contacts)
        )

    def contact_dies(self) -> Action:
        contacts = self._contacts()
        return Action(
            "contact-dies",
            "Contacted target dies",
            "A Shock roll (BODY + d20) against 16 + the target's SPIRIT; the contact ends",
            self._resolve_contact_dies,
            (DiceSlot("d20", "d20", "1D20"),),
            None,
            (
                ActionOption(
                    "contact",
                    "Contact",
                    "choice",
                    contacts[0].value if contacts else None,
                    contacts,
                ),
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
        contacts = self._contacts()
        return Action(
            "drop-contact",
            "Drop a contact",
            "A free action that takes effect at the end of the next phase",
            self._resolve_drop,
            (),
            None,
            (
                ActionOption(
                    "contact",
                    "Contact",
                    "choice",
                    contacts[0].value if contacts else None,
                    contacts,
                ),
            ),
        )

    # -- resolvers ----------------------------------------------------------------------

    def _resolve_check(self, inputs: Inputs) -> Resolution:
        use = inputs.text("use")
        if use == "perception":
            parts = [_value_part("INT + Perception", self.sheet.perception)]
            name = "Perception"
        else:
            line = self.sheet.skills[int(use.removeprefix("skill")) - 1]
            parts = [_value_part(line.name, line.av)]
            name = line.name
        if inputs.flag("surprise"):
            parts.append(("Surprise", self.cats.constants.surprise_bonus))
        parts += _modifier(inputs)
        dv = inputs.vs if inputs.vs is not None else 14
        terms, av, ar, success, level = _roll_terms(parts, inputs.roll("ar"), dv)
        outcome = f"AR {ar} vs DV {dv}: " + (f"success, level {level}" if success else "failure")
        return Resolution(
            "check",
            f"{name} check",
            tuple(inputs.dice.items()),
            tuple(terms),
            outcome,
            success,
            {"av": av, "ar": ar, "dv": dv, "level": level},
        )

    def _called_location(self, inputs: Inputs) -> HitLocation | None:
        called = inputs.text("called")
        if called in ("", NONE):
            return None
        location = self.cats.hit_locations[called]
        how = self.cats.hit_rolls[inputs.text("cover") or "open"]
        if not any(how.lowest <= roll <= how.highest for roll in location.rolls):
            raise ActionError(
                f"behind {how.name.lower()} only locations rolled {how.lowest}-{how.highest} "
                f"can be hit ({how.describe()}); the {location.name} cannot be called"
            )
        return location

    def _attack_parts(
        self, inputs: Inputs, base: list[tuple[str, int]], called: HitLocation | None
    ) -> list[tuple[str, int]]:
        parts = list(base)
        if inputs.flag("surprise"):
            parts.append(("Surprise", self.cats.constants.surprise_bonus))
        if called is not None:
            parts.append((f"called shot at the {called.name}", called.called_shot))
        return parts + _modifier(inputs)

    def _where(
        self, inputs: Inputs, ar: int, called: HitLocation | None, terms: list[Term]
    ) -> tuple[HitLocation, str, int | None]:
        """Line 35: location (rolled with the cover's dice, or called) and the side."""
        side = side_of(ar)
        if called is not None:
            location, rolled = called, None
            terms.append(Term("Location", f"called: {called.name}"))
        else:
            how = self.cats.hit_rolls[inputs.text("cover") or "open"]
            dice = inputs.roll("location")
            rolled = dice.total + how.bonus
            location = self.cats.location_for_roll(rolled)
            bonus = f" + {how.bonus}" if how.bonus else ""
            terms.append(
                Term(
                    "Location",
                    f"{how.name} {how.describe()}: {dice.describe()}{bonus} = {rolled}: "
                    f"{location.name}",
                )
            )
        parity = "even" if ar % 2 == 0 else "odd"
        terms.append(Term("Side", f"AR {ar} is {parity}: {side}"))
        return location, side, rolled

    def _damage_terms(
        self, er: int, layers: list[int], terms: list[Term], location: HitLocation
    ) -> tuple[int, bool, bool]:
        """Line 37: EV minus the layered RV; line 57: 8+ destroys the area, death at 3-5, 8-13."""
        rv = layered_armour(layers)
        ordered = sorted(layers, reverse=True)
        if len(ordered) >= 2:
            rv_text = f"highest layer {ordered[0]} + half of the next {ordered[1]} = {rv}"
        elif ordered:
            rv_text = f"one layer {rv}"
        else:
            rv_text = "no armour: 0"
        terms.append(Term("Armour RV", rv_text))
        dealt = damage(er, rv)
        destroyed = destroys_area(dealt, self.cats.constants)
        deadly = destroyed and location.death_when_destroyed
        terms.append(
            Term(
                "Damage",
                f"ER {er} - RV {rv} = {dealt}"
                + (": no wound" if dealt <= 0 else "")
                + (f": the {location.name} is destroyed" if destroyed else "")
                + (" — instant death" if deadly else ""),
            )
        )
        return dealt, destroyed, deadly

    def _resolve_attack(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("weapon")
        if not choice:
            raise ActionError("there is no weapon on the sheet to attack with")
        weapon = self.sheet.weapons[int(choice) - 1]
        layers = _layers(inputs.text("armour"))
        called = self._called_location(inputs)
        parts = self._attack_parts(inputs, [_value_part(weapon.name, weapon.av)], called)
        assert inputs.vs is not None
        terms, av, ar, success, level = _roll_terms(parts, inputs.roll("ar"), inputs.vs)
        values: dict[str, Any] = {"av": av, "ar": ar, "dv": inputs.vs, "level": level}
        if not success or level is None:
            return Resolution(
                "attack",
                f"Attack with {weapon.name}",
                tuple(inputs.dice.items()),
                tuple(terms),
                f"AR {ar} vs DV {inputs.vs}: miss",
                False,
                values,
            )
        er = effect_result(weapon.ev, ar, inputs.vs, self.cats.constants)
        assert er is not None
        terms.append(Term("ER", f"EV {weapon.ev} + level {level} = {er}"))
        location, side, rolled = self._where(inputs, ar, called, terms)
        dealt, destroyed, deadly = self._damage_terms(er, layers, terms, location)
        if dealt > 0:
            terms.append(Term("Target's Shock check", f"DV {location.shock_dv} (BODY + d20)"))
        where = f"{side} {location.name}" if location.paired else f"{location.name} ({side} side)"
        values |= {
            "er": er,
            "location": location.id,
            "side": side,
            "location_roll": rolled,
            "damage": dealt,
            "shock_dv": location.shock_dv if dealt > 0 else None,
            "destroyed": destroyed,
            "death": deadly,
        }
        outcome = f"hit, level {level}: {where}, {max(dealt, 0)} damage" + (
            f", Shock DV {location.shock_dv}" if dealt > 0 else ", no wound"
        )
        return Resolution(
            "attack",
            f"Attack with {weapon.name}",
            tuple(inputs.dice.items()),
            tuple(terms),
            outcome,
            True,
            values,
        )

    def _resolve_hit(self, inputs: Inputs) -> Resolution:
        attacker_av = inputs.options.get("attacker_av")
        ev = inputs.options.get("ev")
        if not isinstance(attacker_av, int) or not isinstance(ev, int):
            raise ActionError("give the attacker's AV (attacker_av) and the attack's EV (ev)")
        called = self._called_location(inputs)
        parts = self._attack_parts(inputs, [("attacker's AV", attacker_av)], called)
        assert inputs.vs is not None
        terms, av, ar, success, level = _roll_terms(parts, inputs.roll("ar"), inputs.vs)
        values: dict[str, Any] = {"av": av, "ar": ar, "dv": inputs.vs, "level": level}
        name = "Hit by an attack"
        if not success or level is None:
            return Resolution(
                "hit",
                name,
                tuple(inputs.dice.items()),
                tuple(terms),
                f"AR {ar} vs DV {inputs.vs}: the attack misses",
                False,
                values,
            )
        k = self.cats.constants
        er = effect_result(ev, ar, inputs.vs, k)
        assert er is not None
        terms.append(Term("ER", f"EV {ev} + level {level} = {er}"))
        location, side, rolled = self._where(inputs, ar, called, terms)
        layers = [layer.rv for layer in self.document.character.armour if layer.worn]
        hiding = inputs.options.get("hiding_rv")
        if isinstance(hiding, int) and hiding:
            layers.append(hiding)
        dealt, destroyed, deadly = self._damage_terms(er, layers, terms, location)
        special_id = inputs.text("special")
        special = self.cats.special_damage.get(special_id) if special_id not in ("", NONE) else None
        values |= {
            "er": er,
            "location": location.id,
            "side": side,
            "location_roll": rolled,
            "damage": dealt,
            "destroyed": destroyed,
            "death": deadly,
        }
        where = f"{side} {location.name}" if location.paired else f"{location.name} ({side} side)"
        if dealt <= 0:
            return Resolution(
                "hit",
                name,
                tuple(inputs.dice.items()),
                tuple(terms),
                f"hit on the {where}: the armour stops it, no wound",
                True,
                values,
            )
        shock_dv = special.shock_dv if special is not None else location.shock_dv
        penalty = special.penalty if special is not None else location.penalty
        others = self.sheet.wounds.penalty
        body = self.document.character.attributes.body
        terms.append(
            Term(
                "Shock check",
                f"DV {shock_dv}"
                + (f" ({special.name})" if special is not None else f" ({location.name})")
                + f"; AV BODY {body}"
                + (f" {others:+d} other wounds" if others else "")
                + f" = {body + others} + d20 (this wound's own {penalty} left out)",
            )
        )
        if special is not None and special.effect:
            terms.append(Term(special.name, special.effect))
        if location.continual_shock_dv is not None and special is None:
            terms.append(
                Term(
                    "Continual Shock",
                    f"DV {location.continual_shock_dv} every phase until stabilised",
                )
            )
        wound = Wound(
            location=location.id,
            side=side,
            special=special.id if special is not None else None,
            damage=dealt,
            ar=ar,
            location_roll=rolled,
            cover=inputs.text("cover") or "open",
        )
        changes = [
            Change(
                "insert",
                ("character", "wounds", len(self.document.character.wounds)),
                after=wound.model_dump(mode="json"),
            )
        ]
        label = wound_name(wound, self.cats)
        values |= {"shock_dv": shock_dv, "shock_av": body + others, "penalty": penalty}
        outcome = (
            f"hit on the {where}: {dealt} damage, wound {penalty}, Shock DV {shock_dv}"
            + (": the area is destroyed" if destroyed else "")
            + (" — instant death" if deadly else "")
        )
        return Resolution(
            "hit",
            name,
            tuple(inputs.dice.items()),
            tuple(terms),
            outcome,
            True,
            values,
            Effect(f"the wound: {label}, {dealt} damage (AR {ar})", tuple(changes)),
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
        return Resolution(
            "shock",
            f"Shock save ({what})",
            tuple(inputs.dice.items()),
            terms,
            f"AR {ar} vs DV {dv}: " + ("saved" if success else "failed"),
            success,
            {"av": av, "ar": ar, "dv": dv},
        )

    def _resolve_malfunction(self, inputs: Inputs) -> Resolution:
        taken = inputs.options.get("damage")
        if not isinstance(taken, int):
            raise ActionError("give the damage taken (damage)")
        item = inputs.text("item")
        k = self.cats.constants
        if item not in ("", NONE):
            character = self.document.character
            kind = "weapon" if item.startswith("weapon") else "armour"
            held = (character.weapons if kind == "weapon" else character.armour)[
                int(item.removeprefix(kind)) - 1
            ]
            assert held.toughness is not None
            parts = [(f"{held.name} Toughness", held.toughness)]
        else:
            parts = [_value_part("Toughness", self.sheet.malfunction)]
        dv = malfunction_dv(taken, k)
        roll_terms, av, ar, success, _level = _roll_terms(parts, inputs.roll("ar"), dv)
        terms = [
            *roll_terms[:3],
            Term(
                "DV",
                f"{k.malfunction_base} + damage {taken} = {dv}: "
                + ("no malfunction" if success else "malfunction"),
            ),
        ]
        return Resolution(
            "malfunction",
            "Malfunction save",
            tuple(inputs.dice.items()),
            tuple(terms),
            f"AR {ar} vs DV {dv}: " + ("holds" if success else "malfunctions"),
            success,
            {"av": av, "ar": ar, "dv": dv},
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
        return Resolution(
            "surprise",
            "Surprise",
            tuple(inputs.dice.items()),
            terms,
            f"Surprise ({k.surprise_bonus:+d} AV)" if surprised else "no Surprise",
            surprised,
            {"target_ar": ar, "threshold": threshold.value, "surprise": surprised},
        )

    def _resolve_influenced(self, inputs: Inputs) -> Resolution:
        attacker_av = inputs.options.get("attacker_av")
        ev = inputs.options.get("ev")
        if not isinstance(attacker_av, int) or not isinstance(ev, int):
            raise ActionError("give the influencer's AV (attacker_av) and EV (ev)")
        assert inputs.vs is not None
        terms, av, ar, success, level = _roll_terms(
            [("influencer's AV", attacker_av)], inputs.roll("ar"), inputs.vs
        )
        values: dict[str, Any] = {"av": av, "ar": ar, "dv": inputs.vs, "level": level}
        if not success or level is None:
            return Resolution(
                "influenced",
                "Influenced",
                tuple(inputs.dice.items()),
                tuple(terms),
                "resisted: no influence",
                False,
                values,
            )
        er = ev + level
        terms.append(Term("ER", f"EV {ev} + level {level} = {er}"))
        row = self.cats.influence_for(er)
        values["er"] = er
        if row is None:
            terms.append(Term("Result", f"ER {er} is below 1: no result"))
            return Resolution(
                "influenced",
                "Influenced",
                tuple(inputs.dice.items()),
                tuple(terms),
                "no result (ER below 1)",
                True,
                values,
            )
        span = f"{row.low}-{row.high}" if row.high is not None else f"{row.low}+"
        terms.append(Term("Result", f"ER {er} ({span}): {row.name}, {row.text}"))
        values["condition"] = row.name
        condition = Condition(name=row.name, effect=row.text, source="influence")
        return Resolution(
            "influenced",
            "Influenced",
            tuple(inputs.dice.items()),
            tuple(terms),
            f"{row.name}: {row.text}",
            True,
            values,
            Effect(
                f"the condition {row.name}", tuple(effects.add_condition(self.document, condition))
            ),
        )

    def _resolve_phase(self, inputs: Inputs) -> Resolution:
        me = self.document.meta.name or "This character"
        init = self.sheet.initiative.value
        held = {c.name for c in self.document.play.conditions}
        others = named_numbers(inputs.text("others"))
        order = sorted([(me, init), *others], key=lambda pair: -pair[1])
        terms = [Term("INIT", f"{me} {init} ({self.sheet.initiative.explanation})")]
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
        changes = effects.remove_conditions(self.document, ONE_PHASE)
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
        effect = None
        if changes:
            gone = [c for c in ONE_PHASE if c in held]
            effect = Effect(
                "; ".join(
                    part
                    for part in (
                        f"{', '.join(gone)} spent" if gone else "",
                        f"contact with {', '.join(ended)} ended" if ended else "",
                        f"contact with {', '.join(ending)} ends this phase" if ending else "",
                    )
                    if part
                ),
                tuple(changes),
            )
        return Resolution(
            "phase",
            "Next phase",
            (),
            tuple(terms),
            ", ".join(acting),
            None,
            {"order": acting},
            effect,
        )

    def _resolve_psionic(self, inputs: Inputs) -> Resolution:
        k = self.cats.constants
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
        distance = inputs.int("distance_m")
        reach = _metres(step.name)
        terms = [Term("Range", f"{points} points: {step.name}")]
        if reach is not None and distance > reach:
            raise ActionError(f"{distance}m is beyond the range of {points} points ({step.name})")
        if not inputs.flag("line_of_sight"):
            raise ActionError("a line of sight is required to establish contact")
        targets = inputs.int("targets")
        parts = [_value_part(f"{line.name}", line.attack)]
        if inputs.flag("alien"):
            parts.append(("alien mind", k.alien_mind_penalty))
        if targets > 1:
            parts.append(
                (
                    f"{targets} targets",
                    mass_target_penalty(targets, k, self.document.campaign.mass_targets),
                )
            )
        ping = ping_dv(points, 0, k)
        values: dict[str, Any] = {"points": points, "range": step.name, "ping_dv": ping}
        level: int | None
        if inputs.flag("automatic"):
            success, level = True, 0
            terms.append(Term("Roll", "the target allows an automatic success"))
            av = sum(v for _l, v in parts)
        else:
            if inputs.vs is None:
                raise ActionError("give the target's WILL + Defense")
            roll_terms, av, ar, success, level = _roll_terms(
                parts, inputs.roll("ar"), inputs.vs, "WILL + Defense"
            )
            terms += roll_terms
            values |= {"ar": ar, "dv": inputs.vs}
        terms.append(
            Term(
                "Ping",
                f"Awareness DV {k.ping_base} - {points} = {ping} within 20m, +1 per 5m beyond",
            )
        )
        values |= {"av": av, "level": level}
        if not success:
            return Resolution(
                "psionic",
                f"Psionic attack: {line.name}",
                tuple(inputs.dice.items()),
                tuple(terms),
                "failure: no contact",
                False,
                values,
            )
        target = inputs.text("target") or "the target"
        spirit = inputs.options.get("target_spirit")
        contact = Contact(
            target=target,
            power=line.name,
            target_spirit=spirit if isinstance(spirit, int) else None,
            distance_m=distance,
            line_of_sight=True,
        )
        terms.append(Term("Contact", f"with {target} while the power affects them"))
        return Resolution(
            "psionic",
            f"Psionic attack: {line.name}",
            tuple(inputs.dice.items()),
            tuple(terms),
            f"success, level {level}: contact with {target}",
            True,
            values,
            Effect(f"contact with {target}", tuple(effects.add_contact(self.document, contact))),
        )

    def _resolve_ping(self, inputs: Inputs) -> Resolution:
        k = self.cats.constants
        points = inputs.options.get("points")
        if not isinstance(points, int):
            raise ActionError("give the points the psion used (points)")
        distance = inputs.int("distance_m")
        dv = ping_dv(points, distance, k)
        beyond = max(0, distance - k.ping_free_distance_m) // k.ping_step_m
        terms, av, ar, success, _level = _roll_terms(
            [_value_part("INT + Perception", self.sheet.perception)],
            inputs.roll("ar"),
            dv,
            "Awareness DV",
        )
        terms.insert(
            0,
            Term(
                "Awareness DV",
                f"{k.ping_base} - {points} points + {beyond} "
                f"({distance}m: +1 per 5m beyond 20m) = {dv}",
            ),
        )
        return Resolution(
            "ping",
            "Notice a ping",
            tuple(inputs.dice.items()),
            tuple(terms),
            f"AR {ar} vs DV {dv}: " + ("the ping is noticed" if success else "nothing noticed"),
            success,
            {"av": av, "ar": ar, "dv": dv},
        )

    def _resolve_detect(self, inputs: Inputs) -> Resolution:
        if not inputs.flag("detectable"):
            raise ActionError("only the source of a 'detectable' power can be detected")
        assert inputs.vs is not None
        k = self.cats.constants
        terms, av, ar, success, _level = _roll_terms(
            [_value_part("INT + Perception", self.sheet.perception)],
            inputs.roll("ar"),
            inputs.vs,
            "attacker's INT + Defense",
        )
        margin = ar - inputs.vs
        identity = success and margin >= k.detect_identity_margin
        if success:
            terms.append(
                Term(
                    "Margin",
                    f"{margin}: "
                    + (
                        "4 or more, the identity even unseen"
                        if identity
                        else "the direction (4 or more for the identity)"
                    ),
                )
            )
        outcome = (
            "not detected"
            if not success
            else ("direction and identity" if identity else "direction")
        )
        return Resolution(
            "detect",
            "Detect the source",
            tuple(inputs.dice.items()),
            tuple(terms),
            outcome,
            success,
            {"av": av, "ar": ar, "dv": inputs.vs, "margin": margin, "identity": identity},
        )

    def _resolve_contact_dies(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("contact")
        if not choice:
            raise ActionError("there is no contact to lose")
        index = int(choice) - 1
        contact = self.document.play.contacts[index]
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
        return Resolution(
            "contact-dies",
            f"{contact.target} dies in contact",
            tuple(inputs.dice.items()),
            terms,
            f"Shock AR {ar} vs DV {dv}: " + ("saved" if success else "failed"),
            success,
            {"av": av, "ar": ar, "dv": dv},
            Effect(
                f"contact with {contact.target} ended",
                tuple(effects.remove_contact(self.document, index)),
            ),
        )

    def _resolve_drop(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("contact")
        if not choice:
            raise ActionError("there is no contact to drop")
        index = int(choice) - 1
        contact = self.document.play.contacts[index]
        if contact.dropping:
            raise ActionError(f"the contact with {contact.target} is already being dropped")
        dropped = contact.model_copy(update={"dropping": "dropped"})
        terms = (
            Term(
                "Contact", f"{contact.target}: a free action; it ends at the end of the next phase"
            ),
        )
        return Resolution(
            "drop-contact",
            "Drop a contact",
            (),
            terms,
            f"contact with {contact.target} ends at the end of the next phase",
            None,
            {},
            Effect(
                f"contact with {contact.target} dropped",
                tuple(effects.set_contact(self.document, index, dropped)),
            ),
        )


def _layers(text: str) -> list[int]:
    """The target's armour layers typed as ``6,4`` (line 37)."""
    layers = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if not part:
            continue
        if not part.isdigit() or int(part) > 1000:
            raise ActionError(
                f"armour layers are RVs from 0 to 1000 separated by commas, not '{part}'"
            )
        layers.append(int(part))
    return layers


_UNITS: Mapping[str, int] = {"m": 1, "km": 1000}


def _metres(name: str) -> int | None:
    """``20m`` → 20, ``2km`` → 2000; None for Planet, Solar system (no distance given)."""
    match = re.fullmatch(r"\s*(\d+)\s*(m|km)\s*", name)
    return int(match.group(1)) * _UNITS[match.group(2)] if match else None


def twod10_actions(document: Twod10Document) -> tuple[Action, ...]:
    return Twod10Actions(document).all()
