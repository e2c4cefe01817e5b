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

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.export_disadvantages import DisadvantageWriter
from sheetapp.systems.hero_xmen.hdc.export_powers import PowerWriter
from sheetapp.systems.hero_xmen.hdc.export_skills import SkillWriter
from sheetapp.systems.hero_xmen.hdc.export_state import ExportState, set_attrs
from sheetapp.systems.hero_xmen.hdc.importer import HOUSE_RULES_NOTE, INFO_TEXTS
from sheetapp.systems.hero_xmen.model import HeroDocument
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


class _Exporter:
    """Writes the file section by section: the character's information, the basic
    configuration and the characteristics here, each list's entries by the writer of
    its kind, then the elements an import kept aside."""

    def __init__(self, document: HeroDocument) -> None:
        self.state = ExportState(document)
        self.skills = SkillWriter(self.state)
        self.powers = PowerWriter(self.state)
        self.disadvantages = DisadvantageWriter(self.state)

    # --- the file ---------------------------------------------------------------------

    def run(self) -> bytes:
        root = ET.Element(
            "CHARACTER",
            {
                "version": (
                    self.state.kept.version
                    if self.state.kept and self.state.kept.version
                    else "6.0"
                ),
                "TEMPLATE": (
                    self.state.kept.template
                    if self.state.kept and self.state.kept.template
                    else DEFAULT_TEMPLATE
                ),
            },
        )
        root.append(self.basics())
        root.append(self.info())
        root.append(self.characteristics())
        root.append(self.skills.skills())
        root.append(self.state.section("PERKS"))
        root.append(self.skills.talents())
        root.append(self.skills.martial_arts())
        root.append(self.powers.powers())
        root.append(self.disadvantages.disadvantages())
        root.append(self.state.section("EQUIPMENT"))
        portrait = self.state.doc.meta.portrait
        if portrait:
            suffix = "jpg" if portrait.startswith("/9j/") else "png"
            image = ET.SubElement(root, "IMAGE", {"FileName": f"portrait.{suffix}"})
            image.text = portrait
        for element in self.state.kept_in("CHARACTER"):
            if element.tag not in {child.tag for child in root}:
                root.append(element)
        ET.indent(root, space="  ")
        text = ET.tostring(root, encoding="unicode", xml_declaration=False)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")

    def basics(self) -> ET.Element:
        earned = earned_xp(self.state.doc.history)
        kept = [int(value) for where, value in self.state.kept_elements if where == "EXPERIENCE"]
        experience = earned or (kept[0] if kept else 0)
        campaign = self.state.doc.campaign
        return set_attrs(
            ET.Element("BASIC_CONFIGURATION"),
            {
                "BASE_POINTS": campaign.base_points,
                "DISAD_POINTS": campaign.disadvantage_cap,
                "EXPERIENCE": experience,
            },
        )

    def info(self) -> ET.Element:
        meta = self.state.doc.meta
        info = set_attrs(
            ET.Element("CHARACTER_INFO"),
            {
                "CHARACTER_NAME": meta.name,
                "ALTERNATE_IDENTITIES": self.state.character.concept,
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
        kept = {element.tag: element for element in self.state.kept_in("CHARACTERISTICS")}
        rows = {row.char.id: row for row in self.state.built.char_rows}
        for position, tag in enumerate(CHARACTERISTIC_ORDER, start=1):
            if tag in kept:
                holder.append(kept.pop(tag))
                continue
            char_id = tables.CHARACTERISTICS.get(tag)
            row = rows.get(char_id) if char_id else None
            element = ET.SubElement(holder, tag)
            set_attrs(
                element,
                {
                    "XMLID": tag,
                    "ID": self.state.ids.new(),
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


def export_hdc(document: HeroDocument) -> bytes:
    """The ``.hdc`` file's bytes (UTF-8 XML)."""
    return _Exporter(document).run()
