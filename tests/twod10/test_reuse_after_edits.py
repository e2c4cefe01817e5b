"""2d10 keeps each skill's issues, its duplicate-name key and its line by identity
(``rules.skills``, ``sheet.skills_by_name``): after random edits the evaluation must
equal a first evaluation of the same values, and the duplicate and weapon-skill lookups
must say what a plain walk over the skills says (the first of a name wins)."""

from __future__ import annotations

import random
from typing import Any

from sheetapp.core.changes import Change, apply_to_document
from sheetapp.systems.twod10 import codes
from sheetapp.systems.twod10.model import Skill, Twod10Document, Weapon
from sheetapp.systems.twod10.sheet import build_sheet, skills_by_name
from sheetapp.systems.twod10.system import SYSTEM
from tests.twod10.helpers import cats, new

NAMES = ("Gunnery", "gunnery", " Gunnery ", "Piloting", "PILOTING", "", "  ", "Lore", "Sneak")


def _skill(rng: random.Random) -> Skill:
    if rng.random() < 0.3:
        return Skill(skill=rng.choice(sorted(cats().skills)), rating=rng.randint(-1, 12))
    return Skill(name=rng.choice(NAMES), rating=rng.randint(-1, 12), attribute="ref")


def _document(rng: random.Random, size: int) -> Twod10Document:
    document = new()
    character = document.character.model_copy(
        update={
            "skills": [_skill(rng) for _ in range(size)],
            "weapons": [Weapon(name=f"W{i}", skill=rng.choice(NAMES)) for i in range(6)],
        }
    )
    return document.model_copy(update={"character": character})


def _fresh(document: Any) -> Any:
    return type(document).model_validate(document.model_dump(mode="json"))


def _duplicates_walked(document: Twod10Document) -> list[tuple[int, int]]:
    """SKILL_DUPLICATE as the plain walk over the sheet's lines gives it."""
    sheet = build_sheet(document.character, document.campaign, cats())
    seen: dict[str, int] = {}
    found = []
    for line in sheet.skills:
        skill = document.character.skills[line.index]
        if skill.skill is None and not skill.name.strip():
            continue
        key = line.name.strip().casefold()
        if key in seen:
            found.append((line.index, seen[key]))
        else:
            seen[key] = line.index
    return found


def test_random_edits_give_a_first_evaluations_result() -> None:
    rng = random.Random(23)
    document = _document(rng, 40)
    SYSTEM.evaluate(document)
    for _ in range(80):
        index = rng.randrange(len(document.character.skills))
        path = ("character", "skills", index)
        before = document.character.skills[index].model_dump(mode="json")
        after = _skill(rng).model_dump(mode="json")
        document = apply_to_document(document, [Change("set", path, before, after)])
        evaluation = SYSTEM.evaluate(document)
        assert evaluation == SYSTEM.evaluate(_fresh(document))
        duplicates = [
            (int(issue.path[2]), int(issue.message.rsplit("skill ", 1)[1].rstrip(").")) - 1)
            for issue in evaluation.issues
            if issue.code == codes.SKILL_DUPLICATE
        ]
        assert sorted(duplicates) == sorted(_duplicates_walked(document))


def test_skills_by_name_keeps_the_first_of_a_name() -> None:
    rng = random.Random(5)
    for _ in range(20):
        document = _document(rng, 30)
        character = document.character
        lines = build_sheet(character, document.campaign, cats()).skills
        walked: dict[str, Skill] = {}
        for line in lines:
            walked.setdefault(line.name.casefold(), character.skills[line.index])
        found = skills_by_name(character, lines)
        assert found.keys() == walked.keys()
        assert all(found[name] is walked[name] for name in walked)
