"""A deliberately tiny game system, used to test the core and storage in isolation and
to stand in for a third-party plug-in."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import Issue, Severity
from sheetapp.core.system import UnknownReference
from sheetapp.storage.envelope import CharacterDocument, FileModel, Meta

KNOWN_SKILLS = {"climb", "swim"}


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


class FakeSystem:
    id = "fake"
    name = "Fake System"
    system_version = "1"
    seed = "none"

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
