"""A new character: every characteristic at its base value (lines 75, 130, 150: the base
values cost 0 points) and the Everyperson Skills of a typical American background
(lines 204-219), each free at -3."""

from __future__ import annotations

from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.model import CharacteristicBuy, HeroCharacter, SkillChoice

#: The background list (lines 206-219) as catalog ids, with the subject where it has one.
AMERICAN_BACKGROUND: tuple[tuple[str, str], ...] = (
    ("climbing", ""),
    ("concealment", ""),
    ("conversation", ""),
    ("deduction", ""),
    ("driving", ""),
    ("education", ""),
    ("knowledges", "Local area"),
    ("languages", "English (native)"),
    ("paramedic", ""),
    ("professions_intellect", ""),
    ("shadowing", ""),
    ("stealth", ""),
    ("teaching", ""),
    ("wardrobe_and_style", ""),
)


def everyperson_skills() -> list[SkillChoice]:
    cats = catalogs()
    skills = []
    for skill_id, subject in AMERICAN_BACKGROUND:
        if skill_id in cats.general:
            skills.append(
                SkillChoice(
                    skill=skill_id, name=subject, level=1, everyperson=True, option="idiomatic"
                )
            )
        else:
            skill = cats.skills[skill_id]
            vehicles = list(skill.vehicle_categories[:1]) if skill.vehicle_categories else []
            skills.append(
                SkillChoice(
                    skill=skill_id, name=subject, level=-3, everyperson=True, vehicles=vehicles
                )
            )
    return skills


def starting_character() -> HeroCharacter:
    cats = catalogs()
    return HeroCharacter(
        characteristics=[CharacteristicBuy(characteristic=c) for c in cats.characteristics],
        skills=everyperson_skills(),
    )
