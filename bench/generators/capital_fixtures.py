"""The Capital alpha2 fixtures: what the benchmark measures, and the edit it makes."""

from __future__ import annotations

from bench.fixtures import Spec, SystemGenerator
from bench.generators.capital import CapitalSize, generate
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.systems.capital.model import CapitalDocument
from sheetapp.systems.capital.system import SYSTEM

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
    """One quantity change near the middle of the equipment list that keeps the
    character's errors as they are (buying or using up an item, the edit of play)."""
    before = _error_codes(document)
    equipment = document.character.equipment
    count = len(equipment)
    for index in [*range(count // 2, count), *range(count // 2)]:
        quantity = equipment[index].quantity
        path = ("character", "equipment", index, "quantity")
        for after in (quantity + 1, quantity - 1):
            if after < 1:
                continue
            edited = apply_to_document(document, [Change("set", path, quantity, after)])
            if _error_codes(edited) == before:
                return path, after
    raise RuntimeError("no single quantity edit keeps the generated character's errors unchanged")


def _error_codes(document: CapitalDocument) -> set[str]:
    return {i.code for i in SYSTEM.evaluate(document).issues if i.severity is Severity.ERROR}


GENERATOR = SystemGenerator(large=large, scaled=scaled)
