"""Every catalog id a Gladiators file names that the catalogs do not hold is reported
with its place (a file from a newer sheetapp or a custom catalog is refused on opening,
naming the id); a file naming none is told so by a few set comparisons."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.model import AlternativeAbility, ModifierChoice

NIGHT_OWL = Path(__file__).resolve().parents[2] / "resources/examples/gladiators/night-owl.json"


def _loaded() -> Any:
    return load_document(NIGHT_OWL, installed_systems()).document


def _ability(document: Any) -> None:
    document.character.abilities[1].ability = "moon_beam"


def _source(document: Any) -> None:
    document.character.abilities[1].source = "moon_magic"


def _starting(document: Any) -> None:
    document.character.abilities[1].starting = "moon_walk"


def _alternative(document: Any) -> None:
    document.character.abilities[1].alternatives = [AlternativeAbility(ability="moon_beam")]


def _modifier(document: Any) -> None:
    modifiers = document.character.abilities[1].modifiers
    document.character.abilities[1].modifiers = [*modifiers, ModifierChoice(modifier="moon_lit")]


def _advantage(document: Any) -> None:
    document.character.advantages[0].trait = "moon_blessed"


CASES: list[tuple[Callable[[Any], None], str, str]] = [
    (_ability, "ability", "moon_beam"),
    (_source, "source", "moon_magic"),
    (_starting, "starting ability", "moon_walk"),
    (_alternative, "ability", "moon_beam"),
    (_modifier, "modifier", "moon_lit"),
    (_advantage, "advantage", "moon_blessed"),
]


def test_a_file_naming_only_known_ids_has_no_unknown_reference() -> None:
    document = _loaded()
    assert installed_systems().get("gladiators").unknown_references(document) == []


@pytest.mark.parametrize(("change", "kind", "ref"), CASES, ids=[c[0].__name__ for c in CASES])
def test_each_unknown_id_is_reported(change: Callable[[Any], None], kind: str, ref: str) -> None:
    document = _loaded()
    if change is _advantage and not document.character.advantages:
        pytest.skip("the example has no advantage")
    change(document)
    found = installed_systems().get("gladiators").unknown_references(document)
    assert [(r.kind, r.ref) for r in found] == [(kind, ref)]
    assert found[0].path[:2] == ("character", "advantages" if change is _advantage else "abilities")
