"""After an import: every cost the campaign's house rules change, named against HERO
5e's prices for what Hero Designer recorded (characteristics, skills, Lightning
Reflexes, powers' Active Points, Disadvantages' values)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.build import Build, build
from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.import_state import ImportState
from sheetapp.systems.hero_xmen.hdc.reading import (
    hero5e_skill_cost,
    label,
    number_of,
    points_word,
    whole_of,
)
from sheetapp.systems.hero_xmen.hdc.safe_xml import parse_xml
from sheetapp.systems.hero_xmen.model import HeroDocument


def compare_costs(state: ImportState, document: HeroDocument) -> None:
    """Name every cost the house rules change, against HERO 5e's prices for what
    Hero Designer recorded."""
    built = build(document.character, document.campaign, state.cats)
    _characteristics(state, built)
    elements = {uid: parse_xml(text.encode("utf-8")) for uid, text in state.kept.entries.items()}
    _skills(state, document, built, elements)
    _talents(state, document, built, elements)
    _powers(state, document, built)
    _disadvantages(state, document, built, elements)


def _characteristics(state: ImportState, built: Build) -> None:
    holder = state.root.find("CHARACTERISTICS")
    for element in holder if holder is not None else ():
        key = (element.get("XMLID") or element.tag).upper()
        char_id = tables.CHARACTERISTICS.get(key)
        levels = whole_of(element, "LEVELS")
        if char_id is None or not levels or char_id not in built.chars:
            continue
        hero5e = levels * tables.HERO5E_CHARACTERISTIC_COST[key]
        ours = built.chars[char_id].cost
        if state.md_from_power and char_id == "md":
            continue
        if abs(hero5e - ours) > 1e-9:
            state.report.add(
                "Characteristics",
                f"{key} {levels:+d}",
                "cost",
                f"{points_word(hero5e)} in Hero Designer, {ours} by the campaign "
                f"({built.chars[char_id].explanation})",
            )


def _skills(
    state: ImportState, document: HeroDocument, built: Build, elements: dict[str, ET.Element]
) -> None:
    for row, choice in zip(built.skills, document.character.skills, strict=True):
        skill = elements.get(choice.hdc_id)
        if skill is None or choice.skill in state.cats.general:
            continue
        skill_cost = hero5e_skill_cost(skill)
        if skill_cost is not None and skill_cost != row.cost:
            state.report.add(
                "Skills",
                label(skill),
                "cost",
                f"{points_word(skill_cost)} in Hero Designer (HERO 5e), {row.cost} by the "
                f"campaign ({row.explanation})",
            )
        char = skill.get("CHARACTERISTIC", "").upper()
        if row.characteristic and char and char != row.characteristic.upper():
            state.report.add(
                "Skills",
                label(skill),
                "converted",
                f"rolled on {char} in Hero Designer, on {row.characteristic.upper()} by "
                "the campaign's skill type",
            )


def _talents(
    state: ImportState, document: HeroDocument, built: Build, elements: dict[str, ET.Element]
) -> None:
    for talent_row, talent in zip(built.talents, document.character.talents, strict=True):
        reflexes = elements.get(talent.hdc_id)
        xmlid = (reflexes.get("XMLID") or "").upper() if reflexes is not None else ""
        if reflexes is None or not xmlid.startswith("LIGHTNING_REFLEXES"):
            continue
        levels = whole_of(reflexes, "LEVELS")
        # HERO 5e: 1 point per +1 with all actions, per +2 with a single action
        every = xmlid.endswith("_ALL") or (reflexes.get("OPTIONID") or "").upper() == "ALL"
        talent_cost = levels if every else -(-levels // 2)
        if not every:
            state.report.add(
                "Talents",
                label(reflexes),
                "converted",
                "for a single action in Hero Designer; the campaign's Lightning Reflexes "
                "adds to Initiative",
            )
        if talent_cost != talent_row.cost:
            state.report.add(
                "Talents",
                label(reflexes),
                "cost",
                f"{points_word(talent_cost)} in Hero Designer (HERO 5e), {talent_row.cost} by "
                f"the campaign ({talent_row.explanation})",
            )


def _powers(state: ImportState, document: HeroDocument, built: Build) -> None:
    for power_row, power in zip(built.powers, document.character.powers, strict=True):
        active = state.hero5e_active.get(power.hdc_id)
        if active is not None and active != power_row.points.active:
            state.report.add(
                "Powers",
                power_row.name,
                "cost",
                f"{active} Active Points in Hero Designer (HERO 5e prices), "
                f"{power_row.points.active} by the campaign ({power_row.explanation})",
            )


def _disadvantages(
    state: ImportState, document: HeroDocument, built: Build, elements: dict[str, ET.Element]
) -> None:
    for disadvantage, taken in zip(
        built.disadvantages, document.character.disadvantages, strict=True
    ):
        disad = elements.get(taken.hdc_id)
        if disad is None:
            continue
        recorded = number_of(disad, "BASECOST") + sum(
            number_of(child, "BASECOST") for child in disad if child.tag == "ADDER"
        )
        if recorded != disadvantage.value.value:
            state.report.add(
                "Disadvantages",
                label(disad),
                "cost",
                f"Worth {points_word(recorded)} in Hero Designer (the sum of its parts), "
                f"{disadvantage.value.value} by the campaign's table "
                f"({disadvantage.value.explanation})",
            )
