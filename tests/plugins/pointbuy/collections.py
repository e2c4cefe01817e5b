"""The character's one editable list, the skills, declared once: the window's table and
picker, the generic edits (add, remove, move, set a rank), undo and issue marks on its
cells all come from this declaration."""

from __future__ import annotations

from typing import Any

from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import Collection, Column, PickEntry
from tests.plugins.pointbuy.catalog import skill_name, skills
from tests.plugins.pointbuy.model import PointbuyDocument, SkillChoice


def _entries() -> list[PickEntry]:
    return [
        PickEntry(skill.id, skill.name, skill.attribute.capitalize(), "1 point/rank", skill.text)
        for skill in skills().values()
    ]


def _new_skill(_document: Any, skill_id: str) -> SkillChoice:
    if skill_id not in skills():
        raise EditError(f"There is no skill '{skill_id}'")
    return SkillChoice(skill=skill_id)


def _skill_name(document: PointbuyDocument, row: int) -> str:
    return skill_name(document.character.skills[row].skill)


SKILLS: Collection[PointbuyDocument] = Collection(
    key="skills",
    title="Skills",
    noun="skill",
    path=("character", "skills"),
    item_model=SkillChoice,
    columns=(
        Column("Skill", field="skill", format=lambda ref: skill_name(str(ref))),
        Column("Rank", field="rank", edit="int", bounds=(0, 99), align_right=True),
    ),
    entries=_entries,
    new_item=_new_skill,
    name=_skill_name,
    help="Each rank costs 1 point; a skill is rated from 1 to 3.",
)

COLLECTIONS = (SKILLS,)
