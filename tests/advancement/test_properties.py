"""Properties: committing random valid level raises and reverting them gives the data back."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sheetapp.advancement import Advancement, commit, preview, revert
from sheetapp.core.changes import Change, document_data
from sheetapp.systems.gladiators.model import GladiatorsDocument
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import level, night_owl

OWL = night_owl()
ABILITIES = len(OWL.character.abilities)

raises = st.lists(
    st.tuples(st.integers(0, ABILITIES - 1), st.integers(1, 4)), min_size=1, max_size=5
)


def level_raises(document: GladiatorsDocument, steps: list[tuple[int, int]]) -> list[Change]:
    levels = [ability.level for ability in document.character.abilities]
    changes = []
    for index, more in steps:
        changes.append(level(index, levels[index], levels[index] + more))
        levels[index] += more
    return changes


def committed(
    document: GladiatorsDocument, earned: int, steps: list[tuple[int, int]]
) -> GladiatorsDocument:
    step = Advancement({"gp": earned} if earned else {}, level_raises(document, steps))
    seen = preview(SYSTEM, document, step)
    assume(seen.can_commit)
    result = commit(SYSTEM, document, step, accept_warnings=True)
    assert SYSTEM.evaluate(result).total("gp").spent == seen.after.total("gp").spent
    assert sum(row.cost.get("gp", 0) for row in seen.rows) == (
        seen.after.total("gp").spent - seen.before.total("gp").spent
    )
    return result


@pytest.mark.slow  # property-based: many generated ledgers
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(0, 20), raises)
def test_commit_then_revert_gives_back_the_original_character(
    earned: int, steps: list[tuple[int, int]]
) -> None:
    original = document_data(OWL)
    result = committed(OWL, earned, steps)
    reverted = revert(SYSTEM, result, 1)
    assert reverted.document is not None, reverted.refusal
    data = document_data(reverted.document)
    assert data["character"] == original["character"]
    assert data["campaign"] == original["campaign"]
    assert [entry.kind for entry in reverted.document.history] == ["creation"]


@pytest.mark.slow  # property-based: many generated ledgers
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(0, 20), raises, st.integers(0, 20), raises)
def test_reverting_the_last_of_two_entries_gives_back_the_state_after_the_first(
    first_earned: int,
    first_steps: list[tuple[int, int]],
    second_earned: int,
    second_steps: list[tuple[int, int]],
) -> None:
    first = committed(OWL, first_earned, first_steps)
    second = committed(first, second_earned, second_steps)
    reverted = revert(SYSTEM, second, 2)
    assert reverted.document is not None, reverted.refusal
    assert document_data(reverted.document) == document_data(first)
