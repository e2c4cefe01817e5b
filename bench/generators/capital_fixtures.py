"""The Capital alpha2 fixtures: what the benchmark measures, and the edit it makes."""

from __future__ import annotations

from bench.fixtures import Spec, SystemGenerator, counter_edit
from bench.generators.capital import CapitalSize, generate
from sheetapp.systems.capital.model import CapitalDocument

#: as many equipment entries as the large Gladiators character has abilities
LARGE_EQUIPMENT = 300
UNIT = "equipment entries"


def _spec(name: str, size: CapitalSize, seed: int, kind: str, description: str) -> Spec:
    document = generate(size, seed, f"Bench {name}")
    character = document.character
    asset = character.special_asset
    path, after = single_edit(document)
    return Spec(
        name=name,
        kind="large" if kind == "large" else "scale",
        document=document,
        sizes={
            UNIT: len(character.equipment),
            "systems": len(character.systems),
            "vehicle systems": len(asset.systems) if asset else 0,
            "HP rolls": len(character.hp_rolls),
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
            CapitalSize(LARGE_EQUIPMENT),
            seed,
            "large",
            "Level 10; every System of the catalog (those the 12 Slots cannot pay for given "
            "by the GM; replaced ones left out, as the rules want); a Special Vehicle at "
            "Level 10 with the Vehicle Systems its Slots hold; 300 equipment entries over "
            "every catalog item, option and damage type: no rule errors, no warnings.",
        )
    ]


def scaled(count: int, seed: int) -> Spec:
    return _spec(
        f"scale-{count}",
        CapitalSize(count),
        seed,
        "scale",
        f"The Level 10 character with {count} equipment entries: no rule errors.",
    )


def single_edit(document: CapitalDocument) -> tuple[tuple[str | int, ...], int]:
    """The benchmark's edit: one quantity ±1 that keeps the character's errors."""
    return counter_edit(document, "equipment", "quantity")


GENERATOR = SystemGenerator(large=large, scaled=scaled)
