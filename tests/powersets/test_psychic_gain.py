"""New psychic abilities in play (seed 004_a6acbf8ec65b19a8.txt, lines 1290-1293): only
after POW has risen above its starting value; training costs a point of permanent POW a
period, the involuntary way 2 points."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.model import PowersetsDocument, PowIncrease, PsychicChoice
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found


def _psychic() -> PowersetsDocument:
    document = character("heroic", ("psychic", "heroic"), pow=15)
    document.character.psychic = [PsychicChoice(ability="telepathy", skill=15)]
    return document


def _pow(document: PowersetsDocument) -> object:
    return SYSTEM.evaluate(document).derived_value("characteristic.pow").value


def test_a_new_ability_needs_pow_risen_first() -> None:
    """Line 1290: "When a psychic's POW has increased beyond its starting value, they can
    learn a new psychic ability"."""
    document = _psychic()
    document.character.psychic.append(PsychicChoice(ability="telekinesis", gained="training"))
    assert found(document, codes.PSYCHIC_GAIN_EARLY) == [
        (Severity.ERROR, ("character", "psychic", 1, "gained"))
    ]
    document.character.pow_increases = [PowIncrease(roll=90, gain=0)]  # rose by 0: not yet
    assert len(found(document, codes.PSYCHIC_GAIN_EARLY)) == 1
    document.character.pow_increases = [PowIncrease(roll=90, gain=2)]
    assert found(document, codes.PSYCHIC_GAIN_EARLY) == []


def test_training_costs_a_pow_point_a_period_and_involuntary_two() -> None:
    """Line 1292: "the psychic must sacrifice 1 point of permanent POW and make a Luck
    roll ... If they fail, they can try again after another period of training and the POW
    sacrifice"; line 1293: "You must then sacrifice 2 permanent points of POW"."""
    document = _psychic()
    document.character.pow_increases = [PowIncrease(roll=90, gain=2)]
    assert _pow(document) == 17
    document.character.psychic.append(
        PsychicChoice(ability="telekinesis", gained="training", training_periods=2)
    )
    assert _pow(document) == 15
    document.character.psychic.append(PsychicChoice(ability="clairvoyance", gained="involuntary"))
    assert _pow(document) == 13
    explanation = SYSTEM.evaluate(document).derived_value("characteristic.pow").explanation
    assert "− 2 (Telekinesis trained)" in explanation
    assert "− 2 (Clairvoyance gained)" in explanation


def test_abilities_gained_in_play_are_not_starting_ones() -> None:
    """Line 1282: "Heroic: Four psychic abilities" at the start; gained ones come after."""
    document = _psychic()
    document.character.pow_increases = [PowIncrease(roll=90, gain=1)]
    for ability in ("telekinesis", "clairvoyance", "pyrokinesis"):
        document.character.psychic.append(PsychicChoice(ability=ability))
    assert found(document, codes.PSYCHIC_ABILITIES) == []
    document.character.psychic.append(PsychicChoice(ability="precognition", gained="training"))
    assert found(document, codes.PSYCHIC_ABILITIES) == []
    document.character.psychic[-1].gained = ""
    assert found(document, codes.PSYCHIC_ABILITIES) == [(Severity.ERROR, ("character", "psychic"))]
