"""2d10 attacks as declared actions (seed ../shared/seeds/002_2465630f321cfb59.txt): this
character's attack with a weapon, and a hit it takes: where it lands, the damage through the
armour, the Shock check and the wound recorded."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sheetapp.core.changes import Change
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
from sheetapp.systems.twod10.action_kit import (
    COVERS,
    MODIFIER,
    NONE,
    ActionGroup,
    location_dice,
    modifier,
    roll_terms,
    value_part,
)
from sheetapp.systems.twod10.catalog import HitLocation, SpecialDamage
from sheetapp.systems.twod10.mechanics import (
    damage,
    destroys_area,
    effect_result,
    layered_armour,
    side_of,
)
from sheetapp.systems.twod10.model import Wound
from sheetapp.systems.twod10.wounds import wound_name

LOCATION_DICE = DiceSlot(
    "location",
    "hit-location dice",
    dice_for=location_dice,
    hint="3D6 in the open, 2D6 behind cover, none for a called location",
)


@dataclass(frozen=True, slots=True)
class Landing:
    """An attack that hit: its AR, success level and ER, and where it landed (line 35)."""

    ar: int
    level: int
    er: int
    location: HitLocation
    side: str
    rolled: int | None

    @property
    def where(self) -> str:
        location, side = self.location, self.side
        return f"{side} {location.name}" if location.paired else f"{location.name} ({side} side)"

    def values(self) -> dict[str, Any]:
        return {
            "er": self.er,
            "location": self.location.id,
            "side": self.side,
            "location_roll": self.rolled,
        }


@dataclass(frozen=True, slots=True)
class Harm:
    """What the damage through the armour does (lines 37, 57)."""

    dealt: int
    destroyed: bool
    deadly: bool

    def values(self) -> dict[str, Any]:
        return {"damage": self.dealt, "destroyed": self.destroyed, "death": self.deadly}


class Attacks(ActionGroup):
    """This character's attacks and the hits it takes."""

    # -- declarations -------------------------------------------------------------------

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
            self._surprise(),
            MODIFIER,
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
            (DiceSlot("ar", "2D10", "2D10"), LOCATION_DICE),
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
            (DiceSlot("ar", "attacker's 2D10", "2D10"), LOCATION_DICE),
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

    # -- the steps an attack and a hit share --------------------------------------------

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
        return parts + modifier(inputs)

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

    def _strike(
        self, inputs: Inputs, base: list[tuple[str, int]], ev: int
    ) -> tuple[list[Term], dict[str, Any], Landing | None]:
        """The attack roll (lines 10-11), and for a hit its ER and where it lands; None
        for a miss."""
        called = self._called_location(inputs)
        parts = self._attack_parts(inputs, base, called)
        assert inputs.vs is not None
        terms, av, ar, success, level = roll_terms(parts, inputs.roll("ar"), inputs.vs)
        values: dict[str, Any] = {"av": av, "ar": ar, "dv": inputs.vs, "level": level}
        if not success or level is None:
            return terms, values, None
        er = effect_result(ev, ar, inputs.vs, self.cats.constants)
        assert er is not None
        terms.append(Term("ER", f"EV {ev} + level {level} = {er}"))
        location, side, rolled = self._where(inputs, ar, called, terms)
        return terms, values, Landing(ar, level, er, location, side, rolled)

    def _damage_terms(
        self, er: int, layers: list[int], terms: list[Term], location: HitLocation
    ) -> Harm:
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
        return Harm(dealt, destroyed, deadly)

    # -- this character's attack --------------------------------------------------------

    def _resolve_attack(self, inputs: Inputs) -> Resolution:
        choice = inputs.text("weapon")
        if not choice:
            raise ActionError("there is no weapon on the sheet to attack with")
        weapon = self.sheet.weapons[int(choice) - 1]
        layers = _layers(inputs.text("armour"))
        base = [value_part(weapon.name, weapon.av)]
        terms, values, landing = self._strike(inputs, base, weapon.ev)
        name = f"Attack with {weapon.name}"
        if landing is None:
            outcome = f"AR {values['ar']} vs DV {inputs.vs}: miss"
            return resolved(inputs, "attack", name, terms, outcome, success=False, values=values)
        location = landing.location
        harm = self._damage_terms(landing.er, layers, terms, location)
        wounds = harm.dealt > 0
        if wounds:
            terms.append(Term("Target's Shock check", f"DV {location.shock_dv} (BODY + d20)"))
        values |= landing.values() | {"damage": harm.dealt}
        values |= {"shock_dv": location.shock_dv if wounds else None}
        values |= {"destroyed": harm.destroyed, "death": harm.deadly}
        outcome = f"hit, level {landing.level}: {landing.where}, {max(harm.dealt, 0)} damage" + (
            f", Shock DV {location.shock_dv}" if wounds else ", no wound"
        )
        return resolved(inputs, "attack", name, terms, outcome, success=True, values=values)

    # -- a hit this character takes -----------------------------------------------------

    def _worn_layers(self, inputs: Inputs) -> list[int]:
        """Line 37's layers: the armour worn, and what the character hides behind."""
        layers = [layer.rv for layer in self.document.character.armour if layer.worn]
        hiding = inputs.options.get("hiding_rv")
        if isinstance(hiding, int) and hiding:
            layers.append(hiding)
        return layers

    def _special(self, inputs: Inputs) -> SpecialDamage | None:
        special_id = inputs.text("special")
        return self.cats.special_damage.get(special_id) if special_id not in ("", NONE) else None

    def _shock_terms(
        self, landing: Landing, special: SpecialDamage | None, terms: list[Term]
    ) -> dict[str, Any]:
        """The wound's Shock check: its DV and penalty (the special damage's, else the
        location's), BODY and the other wounds' penalties; continual Shock."""
        location = landing.location
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
        return {"shock_dv": shock_dv, "shock_av": body + others, "penalty": penalty}

    def _wound_effect(
        self, inputs: Inputs, landing: Landing, special: SpecialDamage | None, dealt: int
    ) -> Effect:
        """The wound recorded on the character, as one change."""
        wound = Wound(
            location=landing.location.id,
            side=landing.side,
            special=special.id if special is not None else None,
            damage=dealt,
            ar=landing.ar,
            location_roll=landing.rolled,
            cover=inputs.text("cover") or "open",
        )
        change = Change(
            "insert",
            ("character", "wounds", len(self.document.character.wounds)),
            after=wound.model_dump(mode="json"),
        )
        label = wound_name(wound, self.cats)
        return Effect(f"the wound: {label}, {dealt} damage (AR {landing.ar})", (change,))

    def _resolve_hit(self, inputs: Inputs) -> Resolution:
        attacker_av = inputs.options.get("attacker_av")
        ev = inputs.options.get("ev")
        if not isinstance(attacker_av, int) or not isinstance(ev, int):
            raise ActionError("give the attacker's AV (attacker_av) and the attack's EV (ev)")
        terms, values, landing = self._strike(inputs, [("attacker's AV", attacker_av)], ev)
        name = "Hit by an attack"
        if landing is None:
            outcome = f"AR {values['ar']} vs DV {inputs.vs}: the attack misses"
            return resolved(inputs, "hit", name, terms, outcome, success=False, values=values)
        harm = self._damage_terms(landing.er, self._worn_layers(inputs), terms, landing.location)
        special = self._special(inputs)
        values |= landing.values() | harm.values()
        if harm.dealt <= 0:
            outcome = f"hit on the {landing.where}: the armour stops it, no wound"
            return resolved(inputs, "hit", name, terms, outcome, success=True, values=values)
        shock = self._shock_terms(landing, special, terms)
        effect = self._wound_effect(inputs, landing, special, harm.dealt)
        values |= shock
        outcome = (
            f"hit on the {landing.where}: {harm.dealt} damage, wound {shock['penalty']}, "
            f"Shock DV {shock['shock_dv']}"
            + (": the area is destroyed" if harm.destroyed else "")
            + (" — instant death" if harm.deadly else "")
        )
        return resolved(
            inputs, "hit", name, terms, outcome, success=True, values=values, effect=effect
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
