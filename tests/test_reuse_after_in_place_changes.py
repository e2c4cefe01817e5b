"""Every system's evaluation reuses what an edit did not touch (kept by the identity of
the unchanged choice, ``sheetapp.core.unchanged``). A script that changes a model in
place must still get what a first evaluation of the same values gives."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document

EXAMPLES = sorted((Path(__file__).parents[1] / "resources" / "examples").glob("*/*.json"))


def _models(node: Any) -> list[BaseModel]:
    """Every model inside ``node`` (lists included), ``node`` first."""
    found: list[BaseModel] = []
    if isinstance(node, BaseModel):
        found.append(node)
        for value in node.__dict__.values():
            found += _models(value)
    elif isinstance(node, list):
        for item in node:
            found += _models(item)
    elif isinstance(node, dict):
        for item in node.values():
            found += _models(item)
    return found


def _change_in_place(rng: random.Random, character: BaseModel) -> None:
    """One change made the way a script would: a field set, a list grown or shrunk."""
    model = rng.choice(_models(character)[1:] or [character])
    name = rng.choice(list(type(model).model_fields))
    value = getattr(model, name)
    try:
        if isinstance(value, bool):
            setattr(model, name, not value)
        elif isinstance(value, int):
            setattr(model, name, value + rng.choice((-1, 1, 2)))
        elif isinstance(value, str):
            setattr(model, name, value + "x")
        elif isinstance(value, list) and value:
            if rng.random() < 0.5:
                value.pop(rng.randrange(len(value)))
            else:
                value.append(value[rng.randrange(len(value))])
    except ValidationError:
        pass  # a value the field refuses: the model is unchanged


def _fresh(document: Any) -> Any:
    """The same values in new objects: nothing kept for the old ones applies."""
    return type(document).model_validate(document.model_dump(mode="json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_in_place_changes_give_a_first_evaluations_result(path: Path) -> None:
    loaded = load_document(path, installed_systems())
    document, system = loaded.document, loaded.system
    rng = random.Random(path.name)
    system.evaluate(document)
    for _ in range(60):
        _change_in_place(rng, document.character)
        assert system.evaluate(document) == system.evaluate(_fresh(document))
