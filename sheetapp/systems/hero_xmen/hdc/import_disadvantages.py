"""Hero Designer's Disadvantages as the campaign's ten kinds: Frequency, Intensity and
Importance from Hero Designer's own adders (they win over what an export from here
noted), else from the export's note, else the campaign's default, named in the report."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.import_state import ImportState
from sheetapp.systems.hero_xmen.hdc.reading import label, note_of
from sheetapp.systems.hero_xmen.model import DisadvantageChoice

MEASURES = ("frequency", "intensity", "importance")
#: the values only an export from here writes (SHEETAPP_<KEY>), beside the measures
EXTRAS = (
    "second_intensity",
    "time_chart_steps",
    "extra_dice",
    "normal_damage",
    "instant",
    "resources",
)


def read_disadvantage(state: ImportState, element: ET.Element, uid: str) -> bool:
    kind = tables.DISADVANTAGES.get((element.get("XMLID") or "").upper())
    if kind is None:
        state.keep_whole(
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
    _set_measures(state, element, choice)
    _set_extras(state, element, choice)
    state.character.disadvantages.append(choice)
    state.report.count("Disadvantages")
    return True


def _adder_measures(element: ET.Element, kind: str) -> dict[str, str]:
    """The measures Hero Designer's adders give (its options by the campaign's words)."""
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
    return found


def _set_measures(state: ImportState, element: ET.Element, choice: DisadvantageChoice) -> None:
    what = label(element)
    found = _adder_measures(element, choice.kind)
    for measure in MEASURES:
        value = element.get(f"SHEETAPP_{measure.upper()}") or found.get(measure)
        if value is not None and measure in found and value != found[measure]:
            value = found[measure]  # Hero Designer's own adder wins over our note
        if value is None:
            state.report.add(
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
            state.report.add(
                "Disadvantages",
                what,
                "default",
                f"its {measure.title()} '{value}' is not on the campaign's table",
            )


def _set_extras(state: ImportState, element: ET.Element, choice: DisadvantageChoice) -> None:
    for key in EXTRAS:
        value = element.get(f"SHEETAPP_{key.upper()}")
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
            state.report.add("Disadvantages", label(element), "dropped", f"an unreadable {key}")
