"""What the readers of one Hero Designer file share while they make the character: the
campaign's catalogs, the character so far, what is kept aside for the export, and the
mapping report."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.catalog import Catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.hdc.reading import label, xml_text
from sheetapp.systems.hero_xmen.hdc.report import MappingReport
from sheetapp.systems.hero_xmen.model import (
    CharacteristicBuy,
    HeroCampaign,
    HeroCharacter,
    HeroDesignerKept,
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


class ImportState:
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

    def keep_whole(self, section: str, element: ET.Element, why: str) -> None:
        self.kept.elements.append((section, xml_text(element)))
        self.report.add(SECTION_WORDS.get(section, section.title()), label(element), "kept", why)

    def add_characteristic(self, char_id: str, levels: int) -> None:
        for buy in self.character.characteristics:
            if buy.characteristic == char_id:
                buy.bought += levels
                return
        self.character.characteristics.append(
            CharacteristicBuy(characteristic=char_id, bought=levels)
        )
