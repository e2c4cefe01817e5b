"""POW experience (seed 004_a6acbf8ec65b19a8.txt): the check rolled with the base rules'
POW Increases (a campaign setting), 1D3-1 on a success (line 536), recorded; the gain
added to POW, or turned into budget points by a superpowered character (line 2535)."""

from __future__ import annotations

import random

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.editing.builders import EditError
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.collections import POW_INCREASES
from sheetapp.systems.powersets.experience import pow_before, pow_needed, pow_succeeds
from sheetapp.systems.powersets.model import PowersetsCampaign, PowersetsDocument, PowIncrease
from sheetapp.systems.powersets.mutation_effects import final_scores
from sheetapp.systems.powersets.system import SYSTEM, power_points

from .test_rules import character, found

ROLL = next(a for a in POW_INCREASES.actions if a.title == "Roll POW increase")


def _magician(pow_: int = 14) -> PowersetsDocument:
    return character("heroic", ("magic", "heroic"), int=16, pow=pow_)


def _rolled(document: PowersetsDocument, success: bool) -> PowersetsDocument:
    """The document after a Roll POW increase whose D100 succeeded (or failed)."""
    for seed in range(500):
        after = apply_to_document(document, ROLL.build(document, None, random.Random(seed)))
        record = after.character.pow_increases[-1]
        pow_ = final_scores(document.character)["POW"]
        if pow_succeeds(record.roll, pow_, document.campaign) == success:
            return after
    raise AssertionError(success)


def test_the_default_roll_is_over_pow_times_5_as_other_experience_checks() -> None:
    """Line 536: "When checking for experience, the magician's POW may increase (see POW
    Increases) ... As with other experience checks": the default reads the base rules'
    roll as a skill's, D100 over POW×5."""
    campaign = PowersetsCampaign()
    assert pow_needed(14, campaign) == (70, True, "over 70 (POW 14 × 5)")
    assert pow_succeeds(71, 14, campaign) and not pow_succeeds(70, 14, campaign)


def test_the_other_setting_rolls_under_the_room_left_to_the_maximum() -> None:
    """The other reading of the base rules' POW Increases: D100 at most (maximum − POW)×5."""
    campaign = PowersetsCampaign(pow_increase_roll="under_room_x5", pow_maximum=21)
    assert pow_needed(14, campaign)[0] == 35
    assert pow_succeeds(35, 14, campaign) and not pow_succeeds(36, 14, campaign)
    assert not pow_succeeds(1, 21, campaign)  # at the maximum POW cannot rise


def test_rolling_needs_the_check() -> None:
    """Line 536: "When successful in a POW resistance roll against an equal or higher POW,
    place an experience check next to the POW characteristic"."""
    with pytest.raises(EditError, match="POW has no experience check"):
        ROLL.build(_magician(), None, random.Random(1))


def test_a_success_adds_1d3_minus_1_to_pow_and_records_it() -> None:
    """Line 536: "Each successful improvement improves POW by 1D3–1 points"; the check is
    used up ("this only applies once per adventure")."""
    document = _magician(14)
    document.character.pow_checked = True
    gains = set()
    for seed in range(300):
        after = apply_to_document(document, ROLL.build(document, None, random.Random(seed)))
        record = after.character.pow_increases[0]
        assert not after.character.pow_checked
        assert after.character.characteristics.pow == 14  # the stored POW is as created
        if record.roll > 70:
            assert record.gain in (0, 1, 2)
            gains.add(record.gain)
            assert final_scores(after.character)["POW"] == 14 + record.gain
            assert power_points(after.character) == 14 + record.gain
        else:
            assert record.gain is None
            assert final_scores(after.character)["POW"] == 14
    assert gains == {0, 1, 2}


def test_a_failure_is_recorded_and_pow_stays() -> None:
    document = _magician(14)
    document.character.pow_checked = True
    after = _rolled(document, success=False)
    assert after.character.pow_increases[0].gain is None
    assert final_scores(after.character)["POW"] == 14
    assert not SYSTEM.evaluate(after).has_errors


def test_each_check_rolls_against_pow_as_it_was_then() -> None:
    """A second increase after a first gain of 2: POW 16, so over 80 is needed."""
    document = _magician(14)
    document.character.pow_increases = [PowIncrease(roll=90, gain=2), PowIncrease(roll=75)]
    assert pow_before(document.character, 0) == 14
    assert pow_before(document.character, 1) == 16
    # 75 beat POW 14 × 5 but not POW 16 × 5: no gain is due, and none is recorded
    assert found(document, codes.POW_GAIN_MISSING) == []
    document.character.pow_increases[1].gain = 1
    assert found(document, codes.POW_GAIN_ON_FAILURE) == [
        (Severity.ERROR, ("character", "pow_increases", 1, "gain"))
    ]


def test_an_unrolled_check_is_a_step_to_do() -> None:
    document = _magician()
    document.character.pow_checked = True
    assert found(document, codes.POW_CHECK_UNROLLED) == [
        (Severity.WARNING, ("character", "pow_checked"))
    ]


@pytest.mark.parametrize(
    ("record", "where"),
    [
        (PowIncrease(roll=0), "roll"),
        (PowIncrease(roll=101), "roll"),
        (PowIncrease(roll=90, gain=3), "gain"),  # 1D3-1 gives 0 to 2
        (PowIncrease(roll=90, gain=-1), "gain"),
    ],
)
def test_results_the_dice_cannot_give_are_errors(record: PowIncrease, where: str) -> None:
    """Line 536: D100, then "1D3–1 points" (0 to 2)."""
    document = _magician(14)
    document.character.pow_increases = [record]
    assert found(document, codes.POW_ROLL_IMPOSSIBLE) == [
        (Severity.ERROR, ("character", "pow_increases", 0, where))
    ]


def test_a_gain_on_a_failed_roll_is_an_error() -> None:
    """Line 536: only "Each successful improvement" improves POW."""
    document = _magician(14)
    document.character.pow_increases = [PowIncrease(roll=40, gain=2)]
    assert found(document, codes.POW_GAIN_ON_FAILURE) == [
        (Severity.ERROR, ("character", "pow_increases", 0, "gain"))
    ]
    document.character.pow_increases = [PowIncrease(roll=40, gain=0)]  # not rolled at all
    assert len(found(document, codes.POW_GAIN_ON_FAILURE)) == 1
    document.character.pow_increases = [PowIncrease(roll=40)]
    assert found(document, codes.POW_GAIN_ON_FAILURE) == []


def test_a_success_without_its_gain_is_a_step_to_do() -> None:
    document = _magician(14)
    document.character.pow_increases = [PowIncrease(roll=95)]
    assert found(document, codes.POW_GAIN_MISSING) == [
        (Severity.WARNING, ("character", "pow_increases", 0, "gain"))
    ]


def test_superpowers_may_turn_the_gain_into_budget_points() -> None:
    """Line 2535: "These characteristic points can also be turned into an equivalent
    amount of character power budget points ... instead of being used to improve a
    characteristic"."""
    document = character("heroic", ("superpowers", "heroic"), pow=14)
    before = SYSTEM.evaluate(document).total("budget").budget
    document.character.pow_increases = [PowIncrease(roll=90, gain=2, to_budget=True)]
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("budget").budget == (before or 0) + 2
    assert final_scores(document.character)["POW"] == 14
    assert found(document, codes.POW_TO_BUDGET) == []
    magician = _magician(14)
    magician.character.pow_increases = [PowIncrease(roll=90, gain=2, to_budget=True)]
    assert found(magician, codes.POW_TO_BUDGET) == [
        (Severity.ERROR, ("character", "pow_increases", 0, "to_budget"))
    ]
