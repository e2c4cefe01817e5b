"""The campaign's skills, Martial Arts and Talents as Hero Designer's Skills, Martial
Arts manoeuvres and Talents."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.export_state import (
    ExportState,
    cost_text,
    set_attrs,
    set_notes,
)
from sheetapp.systems.hero_xmen.model import SkillChoice, TalentChoice

SKILL_XMLIDS = {value: key for key, value in tables.SKILL_ALIASES.items()}
SKILL_XMLIDS.update(
    {"professions_agility": "PROFESSIONAL_SKILL", "professions_interaction": "PROFESSIONAL_SKILL"}
)


class SkillWriter:
    def __init__(self, state: ExportState) -> None:
        self.state = state

    def skills(self) -> ET.Element:
        holder = self.state.section("SKILLS")
        for choice, row in zip(self.state.character.skills, self.state.built.skills, strict=True):
            if choice.skill != "martial_arts":
                holder.append(self.skill(choice, row.cost, row.characteristic))
        return holder

    def martial_arts(self) -> ET.Element:
        """The General Skill Martial Arts as HERO 5e's manoeuvres (3, 4 or 5 points) and
        extra Damage Classes, in Hero Designer's Martial Arts section."""
        holder = self.state.section("MARTIALARTS")
        general = self.state.cats.general.get("martial_arts")
        for choice, row in zip(self.state.character.skills, self.state.built.skills, strict=True):
            if choice.skill != "martial_arts" or general is None:
                continue
            option = general.option(choice.option)
            extra_dc = option.id == "damage_class"
            element = self.state.original(choice.hdc_id, "EXTRADC" if extra_dc else "MANEUVER")
            values: dict[str, object] = {
                "XMLID": "EXTRADC" if extra_dc else element.get("XMLID", "MANEUVER"),
                "BASECOST": "0.0" if extra_dc else cost_text(option.cost),
                "LEVELS": choice.level if extra_dc else 0,
                "ALIAS": element.get(
                    "ALIAS", "+1 HTH Damage Class(es)" if extra_dc else "Maneuver"
                ),
                "NAME": "" if choice.name == element.get("ALIAS") else choice.name,
                "SHEETAPP_LEVEL": None if extra_dc or choice.level == 1 else choice.level,
                "SHEETAPP_COST": row.cost,
            }
            set_attrs(element, values)
            set_notes(element, choice.note)
            holder.append(element)
        return holder

    def skill(self, choice: SkillChoice, cost: int, characteristic: str | None) -> ET.Element:
        element = self.state.original(choice.hdc_id, "SKILL")
        skill_id = choice.skill
        custom = skill_id is None
        xmlid = (
            "CUSTOMSKILL" if custom else SKILL_XMLIDS.get(skill_id or "", (skill_id or "").upper())
        )
        if element.get("XMLID") and not custom:
            xmlid = element.get("XMLID", xmlid)
        general = skill_id in self.state.cats.general
        name = choice.name
        catalog = self.state.cats.skills.get(skill_id or "")
        alias = (
            catalog.name
            if catalog
            else self.state.cats.general[skill_id].name
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
        set_attrs(element, values)
        set_notes(element, choice.note)
        return element

    def talents(self) -> ET.Element:
        holder = self.state.section("TALENTS")
        for choice, row in zip(self.state.character.talents, self.state.built.talents, strict=True):
            holder.append(self.talent(choice, row.cost))
        return holder

    def talent(self, choice: TalentChoice, cost: int) -> ET.Element:
        element = self.state.original(choice.hdc_id, "TALENT")
        entry = self.state.cats.talents[choice.talent]
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
        set_attrs(element, values)
        set_notes(element, choice.note)
        return element
