"""Hero Designer's Powers as the campaign's powers and frameworks: a catalog power by
Hero Designer's XMLID, a Killing Attack rebuilt as a normal attack versus Resistant
Defence, Mental Defence and Knockback Resistance as characteristics, the rest as custom
powers at their HERO 5e base cost; each adder and modifier with it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.import_state import ImportState
from sheetapp.systems.hero_xmen.hdc.reading import (
    base_cost_of,
    derived_name,
    hero5e_active,
    label,
    norm,
    note_of,
    number_of,
    own,
    points_text,
    says_yes,
    signed,
    whole_of,
    xml_text,
)
from sheetapp.systems.hero_xmen.model import (
    FrameworkChoice,
    PowerAdder,
    PowerChoice,
    PowerModifier,
)

FRAMEWORKS = {"MULTIPOWER": "multipower", "ELEMENTAL_CONTROL": "elemental_control"}


class PowerReader:
    def __init__(self, state: ImportState) -> None:
        self.state = state

    def read_power(self, element: ET.Element, uid: str) -> bool:
        tag = element.tag.upper()
        if tag in FRAMEWORKS:
            return self.read_framework(element, uid, FRAMEWORKS[tag])
        if tag != "POWER":
            why = "a Power Framework the campaign does not model (Power Pools, lists)"
            self.state.keep_whole("POWERS", element, f"{why}; its powers are read one by one")
            self.state.frameworks[element.get("ID", "")] = ""
            return False
        xmlid = (element.get("XMLID") or "").upper()
        levels = whole_of(element, "LEVELS")
        framework = self.state.frameworks.get(element.get("PARENTID", ""), "")
        framework = framework or (own(element, "framework") or "")[:500]
        slot = "flexible" if says_yes(element, "ULTRA_SLOT") else "fixed"
        what = label(element)
        if xmlid == "KBRESISTANCE":
            self.state.add_characteristic("kb_resistance", levels)
            self.state.report.count("Characteristics")
            return False
        if xmlid == "LUCK":
            self.state.keep_whole(
                "POWERS",
                element,
                f"the campaign forbids Luck; {points_text(element)}; it counts for nothing",
            )
            return False
        if xmlid == "MENTALDEFENSE":
            self.state.md_from_power += levels
            if own(element, "characteristic") is None:
                self.state.report.add(
                    "Powers",
                    what,
                    "converted",
                    "Mental Defence is not a power here but the MD characteristic, 1 point "
                    f"per point: +{levels} MD",
                )
            return False
        active = hero5e_active(element)
        if active is not None:
            self.state.hero5e_active[uid] = active
        power = PowerChoice(
            name=derived_name(element),
            framework=framework,
            slot=slot,
            note=note_of(element),
            hdc_id=uid,
        )
        mine = own(element, "power")
        if mine is not None or own(element, "base_cost") is not None:
            self.own_power(element, power, mine)
        elif xmlid in tables.KILLING_ATTACKS:
            self.convert_killing_attack(element, power, levels, what)
        elif xmlid in tables.POWERS:
            self.catalog_power(element, power, tables.POWERS[xmlid], levels, what)
        else:
            self.custom_power(element, power, xmlid, what)
        self.read_adders(element, power, what)
        self.read_modifiers(element, power, what, uid)
        self.state.character.powers.append(power)
        return True

    def own_power(self, element: ET.Element, power: PowerChoice, power_id: str | None) -> None:
        """A power an export from here wrote: its own attributes say what it is."""
        power.power = power_id if power_id in self.state.cats.powers else None
        power.name = (own(element, "name") or "")[:500] if power.power else power.name
        try:
            power.levels = int(own(element, "levels") or 1)
            power.levels2 = int(own(element, "levels2") or 0)
            base = own(element, "base_cost")
            power.base_cost = int(base) if base else None
        except ValueError:
            self.state.report.add(
                "Powers", label(element), "default", "an unreadable level or cost"
            )
        power.option = own(element, "option") or None
        power.mode = own(element, "mode") or None
        power.costs_end = own(element, "costs_end") != "No"
        self.state.report.count("Powers")

    def read_framework(self, element: ET.Element, uid: str, kind: str) -> bool:
        name = (element.get("NAME") or element.get("ALIAS") or kind).strip()[:500]
        taken = {f.name for f in self.state.character.frameworks}
        base, count = name, 2
        while name in taken:
            name, count = f"{base} {count}", count + 1
        self.state.frameworks[element.get("ID", "")] = name
        self.state.character.frameworks.append(
            FrameworkChoice(
                name=name,
                kind=kind,
                points=max(0, whole_of(element, "BASECOST")),
                note=note_of(element),
                hdc_id=uid,
            )
        )
        for child in element:
            if child.tag == "MODIFIER":
                self.state.report.add(
                    "Powers",
                    f"{name}: {label(child)}",
                    "kept",
                    "limitations on a framework's reserve are not modelled here",
                )
        self.state.report.count("Power Frameworks")
        return True

    def convert_killing_attack(
        self, element: ET.Element, power: PowerChoice, levels: int, what: str
    ) -> None:
        """A Killing Attack of N d6 (15 Active Points per d6 in HERO 5e) as a normal attack
        of the same Active Points with Attack versus Resistant Defence (+1/2): 2N d6 of a
        normal attack (10N points) × 1.5 = 15N (the supplement, lines 367-369)."""
        xmlid = (element.get("XMLID") or "").upper()
        dice = 2 * levels
        if tables.KILLING_ATTACKS[xmlid] == "hand_to_hand_attack":
            power.power = "hand_to_hand_attack"
            power.levels = max(1, dice)
            built = f"Hand-to-Hand Attack {dice} DC"
            as_built = "HANDTOHANDATTACK"
        else:
            power.base_cost = 5 * dice
            power.name = power.name or f"Energy Blast {dice}d6"
            built = f"a {dice}d6 normal attack ({5 * dice} points)"
            as_built = "ENERGYBLAST"
        # the element the power now is: the export writes that, not the Killing Attack
        element.set("XMLID", as_built)
        element.set("LEVELS", str(dice))
        element.set(
            "ALIAS", "Hand-To-Hand Attack" if as_built == "HANDTOHANDATTACK" else "Energy Blast"
        )
        power.modifiers.append(
            PowerModifier(
                modifier="attack_vs_resistant_defence",
                value=0.5,
                hdc_id=f"{power.hdc_id}-avrd"[:100],
            )
        )
        self.state.report.add(
            "Powers",
            what,
            "converted",
            "the campaign has no Killing Attack: rebuilt as "
            f"{built} with Attack versus Resistant Defence (+1/2), the same "
            f"{15 * levels} Active Points before its other advantages",
        )
        self.state.report.count("Powers")

    def catalog_power(
        self, element: ET.Element, power: PowerChoice, power_id: str, levels: int, what: str
    ) -> None:
        entry = self.state.cats.powers[power_id]
        power.power = power_id
        power.name = (element.get("NAME") or "").strip()[:500]
        if entry.pricing == "parts":
            power.levels = max(levels, entry.parts[0].minimum if entry.parts else 1)
            power.levels2 = max(0, int(number_of(element, "SHEETAPP_LEVELS2")))
            if entry.modes:
                mode = own(element, "mode")
                power.mode = mode if mode in entry.modes else entry.modes[0]
        elif entry.pricing == "option":
            option = (element.get("OPTIONID") or element.get("OPTION") or "").lower()
            chosen = own(element, "option")
            chosen = chosen if chosen in {o.id for o in entry.options} else None
            chosen = chosen or next(
                (o.id for o in entry.options if option and norm(option) in norm(o.id + o.name)),
                None,
            )
            power.option = chosen or entry.options[0].id
            if chosen is None:
                self.state.report.add(
                    "Powers",
                    what,
                    "default",
                    f"its option was not recognised: {entry.options[0].name}; check it",
                )
            if levels:
                self.state.report.add(
                    "Powers",
                    what,
                    "dropped",
                    f"its +{levels} levels: the campaign's {entry.name} is priced by "
                    "what it works against only",
                )
        else:
            price = tables.HERO5E_POWER_PRICE.get((element.get("XMLID") or "").upper())
            power.base_cost = base_cost_of(element, price)
            if power.base_cost is None:
                self.state.report.add(
                    "Powers",
                    what,
                    "default",
                    "its HERO 5e base cost is not known here: enter it on the Powers list",
                )
        self.state.report.count("Powers")

    def custom_power(self, element: ET.Element, power: PowerChoice, xmlid: str, what: str) -> None:
        power.base_cost = base_cost_of(element, tables.HERO5E_POWER_PRICE.get(xmlid))
        if power.base_cost is None:
            self.state.report.add(
                "Powers",
                what,
                "custom",
                "the campaign's catalog does not price it and its HERO 5e price is not known "
                "here: enter its base cost on the Powers list",
            )
        else:
            self.state.report.count("Powers")

    def read_adders(self, element: ET.Element, power: PowerChoice, what: str) -> None:
        """Each adder of a power as a flat addition to its base cost (a catalog adder by
        its own name, Images' extra radius)."""
        catalog = self.state.cats.powers.get(power.power or "")
        known = {adder.id: adder for adder in catalog.adders} if catalog else {}
        for child in element:
            if child.tag != "ADDER":
                continue
            points = number_of(child, "BASECOST") * max(1, whole_of(child, "LEVELS", 1))
            adder_id = own(child, "adder")
            if adder_id not in known:
                adder_id = next(
                    (a.id for a in known.values() if norm(a.name) in norm(label(child))), None
                )
            if points < 0 or points != int(points) or points > 10_000:
                self.state.report.add(
                    "Powers",
                    f"{what}: {label(child)}",
                    "kept",
                    f"an adder of {points:g} points is not a whole number of points: kept "
                    "for the export",
                )
                self.state.kept.elements.append((f"POWER:{power.hdc_id}", xml_text(child)))
                continue
            power.adders.append(
                PowerAdder(
                    adder=adder_id,
                    name="" if adder_id else label(child)[:500],
                    points=int(points),
                    hdc_id=(child.get("ID") or f"{power.hdc_id}-a{len(power.adders)}")[:100],
                )
            )
            if adder_id is None and own(child, "points") is None:
                self.state.report.add(
                    "Powers",
                    f"{what}: {label(child)}",
                    "custom",
                    f"an adder the campaign does not list: its {int(points)} points are added "
                    "to the base cost",
                )

    def read_modifiers(self, element: ET.Element, power: PowerChoice, what: str, uid: str) -> None:
        for child in element:
            if child.tag != "MODIFIER":
                continue
            xmlid = (child.get("XMLID") or "").upper()
            option = (child.get("OPTIONID") or "").upper()
            value = number_of(child, "BASECOST")
            levels = whole_of(child, "LEVELS")
            child_id = (child.get("ID") or f"{uid}-m{len(power.modifiers)}")[:100]
            modifier_id = tables.MODIFIERS.get(f"{xmlid}/{option}") or tables.MODIFIERS.get(xmlid)
            if own(child, "modifier") in self.state.cats.modifiers:
                modifier_id = own(child, "modifier")
            if modifier_id is not None:
                rule = self.state.cats.modifiers[modifier_id].value
                if abs(rule - value) > 1e-9:
                    self.state.report.add(
                        "Powers",
                        f"{what}: {label(child)}",
                        "converted",
                        f"valued {signed(value)} in Hero Designer, {signed(rule)} by the "
                        "campaign's rule",
                    )
                power.modifiers.append(
                    PowerModifier(modifier=modifier_id, value=rule, hdc_id=child_id)
                )
                continue
            quartered = float(Fraction(round(value * 4), 4))
            if abs(quartered - value) > 1e-9 or not -20 <= value <= 20:
                self.state.report.add(
                    "Powers",
                    f"{what}: {label(child)}",
                    "kept",
                    f"a value of {value:g} is not in quarters: kept for the export only",
                )
                self.state.kept.elements.append((f"POWER:{uid}", xml_text(child)))
                continue
            name = label(child)
            if child.get("OPTION_ALIAS"):
                name = f"{name} ({child.get('OPTION_ALIAS', '').strip()})"
            if levels:
                self.state.report.add(
                    "Powers",
                    f"{what}: {name}",
                    "default",
                    f"its {levels} levels are taken as the value Hero Designer recorded",
                )
            power.modifiers.append(PowerModifier(name=name[:500], value=quartered, hdc_id=child_id))
