"""Unknown keys are counted while a file is validated (the walk over 5,000 models after
validation cost ~25 ms on a 1,000-ability character); the count made during validation
must be the count a walk over the models finds, for every shipped example and for keys
hidden at every depth."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.document import UNKNOWN_KEYS, count_unknown_keys, unknown_keys_counted
from sheetapp.core.system import installed_systems

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))


def _counted(raw: dict[str, Any]) -> tuple[int, int]:
    system = installed_systems().get(raw["system"])
    context = unknown_keys_counted()
    document = system.document_model().model_validate(raw, context=context)
    return context[UNKNOWN_KEYS][0], count_unknown_keys(document)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_count_made_while_validating_is_the_walks(example: Path) -> None:
    raw = json.loads(example.read_text(encoding="utf-8"))
    during, walked = _counted(raw)
    assert during == walked == 0
    raw["from_the_future"] = 1
    raw["meta"]["colour"] = "blue"
    raw["campaign"]["house_rule"] = {"x": [1, 2]}
    for value in raw["character"].values():
        if isinstance(value, list) and value and isinstance(value[-1], dict):
            value[-1]["annotation"] = "kept"
            value[-1]["annotation_2"] = "kept"
    during, walked = _counted(raw)
    assert during == walked >= 3


def test_no_context_counts_nothing_and_changes_nothing() -> None:
    raw = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    raw["from_the_future"] = 1
    system = installed_systems().get(raw["system"])
    document = system.document_model().model_validate(raw)
    assert count_unknown_keys(document) == 1
