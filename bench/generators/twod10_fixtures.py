"""The 2d10 fixtures: a character with many skills, weapons, armour layers, wounds and
psionic powers; the benchmark's edit raises or lowers one skill rating."""

from __future__ import annotations

import random

from bench.fixtures import Spec, SystemGenerator, counter_edit
from sheetapp.core.system import installed_systems
from sheetapp.systems.twod10.catalog import ATTRIBUTES, catalogs
from sheetapp.systems.twod10.model import (
    Armour,
    PsionicPower,
    Skill,
    Twod10Document,
    Weapon,
    Wound,
)

#: as many skills as the large Gladiators character has abilities
LARGE_SKILLS = 300
UNIT = "skills"


def generate(skills: int, seed: int, name: str) -> Twod10Document:
    """Every attribute in range, ``skills`` skills (the fragment's five first), a weapon per
    ten skills, three armour layers, a wound of every location and type, and a power per
    Power score 1-10: no rule errors."""
    rng = random.Random(seed)
    cats = catalogs()
    system = installed_systems().get("twod10")
    document = system.new_document(name)
    assert isinstance(document, Twod10Document)
    character = document.character
    for attribute in ATTRIBUTES:
        setattr(character.attributes, attribute, rng.randint(3, 8))
    for skill in character.skills:
        skill.rating = rng.randint(2, 8)
    for index in range(len(character.skills), skills):
        attribute = ATTRIBUTES[index % len(ATTRIBUTES)]
        character.skills.append(
            Skill(name=f"Skill {index + 1}", attribute=attribute, rating=rng.randint(2, 8))
        )
    character.weapons = [
        Weapon(name=f"Weapon {i + 1}", skill=f"Skill {i * 10 + 6}", ev=rng.randint(3, 12))
        for i in range(max(0, (skills - 5) // 10))
    ]
    character.armour = [Armour(name=f"Layer {i + 1}", rv=rng.randint(2, 9)) for i in range(3)]
    wounds = [
        Wound(location=location.id, side="left" if location.paired else None, damage=2)
        for location in cats.tables.hit_locations
    ]
    wounds += [Wound(special=special.id, damage=1) for special in cats.tables.special_damage]
    character.wounds = wounds
    character.powers = [
        PsionicPower(name=f"Power {p}", power=p, points=max(1, p - 1)) for p in range(1, 11)
    ]
    character.movement.run, character.movement.jump = 10, 3
    return document


def _spec(name: str, skills: int, seed: int, kind: str, description: str) -> Spec:
    document = generate(skills, seed, f"Bench {name}")
    character = document.character
    path, after = single_edit(document)
    return Spec(
        name=name,
        kind="large" if kind == "large" else "scale",
        document=document,
        sizes={
            UNIT: len(character.skills),
            "weapons": len(character.weapons),
            "wounds": len(character.wounds),
            "powers": len(character.powers),
        },
        description=description,
        edit_path=path,
        edit_after=after,
        unit=UNIT,
    )


def large(seed: int) -> list[Spec]:
    return [
        _spec(
            "large-300",
            LARGE_SKILLS,
            seed,
            "large",
            "300 skills, a weapon for every tenth, three armour layers, a wound of every hit "
            "location and special damage type, ten psionic powers: no rule errors.",
        )
    ]


def scaled(count: int, seed: int) -> Spec:
    return _spec(
        f"scale-{count}", count, seed, "scale", f"The character with {count} skills: no errors."
    )


def single_edit(document: Twod10Document) -> tuple[tuple[str | int, ...], int]:
    """The benchmark's edit: one skill rating ±1 that keeps the character's errors."""
    return counter_edit(document, "skills", "rating")


GENERATOR = SystemGenerator(large=large, scaled=scaled)
