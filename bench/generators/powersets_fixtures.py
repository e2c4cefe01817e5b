"""The Power Sets fixtures: a Superhuman character with hundreds of superpowers (one level
each of the powers that cost 1 per level, their choices made), power modifiers and
failings; the benchmark's edit raises or lowers one power's levels."""

from __future__ import annotations

import random

from bench.fixtures import Spec, SystemGenerator, counter_edit
from sheetapp.core.system import installed_systems
from sheetapp.systems.powersets.catalog import energy_types, superpowers
from sheetapp.systems.powersets.model import (
    Characteristics,
    FailingChoice,
    ModifierChoice,
    PowerSetChoice,
    PowersetsDocument,
    SuperpowerChoice,
)

LARGE_POWERS = 300
UNIT = "superpowers"


def generate(count: int, seed: int, name: str) -> PowersetsDocument:
    """``count`` superpowers within a Superhuman budget (the sum of the characteristics),
    a modifier on every tenth power and three failings: no rule errors."""
    rng = random.Random(seed)
    system = installed_systems().get("powersets")
    document = system.new_document(name)
    assert isinstance(document, PowersetsDocument)
    document.campaign.power_level = "superhuman"
    character = document.character
    character.characteristics = Characteristics(
        str=120, con=120, siz=9, int=120, pow=120, dex=120, cha=120
    )
    character.power_sets = [PowerSetChoice(power_set="superpowers", level="superhuman")]
    cheap = [
        p
        for p in superpowers().values()
        if p.cost_per_level == 1 and (p.level_cap is None or p.level_cap.kind == "max")
    ]
    energy = [e.name for e in energy_types().values()]
    powers = []
    for index in range(count):
        power = cheap[index % len(cheap)]
        choice = ""
        if power.choices:
            spec = power.choices[0]
            options = (energy if spec.energy_types else []) + list(spec.options)
            choice = rng.choice(options) if options else "chosen"
        powers.append(
            SuperpowerChoice(
                power=power.id,
                name=f"{power.name} {index + 1}",
                # a modified power costs 2, so its modifier's point stays within ½ its cost
                levels=2 if index % 10 == 0 else 1,
                choice=choice,
            )
        )
    character.superpowers = powers
    character.power_modifiers = [
        ModifierChoice(modifier="limited_uses", power=powers[i].name or "", amount=9)
        for i in range(0, count, 10)
    ]
    character.failings = [
        FailingChoice(failing="hunted", points=2),
        FailingChoice(failing="dependent", points=1),
        FailingChoice(failing="bad_habit", points=1),
    ]
    return document


def _spec(name: str, count: int, seed: int, kind: str, description: str) -> Spec:
    document = generate(count, seed, f"Bench {name}")
    character = document.character
    path, after = single_edit(document)
    return Spec(
        name=name,
        kind="large" if kind == "large" else "scale",
        document=document,
        sizes={
            UNIT: len(character.superpowers),
            "power modifiers": len(character.power_modifiers),
            "failings": len(character.failings),
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
            "A Superhuman character with 300 superpowers of 1 point per level, a power "
            "modifier on every tenth, three failings: no rule errors.",
        )
    ]


def scaled(count: int, seed: int) -> Spec:
    return _spec(f"scale-{count}", count, seed, "scale", f"The character with {count} superpowers.")


def single_edit(document: PowersetsDocument) -> tuple[tuple[str | int, ...], int]:
    """The benchmark's edit: one superpower's levels ±1 that keeps the character's errors."""
    return counter_edit(document, "superpowers", "levels")


GENERATOR = SystemGenerator(large=large, scaled=scaled)
