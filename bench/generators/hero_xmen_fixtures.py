"""The X-Men HERO fixtures: what the benchmark measures, and the edit it makes."""

from __future__ import annotations

from bench.fixtures import Spec, SystemGenerator, counter_edit
from bench.generators.hero_xmen import generate

#: as many powers as the large Gladiators character has abilities
LARGE_POWERS = 300
UNIT = "powers"


def _spec(name: str, count: int, seed: int, kind: str, description: str) -> Spec:
    document = generate(count, seed, f"Bench {name}")
    character = document.character
    path, after = counter_edit(document, "powers", "levels")
    return Spec(
        name=name,
        kind="large" if kind == "large" else "scale",
        document=document,
        sizes={
            UNIT: len(character.powers),
            "skills": len(character.skills),
            "disadvantages": len(character.disadvantages),
            "modifiers": sum(len(p.modifiers) for p in character.powers),
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
            LARGE_POWERS,
            seed,
            "large",
            "300 powers (every priced catalog power with fitting advantages and limitations, "
            "and custom HERO powers), 100 skills, 60 Disadvantages of every kind; base "
            "points and the cap set to what it spends: no rule errors, no warnings.",
        )
    ]


def scaled(count: int, seed: int) -> Spec:
    return _spec(
        f"scale-{count}", count, seed, "scale", f"A hero with {count} powers: no rule errors."
    )


GENERATOR = SystemGenerator(large=large, scaled=scaled)
