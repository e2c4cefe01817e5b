"""The per-ability memo gives exactly what a fresh evaluation gives."""

from __future__ import annotations

import random
from typing import Any, get_args, get_origin

import pytest
from pydantic import BaseModel

from sheetapp.core.system import installed_systems
from sheetapp.systems.gladiators.memo import ability_key
from sheetapp.systems.gladiators.model import AbilityChoice, AlternativeAbility, ModifierChoice
from sheetapp.systems.gladiators.system import GladiatorsSystem
from tests.gladiators.helpers import ability, character

SYSTEM = installed_systems().get("gladiators")


def _other(annotation: Any, value: Any) -> Any:
    """A different value of the field's type."""
    origin = get_origin(annotation)
    args = [a for a in get_args(annotation) if a is not type(None)]
    if origin is list:
        item = args[0]
        extra = (
            item(**_minimal(item))
            if isinstance(item, type) and issubclass(item, BaseModel)
            else "solid"
        )
        return [*value, extra]
    if origin is dict:
        return {**value, "changed_key": 1 if args[1] is int else "changed"}
    if args and len(args) == 1 and origin is not None:
        annotation = args[0]
    if annotation is bool or isinstance(value, bool):
        return not value
    if annotation is int or isinstance(value, int):
        return (value or 0) + 1
    return f"{value or ''}changed_x"


def _minimal(model: type[BaseModel]) -> dict[str, Any]:
    return {"modifier": "focus"} if model is ModifierChoice else {"ability": "evasion"}


@pytest.mark.parametrize(
    ("model", "build"),
    [
        (AbilityChoice, lambda: ability("armour", 2, "focus")),
        (ModifierChoice, lambda: ModifierChoice(modifier="focus")),
        (AlternativeAbility, lambda: AlternativeAbility(ability="evasion")),
    ],
)
def test_every_field_is_part_of_the_snapshot(model: type[BaseModel], build: Any) -> None:
    for name, info in model.model_fields.items():
        original = build()
        changed = build()
        object.__setattr__(changed, name, _other(info.annotation, getattr(changed, name)))
        if model is AbilityChoice:
            a, b = ability_key(original), ability_key(changed)
        elif model is ModifierChoice:
            a = ability_key(AbilityChoice(ability="armour", modifiers=[original]))
            b = ability_key(AbilityChoice(ability="armour", modifiers=[changed]))
        else:
            a = ability_key(AbilityChoice(ability="armour", alternatives=[original]))
            b = ability_key(AbilityChoice(ability="armour", alternatives=[changed]))
        assert a != b, f"{model.__name__}.{name} does not change the memo key"


def _same(document: Any) -> None:
    fresh = GladiatorsSystem().evaluate(document.detached_copy())  # memos of its own
    assert SYSTEM.evaluate(document) == fresh


def test_in_place_changes_are_seen() -> None:
    doc = character(ability("armour", 2, "focus"), ability("evasion", 1))
    _same(doc)
    doc.character.abilities[0].level = 9
    _same(doc)
    doc.character.abilities[0].modifiers[0].note = "a note"
    _same(doc)
    doc.character.abilities[0].modifiers.append(ModifierChoice(modifier="item"))
    _same(doc)
    doc.campaign.negative_cap = "clamp"
    _same(doc)
    doc.character.character_type = "minor"
    _same(doc)


def test_moving_abilities_moves_their_paths() -> None:
    doc = character(ability("armour", 9), ability("evasion", 1))
    SYSTEM.evaluate(doc)
    doc.character.abilities.reverse()
    evaluation = SYSTEM.evaluate(doc)
    assert evaluation == GladiatorsSystem().evaluate(doc.detached_copy())
    over_limit = [i for i in evaluation.issues if i.code == "gladiators.above_level_limit"]
    assert [i.path[:3] for i in over_limit] == [("character", "abilities", 1)]


def test_random_edits_match_a_fresh_evaluation() -> None:
    rng = random.Random(7)
    ids = ["armour", "evasion", "speed", "toughness", "accuracy", "prediction"]
    mods = ["focus", "item", "always_on", "fades", "limited"]
    doc = character(*(ability(rng.choice(ids), rng.randint(1, 8)) for _ in range(12)))
    for _ in range(200):
        target = rng.choice(doc.character.abilities)
        roll = rng.random()
        if roll < 0.4:
            target.level = rng.randint(0, 15)
        elif roll < 0.6:
            target.modifiers.append(ModifierChoice(modifier=rng.choice(mods)))
        elif roll < 0.75 and target.modifiers:
            target.modifiers.pop()
        elif roll < 0.9:
            doc.character.abilities.insert(rng.randrange(12), ability(rng.choice(ids), 3))
        else:
            doc.character.abilities.pop(rng.randrange(len(doc.character.abilities)))
        _same(doc)
