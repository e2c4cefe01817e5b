"""What the writers of one ``.hdc`` file share: the character, its costs as the campaign
computes them, the elements it was imported from (an entry's attributes and children the
campaign does not use come back), new element IDs, and the attribute formats."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import count

from sheetapp.systems.hero_xmen.build import Build, build
from sheetapp.systems.hero_xmen.catalog import Catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.hdc.safe_xml import parse_xml
from sheetapp.systems.hero_xmen.model import HeroDocument


class Ids:
    """Element IDs: an imported entry keeps its own; new ones count from a high number."""

    def __init__(self) -> None:
        self._next = count(900_000_001)

    def new(self) -> str:
        return str(next(self._next))


def set_attrs(element: ET.Element, values: dict[str, object]) -> ET.Element:
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


def cost_text(value: float) -> str:
    return f"{float(value):.1f}" if float(value) == int(value) else f"{float(value):g}"


def set_notes(element: ET.Element, note: str) -> None:
    for child in [c for c in element if c.tag == "NOTES"]:
        element.remove(child)
    if note:
        ET.SubElement(element, "NOTES").text = note


class ExportState:
    def __init__(self, document: HeroDocument) -> None:
        self.doc = document
        self.character = document.character
        self.cats: Catalogs = catalogs_for(document.campaign)
        self.built: Build = build(self.character, document.campaign, self.cats)
        self.kept = self.character.hero_designer
        self.ids = Ids()
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

    def section(self, tag: str) -> ET.Element:
        holder = ET.Element(tag)
        holder.extend(self.kept_in(tag))
        return holder
