"""A Hero Designer 5th Edition character (``.hdc``) as an X-Men HERO character, with a
report of every element that did not map one to one (``report.py``). Nothing is lost:
what the campaign has no place for is kept in ``character.hero_designer`` for the
export, and each entry keeps its own element there under its ``hdc_id``."""

from __future__ import annotations

import base64
import binascii
import xml.etree.ElementTree as ET

from pydantic import ValidationError

from sheetapp.core.document import Meta
from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.import_costs import compare_costs
from sheetapp.systems.hero_xmen.hdc.import_disadvantages import read_disadvantage
from sheetapp.systems.hero_xmen.hdc.import_powers import PowerReader
from sheetapp.systems.hero_xmen.hdc.import_skills import SkillReader
from sheetapp.systems.hero_xmen.hdc.import_state import SECTION_WORDS, ImportState
from sheetapp.systems.hero_xmen.hdc.reading import points_text, points_word, whole_of, xml_text
from sheetapp.systems.hero_xmen.hdc.report import MappingReport
from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError, parse_xml
from sheetapp.systems.hero_xmen.model import HeroDocument

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


class _Importer:
    """Reads the file section by section: the character's information, the basic
    configuration and the characteristics here, each list's entries by the reader of
    its kind, then names the costs the house rules change."""

    def __init__(self, root: ET.Element, source: str) -> None:
        self.state = ImportState(root, source)
        self.skills = SkillReader(self.state)
        self.powers = PowerReader(self.state)

    # --- the whole file ---------------------------------------------------------------

    def run(self) -> HeroDocument:
        meta = self.read_info()
        self.read_basics()
        self.read_characteristics()
        for section in LIST_SECTIONS:
            holder = self.state.root.find(section)
            if holder is None:
                continue
            for element in holder:
                self.read_item(section, element)
        for child in self.state.root:
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
                self.state.keep_whole("CHARACTER", child, "not part of a character sheet here")
        if self.state.md_from_power:
            self.state.add_characteristic("md", self.state.md_from_power)
        self.state.character.hero_designer = self.state.kept
        document = HeroDocument(
            system_version=SYSTEM_VERSION,
            meta=meta,
            campaign=self.state.campaign,
            character=self.state.character,
        )
        compare_costs(self.state, document)
        return document

    def read_info(self) -> Meta:
        info = self.state.root.find("CHARACTER_INFO")
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
            self.state.report.add(
                "Character",
                "Notes 5",
                "dropped",
                "the house-rule notes an export from here wrote; the campaign's own fields "
                "hold what they say",
            )
        elif text:
            parts.append(f"Notes 5:\n{text}")
        self.state.character.concept = (info.get("ALTERNATE_IDENTITIES") or "").strip()[:500]
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
        self.state.report.count("Portrait")
        return text

    def read_basics(self) -> None:
        basics = self.state.root.find("BASIC_CONFIGURATION")
        if basics is None:
            self.state.report.add(
                "Character",
                "Basic configuration",
                "default",
                "the file has none: the campaign's 200 base points and 150 of Disadvantages",
            )
            return
        self.state.campaign.base_points = max(0, whole_of(basics, "BASE_POINTS", 200))
        self.state.campaign.disadvantage_cap = max(0, whole_of(basics, "DISAD_POINTS", 150))
        experience = whole_of(basics, "EXPERIENCE")
        if experience:
            self.state.report.add(
                "Character",
                f"Experience {experience}",
                "kept",
                "Experience Points are earned in the ledger here: add a session earning "
                f"{experience} in the level-up wizard (the export gives the figure back)",
            )
            self.state.kept.elements.append(("EXPERIENCE", str(experience)))

    # --- characteristics --------------------------------------------------------------

    def read_characteristics(self) -> None:
        holder = self.state.root.find("CHARACTERISTICS")
        bought: dict[str, int] = {}
        if holder is not None:
            for element in holder:
                key = (element.get("XMLID") or element.tag).upper()
                levels = whole_of(element, "LEVELS")
                char_id = tables.CHARACTERISTICS.get(key)
                if char_id is None:
                    reason = tables.NOT_CHARACTERISTICS.get(key, "not a characteristic here")
                    if levels:
                        cost = levels * tables.HERO5E_CHARACTERISTIC_COST.get(key, 0)
                        self.state.keep_whole(
                            "CHARACTERISTICS",
                            element,
                            f"{reason}; its {levels:+d} ({points_word(cost)} in Hero Designer) "
                            "count for nothing here",
                        )
                    continue  # at its base: the export writes it so again
                bought[char_id] = levels
                self.state.report.count("Characteristics")
        for char_id in self.state.cats.characteristics:
            self.state.add_characteristic(char_id, bought.get(char_id, 0))

    # --- list items -------------------------------------------------------------------

    def read_item(self, section: str, element: ET.Element) -> None:
        uid = (
            element.get("ID")
            or f"{section}-{len(self.state.kept.entries) + len(self.state.kept.elements)}"
        )
        uid = uid[:90]
        while uid in self.state.kept.entries:  # two elements of one ID: each keeps its own
            uid += "+"
        taken = False
        if section == "SKILLS":
            taken = self.skills.read_skill(element, uid)
        elif section == "TALENTS":
            taken = self.skills.read_talent(element, uid)
        elif section == "MARTIALARTS":
            taken = self.skills.read_manoeuvre(element, uid)
        elif section == "POWERS":
            taken = self.powers.read_power(element, uid)
        elif section == "DISADVANTAGES":
            taken = read_disadvantage(self.state, element, uid)
        if taken:
            self.state.kept.entries[uid] = xml_text(element)
        elif section in ("PERKS", "EQUIPMENT"):
            self.state.keep_whole(
                section,
                element,
                f"the campaign has no {SECTION_WORDS[section]}; {points_text(element)}",
            )


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
        return importer.run(), importer.state.report
    except ValidationError as exc:
        error = exc.errors()[0]
        where = " ".join(str(part) for part in error["loc"]) or "a value"
        raise HdcError(
            f"a value the campaign's character cannot hold ({where}: {error['msg'].lower()})"
        ) from None
