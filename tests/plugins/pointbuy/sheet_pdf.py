"""The printed Point Buy sheet: the attributes, the skills with their ranks, and Health.
Every number comes from the evaluation, so paper and window agree. (The costs, notes,
ledger and issues sections are added to every system's sheet by ``sheetapp.sheet``.)"""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import GameSystem
from sheetapp.sheet import (
    Column,
    Entry,
    KeyValueSection,
    Row,
    Sheet,
    TableSection,
    derived_section,
    header,
    worst,
)
from tests.plugins.pointbuy.catalog import ATTRIBUTES, skill_name
from tests.plugins.pointbuy.model import PointbuyCharacter


def attributes_section(character: PointbuyCharacter, evaluation: Evaluation) -> KeyValueSection:
    entries = []
    for key in ATTRIBUTES:
        path = ("character", "attributes", key)
        value = getattr(character.attributes, key)
        severity = worst(evaluation.issues_at(path))
        entries.append(Entry(key.capitalize(), str(value), path=path, severity=severity))
    return KeyValueSection("attributes", "Attributes", tuple(entries))


def skills_section(character: PointbuyCharacter, evaluation: Evaluation) -> TableSection:
    rows = []
    for index, choice in enumerate(character.skills):
        path = ("character", "skills", index)
        cells = {"skill": skill_name(choice.skill), "rank": str(choice.rank)}
        rows.append(Row(cells, path, worst(evaluation.issues_at(path))))
    columns = (Column("skill", "Skill"), Column("rank", "Rank", "center"))
    return TableSection("skills", "Skills", columns, tuple(rows))


def pointbuy_sheet(
    system: GameSystem[Any], document: CharacterDocument[Any, Any], evaluation: Evaluation
) -> Sheet:
    character: PointbuyCharacter = document.character
    return Sheet(
        header=header(system, document),
        totals=evaluation.totals,
        sections=(
            attributes_section(character, evaluation),
            skills_section(character, evaluation),
            derived_section(evaluation),
        ),
        issues=evaluation.issues,
    )
