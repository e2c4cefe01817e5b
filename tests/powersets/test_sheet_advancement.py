"""The printed Power Sets sheet shows what advancement records (seed
004_a6acbf8ec65b19a8.txt): each POW increase with the roll it needed (line 536), each
spell study with its roll, time and result (lines 540, 1774), and Projection with its
points (lines 2560-2564)."""

from __future__ import annotations

from sheetapp.systems.powersets.model import PowIncrease, SpellStudy
from tests.pdf.helpers import flat, page_texts, render

from .test_rules import character


def test_pow_increases_studies_and_projection_print() -> None:
    document = character(
        "heroic", ("superpowers", "normal"), ("magic", "normal"), int=15, pow=14, dex=12
    )
    document.campaign.several_sets_allowed = True
    document.character.pow_increases = [PowIncrease(roll=88, gain=2), PowIncrease(roll=30)]
    document.character.studies = [
        SpellStudy(power_set="magic", spell="blast", method="study", rolls=[50])
    ]
    document.character.projection.creation_points = 10
    data, evaluation = render(document)
    text = flat(" ".join(page_texts(data)))
    assert "POW increases" in text
    assert "over 70 (POW 14 × 5)" in text and "+2 POW" in text
    assert "over 80 (POW 16 × 5)" in text  # the second check, after the first gain
    assert "Spell studies" in text and "Blast (Magic)" in text
    assert "INT 15 + POW 16 = 31" in text and "1 month so far" in text
    projection = next(v for v in evaluation.derived if v.key == "projection")
    assert projection.value == "34%"
    assert "DEX×2 24 + 10 skill points" in text
