"""Bugs the fuzzing found in the Glorious Gladiators system, now fixed.

Add-on and variant counts were unbounded ints: a 4,300-digit count crashed the
evaluation and a negative one lowered the cost silently. The model now bounds them
(0-999); these are the regression tests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.examples import example_bytes
from sheetapp.storage.files import parse_document

pytestmark = pytest.mark.skipif(
    "gladiators" not in installed_systems(), reason="the gladiators system is not installed"
)


def night_owl() -> dict[str, Any]:
    return json.loads(example_bytes("gladiators", "night-owl"))


def test_huge_add_on_count_does_not_crash_evaluation() -> None:
    """Input: an ability ``{"ability": "counter", "addons": {"overwatch": 10**4300 - 1}}``
    (a 4,300-digit number, which JSON allows and Python parses). It loads; evaluating it
    raises ``ValueError: Exceeds the limit (4300 digits) for integer string conversion``
    at costs.py ``AbilityCost.explain``: ``f", base {self.base:+d}"``."""
    raw = night_owl()
    raw["character"]["abilities"].append(
        {"ability": "counter", "addons": {"overwatch": 10**4300 - 1}}
    )
    try:
        loaded = parse_document(json.dumps(raw).encode(), installed_systems())
    except CharacterFileError:
        return  # refused at load: the fix
    loaded.evaluate()


@pytest.mark.parametrize("count", [-1, -(10**6)])
def test_negative_add_on_count_is_refused(count: int) -> None:
    """Input: Night Owl's Sonic Blaster with ``{"modifier": "area", "variant": "blast",
    "addons": {"extra_kind": -1}}``: the GP total drops from 28 to 26 and no issue is
    about the add-on (``_addons_value`` multiplies the count as it is, while ability
    add-ons are filtered with ``count > 0`` in resolve.chosen_options)."""
    raw = night_owl()
    blaster = raw["character"]["abilities"][5]
    blaster["modifiers"].append(
        {"modifier": "area", "variant": "blast", "addons": {"extra_kind": count}}
    )
    with pytest.raises(CharacterFileError) as caught:
        parse_document(json.dumps(raw).encode(), installed_systems())
    assert caught.value.path is not None and "addons" in caught.value.path
