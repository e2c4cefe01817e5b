"""An X-Men HERO character as a Hero Designer 5th Edition ``.hdc`` file that the public
readers take (the Foundry VTT HERO system's upload wants a ``CHARACTER`` root with a
``TEMPLATE``, ``CHARACTER_INFO`` with ``CHARACTER_NAME``, the characteristics by tag, and
items with ``XMLID``, ``ID`` and ``BASECOST``, an ``OPTIONID`` beside each ``OPTION``).

Every element carries the figures the campaign's costing computed
(``SHEETAPP_ACTIVE_POINTS``, ``SHEETAPP_REAL_COST``, ``SHEETAPP_END``, a Disadvantage's
``SHEETAPP_VALUE``), and what Hero Designer has no attribute for (a Disadvantage's
Importance, a General Skill's option ...) as ``SHEETAPP_*`` attributes, so an import
of the export gives the same character. The house rules without a Hero Designer
equivalent are written into the notes (``NOTES5``) with a line saying so."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import count

from sheetapp.systems.hero_xmen.build import Build, build
from sheetapp.systems.hero_xmen.catalog import Catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.importer import HOUSE_RULES_NOTE, INFO_TEXTS
from sheetapp.systems.hero_xmen.hdc.reading import derived_name, number_of
from sheetapp.systems.hero_xmen.hdc.safe_xml import parse_xml
from sheetapp.systems.hero_xmen.model import (
    DisadvantageChoice,
    FrameworkChoice,
    HeroDocument,
    PowerChoice,
    SkillChoice,
    TalentChoice,
)
from sheetapp.systems.hero_xmen.system import earned_xp

DEFAULT_TEMPLATE = "builtIn.Superheroic.hdt"
CHARACTERISTIC_ORDER = (
    "STR",
    "DEX",
    "CON",
    "BODY",
    "INT",
    "EGO",
    "PRE",
    "COM",
    "PD",
    "ED",
    "SPD",
    "REC",
    "END",
    "STUN",
    "RUNNING",
    "SWIMMING",
    "LEAPING",
)
SKILL_XMLIDS = {value: key for key, value in tables.SKILL_ALIASES.items()}
SKILL_XMLIDS.update(
    {"professions_agility": "PROFESSIONAL_SKILL", "professions_interaction": "PROFESSIONAL_SKILL"}
)
POWER_XMLIDS = {value: key for key, value in tables.POWERS.items()}
MODIFIER_XMLIDS = {value: key for key, value in tables.MODIFIERS.items()}
DISADVANTAGE_XMLIDS = {
    "accidental_change": "ACCIDENTALCHANGE",
    "enraged": "ENRAGED",
    "dependence": "DEPENDENCE",
    "susceptibility": "SUSCEPTIBILITY",
    "dependent_npc": "DEPENDENTNPC",
    "enemy": "HUNTED",
    "physical": "PHYSICALLIMITATION",
    "psychological": "PSYCHOLOGICALLIMITATION",
    "social": "SOCIALLIMITATION",
    "vulnerability": "VULNERABILITY",
}
FRAMEWORK_TAGS = {
    "multipower": ("MULTIPOWER", "Multipower"),
    "elemental_control": ("ELEMENTAL_CONTROL", "Elemental Control"),
}
#: what the house rules do that Hero Designer cannot show, for the notes
HOUSE_RULES = (
    "INT costs 2 points per point; Mental Defence is the MD characteristic (1 point per "
    "point, base EGO/5); Knockback Resistance costs 2 per +1.",
    "There is no COM and no SPD; Comeliness is the Attractive/Unattractive Talent.",
    "Skills: 1 point at -3; Major Skills +2 for +0 and +2 per +1, Limited and Minor ones "
    "less; Everyperson Skills are free at -3.",
    "Killing Attacks are normal attacks with Attack versus Resistant Defence (+1/2); Luck "
    "is not allowed.",
    "Disadvantages are valued (Frequency + Intensity) / Importance by the campaign's tables: "
    "the points recorded with each here are the campaign's figure, not the sum Hero Designer "
    "adds.",
)


class _Ids:
    """Element IDs: an imported entry keeps its own; new ones count from a high number."""

    def __init__(self) -> None:
        self._next = count(900_000_001)

    def new(self) -> str:
        return str(next(self._next))


def _attrs(element: ET.Element, values: dict[str, object]) -> ET.Element:
    for key, value in values.items():
        if value is None:
            element.attrib.pop(key, None)
        elif isinstance(value, bool):
            element.set(key, "Yes" if value else "No")
        elif isinstance(value, float):
            element.set(
                key, f"{value:.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:.1f}"
            )
        else:
            element.set(key, str(value))
    return element


def _cost(value: float) -> str:
    return f"{float(value):.1f}" if float(value) == int(value) else f"{float(value):g}"


class _Exporter:
    def __init__(self, document: HeroDocument) -> None:
        self.doc = document
        self.character = document.character
        self.cats: Catalogs = catalogs_for(document.campaign)
        self.built: Build = build(self.character, document.campaign, self.cats)
        self.kept = self.character.hero_designer
        self.ids = _Ids()
        self.entries = dict(self.kept.entries) if self.kept else {}
        self.kept_elements = list(self.kept.elements) if self.kept else []

    def original(self, hdc_id: str, tag: str) -> ET.Element:
        """The element an entry was imported from (its attributes and children the
        campaign does not use come back), else a new one."""
        text = self.entries.get(hdc_id) if hdc_id else None
        if text is not None:
            element = parse_xml(text.encode("utf-8"))
            if element.tag == tag:
                element.set("ID", hdc_id)
                for key in [k for k in element.attrib if k.startswith("SHEETAPP_")]:
                    del element.attrib[key]
                return element
        return ET.Element(tag, {"ID": hdc_id or self.ids.new()})

    def kept_in(self, section: str) -> list[ET.Element]:
        return [
            parse_xml(text.encode("utf-8"))
            for where, text in self.kept_elements
            if where == section
        ]

    # --- the file ---------------------------------------------------------------------

    def run(self) -> bytes:
        root = ET.Element(
            "CHARACTER",
            {
                "version": (self.kept.version if self.kept and self.kept.version else "6.0"),
                "TEMPLATE": (
                    self.kept.template if self.kept and self.kept.template else DEFAULT_TEMPLATE
                ),
            },
        )
        root.append(self.basics())
        root.append(self.info())
        root.append(self.characteristics())
        root.append(self.skills())
        root.append(self.section("PERKS"))
        root.append(self.talents())
        root.append(self.martial_arts())
        root.append(self.powers())
        root.append(self.disadvantages())
        root.append(self.section("EQUIPMENT"))
        portrait = self.doc.meta.portrait
        if portrait:
            suffix = "jpg" if portrait.startswith("/9j/") else "png"
            image = ET.SubElement(root, "IMAGE", {"FileName": f"portrait.{suffix}"})
            image.text = portrait
        for element in self.kept_in("CHARACTER"):
            if element.tag not in {child.tag for child in root}:
                root.append(element)
        ET.indent(root, space="  ")
        text = ET.tostring(root, encoding="unicode", xml_declaration=False)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")

    def section(self, tag: str) -> ET.Element:
        holder = ET.Element(tag)
        holder.extend(self.kept_in(tag))
        return holder

    def basics(self) -> ET.Element:
        earned = earned_xp(self.doc.history)
        kept = [int(value) for where, value in self.kept_elements if where == "EXPERIENCE"]
        experience = earned or (kept[0] if kept else 0)
        campaign = self.doc.campaign
        return _attrs(
            ET.Element("BASIC_CONFIGURATION"),
            {
                "BASE_POINTS": campaign.base_points,
                "DISAD_POINTS": campaign.disadvantage_cap,
                "EXPERIENCE": experience,
            },
        )

    def info(self) -> ET.Element:
        meta = self.doc.meta
        info = _attrs(
            ET.Element("CHARACTER_INFO"),
            {
                "CHARACTER_NAME": meta.name,
                "ALTERNATE_IDENTITIES": self.character.concept,
                "PLAYER_NAME": meta.player,
            },
        )
        for tag, _heading in INFO_TEXTS:
            ET.SubElement(info, tag).text = meta.notes if tag == "NOTES1" else ""
        house = [HOUSE_RULES_NOTE, "These rules have no Hero Designer equivalent:"]
        house += [f"- {line}" for line in HOUSE_RULES]
        ET.SubElement(info, "NOTES5").text = "\n".join(house)
        return info

    # --- characteristics --------------------------------------------------------------

    def characteristics(self) -> ET.Element:
        holder = ET.Element("CHARACTERISTICS")
        kept = {element.tag: element for element in self.kept_in("CHARACTERISTICS")}
        rows = {row.char.id: row for row in self.built.char_rows}
        for position, tag in enumerate(CHARACTERISTIC_ORDER, start=1):
            if tag in kept:
                holder.append(kept.pop(tag))
                continue
            char_id = tables.CHARACTERISTICS.get(tag)
            row = rows.get(char_id) if char_id else None
            element = ET.SubElement(holder, tag)
            _attrs(
                element,
                {
                    "XMLID": tag,
                    "ID": self.ids.new(),
                    "BASECOST": "0.0",
                    "LEVELS": row.bought if row else 0,
                    "ALIAS": tag,
                    "POSITION": position,
                    "MULTIPLIER": "1.0",
                    "NAME": "",
                    "AFFECTS_PRIMARY": False,
                    "AFFECTS_TOTAL": True,
                },
            )
            if row is not None:
                element.set("SHEETAPP_VALUE", str(row.value))
                element.set("SHEETAPP_COST", str(row.cost))
        holder.extend(kept.values())
        return holder

    # --- skills and talents -----------------------------------------------------------

    def skills(self) -> ET.Element:
        holder = self.section("SKILLS")
        for choice, row in zip(self.character.skills, self.built.skills, strict=True):
            if choice.skill != "martial_arts":
                holder.append(self.skill(choice, row.cost, row.characteristic))
        return holder

    def martial_arts(self) -> ET.Element:
        """The General Skill Martial Arts as HERO 5e's manoeuvres (3, 4 or 5 points) and
        extra Damage Classes, in Hero Designer's Martial Arts section."""
        holder = self.section("MARTIALARTS")
        general = self.cats.general.get("martial_arts")
        for choice, row in zip(self.character.skills, self.built.skills, strict=True):
            if choice.skill != "martial_arts" or general is None:
                continue
            option = general.option(choice.option)
            extra_dc = option.id == "damage_class"
            element = self.original(choice.hdc_id, "EXTRADC" if extra_dc else "MANEUVER")
            values: dict[str, object] = {
                "XMLID": "EXTRADC" if extra_dc else element.get("XMLID", "MANEUVER"),
                "BASECOST": "0.0" if extra_dc else _cost(option.cost),
                "LEVELS": choice.level if extra_dc else 0,
                "ALIAS": element.get(
                    "ALIAS", "+1 HTH Damage Class(es)" if extra_dc else "Maneuver"
                ),
                "NAME": "" if choice.name == element.get("ALIAS") else choice.name,
                "SHEETAPP_LEVEL": None if extra_dc or choice.level == 1 else choice.level,
                "SHEETAPP_COST": row.cost,
            }
            _attrs(element, values)
            _notes(element, choice.note)
            holder.append(element)
        return holder

    def skill(self, choice: SkillChoice, cost: int, characteristic: str | None) -> ET.Element:
        element = self.original(choice.hdc_id, "SKILL")
        skill_id = choice.skill
        custom = skill_id is None
        xmlid = (
            "CUSTOMSKILL" if custom else SKILL_XMLIDS.get(skill_id or "", (skill_id or "").upper())
        )
        if element.get("XMLID") and not custom:
            xmlid = element.get("XMLID", xmlid)
        general = skill_id in self.cats.general
        name = choice.name
        catalog = self.cats.skills.get(skill_id or "")
        alias = (
            catalog.name
            if catalog
            else self.cats.general[skill_id].name
            if general and skill_id
            else choice.name or "Custom Skill"
        )
        values: dict[str, object] = {
            "XMLID": xmlid,
            "BASECOST": element.get("BASECOST", "3.0" if not general else "0.0"),
            "LEVELS": choice.level if general else max(choice.level, 0),
            "ALIAS": element.get("ALIAS", alias),
            "CHARACTERISTIC": (characteristic or "GENERAL").upper(),
            "FAMILIARITY": (not general) and choice.level <= -3,
            "PROFICIENCY": False,
            "LEVELSONLY": False,
            "EVERYMAN": choice.everyperson,
            "INPUT": name,
            "NAME": element.get("NAME", ""),
            "SHEETAPP_SKILL": skill_id,
            "SHEETAPP_COST": cost,
        }
        if not general and choice.level < 0 and choice.level != -3:
            values["SHEETAPP_LEVEL"] = choice.level  # not a step of the ladder: kept as it is
        if choice.vehicles:
            values["INPUT"] = name or choice.vehicles[0]
            values["NAME"] = name
            values["SHEETAPP_VEHICLES"] = "|".join(choice.vehicles)
        if general:
            values["SHEETAPP_OPTION"] = choice.option or ""
        if custom:
            values.update(
                {
                    "NAME": name,
                    "INPUT": "",
                    "SHEETAPP_LEVEL": choice.level,
                    "SHEETAPP_CUSTOM_TYPE": choice.custom_type or "",
                    "SHEETAPP_CUSTOM_CATEGORY": choice.custom_category or "",
                    "SHEETAPP_POINTS": "" if choice.points is None else choice.points,
                }
            )
        _attrs(element, values)
        _notes(element, choice.note)
        return element

    def talents(self) -> ET.Element:
        holder = self.section("TALENTS")
        for choice, row in zip(self.character.talents, self.built.talents, strict=True):
            holder.append(self.talent(choice, row.cost))
        return holder

    def talent(self, choice: TalentChoice, cost: int) -> ET.Element:
        element = self.original(choice.hdc_id, "TALENT")
        entry = self.cats.talents[choice.talent]
        if choice.talent == "lightning_reflexes":
            values: dict[str, object] = {
                "XMLID": element.get("XMLID", "LIGHTNING_REFLEXES_ALL"),
                "OPTION": element.get("OPTION", "ALL"),
                "OPTIONID": element.get("OPTIONID", "ALL"),
            }
        else:
            values = {"XMLID": "CUSTOMTALENT", "SHEETAPP_TALENT": choice.talent}
        values.update(
            {
                "BASECOST": element.get("BASECOST", "0.0"),
                "LEVELS": choice.level,
                "ALIAS": element.get("ALIAS", entry.name),
                "NAME": element.get("NAME", ""),
                "SHEETAPP_COST": cost,
            }
        )
        _attrs(element, values)
        _notes(element, choice.note)
        return element

    # --- powers -----------------------------------------------------------------------

    def powers(self) -> ET.Element:
        holder = self.section("POWERS")
        frameworks = {f.name: (i, f) for i, f in enumerate(self.character.frameworks)}
        written: dict[str, str] = {}
        for index, choice in enumerate(self.character.powers):
            parent = ""
            if choice.framework in frameworks:
                position, framework = frameworks[choice.framework]
                if framework.name not in written:
                    element = self.framework(framework, position)
                    written[framework.name] = element.get("ID", "")
                    holder.append(element)
                parent = written[framework.name]
            holder.append(self.power(index, choice, parent))
        for name, (position, framework) in frameworks.items():
            if name not in written:
                holder.append(self.framework(framework, position))
        md = self.built.chars.get("md")
        if md is not None and md.bought:
            holder.append(
                _attrs(
                    ET.Element("POWER"),
                    {
                        "XMLID": "MENTALDEFENSE",
                        "ID": self.ids.new(),
                        "BASECOST": "0.0",
                        "LEVELS": md.bought,
                        "ALIAS": "Mental Defense",
                        "NAME": "",
                        "SHEETAPP_CHARACTERISTIC": "md",
                        "SHEETAPP_COST": md.cost,
                    },
                )
            )
        kbr = self.built.chars.get("kb_resistance")
        if kbr is not None and kbr.bought:
            holder.append(
                _attrs(
                    ET.Element("POWER"),
                    {
                        "XMLID": "KBRESISTANCE",
                        "ID": self.ids.new(),
                        "BASECOST": "0.0",
                        "LEVELS": kbr.bought,
                        "ALIAS": "Knockback Resistance",
                        "NAME": "",
                        "SHEETAPP_CHARACTERISTIC": "kb_resistance",
                        "SHEETAPP_COST": kbr.cost,
                    },
                )
            )
        return holder

    def framework(self, framework: FrameworkChoice, position: int) -> ET.Element:
        tag, alias = FRAMEWORK_TAGS[framework.kind]
        element = self.original(framework.hdc_id, tag)
        row = next((r for r in self.built.frameworks if r.index == position), None)
        _attrs(
            element,
            {
                "XMLID": "GENERIC_OBJECT",
                "BASECOST": _cost(framework.points),
                "LEVELS": 0,
                "ALIAS": alias,
                "NAME": framework.name,
                "QUANTITY": 1,
                "SHEETAPP_COST": row.cost if row else None,
            },
        )
        _notes(element, framework.note)
        return element

    def power(self, index: int, choice: PowerChoice, parent: str) -> ET.Element:
        row = self.built.powers[index]
        element = self.original(choice.hdc_id, "POWER")
        catalog = self.cats.powers.get(choice.power or "")
        values: dict[str, object] = {}
        kept_xmlid = element.get("XMLID")
        if catalog is not None and choice.power in POWER_XMLIDS:
            values = {
                "XMLID": POWER_XMLIDS[choice.power],
                "ALIAS": catalog.name,
                "NAME": choice.name,
                "BASECOST": "0.0",
            }
            if catalog.pricing == "parts":
                values["LEVELS"] = choice.levels
                values["SHEETAPP_LEVELS2"] = choice.levels2 or None
                values["SHEETAPP_MODE"] = choice.mode
            elif catalog.pricing == "option":
                values["LEVELS"] = 0
                values["OPTION"] = (choice.option or "").upper()
                values["OPTIONID"] = (choice.option or "").upper()
                values["SHEETAPP_OPTION"] = choice.option
            else:
                values["LEVELS"] = 0
                values["SHEETAPP_BASE_COST"] = choice.base_cost
                values["SHEETAPP_POWER"] = choice.power
                values["SHEETAPP_NAME"] = choice.name
        elif catalog is not None:
            values = {
                "XMLID": "CUSTOMPOWER",
                "ALIAS": catalog.name,
                "NAME": choice.name,
                "BASECOST": _cost(choice.base_cost or 0),
                "LEVELS": 0,
                "SHEETAPP_POWER": choice.power,
                "SHEETAPP_NAME": choice.name,
                "SHEETAPP_LEVELS": choice.levels,
                "SHEETAPP_LEVELS2": choice.levels2,
                "SHEETAPP_OPTION": choice.option,
                "SHEETAPP_MODE": choice.mode,
                "SHEETAPP_BASE_COST": choice.base_cost,
            }
        elif kept_xmlid and kept_xmlid != "CUSTOMPOWER":
            name = choice.name
            values = {
                "NAME": "" if name == derived_name(element) and not element.get("NAME") else name
            }
            price = tables.HERO5E_POWER_PRICE.get(kept_xmlid.upper())
            if price is None or choice.base_cost is None:
                values["SHEETAPP_BASE_COST"] = choice.base_cost
            else:
                fixed, per_level = price
                levels = choice.base_cost - fixed - number_of(element, "BASECOST")
                if per_level and levels >= 0 and levels / per_level == int(levels / per_level):
                    values["LEVELS"] = int(levels / per_level)
                elif choice.base_cost != fixed + number_of(element, "BASECOST"):
                    values["SHEETAPP_BASE_COST"] = choice.base_cost
        else:
            values = {
                "XMLID": "CUSTOMPOWER",
                "ALIAS": "Custom Power",
                "NAME": choice.name,
                "BASECOST": _cost(choice.base_cost or 0),
                "LEVELS": 0,
                "SHEETAPP_BASE_COST": "" if choice.base_cost is None else choice.base_cost,
                "SHEETAPP_LEVELS": choice.levels,
                "SHEETAPP_LEVELS2": choice.levels2 or None,
            }
        values.update(
            {
                "PARENTID": parent or None,
                "ULTRA_SLOT": (choice.slot == "flexible")
                if parent or choice.slot != "fixed"
                else None,
                "SHEETAPP_FRAMEWORK": choice.framework if choice.framework and not parent else None,
                "SHEETAPP_COSTS_END": None if choice.costs_end else False,
                "SHEETAPP_ACTIVE_POINTS": row.points.active,
                "SHEETAPP_REAL_COST": self.built.power_cost(row),
                "SHEETAPP_END": row.end,
            }
        )
        _attrs(element, values)
        self.modifiers(element, choice)
        for child in self.kept_in(f"POWER:{choice.hdc_id}") if choice.hdc_id else ():
            element.append(child)
        _notes(element, choice.note)
        return element

    def modifiers(self, element: ET.Element, choice: PowerChoice) -> None:
        old = {
            child.get("ID", ""): child for child in element if child.tag in ("MODIFIER", "ADDER")
        }
        for child in list(element):
            if child.tag in ("MODIFIER", "ADDER"):
                element.remove(child)
        for modifier in choice.modifiers:
            found = old.get(modifier.hdc_id) if modifier.hdc_id else None
            child = (
                found
                if found is not None and found.tag == "MODIFIER"
                else ET.Element("MODIFIER", {"ID": modifier.hdc_id or self.ids.new()})
            )
            values: dict[str, object] = {"BASECOST": f"{modifier.value:g}"}
            if modifier.modifier is not None:
                entry = self.cats.modifiers[modifier.modifier]
                xmlid = MODIFIER_XMLIDS.get(modifier.modifier)
                if xmlid is None:
                    values.update(
                        {
                            "XMLID": "CUSTOMMODIFIER",
                            "ALIAS": entry.name,
                            "SHEETAPP_MODIFIER": modifier.modifier,
                        }
                    )
                else:
                    base, _, option = xmlid.partition("/")
                    values.update({"XMLID": base, "ALIAS": child.get("ALIAS", entry.name)})
                    if option:
                        values.update({"OPTION": option, "OPTIONID": option})
            elif child.get("XMLID") is None:
                values.update({"XMLID": "CUSTOMMODIFIER", "ALIAS": modifier.name})
            values.setdefault("LEVELS", child.get("LEVELS", "0"))
            element.append(_attrs(child, values))
        for adder in choice.adders:
            kept_adder = old.get(adder.hdc_id) if adder.hdc_id else None
            if kept_adder is not None and kept_adder.tag == "ADDER":
                child = kept_adder
            else:
                child = ET.Element("ADDER", {"ID": adder.hdc_id or self.ids.new()})
                child.set("XMLID", "CUSTOMADDER" if adder.adder is None else adder.adder.upper())
                child.set("ALIAS", adder.name or adder.adder or "Adder")
            levels = max(1, int(number_of(child, "LEVELS")))
            if adder.points % levels:
                levels = 1
            _attrs(
                child,
                {
                    "BASECOST": _cost(adder.points // levels),
                    "LEVELS": levels if levels > 1 else child.get("LEVELS", "0"),
                    "SHEETAPP_ADDER": adder.adder,
                    "SHEETAPP_POINTS": adder.points,
                },
            )
            element.append(child)

    # --- disadvantages ----------------------------------------------------------------

    def disadvantages(self) -> ET.Element:
        holder = self.section("DISADVANTAGES")
        for choice, row in zip(self.character.disadvantages, self.built.disadvantages, strict=True):
            holder.append(
                self.disadvantage(choice, row.value.value, row.value.frequency, row.value.intensity)
            )
        return holder

    def disadvantage(
        self, choice: DisadvantageChoice, value: int, frequency: int, intensity: int
    ) -> ET.Element:
        element = self.original(choice.hdc_id, "DISAD")
        kind = self.cats.kinds[choice.kind]
        _attrs(
            element,
            {
                "XMLID": DISADVANTAGE_XMLIDS[choice.kind],
                "BASECOST": "0.0",
                "LEVELS": 0,
                "ALIAS": element.get("ALIAS", kind.name),
                "INPUT": choice.name,
                "NAME": element.get("NAME", ""),
                "SHEETAPP_FREQUENCY": choice.frequency,
                "SHEETAPP_INTENSITY": choice.intensity,
                "SHEETAPP_IMPORTANCE": choice.importance,
                "SHEETAPP_SECOND_INTENSITY": choice.second_intensity,
                "SHEETAPP_TIME_CHART_STEPS": choice.time_chart_steps or None,
                "SHEETAPP_EXTRA_DICE": choice.extra_dice or None,
                "SHEETAPP_NORMAL_DAMAGE": True if choice.normal_damage else None,
                "SHEETAPP_INSTANT": True if choice.instant else None,
                "SHEETAPP_RESOURCES": None if choice.resources == "none" else choice.resources,
                "SHEETAPP_VALUE": value,
            },
        )
        measures = (
            (tables.EXPORT_FREQUENCY, tables.FREQUENCY_ADDERS, choice.frequency, frequency),
            (tables.EXPORT_INTENSITY, tables.INTENSITY_ADDERS, choice.intensity, intensity),
            (tables.EXPORT_IMPORTANCE, tables.IMPORTANCE_ADDERS, choice.importance, 0),
        )
        for exported, table, word, points in measures:
            adder_id = exported.get(choice.kind)
            if adder_id is None:
                continue
            option = next((k for k, v in table[adder_id].items() if v == word), None)
            for child in [c for c in element if c.tag == "ADDER" and c.get("XMLID") == adder_id]:
                element.remove(child)
            if option is None:
                continue  # a measure Hero Designer's adder has no option for: SHEETAPP_ only
            element.append(
                _attrs(
                    ET.Element("ADDER"),
                    {
                        "XMLID": adder_id,
                        "ID": self.ids.new(),
                        "BASECOST": _cost(points),
                        "LEVELS": 0,
                        "ALIAS": adder_id.title(),
                        "OPTION": option,
                        "OPTIONID": option,
                        "OPTION_ALIAS": word.title(),
                    },
                )
            )
        _notes(element, choice.note)
        return element


def _notes(element: ET.Element, note: str) -> None:
    for child in [c for c in element if c.tag == "NOTES"]:
        element.remove(child)
    if note:
        ET.SubElement(element, "NOTES").text = note


def export_hdc(document: HeroDocument) -> bytes:
    """The ``.hdc`` file's bytes (UTF-8 XML)."""
    return _Exporter(document).run()
