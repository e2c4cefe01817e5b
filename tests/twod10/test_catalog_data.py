"""2d10's numbers live in one place, the tables catalog (issue 38, item 5): the default DV,
and the constants the actions' words and arithmetic show, follow ``tables.json``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sheetapp.play.actions import find_action, resolve
from sheetapp.systems.twod10.actions import twod10_actions
from sheetapp.systems.twod10.catalog import catalogs
from tests.catalog_edits import EditFile, catalog_copy
from tests.twod10.helpers import new


@pytest.fixture
def edited_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[EditFile]:
    yield catalog_copy(monkeypatch, tmp_path, "twod10", catalogs.cache_clear)
    catalogs.cache_clear()


def test_a_check_without_a_dv_is_normal_from_the_chart(edited_tables: EditFile) -> None:
    """ "14 Normal" (line 27): the DV when none is given."""
    check = find_action(twod10_actions(new()), "check")
    assert check.vs is not None and check.vs.default == 14
    assert resolve(check, dice={"ar": "5,5"}).values["dv"] == 14

    def normal_sixteen(data: dict[str, Any]) -> None:
        for step in data["dv_chart"]:
            if step["id"] == "normal":
                step["dv"] = 16

    edited_tables("tables.json", normal_sixteen)
    check = find_action(twod10_actions(new()), "check")
    assert check.vs is not None and check.vs.default == 16
    assert "Normal 16" in check.vs.help


def test_the_actions_words_follow_the_constants(edited_tables: EditFile) -> None:
    def other_numbers(data: dict[str, Any]) -> None:
        data["constants"] |= {"malfunction_base": 15, "contact_death_dv_base": 17}

    edited_tables("tables.json", other_numbers)
    actions = twod10_actions(new())
    assert "against 15 + damage" in find_action(actions, "malfunction").summary
    assert "against 17 + the target's SPIRIT" in find_action(actions, "contact-dies").summary
