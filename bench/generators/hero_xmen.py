"""Large X-Men HERO characters, built from the catalogs, seeded.

The counterpart of the 300-ability Gladiators character: a hero with ``powers`` powers
(cycled over every catalog power the rules price, each with one to three of the
catalog's advantages and limitations that fit it, and custom HERO powers with their base
cost), a third as many skills (every skill of the catalog with a subject, vehicle
categories from the skill's own list) and a fifth as many Disadvantages (every kind,
every measure cycled). The campaign's base points and Disadvantage cap are set to what
the character spends and is worth, so it breaks no rule and has no warning; the
system's own ``evaluate()`` is the judge.
"""

from __future__ import annotations

import random

from sheetapp.core.issues import Severity
from sheetapp.systems.hero_xmen.catalog import (
    FREQUENCIES,
    INTENSITIES,
    PowerDef,
    catalogs,
)
from sheetapp.systems.hero_xmen.model import (
    DisadvantageChoice,
    HeroDocument,
    PowerChoice,
    PowerModifier,
    SkillChoice,
)
from sheetapp.systems.hero_xmen.system import SYSTEM

CUSTOM = ("Energy Blast", "Flight", "Force Field", "Armour", "Regeneration", "Teleportation")
CUSTOM_MODIFIERS = (
    PowerModifier(name="Reduced Endurance (0 END)", value=0.5),
    PowerModifier(name="Area Of Effect (Radius)", value=1),
    PowerModifier(name="Gestures", value=-0.25),
    PowerModifier(name="Only In Darkness", value=-1),
)


class GenerationError(RuntimeError):
    """The generated character is not what the rules accept."""


def _power(power: PowerDef, rng: random.Random) -> PowerChoice:
    cats = catalogs()
    fitting = [m for m in cats.modifiers.values() if not m.only_for or power.id in m.only_for]
    chosen = rng.sample(fitting, k=min(len(fitting), rng.randint(1, 3)))
    return PowerChoice(
        power=power.id,
        levels=rng.randint(1, 3) if power.parts else 1,
        levels2=rng.randint(0, 2) if len(power.parts) > 1 else 0,
        option=rng.choice(power.options).id if power.options else None,
        mode=rng.choice(power.modes) if power.modes else None,
        base_cost=rng.randint(10, 30) if power.pricing == "entered" else None,
        modifiers=[PowerModifier(modifier=m.id, value=m.value) for m in chosen],
    )


def _custom(index: int, rng: random.Random) -> PowerChoice:
    return PowerChoice(
        name=f"{CUSTOM[index % len(CUSTOM)]} {index}",
        base_cost=rng.choice((10, 15, 20, 25)),
        modifiers=rng.sample(CUSTOM_MODIFIERS, k=rng.randint(0, 2)),
    )


def _skills(count: int, rng: random.Random) -> list[SkillChoice]:
    cats = catalogs()
    skills = [s for s in cats.skills.values() if s.everyperson_with_power is None]
    general = [g for g in cats.general.values() if g.bought_as == "skill"]
    found = []
    for index in range(count):
        if index % 5 == 4:
            entry = general[index % len(general)]
            found.append(
                SkillChoice(
                    skill=entry.id, level=rng.randint(1, 3), option=rng.choice(entry.options).id
                )
            )
            continue
        skill = skills[index % len(skills)]
        vehicles = (
            list(skill.vehicle_categories[: rng.randint(1, 3)]) if skill.vehicle_categories else []
        )
        found.append(
            SkillChoice(
                skill=skill.id,
                name=f"Subject {index}",
                level=rng.choice((-3, 0, 1, 2, 3)),
                vehicles=vehicles,
            )
        )
    return found


def _disadvantages(count: int, rng: random.Random) -> list[DisadvantageChoice]:
    cats = catalogs()
    kinds = list(cats.kinds.values())
    found = []
    for index in range(count):
        kind = kinds[index % len(kinds)]
        importance = (
            "extremely" if kind.id == "vulnerability" else rng.choice(("greatly", "extremely"))
        )
        found.append(
            DisadvantageChoice(
                kind=kind.id,
                name=f"{kind.name} {index}",
                frequency=FREQUENCIES[1 + index % 3],
                intensity=INTENSITIES[1 + index % 3],
                second_intensity=rng.choice(INTENSITIES[1:]) if kind.second_intensity else None,
                importance=importance,
                extra_dice=rng.randint(0, 1) if kind.extra_dice else 0,
                normal_damage=bool(index % 2) if kind.normal_damage_doubles else False,
                resources=kind.resources[0] if kind.resources and index % 2 else "none",
            )
        )
    return found


def generate(powers: int, seed: int, name: str) -> HeroDocument:
    """A hero with ``powers`` powers; the same ``seed`` gives the same file."""
    rng = random.Random(seed + 3)
    cats = catalogs()
    document = SYSTEM.new_document(name)
    for buy in document.character.characteristics:
        buy.bought = rng.randint(0, 5) if buy.characteristic not in ("swimming",) else 0
    document.character.skills.extend(_skills(max(powers // 3, 1), rng))
    priced = [p for p in cats.powers.values() if p.pricing != "forbidden"]
    chosen = []
    for index in range(powers):
        if index % 3 == 2:
            chosen.append(_custom(index, rng))
        else:
            chosen.append(_power(priced[index % len(priced)], rng))
    document.character.powers = chosen
    document.character.disadvantages = _disadvantages(max(powers // 5, 1), rng)
    for skill in document.character.skills:
        if skill.skill == "professions_intellect" and skill.everyperson:
            skill.name = "Student"
    evaluation = SYSTEM.evaluate(document)
    worth = evaluation.total("disadvantages").spent
    spent = evaluation.total("points").spent
    document.campaign.disadvantage_cap = worth
    document.campaign.base_points = spent - worth
    problems = [
        issue.message
        for issue in SYSTEM.evaluate(document).issues
        if issue.severity in (Severity.ERROR, Severity.WARNING)
    ]
    if problems:
        raise GenerationError("; ".join(problems[:5]))
    return document
