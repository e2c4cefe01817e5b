"""Attack values are made again only for the attack lines an edit changed; every
evaluation still lists exactly the values a first evaluation lists."""

from __future__ import annotations

from typing import Any

from bench.generators.capital_fixtures import scaled
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.system import installed_systems


def _first_evaluation(document: Any) -> Any:
    """What a sheetapp that never evaluated this character before shows (a new
    document: memos of its own)."""
    twin = type(document).model_validate(document.model_dump(mode="json"))
    return installed_systems().get("capital").evaluate(twin)


def test_attack_values_after_edits_are_those_of_a_first_evaluation() -> None:
    system = installed_systems().get("capital")
    document: Any = scaled(100, 11).document
    attacks = [v for v in system.evaluate(document).derived if v.key.startswith("attack.")]
    assert len(attacks) > 5
    equipment = document.character.equipment
    edits = [  # every attack after the first item moves up; one item changes; one comes
        Change("remove", ("character", "equipment", 0), before=equipment[0].model_dump()),
        Change(
            "set",
            ("character", "equipment", 9, "quantity"),
            before=equipment[10].quantity,
            after=equipment[10].quantity + 1,
        ),
        Change("insert", ("character", "equipment", 3), after=equipment[5].model_dump()),
    ]
    for change in edits:
        document = apply_to_document(document, [change])
        kept = system.evaluate(document)
        assert kept.derived == _first_evaluation(document).derived, change.op
        assert system.evaluate(document).derived == kept.derived
