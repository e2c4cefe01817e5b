"""Capital's tables live in one place, the catalog (issue 38, item 5): the score table,
the Step 5 dice, the vital minimum and the augmentations' amounts are read from
``resources/capital/*.json``, so a changed catalog changes what is computed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sheetapp.core.catalog import CatalogError
from sheetapp.systems.capital.catalog import ATTRIBUTES, catalogs
from sheetapp.systems.capital.dice import (
    attribute_dice_problems,
    die_score,
    lowest_discards,
    roll_attribute_dice,
    score_for_die,
)
from sheetapp.systems.capital.model import SpecialAssetChoice
from sheetapp.systems.capital.scores import final_scores
from sheetapp.systems.capital.sheet import build_sheet
from tests.capital.helpers import character
from tests.catalog_edits import EditFile, catalog_copy


@pytest.fixture
def edited_catalog(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[EditFile]:
    """Capital's catalogs read from an edited copy."""
    yield catalog_copy(monkeypatch, tmp_path, "capital", catalogs.cache_clear)
    catalogs.cache_clear()


def test_the_score_table_is_read_from_the_catalog(edited_catalog: EditFile) -> None:
    """ "5, 6	6" (line 203): a 5 or 6 scores 6, until the catalog says otherwise."""
    lancer = character("lancer")
    before = final_scores(lancer.character, lancer.campaign, catalogs())
    assert score_for_die(6) == 6

    def six_scores_seven(data: dict[str, Any]) -> None:
        data["score_table"]["rows"][-1]["score"] = 7

    edited_catalog("basics.json", six_scores_seven)
    after = final_scores(lancer.character, lancer.campaign, catalogs())
    assert score_for_die(6) == die_score(5) == 7
    assert score_for_die(1) == 4
    # FTD took die #1, a 6 (tests/capital/helpers.py)
    assert after.scores["ftd"] == before.scores["ftd"] + 1
    assert "die 6 → 7" in after.explanations["ftd"]


def test_the_step_5_dice_are_read_from_the_catalog(edited_catalog: EditFile) -> None:
    """ "Roll 10d6" (line 196), "Get rid of any 2 results" (line 197)."""
    ten = [4, 1, 6, 2, 5, 3, 3, 1, 6, 6]
    assert attribute_dice_problems(ten) == []
    assert lowest_discards(ten) == [1, 7]

    def twelve_rolled_three_discarded(data: dict[str, Any]) -> None:
        data["attribute_dice"]["rolled"] = 12
        data["attribute_dice"]["discarded"] = 3

    edited_catalog("basics.json", twelve_rolled_three_discarded)
    assert "12 dice are needed" in attribute_dice_problems(ten)[0]
    assert lowest_discards(ten) == [1, 3, 7]
    assert len(roll_attribute_dice(random.Random(3)).dice) == 12


def test_the_vital_minimum_is_read_from_the_catalog(edited_catalog: EditFile) -> None:
    """ "You can never have less than 5 maximum HP, Energy or Bones." (line 394)"""
    doc = character("lancer")
    doc.campaign.attribute_method = "gm_assigned"
    doc.character.attributes.base = dict.fromkeys(ATTRIBUTES, 1)
    assert build_sheet(doc.character, doc.campaign, catalogs()).max_bones.value == 5

    def seven(data: dict[str, Any]) -> None:
        data["vital_minimum"] = 7

    edited_catalog("basics.json", seven)
    sheet = build_sheet(doc.character, doc.campaign, catalogs())
    assert sheet.max_bones.value == sheet.max_energy.value == 7
    assert "raised to the minimum 7" in sheet.max_bones.explanation


def test_augmentation_amounts_are_read_from_the_catalog(
    edited_catalog: EditFile,
) -> None:
    """ "Gain 2 Slots." (line 896); "You have +2 to any one Attribute Score, up to a
    maximum of 10." (line 902)"""
    slots = character("lancer", SpecialAssetChoice(asset="slots"))
    raised = character("lancer", SpecialAssetChoice(asset="attribute", attribute="wis"))
    plain = character("lancer", SpecialAssetChoice(asset="limb"))
    base_slots = build_sheet(plain.character, plain.campaign, catalogs()).slots_total
    base_wis = build_sheet(plain.character, plain.campaign, catalogs()).score("wis")
    assert build_sheet(slots.character, slots.campaign, catalogs()).slots_total == base_slots + 2
    assert build_sheet(raised.character, raised.campaign, catalogs()).score("wis") == base_wis + 2

    def three_each(data: dict[str, Any]) -> None:
        for augmentation in data["augmentations"]:
            if augmentation["id"] in ("slots", "attribute"):
                augmentation["amount"] = 3

    edited_catalog("assets.json", three_each)
    assert build_sheet(slots.character, slots.campaign, catalogs()).slots_total == base_slots + 3
    assert build_sheet(raised.character, raised.campaign, catalogs()).score("wis") == base_wis + 3


def test_a_score_table_missing_a_result_is_refused(edited_catalog: EditFile) -> None:
    def no_six(data: dict[str, Any]) -> None:
        data["score_table"]["rows"][-1]["dice"] = [5]

    edited_catalog("basics.json", no_six)
    with pytest.raises(CatalogError, match="each d6 result"):
        catalogs()
