"""A Hero Designer 5th Edition character (``.hdc``) as an X-Men HERO character, with a
report of every element that did not map one to one (``report.py``). Nothing is lost:
what the campaign has no place for is kept in ``character.hero_designer`` for the
export, and each entry keeps its own element there under its ``hdc_id``."""

from __future__ import annotations

import base64
import binascii
import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

from pydantic import ValidationError

from sheetapp.core.document import Meta
from sheetapp.systems.hero_xmen.build import build
from sheetapp.systems.hero_xmen.catalog import Catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.report import MappingReport
from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError, parse_xml
from sheetapp.systems.hero_xmen.model import (
    CharacteristicBuy,
    DisadvantageChoice,
    FrameworkChoice,
    HeroCampaign,
    HeroCharacter,
    HeroDesignerKept,
    HeroDocument,
    PowerAdder,
    PowerChoice,
    PowerModifier,
    SkillChoice,
    TalentChoice,
)

SYSTEM_VERSION = "2008-08-27"
#: the first line of the notes the export writes about the house rules (NOTES5): an
#: import leaves that element out, since the campaign's own fields hold what it says
HOUSE_RULES_NOTE = "X-Men Campaign house rules (sheetapp):"
#: CHARACTER_INFO's text elements, in the order the notes take them
INFO_TEXTS = (
    ("BACKGROUND", "Background"),
    ("PERSONALITY", "Personality"),
    ("QUOTE", "Quote"),
    ("TACTICS", "Tactics"),
    ("CAMPAIGN_USE", "Campaign use"),
    ("APPEARANCE", "Appearance"),
    ("NOTES1", ""),
    ("NOTES2", "Notes 2"),
    ("NOTES3", "Notes 3"),
    ("NOTES4", "Notes 4"),
)
LIST_SECTIONS = (
    "SKILLS",
    "PERKS",
    "TALENTS",
    "MARTIALARTS",
    "POWERS",
    "DISADVANTAGES",
    "EQUIPMENT",
)
#: the word the report uses for each section
SECTION_WORDS = {
    "CHARACTERISTICS": "Characteristics",
    "SKILLS": "Skills",
    "PERKS": "Perks",
    "TALENTS": "Talents",
    "MARTIALARTS": "Martial Arts",
    "POWERS": "Powers",
    "DISADVANTAGES": "Disadvantages",
    "EQUIPMENT": "Equipment",
    "CHARACTER": "Character",
}
FRAMEWORKS = {"MULTIPOWER": "multipower", "ELEMENTAL_CONTROL": "elemental_control"}


def is_sixth_edition(root: ET.Element) -> bool:
    """Hero Designer names its built-in 6th Edition templates ``builtIn.<Name>6E.hdt``
    (the Foundry VTT HERO system tells the editions apart so); a 6th Edition character
    also has the OMCV and DMCV characteristics, which the 5th Edition does not."""
    template = root.get("TEMPLATE", "")
    if "6E" in template.upper().replace("BUILTIN.", ""):
        return True
    characteristics = root.find("CHARACTERISTICS")
    tags = {child.tag for child in characteristics} if characteristics is not None else set()
    return bool(tags & {"OMCV", "DMCV"})


def _number(element: ET.Element, attribute: str, default: float = 0) -> float:
    text = element.get(attribute, "")
    try:
        value = float(text)
    except ValueError:
        return default
    return value if math.isfinite(value) and abs(value) < 1e9 else default


def _whole(element: ET.Element, attribute: str, default: int = 0) -> int:
    return round(_number(element, attribute, default))


def _yes(element: ET.Element, attribute: str) -> bool:
    return element.get(attribute, "").strip().lower() == "yes"


def label(element: ET.Element) -> str:
    """How the report names an element: its own name, else Hero Designer's alias."""
    name = (element.get("NAME") or "").strip()
    alias = (element.get("ALIAS") or element.get("XMLID") or element.tag).strip()
    text = (element.get("INPUT") or "").strip()
    shown = f"{alias}: {text}" if text else alias
    return f"{name} ({shown})" if name else shown


def note_of(element: ET.Element) -> str:
    """An entry's own notes (Hero Designer's ``<NOTES>`` child)."""
    notes = element.find("NOTES")
    return (notes.text or "").strip() if notes is not None else ""


def own(element: ET.Element, key: str) -> str | None:
    """A value only an export from here writes (``SHEETAPP_<KEY>``): what the campaign
    records that Hero Designer has no attribute for."""
    return element.get(f"SHEETAPP_{key.upper()}")


def derived_name(element: ET.Element) -> str:
    """The name an imported power takes: its own name, else what it is (Energy Blast 12d6)."""
    name = (element.get("NAME") or "").strip()
    if name:
        return name[:500]
    xmlid = (element.get("XMLID") or "").upper()
    alias = (element.get("ALIAS") or xmlid.title()).strip()
    levels = _whole(element, "LEVELS")
    unit = tables.UNITS.get(xmlid, "")
    return (f"{alias} {levels}{unit}" if levels and xmlid != "CUSTOMPOWER" else alias)[:500]


def _norm(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


class _Importer:
    def __init__(self, root: ET.Element, source: str) -> None:
        self.root = root
        self.report = MappingReport(source)
        self.campaign = HeroCampaign()
        self.cats: Catalogs = catalogs_for(self.campaign)
        self.character = HeroCharacter(characteristics=[])
        self.kept = HeroDesignerKept(
            template=root.get("TEMPLATE", ""), version=root.get("version", "")
        )
        self.frameworks: dict[str, str] = {}  # HD ID -> framework name
        self.md_from_power = 0
        self.hero5e_active: dict[str, int] = {}  # HD ID -> HERO 5e Active Points
        self.skill_names = {_norm(s.id): s.id for s in self.cats.skills.values()}
        self.skill_names.update({_norm(s.name): s.id for s in self.cats.skills.values()})
        self.general_names = {_norm(g.id): g.id for g in self.cats.general.values()}
        self.general_names.update({_norm(g.name): g.id for g in self.cats.general.values()})

    # --- the whole file ---------------------------------------------------------------

    def run(self) -> HeroDocument:
        meta = self.read_info()
        self.read_basics()
        self.read_characteristics()
        for section in LIST_SECTIONS:
            holder = self.root.find(section)
            if holder is None:
                continue
            for element in holder:
                self.read_item(section, element)
        for child in self.root:
            if child.tag == "IMAGE" and meta.portrait is None:
                meta.portrait = self.read_image(child)
                if meta.portrait is not None:
                    continue
            if child.tag not in (
                "BASIC_CONFIGURATION",
                "CHARACTER_INFO",
                "CHARACTERISTICS",
                *LIST_SECTIONS,
            ):
                self.keep_whole("CHARACTER", child, "not part of a character sheet here")
        if self.md_from_power:
            self.add_characteristic("md", self.md_from_power)
        self.character.hero_designer = self.kept
        document = HeroDocument(
            system_version=SYSTEM_VERSION,
            meta=meta,
            campaign=self.campaign,
            character=self.character,
        )
        self.compare_costs(document)
        return document

    def read_info(self) -> Meta:
        info = self.root.find("CHARACTER_INFO")
        if info is None:
            return Meta()
        parts = []
        for tag, heading in INFO_TEXTS:
            element = info.find(tag)
            text = (element.text or "").strip() if element is not None else ""
            if text:
                parts.append(f"{heading}:\n{text}" if heading else text)
        house = info.find("NOTES5")
        text = (house.text or "").strip() if house is not None else ""
        if text.startswith(HOUSE_RULES_NOTE):
            self.report.add(
                "Character",
                "Notes 5",
                "dropped",
                "the house-rule notes an export from here wrote; the campaign's own fields "
                "hold what they say",
            )
        elif text:
            parts.append(f"Notes 5:\n{text}")
        self.character.concept = (info.get("ALTERNATE_IDENTITIES") or "").strip()[:500]
        return Meta(
            name=(info.get("CHARACTER_NAME") or "").strip()[:500],
            player=(info.get("PLAYER_NAME") or "").strip()[:500],
            notes="\n\n".join(parts),
        )

    def read_image(self, element: ET.Element) -> str | None:
        """Hero Designer's portrait (``IMAGE``: base64 text, a ``FileName``) as the
        character's portrait when it is a PNG or JPEG image; else None (kept aside)."""
        text = "".join((element.text or "").split())
        try:
            head = base64.b64decode(text[:64], validate=True)
            base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            return None
        if not head.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")) or len(text) > 8_000_000:
            return None
        self.report.count("Portrait")
        return text

    def read_basics(self) -> None:
        basics = self.root.find("BASIC_CONFIGURATION")
        if basics is None:
            self.report.add(
                "Character",
                "Basic configuration",
                "default",
                "the file has none: the campaign's 200 base points and 150 of Disadvantages",
            )
            return
        self.campaign.base_points = max(0, _whole(basics, "BASE_POINTS", 200))
        self.campaign.disadvantage_cap = max(0, _whole(basics, "DISAD_POINTS", 150))
        experience = _whole(basics, "EXPERIENCE")
        if experience:
            self.report.add(
                "Character",
                f"Experience {experience}",
                "kept",
                "Experience Points are earned in the ledger here: add a session earning "
                f"{experience} in the level-up wizard (the export gives the figure back)",
            )
            self.kept.elements.append(("EXPERIENCE", str(experience)))

    # --- characteristics --------------------------------------------------------------

    def read_characteristics(self) -> None:
        holder = self.root.find("CHARACTERISTICS")
        bought: dict[str, int] = {}
        if holder is not None:
            for element in holder:
                key = (element.get("XMLID") or element.tag).upper()
                levels = _whole(element, "LEVELS")
                char_id = tables.CHARACTERISTICS.get(key)
                if char_id is None:
                    reason = tables.NOT_CHARACTERISTICS.get(key, "not a characteristic here")
                    if levels:
                        cost = levels * tables.HERO5E_CHARACTERISTIC_COST.get(key, 0)
                        self.keep_whole(
                            "CHARACTERISTICS",
                            element,
                            f"{reason}; its {levels:+d} ({_points(cost)} in Hero Designer) "
                            "count for nothing here",
                        )
                    continue  # at its base: the export writes it so again
                bought[char_id] = levels
                self.report.count("Characteristics")
        for char_id in self.cats.characteristics:
            self.add_characteristic(char_id, bought.get(char_id, 0))

    def add_characteristic(self, char_id: str, levels: int) -> None:
        for buy in self.character.characteristics:
            if buy.characteristic == char_id:
                buy.bought += levels
                return
        self.character.characteristics.append(
            CharacteristicBuy(characteristic=char_id, bought=levels)
        )

    # --- list items -------------------------------------------------------------------

    def read_item(self, section: str, element: ET.Element) -> None:
        uid = element.get("ID") or f"{section}-{len(self.kept.entries) + len(self.kept.elements)}"
        uid = uid[:90]
        while uid in self.kept.entries:  # two elements of one ID: each keeps its own
            uid += "+"
        taken = False
        if section == "SKILLS":
            taken = self.read_skill(element, uid)
        elif section == "TALENTS":
            taken = self.read_talent(element, uid)
        elif section == "MARTIALARTS":
            taken = self.read_manoeuvre(element, uid)
        elif section == "POWERS":
            taken = self.read_power(element, uid)
        elif section == "DISADVANTAGES":
            taken = self.read_disadvantage(element, uid)
        if taken:
            self.kept.entries[uid] = _xml(element)
        elif section in ("PERKS", "EQUIPMENT"):
            self.keep_whole(
                section,
                element,
                f"the campaign has no {SECTION_WORDS[section]}; {_points_text(element)}",
            )

    def keep_whole(self, section: str, element: ET.Element, why: str) -> None:
        self.kept.elements.append((section, _xml(element)))
        self.report.add(SECTION_WORDS.get(section, section.title()), label(element), "kept", why)

    def read_skill(self, element: ET.Element, uid: str) -> bool:
        xmlid = (element.get("XMLID") or "").upper()
        skill_id = own(element, "skill")
        if skill_id not in self.cats.skills and skill_id not in self.cats.general:
            skill_id = tables.SKILL_ALIASES.get(xmlid) or self.skill_names.get(_norm(xmlid))
        skill_id = skill_id or self.general_names.get(_norm(xmlid))
        if skill_id is None:
            skill_id = self.skill_names.get(_norm(element.get("ALIAS", "")))
        if skill_id is None and own(element, "custom_category") is not None:
            return self.read_custom_skill(element, uid)
        if skill_id is None:
            self.keep_whole(
                "SKILLS",
                element,
                f"the campaign's skill list has no such skill; {_points_text(element)}",
            )
            return False
        levels = _whole(element, "LEVELS")
        everyman = _yes(element, "EVERYMAN")
        subject = (element.get("INPUT") or element.get("NAME") or "").strip()
        if skill_id in self.cats.general:
            general = self.cats.general[skill_id]
            option = own(element, "option")
            if option not in {o.id for o in general.options}:
                option = general.options[0].id
            self.character.skills.append(
                SkillChoice(
                    skill=skill_id,
                    name=subject[:500],
                    level=max(levels, 1),
                    option=option,
                    everyperson=everyman,
                    note=note_of(element),
                    hdc_id=uid,
                )
            )
            self.report.count("Skills")
            return True
        level = -3 if _yes(element, "FAMILIARITY") else levels
        if own(element, "level") is not None:
            level = int(_number(element, "SHEETAPP_LEVEL", level))
        vehicles: list[str] = []
        listed = own(element, "vehicles")
        if listed is not None:
            vehicles = [v[:500] for v in listed.split("|") if v][:100]
            subject = (element.get("NAME") or "").strip()
        elif self.cats.skills[skill_id].vehicle_categories is not None and subject:
            vehicles, subject = [subject[:500]], ""
        self.character.skills.append(
            SkillChoice(
                skill=skill_id,
                name=subject[:500],
                level=level,
                everyperson=everyman,
                vehicles=vehicles,
                note=note_of(element),
                hdc_id=uid,
            )
        )
        self.report.count("Skills")
        return True

    def read_custom_skill(self, element: ET.Element, uid: str) -> bool:
        try:
            points = own(element, "points")
            choice = SkillChoice(
                name=(element.get("NAME") or "").strip()[:500],
                level=int(own(element, "level") or 0),
                custom_type=own(element, "custom_type") or None,
                custom_category=own(element, "custom_category") or None,
                points=int(points) if points else None,
                note=note_of(element),
                hdc_id=uid,
            )
        except ValueError:
            self.keep_whole("SKILLS", element, "a custom skill whose values cannot be read")
            return False
        self.character.skills.append(choice)
        self.report.count("Skills")
        return True

    def read_manoeuvre(self, element: ET.Element, uid: str) -> bool:
        """A Martial Arts manoeuvre (HERO 5e: 3, 4 or 5 points) as a unit of the General
        Skill Martial Arts at its price; +1 Damage Class (``EXTRADC``) at 4 points each."""
        xmlid = (element.get("XMLID") or "").upper()
        cost = _number(element, "BASECOST")
        name = (element.get("NAME") or "").strip()
        name = (name or (element.get("ALIAS") or "").strip())[:500]
        if xmlid == "EXTRADC" and _whole(element, "LEVELS") > 0:
            option, level = "damage_class", _whole(element, "LEVELS")
        elif element.tag == "MANEUVER" and cost in (3, 4, 5):
            option, level = (
                f"manoeuvre_{int(cost)}",
                max(1, int(_number(element, "SHEETAPP_LEVEL", 1))),
            )
        else:
            self.keep_whole(
                "MARTIALARTS",
                element,
                f"not a 3, 4 or 5 point manoeuvre or an extra Damage Class; "
                f"{_points_text(element)}",
            )
            return False
        self.character.skills.append(
            SkillChoice(
                skill="martial_arts",
                name=name,
                level=level,
                option=option,
                note=note_of(element),
                hdc_id=uid,
            )
        )
        self.report.count("Martial Arts")
        return True

    def read_talent(self, element: ET.Element, uid: str) -> bool:
        xmlid = (element.get("XMLID") or "").upper()
        as_skill = tables.TALENTS_AS_SKILLS.get(xmlid)
        if as_skill is not None:
            taken = self.read_skill(element, uid)
            if taken:
                self.report.add(
                    "Talents",
                    label(element),
                    "converted",
                    "a Talent in Hero Designer, a Skill in the campaign's list",
                )
            return taken
        talent = own(element, "talent")
        if talent in self.cats.talents:
            self.character.talents.append(
                TalentChoice(
                    talent=talent,
                    level=_whole(element, "LEVELS"),
                    note=note_of(element),
                    hdc_id=uid,
                )
            )
            self.report.count("Talents")
            return True
        if xmlid.startswith("LIGHTNING_REFLEXES"):
            self.character.talents.append(
                TalentChoice(
                    talent="lightning_reflexes",
                    level=max(1, _whole(element, "LEVELS")),
                    note=note_of(element),
                    hdc_id=uid,
                )
            )
            self.report.count("Talents")
            return True
        self.keep_whole(
            "TALENTS",
            element,
            f"not one of the campaign's Talents; {_points_text(element)}",
        )
        return False

    # --- powers -----------------------------------------------------------------------

    def read_power(self, element: ET.Element, uid: str) -> bool:
        tag = element.tag.upper()
        if tag in FRAMEWORKS:
            return self.read_framework(element, uid, FRAMEWORKS[tag])
        if tag != "POWER":
            why = "a Power Framework the campaign does not model (Power Pools, lists)"
            self.keep_whole("POWERS", element, f"{why}; its powers are read one by one")
            self.frameworks[element.get("ID", "")] = ""
            return False
        xmlid = (element.get("XMLID") or "").upper()
        levels = _whole(element, "LEVELS")
        framework = self.frameworks.get(element.get("PARENTID", ""), "")
        framework = framework or (own(element, "framework") or "")[:500]
        slot = "flexible" if _yes(element, "ULTRA_SLOT") else "fixed"
        what = label(element)
        if xmlid == "KBRESISTANCE":
            self.add_characteristic("kb_resistance", levels)
            self.report.count("Characteristics")
            return False
        if xmlid == "LUCK":
            self.keep_whole(
                "POWERS",
                element,
                f"the campaign forbids Luck; {_points_text(element)}; it counts for nothing",
            )
            return False
        if xmlid == "MENTALDEFENSE":
            self.md_from_power += levels
            if own(element, "characteristic") is None:
                self.report.add(
                    "Powers",
                    what,
                    "converted",
                    "Mental Defence is not a power here but the MD characteristic, 1 point "
                    f"per point: +{levels} MD",
                )
            return False
        active = _hero5e_active(element)
        if active is not None:
            self.hero5e_active[uid] = active
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
        self.character.powers.append(power)
        return True

    def own_power(self, element: ET.Element, power: PowerChoice, power_id: str | None) -> None:
        """A power an export from here wrote: its own attributes say what it is."""
        power.power = power_id if power_id in self.cats.powers else None
        power.name = (own(element, "name") or "")[:500] if power.power else power.name
        try:
            power.levels = int(own(element, "levels") or 1)
            power.levels2 = int(own(element, "levels2") or 0)
            base = own(element, "base_cost")
            power.base_cost = int(base) if base else None
        except ValueError:
            self.report.add("Powers", label(element), "default", "an unreadable level or cost")
        power.option = own(element, "option") or None
        power.mode = own(element, "mode") or None
        power.costs_end = own(element, "costs_end") != "No"
        self.report.count("Powers")

    def read_framework(self, element: ET.Element, uid: str, kind: str) -> bool:
        name = (element.get("NAME") or element.get("ALIAS") or kind).strip()[:500]
        taken = {f.name for f in self.character.frameworks}
        base, count = name, 2
        while name in taken:
            name, count = f"{base} {count}", count + 1
        self.frameworks[element.get("ID", "")] = name
        self.character.frameworks.append(
            FrameworkChoice(
                name=name,
                kind=kind,
                points=max(0, _whole(element, "BASECOST")),
                note=note_of(element),
                hdc_id=uid,
            )
        )
        for child in element:
            if child.tag == "MODIFIER":
                self.report.add(
                    "Powers",
                    f"{name}: {label(child)}",
                    "kept",
                    "limitations on a framework's reserve are not modelled here",
                )
        self.report.count("Power Frameworks")
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
        self.report.add(
            "Powers",
            what,
            "converted",
            "the campaign has no Killing Attack: rebuilt as "
            f"{built} with Attack versus Resistant Defence (+1/2), the same "
            f"{15 * levels} Active Points before its other advantages",
        )
        self.report.count("Powers")

    def catalog_power(
        self, element: ET.Element, power: PowerChoice, power_id: str, levels: int, what: str
    ) -> None:
        entry = self.cats.powers[power_id]
        power.power = power_id
        power.name = (element.get("NAME") or "").strip()[:500]
        if entry.pricing == "parts":
            power.levels = max(levels, entry.parts[0].minimum if entry.parts else 1)
            power.levels2 = max(0, int(_number(element, "SHEETAPP_LEVELS2")))
            if entry.modes:
                mode = own(element, "mode")
                power.mode = mode if mode in entry.modes else entry.modes[0]
        elif entry.pricing == "option":
            option = (element.get("OPTIONID") or element.get("OPTION") or "").lower()
            chosen = own(element, "option")
            chosen = chosen if chosen in {o.id for o in entry.options} else None
            chosen = chosen or next(
                (o.id for o in entry.options if option and _norm(option) in _norm(o.id + o.name)),
                None,
            )
            power.option = chosen or entry.options[0].id
            if chosen is None:
                self.report.add(
                    "Powers",
                    what,
                    "default",
                    f"its option was not recognised: {entry.options[0].name}; check it",
                )
            if levels:
                self.report.add(
                    "Powers",
                    what,
                    "dropped",
                    f"its +{levels} levels: the campaign's {entry.name} is priced by "
                    "what it works against only",
                )
        else:
            price = tables.HERO5E_POWER_PRICE.get((element.get("XMLID") or "").upper())
            power.base_cost = _base_cost(element, price)
            if power.base_cost is None:
                self.report.add(
                    "Powers",
                    what,
                    "default",
                    "its HERO 5e base cost is not known here: enter it on the Powers list",
                )
        self.report.count("Powers")

    def custom_power(self, element: ET.Element, power: PowerChoice, xmlid: str, what: str) -> None:
        power.base_cost = _base_cost(element, tables.HERO5E_POWER_PRICE.get(xmlid))
        if power.base_cost is None:
            self.report.add(
                "Powers",
                what,
                "custom",
                "the campaign's catalog does not price it and its HERO 5e price is not known "
                "here: enter its base cost on the Powers list",
            )
        else:
            self.report.count("Powers")

    def read_adders(self, element: ET.Element, power: PowerChoice, what: str) -> None:
        """Each adder of a power as a flat addition to its base cost (a catalog adder by
        its own name, Images' extra radius)."""
        catalog = self.cats.powers.get(power.power or "")
        known = {adder.id: adder for adder in catalog.adders} if catalog else {}
        for child in element:
            if child.tag != "ADDER":
                continue
            points = _number(child, "BASECOST") * max(1, _whole(child, "LEVELS", 1))
            adder_id = own(child, "adder")
            if adder_id not in known:
                adder_id = next(
                    (a.id for a in known.values() if _norm(a.name) in _norm(label(child))), None
                )
            if points < 0 or points != int(points) or points > 10_000:
                self.report.add(
                    "Powers",
                    f"{what}: {label(child)}",
                    "kept",
                    f"an adder of {points:g} points is not a whole number of points: kept "
                    "for the export",
                )
                self.kept.elements.append((f"POWER:{power.hdc_id}", _xml(child)))
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
                self.report.add(
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
            value = _number(child, "BASECOST")
            levels = _whole(child, "LEVELS")
            child_id = (child.get("ID") or f"{uid}-m{len(power.modifiers)}")[:100]
            modifier_id = tables.MODIFIERS.get(f"{xmlid}/{option}") or tables.MODIFIERS.get(xmlid)
            if own(child, "modifier") in self.cats.modifiers:
                modifier_id = own(child, "modifier")
            if modifier_id is not None:
                rule = self.cats.modifiers[modifier_id].value
                if abs(rule - value) > 1e-9:
                    self.report.add(
                        "Powers",
                        f"{what}: {label(child)}",
                        "converted",
                        f"valued {_signed(value)} in Hero Designer, {_signed(rule)} by the "
                        "campaign's rule",
                    )
                power.modifiers.append(
                    PowerModifier(modifier=modifier_id, value=rule, hdc_id=child_id)
                )
                continue
            quartered = float(Fraction(round(value * 4), 4))
            if abs(quartered - value) > 1e-9 or not -20 <= value <= 20:
                self.report.add(
                    "Powers",
                    f"{what}: {label(child)}",
                    "kept",
                    f"a value of {value:g} is not in quarters: kept for the export only",
                )
                self.kept.elements.append((f"POWER:{uid}", _xml(child)))
                continue
            name = label(child)
            if child.get("OPTION_ALIAS"):
                name = f"{name} ({child.get('OPTION_ALIAS', '').strip()})"
            if levels:
                self.report.add(
                    "Powers",
                    f"{what}: {name}",
                    "default",
                    f"its {levels} levels are taken as the value Hero Designer recorded",
                )
            power.modifiers.append(PowerModifier(name=name[:500], value=quartered, hdc_id=child_id))

    # --- disadvantages ----------------------------------------------------------------

    def read_disadvantage(self, element: ET.Element, uid: str) -> bool:
        xmlid = (element.get("XMLID") or "").upper()
        kind = tables.DISADVANTAGES.get(xmlid)
        what = label(element)
        if kind is None:
            self.keep_whole(
                "DISADVANTAGES",
                element,
                "not one of the campaign's ten kinds of Disadvantage; it counts for nothing here",
            )
            return False
        choice = DisadvantageChoice(
            kind=kind,
            name=(element.get("INPUT") or element.get("NAME") or "").strip()[:500],
            note=note_of(element),
            hdc_id=uid,
        )
        found: dict[str, str] = {}
        if kind == "vulnerability":
            found["importance"] = "extremely"  # always Extremely Important (the supplement)
        for child in element:
            if child.tag != "ADDER":
                continue
            adder = (child.get("XMLID") or "").upper()
            option = (child.get("OPTIONID") or child.get("OPTION") or "").upper()
            for measure, table in (
                ("frequency", tables.FREQUENCY_ADDERS),
                ("intensity", tables.INTENSITY_ADDERS),
                ("importance", tables.IMPORTANCE_ADDERS),
            ):
                if adder in table and option in table[adder]:
                    found[measure] = table[adder][option]
        for measure in ("frequency", "intensity", "importance"):
            value = element.get(f"SHEETAPP_{measure.upper()}") or found.get(measure)
            if value is not None and measure in found and value != found[measure]:
                value = found[measure]  # Hero Designer's own adder wins over our note
            if value is None:
                self.report.add(
                    "Disadvantages",
                    what,
                    "default",
                    f"Hero Designer does not give its {measure.title()}: the campaign's "
                    f"{getattr(choice, measure).title()}; check it",
                )
                continue
            try:
                setattr(choice, measure, value)
            except ValueError:
                self.report.add(
                    "Disadvantages",
                    what,
                    "default",
                    f"its {measure.title()} '{value}' is not on the campaign's table",
                )
        extras = {
            "second_intensity": element.get("SHEETAPP_SECOND_INTENSITY"),
            "time_chart_steps": element.get("SHEETAPP_TIME_CHART_STEPS"),
            "extra_dice": element.get("SHEETAPP_EXTRA_DICE"),
            "normal_damage": element.get("SHEETAPP_NORMAL_DAMAGE"),
            "instant": element.get("SHEETAPP_INSTANT"),
            "resources": element.get("SHEETAPP_RESOURCES"),
        }
        for key, value in extras.items():
            if value is None:
                continue
            try:
                if key in ("normal_damage", "instant"):
                    setattr(choice, key, value == "Yes")
                elif key in ("time_chart_steps", "extra_dice"):
                    setattr(choice, key, int(value))
                else:
                    setattr(choice, key, value)
            except ValueError:
                self.report.add("Disadvantages", what, "dropped", f"an unreadable {key}")
        self.character.disadvantages.append(choice)
        self.report.count("Disadvantages")
        return True

    # --- costs ------------------------------------------------------------------------

    def compare_costs(self, document: HeroDocument) -> None:
        """Name every cost the house rules change, against HERO 5e's prices for what
        Hero Designer recorded."""
        built = build(document.character, document.campaign, self.cats)
        holder = self.root.find("CHARACTERISTICS")
        for element in holder if holder is not None else ():
            key = (element.get("XMLID") or element.tag).upper()
            char_id = tables.CHARACTERISTICS.get(key)
            levels = _whole(element, "LEVELS")
            if char_id is None or not levels or char_id not in built.chars:
                continue
            hero5e = levels * tables.HERO5E_CHARACTERISTIC_COST[key]
            ours = built.chars[char_id].cost
            if self.md_from_power and char_id == "md":
                continue
            if abs(hero5e - ours) > 1e-9:
                self.report.add(
                    "Characteristics",
                    f"{key} {levels:+d}",
                    "cost",
                    f"{_points(hero5e)} in Hero Designer, {ours} by the campaign "
                    f"({built.chars[char_id].explanation})",
                )
        elements = {uid: parse_xml(text.encode("utf-8")) for uid, text in self.kept.entries.items()}
        for row, choice in zip(built.skills, document.character.skills, strict=True):
            skill = elements.get(choice.hdc_id)
            if skill is None or choice.skill in self.cats.general:
                continue
            skill_cost = _hero5e_skill_cost(skill)
            if skill_cost is not None and skill_cost != row.cost:
                self.report.add(
                    "Skills",
                    label(skill),
                    "cost",
                    f"{_points(skill_cost)} in Hero Designer (HERO 5e), {row.cost} by the campaign "
                    f"({row.explanation})",
                )
            char = skill.get("CHARACTERISTIC", "").upper()
            if row.characteristic and char and char != row.characteristic.upper():
                self.report.add(
                    "Skills",
                    label(skill),
                    "converted",
                    f"rolled on {char} in Hero Designer, on {row.characteristic.upper()} by "
                    "the campaign's skill type",
                )
        for talent_row, talent in zip(built.talents, document.character.talents, strict=True):
            reflexes = elements.get(talent.hdc_id)
            xmlid = (reflexes.get("XMLID") or "").upper() if reflexes is not None else ""
            if reflexes is None or not xmlid.startswith("LIGHTNING_REFLEXES"):
                continue
            levels = _whole(reflexes, "LEVELS")
            # HERO 5e: 1 point per +1 with all actions, per +2 with a single action
            every = xmlid.endswith("_ALL") or (reflexes.get("OPTIONID") or "").upper() == "ALL"
            talent_cost = levels if every else -(-levels // 2)
            if not every:
                self.report.add(
                    "Talents",
                    label(reflexes),
                    "converted",
                    "for a single action in Hero Designer; the campaign's Lightning Reflexes "
                    "adds to Initiative",
                )
            if talent_cost != talent_row.cost:
                self.report.add(
                    "Talents",
                    label(reflexes),
                    "cost",
                    f"{_points(talent_cost)} in Hero Designer (HERO 5e), {talent_row.cost} by the "
                    f"campaign ({talent_row.explanation})",
                )
        for power_row, power in zip(built.powers, document.character.powers, strict=True):
            active = self.hero5e_active.get(power.hdc_id)
            if active is not None and active != power_row.points.active:
                self.report.add(
                    "Powers",
                    power_row.name,
                    "cost",
                    f"{active} Active Points in Hero Designer (HERO 5e prices), "
                    f"{power_row.points.active} by the campaign ({power_row.explanation})",
                )
        for disadvantage, taken in zip(
            built.disadvantages, document.character.disadvantages, strict=True
        ):
            disad = elements.get(taken.hdc_id)
            if disad is None:
                continue
            recorded = _number(disad, "BASECOST") + sum(
                _number(child, "BASECOST") for child in disad if child.tag == "ADDER"
            )
            if recorded != disadvantage.value.value:
                self.report.add(
                    "Disadvantages",
                    label(disad),
                    "cost",
                    f"Worth {_points(recorded)} in Hero Designer (the sum of its parts), "
                    f"{disadvantage.value.value} by the campaign's table "
                    f"({disadvantage.value.explanation})",
                )


def _hero5e_active(element: ET.Element) -> int | None:
    """HERO 5e Active Points of a power whose price is known: base (with its adders) ×
    (1 + advantages), a half rounded down as Hero Designer does."""
    price = tables.HERO5E_POWER_PRICE.get((element.get("XMLID") or "").upper())
    if price is None or element.tag != "POWER":
        return None
    base: float = _base_cost(element, price) or 0
    base += sum(_number(c, "BASECOST") for c in element if c.tag == "ADDER")
    advantages = sum(
        Fraction(round(_number(c, "BASECOST") * 4), 4)
        for c in element
        if c.tag == "MODIFIER" and _number(c, "BASECOST") > 0
    )
    active = Fraction(round(base * 4), 4) * (1 + advantages)
    whole = int(active)
    return whole + 1 if active - whole > Fraction(1, 2) else whole


def _hero5e_skill_cost(element: ET.Element) -> int | None:
    """HERO 5e: a characteristic-based Skill costs 3 points and 2 per +1; a Knowledge,
    Professional or Science Skill 2 points (3 on a characteristic) and 1 per +1; a
    Familiarity 1 point; an Everyman Skill nothing. Other Skills are not compared."""
    characteristic = element.get("CHARACTERISTIC", "").upper()
    background = _norm(element.get("XMLID", "")).startswith(("knowledge", "profession", "science"))
    if characteristic not in ("DEX", "INT", "PRE", "EGO") and not background:
        return None
    if _yes(element, "EVERYMAN") and _yes(element, "FAMILIARITY"):
        return 0
    if _yes(element, "FAMILIARITY"):
        return 1
    if background:
        base = 3 if characteristic in ("DEX", "INT", "PRE", "EGO") else 2
        return base + _whole(element, "LEVELS")
    return 3 + 2 * _whole(element, "LEVELS")


def _base_cost(element: ET.Element, price: tuple[float, float] | None) -> int | None:
    levels = _number(element, "LEVELS")
    if price is None:
        base = _number(element, "BASECOST")
        return int(base) if base > 0 and not levels and base == int(base) else None
    fixed, per_level = price
    total = fixed + per_level * levels + _number(element, "BASECOST")
    return round(total) if total >= 0 else None


def _points_text(element: ET.Element) -> str:
    base = _number(element, "BASECOST")
    levels = _whole(element, "LEVELS")
    if base or levels:
        return f"Hero Designer recorded a base cost of {base:g} and {levels} levels"
    return "Hero Designer recorded no points for it"


def _points(value: float) -> str:
    return f"{value:g} point" if value == 1 else f"{value:g} points"


def _signed(value: float) -> str:
    return f"{value:+g}"


def _xml(element: ET.Element) -> str:
    tail, element.tail = element.tail, None
    try:
        return ET.tostring(element, encoding="unicode")
    finally:
        element.tail = tail


def import_hdc(data: bytes, source: str = "") -> tuple[HeroDocument, MappingReport]:
    """The character and its mapping report; raises :class:`HdcError` (nothing made) for
    a file that is unsafe, not XML, not a Hero Designer character, or of the 6th
    Edition, which the campaign's 5th Edition rules cannot take."""
    root = parse_xml(data)
    if root.tag not in ("CHARACTER", "PREFAB"):
        raise HdcError(
            f"it is XML but not a Hero Designer character (its root element is <{root.tag}>, "
            "not <CHARACTER>)"
        )
    if is_sixth_edition(root):
        raise HdcError(
            f"it is a HERO System 6th Edition character (template {root.get('TEMPLATE')}); "
            "the X-Men campaign is built on the 5th Edition and its costs differ throughout: "
            "rebuild the character in a 5th Edition template in Hero Designer"
        )
    try:
        importer = _Importer(root, source)
        return importer.run(), importer.report
    except ValidationError as exc:
        error = exc.errors()[0]
        where = " ".join(str(part) for part in error["loc"]) or "a value"
        raise HdcError(
            f"a value the campaign's character cannot hold ({where}: {error['msg'].lower()})"
        ) from None
