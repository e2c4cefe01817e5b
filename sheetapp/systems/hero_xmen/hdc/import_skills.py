"""Hero Designer's Skills, Talents and Martial Arts as the campaign's skills and
Talents: by the name an export from here wrote, else by Hero Designer's XMLID or alias;
a Martial Arts manoeuvre is a unit of the General Skill Martial Arts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheetapp.systems.hero_xmen.hdc import tables
from sheetapp.systems.hero_xmen.hdc.import_state import ImportState
from sheetapp.systems.hero_xmen.hdc.reading import (
    label,
    norm,
    note_of,
    number_of,
    own,
    points_text,
    says_yes,
    whole_of,
)
from sheetapp.systems.hero_xmen.model import SkillChoice, TalentChoice


class SkillReader:
    def __init__(self, state: ImportState) -> None:
        self.state = state
        skills, general = state.cats.skills.values(), state.cats.general.values()
        self.skill_names = {norm(s.id): s.id for s in skills}
        self.skill_names.update({norm(s.name): s.id for s in skills})
        self.general_names = {norm(g.id): g.id for g in general}
        self.general_names.update({norm(g.name): g.id for g in general})

    def read_skill(self, element: ET.Element, uid: str) -> bool:
        skill_id = self.skill_id(element)
        if skill_id is None and own(element, "custom_category") is not None:
            return self.read_custom_skill(element, uid)
        if skill_id is None:
            self.state.keep_whole(
                "SKILLS",
                element,
                f"the campaign's skill list has no such skill; {points_text(element)}",
            )
            return False
        if skill_id in self.state.cats.general:
            self.state.character.skills.append(self.general_skill(element, uid, skill_id))
        else:
            self.state.character.skills.append(self.listed_skill(element, uid, skill_id))
        self.state.report.count("Skills")
        return True

    def skill_id(self, element: ET.Element) -> str | None:
        """The campaign's skill an element is: the one an export from here named, else
        by Hero Designer's XMLID, else by its alias; None for no skill of the list."""
        xmlid = (element.get("XMLID") or "").upper()
        skill_id = own(element, "skill")
        if skill_id not in self.state.cats.skills and skill_id not in self.state.cats.general:
            skill_id = tables.SKILL_ALIASES.get(xmlid) or self.skill_names.get(norm(xmlid))
        skill_id = skill_id or self.general_names.get(norm(xmlid))
        if skill_id is None:
            skill_id = self.skill_names.get(norm(element.get("ALIAS", "")))
        return skill_id

    def general_skill(self, element: ET.Element, uid: str, skill_id: str) -> SkillChoice:
        """A General Skill (bought in levels of one of its options, at least one)."""
        general = self.state.cats.general[skill_id]
        option = own(element, "option")
        if option not in {o.id for o in general.options}:
            option = general.options[0].id
        return SkillChoice(
            skill=skill_id,
            name=(element.get("INPUT") or element.get("NAME") or "").strip()[:500],
            level=max(whole_of(element, "LEVELS"), 1),
            option=option,
            everyperson=says_yes(element, "EVERYMAN"),
            note=note_of(element),
            hdc_id=uid,
        )

    def listed_skill(self, element: ET.Element, uid: str, skill_id: str) -> SkillChoice:
        """A skill of the campaign's list: a Familiarity at -3, a Transport Familiarity's
        vehicles from its subject."""
        subject = (element.get("INPUT") or element.get("NAME") or "").strip()
        level = -3 if says_yes(element, "FAMILIARITY") else whole_of(element, "LEVELS")
        if own(element, "level") is not None:
            level = int(number_of(element, "SHEETAPP_LEVEL", level))
        vehicles: list[str] = []
        listed = own(element, "vehicles")
        if listed is not None:
            vehicles = [v[:500] for v in listed.split("|") if v][:100]
            subject = (element.get("NAME") or "").strip()
        elif self.state.cats.skills[skill_id].vehicle_categories is not None and subject:
            vehicles, subject = [subject[:500]], ""
        return SkillChoice(
            skill=skill_id,
            name=subject[:500],
            level=level,
            everyperson=says_yes(element, "EVERYMAN"),
            vehicles=vehicles,
            note=note_of(element),
            hdc_id=uid,
        )

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
            self.state.keep_whole("SKILLS", element, "a custom skill whose values cannot be read")
            return False
        self.state.character.skills.append(choice)
        self.state.report.count("Skills")
        return True

    def read_manoeuvre(self, element: ET.Element, uid: str) -> bool:
        """A Martial Arts manoeuvre (HERO 5e: 3, 4 or 5 points) as a unit of the General
        Skill Martial Arts at its price; +1 Damage Class (``EXTRADC``) at 4 points each."""
        xmlid = (element.get("XMLID") or "").upper()
        cost = number_of(element, "BASECOST")
        name = (element.get("NAME") or "").strip()
        name = (name or (element.get("ALIAS") or "").strip())[:500]
        if xmlid == "EXTRADC" and whole_of(element, "LEVELS") > 0:
            option, level = "damage_class", whole_of(element, "LEVELS")
        elif element.tag == "MANEUVER" and cost in (3, 4, 5):
            option, level = (
                f"manoeuvre_{int(cost)}",
                max(1, int(number_of(element, "SHEETAPP_LEVEL", 1))),
            )
        else:
            self.state.keep_whole(
                "MARTIALARTS",
                element,
                f"not a 3, 4 or 5 point manoeuvre or an extra Damage Class; {points_text(element)}",
            )
            return False
        self.state.character.skills.append(
            SkillChoice(
                skill="martial_arts",
                name=name,
                level=level,
                option=option,
                note=note_of(element),
                hdc_id=uid,
            )
        )
        self.state.report.count("Martial Arts")
        return True

    def read_talent(self, element: ET.Element, uid: str) -> bool:
        xmlid = (element.get("XMLID") or "").upper()
        as_skill = tables.TALENTS_AS_SKILLS.get(xmlid)
        if as_skill is not None:
            taken = self.read_skill(element, uid)
            if taken:
                self.state.report.add(
                    "Talents",
                    label(element),
                    "converted",
                    "a Talent in Hero Designer, a Skill in the campaign's list",
                )
            return taken
        talent = own(element, "talent")
        if talent in self.state.cats.talents:
            self.state.character.talents.append(
                TalentChoice(
                    talent=talent,
                    level=whole_of(element, "LEVELS"),
                    note=note_of(element),
                    hdc_id=uid,
                )
            )
            self.state.report.count("Talents")
            return True
        if xmlid.startswith("LIGHTNING_REFLEXES"):
            self.state.character.talents.append(
                TalentChoice(
                    talent="lightning_reflexes",
                    level=max(1, whole_of(element, "LEVELS")),
                    note=note_of(element),
                    hdc_id=uid,
                )
            )
            self.state.report.count("Talents")
            return True
        self.state.keep_whole(
            "TALENTS",
            element,
            f"not one of the campaign's Talents; {points_text(element)}",
        )
        return False
