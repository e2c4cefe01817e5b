"""Every system keeps per-item results by the identity of unchanged items (and of the
rows worked out from them). After random edits made the way the editor makes them (a
new document sharing every untouched item), the evaluation must equal a first
evaluation of the same values: an item copied over another, moved, removed, inserted,
one of its values set to a value another item has."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from sheetapp.core.changes import Change, ChangeError, apply_to_document
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document

EXAMPLES = sorted((Path(__file__).parents[1] / "resources" / "examples").glob("*/*.json"))


def _fresh(document: Any) -> Any:
    return type(document).model_validate(document.model_dump(mode="json"))


def _lists(data: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """The character's lists of objects (skills, powers, abilities, …) with items."""
    return [
        (key, value)
        for key, value in data.items()
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
    ]


def _random_change(rng: random.Random, data: dict[str, Any]) -> Change | None:
    lists = _lists(data)
    if not lists:
        return None
    key, items = rng.choice(lists)
    index = rng.randrange(len(items))
    path = ("character", key, index)
    kind = rng.randrange(5)
    if kind == 0:  # an item's value set to the value another item has
        other = rng.choice(items)
        names = sorted(set(other) & set(items[index]))
        if not names:
            return None
        name = rng.choice(names)
        return Change("set", (*path, name), items[index][name], other[name])
    if kind == 1:  # a whole item replaced by a copy of another
        return Change("set", path, items[index], rng.choice(items))
    if kind == 2 and len(items) > 1:
        return Change("move", path, to=rng.randrange(len(items)))
    if kind == 3 and len(items) > 1:
        return Change("remove", path, before=items[index])
    return Change("insert", path, after=rng.choice(items))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_edits_give_a_first_evaluations_result(path: Path) -> None:
    loaded = load_document(path, installed_systems())
    document, system = loaded.document, loaded.system
    rng = random.Random(path.name)
    # the first evaluations by another system object: what this one keeps between
    # evaluations (its last values, its per-item results) is not disturbed by them
    first = type(system)()
    system.evaluate(document)
    made = 0
    for _ in range(120):
        data = document.character.model_dump(mode="json")
        change = _random_change(rng, data)
        if change is None:
            continue
        try:
            document = apply_to_document(document, [change])
        except (ChangeError, ValidationError):
            continue
        made += 1
        assert system.evaluate(document) == first.evaluate(_fresh(document)), change
    assert made > 20
