"""A deliberately tiny game system, used to test the core and storage in isolation and
to stand in for a third-party plug-in. Its one list, the skills, is declared as a
collection: that declaration alone gives it an editable page in the window."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, FileModel, Meta
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import Issue, Severity
from sheetapp.core.system import UnknownReference
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import (
    Collection,
    Column,
    CustomEntries,
    CustomField,
    PickEntry,
)

KNOWN_SKILLS = {"climb", "swim"}
SKILL_TEXT = {"climb": "Going up walls and cliffs.", "swim": "Staying afloat and moving in water."}


class FakeSkill(FileModel):
    skill: str
    rank: int = Field(default=1, ge=0, le=10)


class FakeCharacter(FileModel):
    strength: int = Field(default=10, ge=1, le=30)
    skills: list[FakeSkill] = Field(default_factory=list)


class FakeCampaign(FileModel):
    points: int = 20


class FakeDocument(CharacterDocument[FakeCampaign, FakeCharacter]):
    system: Literal["fake"] = "fake"


def _new_skill(_document: object, skill_id: str) -> FakeSkill:
    if skill_id not in KNOWN_SKILLS:
        raise EditError(f"There is no skill '{skill_id}'")
    return FakeSkill(skill=skill_id)


def _custom_skill(values: dict[str, Any]) -> FakeSkill:
    name = str(values.get("name", "")).strip().casefold().replace(" ", "_")
    if not name:
        raise EditError("A custom skill needs a name")
    return FakeSkill(skill=name, rank=int(values.get("rank", 1)))


SKILLS: Collection[FakeDocument] = Collection(
    key="skills",
    title="Skills",
    noun="skill",
    path=("character", "skills"),
    item_model=FakeSkill,
    columns=(
        Column("Skill", field="skill", format=lambda ref: str(ref).capitalize()),
        Column("Rank", field="rank", edit="int", bounds=(0, 10), align_right=True),
    ),
    entries=lambda: [
        PickEntry(ref, ref.capitalize(), "Skill", "2 pts/rank", SKILL_TEXT[ref])
        for ref in sorted(KNOWN_SKILLS)
    ],
    new_item=_new_skill,
    custom=CustomEntries(
        "Custom Skill",
        (CustomField("name", "Name", required=True), CustomField("rank", "Rank", "int", 1)),
        _custom_skill,
    ),
    name=lambda document, row: document.character.skills[row].skill.capitalize(),
    help="Each rank costs 2 points.",
)


class FakeSystem:
    id = "fake"
    name = "Fake System"
    system_version = "1"
    seed = "none"

    def collections(self) -> tuple[Collection[FakeDocument], ...]:
        return (SKILLS,)

    def document_model(self) -> type[FakeDocument]:
        return FakeDocument

    def load_catalogs(self) -> None:
        return None

    def new_document(self, name: str) -> FakeDocument:
        return FakeDocument(
            system_version="1",
            meta=Meta(name=name),
            campaign=FakeCampaign(),
            character=FakeCharacter(),
        )

    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: FakeCharacter = document.character
        lines = [
            CostLine(
                f"Skill {s.skill}", s.rank * 2, f"{s.rank}×2", ("character", "skills", i), "pts"
            )
            for i, s in enumerate(character.skills)
        ]
        spent = sum(line.amount for line in lines)
        issues = []
        if spent > document.campaign.points:
            issues.append(Issue(Severity.ERROR, "fake.budget", "Over budget", ("character",)))
        return Evaluation.build(
            lines,
            [Total("pts", "Points", spent, document.campaign.points)],
            [DerivedValue("carry", "Carry", character.strength * 5)],
            issues,
        )

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        return [
            UnknownReference(("character", "skills", i, "skill"), "skill", s.skill)
            for i, s in enumerate(document.character.skills)
            if s.skill not in KNOWN_SKILLS
        ]


FAKE_SYSTEM = FakeSystem()
