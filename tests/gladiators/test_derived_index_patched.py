"""After an edit the derived values' ability index is patched where results changed
(``AbilityIndex.replaced``) instead of built anew: it must group exactly as a new
index does, and the derived values after a run of edits must equal a first
evaluation's."""

from __future__ import annotations

import random
from pathlib import Path

from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.derived import AbilityIndex
from sheetapp.systems.gladiators.resolve import resolve_character
from sheetapp.systems.gladiators.system import GladiatorsSystem

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples" / "gladiators"


def _groups(index: AbilityIndex, ids: list[str]) -> dict[str, list[tuple[int, int]]]:
    return {i: [(place, id(a)) for place, a in index.of((i,))] for i in ids}


def test_a_patched_index_groups_as_a_new_one() -> None:
    document = load_document(EXAMPLES / "night-owl.json", installed_systems()).document
    character = document.character
    resolved = resolve_character(character, catalogs())
    ids = sorted({a.choice.ability for a in resolved})
    rng = random.Random(3)
    for _ in range(200):
        new = list(resolved)
        places = rng.sample(range(len(new)), rng.randint(0, 3))
        for place in places:
            new[place] = rng.choice(resolved)  # the same id, or another one
        patched = AbilityIndex(resolved).replaced(places, resolved, new)
        if patched is None:
            assert any(new[p].choice.ability != resolved[p].choice.ability for p in places)
            continue
        assert _groups(patched, ids) == _groups(AbilityIndex(new), ids)


def test_derived_values_after_level_edits_equal_a_first_evaluation() -> None:
    loaded = load_document(EXAMPLES / "night-owl.json", installed_systems())
    document = loaded.document
    system, first = GladiatorsSystem(), GladiatorsSystem()
    system.evaluate(document)
    rng = random.Random(11)
    for _ in range(60):
        abilities = document.character.abilities
        row = rng.randrange(len(abilities))
        level = abilities[row].level
        after = max(0, level + rng.choice((-1, 1, 2)))
        change = Change("set", ("character", "abilities", row, "level"), level, after)
        document = apply_to_document(document, [change])
        fresh = type(document).model_validate(document.model_dump(mode="json"))
        assert system.evaluate(document).derived == first.evaluate(fresh).derived
