"""The campaign's Disadvantages as Hero Designer's, with its Frequency, Intensity and
Importance adders where Hero Designer has an option for the campaign's word (the
campaign's own values in ``SHEETAPP_*`` attributes beside them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.export_state import (
    ExportState,
    cost_text,
    set_attrs,
    set_notes,
)
from sheetapp.systems.hero_xmen.model import DisadvantageChoice

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


class DisadvantageWriter:
    def __init__(self, state: ExportState) -> None:
        self.state = state

    def disadvantages(self) -> ET.Element:
        holder = self.state.section("DISADVANTAGES")
        for choice, row in zip(
            self.state.character.disadvantages, self.state.built.disadvantages, strict=True
        ):
            holder.append(
                self.disadvantage(choice, row.value.value, row.value.frequency, row.value.intensity)
            )
        return holder

    def disadvantage(
        self, choice: DisadvantageChoice, value: int, frequency: int, intensity: int
    ) -> ET.Element:
        element = self.state.original(choice.hdc_id, "DISAD")
        kind = self.state.cats.kinds[choice.kind]
        set_attrs(
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
                set_attrs(
                    ET.Element("ADDER"),
                    {
                        "XMLID": adder_id,
                        "ID": self.state.ids.new(),
                        "BASECOST": cost_text(points),
                        "LEVELS": 0,
                        "ALIAS": adder_id.title(),
                        "OPTION": option,
                        "OPTIONID": option,
                        "OPTION_ALIAS": word.title(),
                    },
                )
            )
        set_notes(element, choice.note)
        return element
