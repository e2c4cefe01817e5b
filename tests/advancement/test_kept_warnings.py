"""A level-up's review asks to accept only the warnings it brings (issue 31, defect 13:
"After a level-up the review flags an existing 'points left to spend' warning as new and
forces 'I accept'"): the warning at the same place, about the same thing, that the
character already had is not new because its number moved."""

from __future__ import annotations

from sheetapp.advancement import Advancement, commit, preview
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.hero_xmen import codes
from tests.ui.conftest import REPO

LODESTAR = REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json"


def test_points_left_to_spend_stays_the_same_warning_as_it_grows() -> None:
    loaded = load_document(LODESTAR, installed_systems())
    system, hero = loaded.system, loaded.document
    first = preview(system, hero, Advancement({"xp": 10}))
    # all 350 spent before: 10 points left is new, and asked about
    assert [(i.code, i.message) for i in first.new_warnings] == [
        (codes.UNSPENT, "10 points left to spend.")
    ]
    saved = commit(system, hero, Advancement({"xp": 10}), accept_warnings=True)
    second = preview(system, saved, Advancement({"xp": 5}))
    assert [i.message for i in second.warnings if i.code == codes.UNSPENT] == [
        "15 points left to spend."
    ]
    assert second.new_warnings == []
    commit(system, saved, Advancement({"xp": 5}))  # no consent asked again
