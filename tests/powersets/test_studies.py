"""Learning new spells in play (seed 004_a6acbf8ec65b19a8.txt): Magic by a month's study
or six months' invention with INT+POW rolls (lines 540-546); Sorcery by scholarly
research, another's grimoire or a teacher (lines 1766-1802)."""

from __future__ import annotations

import random

import pytest

from sheetapp.core.changes import apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.editing.builders import EditError
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.advance import ADVANCEMENT
from sheetapp.systems.powersets.collections import STUDIES
from sheetapp.systems.powersets.model import PowersetsDocument, SorceryChoice, SpellStudy
from sheetapp.systems.powersets.studies import research_weeks, study_status
from sheetapp.systems.powersets.system import SYSTEM

from .test_rules import character, found

ROLL = next(a for a in STUDIES.actions if a.title == "Roll study attempts")
SCORES = {"STR": 10, "CON": 10, "SIZ": 10, "INT": 15, "POW": 17, "DEX": 10, "CHA": 10}


def _magician() -> PowersetsDocument:
    return character("heroic", ("magic", "heroic"), int=15, pow=17)


def _sorcerer() -> PowersetsDocument:
    return character("heroic", ("sorcery", "heroic"), int=15, pow=17)


def test_magic_study_rolls_int_plus_pow_once_a_month() -> None:
    """Line 540: "take one game month per spell to study ... At the end of this month, a
    successful roll of INT+POW means that the spell is learned"."""
    study = SpellStudy(power_set="magic", spell="blast", method="study", rolls=[33])
    status = study_status(study, SCORES)
    assert status.target == 32 and status.target_text == "INT 15 + POW 17 = 32"
    assert not status.learned and status.time_text.startswith("1 month so far")
    status = study_status(study.model_copy(update={"rolls": [33, 32]}), SCORES)
    assert status.learned and status.time_text.startswith("2 months so far")


def test_inventing_needs_six_successes_a_failure_adds_a_month() -> None:
    """Line 542: "six months researching it, attempting a roll of INT+POW each month.
    Failure adds another month ... after six successful rolls, the spell is known"."""
    study = SpellStudy(power_set="magic", spell="Mirror Ward", method="invent")
    five = study.model_copy(update={"rolls": [1, 2, 90, 3, 4, 5]})
    assert study_status(five, SCORES).successes == 5
    assert not study_status(five, SCORES).learned
    six = five.model_copy(update={"rolls": [*five.rolls, 6]})
    assert study_status(six, SCORES).learned
    assert study_status(six, SCORES).time_text.startswith("7 months")


def test_research_weeks_are_1d10_less_a_week_per_50_percent_of_language() -> None:
    """Line 1774: "1D10 ... weeks ... subtracting –1 week for each 50% in relevant
    language(s) the sorcerer knows to a minimum of 1 week"."""
    assert research_weeks(7, 0) == 7
    assert research_weeks(7, 49) == 7
    assert research_weeks(7, 100) == 5
    assert research_weeks(2, 150) == 1


def test_research_rolls_int_times_the_library_rating() -> None:
    """Line 1774: "success is equal to or less than the sorcerer's INT multiplied by the
    library's rating"."""
    study = SpellStudy(
        power_set="sorcery", spell="hells_razor", method="research", library_rating=3
    )
    assert study_status(study, SCORES).target == 45
    assert study_status(study.model_copy(update={"rolls": [45]}), SCORES).learned
    assert not study_status(study.model_copy(update={"rolls": [46]}), SCORES).learned


@pytest.mark.parametrize("method", ["grimoire", "teacher"])
def test_a_grimoire_or_a_teacher_rolls_int_times_1(method: str) -> None:
    """Line 1794: "a roll of equal to or lower than their INT×l for every three game weeks
    of study"; line 1802: "The student must attempt a roll of their INT×1"."""
    study = SpellStudy(power_set="sorcery", spell="hells_razor", method=method)
    assert study_status(study, SCORES).target == 15
    grimoire = study.model_copy(update={"rolls": [50, 15]})
    assert study_status(grimoire, SCORES).learned
    if method == "grimoire":
        assert study_status(grimoire, SCORES).time_text.startswith("6 weeks so far")


def _seeded(document: PowersetsDocument, learned: bool) -> PowersetsDocument:
    for seed in range(500):
        after = apply_to_document(document, ROLL.build(document, None, random.Random(seed)))
        if study_status(after.character.studies[0], SCORES).learned == learned:
            return after
    raise AssertionError(learned)


def test_a_magic_spell_studied_joins_the_grimoire_at_int_times_1() -> None:
    """Line 540: "the spell is learned and in the magician's grimoire. It begins at a
    rating of INT×1"."""
    document = _magician()
    document.character.studies = [SpellStudy(power_set="magic", spell="blast")]
    after = _seeded(document, learned=True)
    [spell] = after.character.magic_spells
    assert (spell.spell, spell.skill, spell.learned_in_play) == ("blast", 15, True)
    assert not spell.memorised  # memorising it takes an hour (line 458)
    assert not SYSTEM.evaluate(after).has_errors
    failed = _seeded(document, learned=False)
    assert failed.character.magic_spells == []
    assert len(failed.character.studies[0].rolls) == 1


def test_research_rolls_its_weeks_then_the_d100_and_inscribes_the_spell() -> None:
    """Lines 1774-1776: the weeks, then D100; "the spell is learned and inscribed in the
    sorcerer's personal grimoire" (not in memory); a grimoire or a teacher puts it in
    memory (lines 1794, 1802)."""
    document = _sorcerer()
    document.character.studies = [
        SpellStudy(power_set="sorcery", spell="hells_razor", method="research", language=100)
    ]
    after = _seeded(document, learned=True)
    study = after.character.studies[0]
    assert len(study.weeks_rolls) == len(study.rolls) >= 1
    [spell] = after.character.sorcery
    assert spell.spell == "hells_razor" and not spell.in_memory and spell.learned_in_play
    document.character.studies[0].method = "teacher"
    taught = _seeded(document, learned=True)
    assert taught.character.sorcery[0].in_memory
    assert taught.character.studies[0].weeks_rolls == []


def test_nothing_under_way_is_said() -> None:
    with pytest.raises(EditError, match="No spell study is under way"):
        ROLL.build(_magician(), None, random.Random(1))


def test_non_magicians_cannot_research_and_each_set_has_its_ways() -> None:
    """Line 546: "Non-magicians cannot research or create new spells"; line 1768:
    "Sorcerers learn spells in one of four ways"."""
    document = _sorcerer()
    document.character.studies = [
        SpellStudy(power_set="magic", spell="blast", method="study"),
        SpellStudy(power_set="sorcery", spell="hells_razor", method="study"),
    ]
    assert found(document, codes.STUDY_NOT_ALLOWED) == [
        (Severity.ERROR, ("character", "studies", 0, "power_set")),
        (Severity.ERROR, ("character", "studies", 1, "method")),
    ]


def test_a_library_is_rated_1_to_3() -> None:
    """Line 1772: "the library rating, a multiplier from ×1–3"."""
    document = _sorcerer()
    document.character.studies = [
        SpellStudy(power_set="sorcery", spell="hells_razor", method="research", library_rating=4)
    ]
    assert found(document, codes.STUDY_LIBRARY) == [
        (Severity.ERROR, ("character", "studies", 0, "library_rating"))
    ]


@pytest.mark.parametrize(
    ("study", "words"),
    [
        (SpellStudy(power_set="magic", spell="blast", rolls=[0]), "a D100 roll of 0"),
        (SpellStudy(power_set="magic", spell="blast", rolls=[5, 40]), "after the spell"),
        (
            SpellStudy(
                power_set="sorcery",
                spell="hells_razor",
                method="research",
                rolls=[90],
                weeks_rolls=[11],
            ),
            "a 1D10 of 11",
        ),
        (
            SpellStudy(power_set="sorcery", spell="hells_razor", method="teacher", weeks_rolls=[3]),
            "no 1D10 weeks",
        ),
    ],
)
def test_results_the_dice_cannot_give_are_errors(study: SpellStudy, words: str) -> None:
    document = character("heroic", ("magic", "normal"), ("sorcery", "normal"), int=15, pow=17)
    document.campaign.several_sets_allowed = True
    document.character.studies = [study]
    issues = [i for i in SYSTEM.evaluate(document).issues if i.code == codes.STUDY_ROLL_IMPOSSIBLE]
    assert [(i.severity, i.path) for i in issues] == [
        (Severity.ERROR, ("character", "studies", 0, "rolls"))
    ]
    assert words in issues[0].message


def test_a_study_names_a_spell_of_its_set() -> None:
    document = _magician()
    document.character.studies = [SpellStudy(power_set="magic", spell="hells_razor")]
    assert found(document, codes.STUDY_UNKNOWN_SPELL) == [
        (Severity.ERROR, ("character", "studies", 0, "spell"))
    ]


def test_a_learned_spell_not_listed_is_a_step_to_do() -> None:
    """Line 1776: "the spell is learned and inscribed in the sorcerer's personal
    grimoire"."""
    document = _sorcerer()
    document.character.studies = [
        SpellStudy(power_set="sorcery", spell="hells_razor", method="teacher", rolls=[3])
    ]
    assert found(document, codes.STUDY_NOT_ADDED) == [
        (Severity.WARNING, ("character", "studies", 0, "rolls"))
    ]
    document.character.sorcery = [SorceryChoice(spell="hells_razor", learned_in_play=True)]
    assert found(document, codes.STUDY_NOT_ADDED) == []


def test_the_wizard_offers_studies_and_their_rolls() -> None:
    document = _magician()
    labels = {o.label: o for o in ADVANCEMENT.spend_options(SYSTEM, document)}
    assert "Study a new spell (research, a grimoire, a teacher)" in labels
    assert "Roll the spell study attempts" not in labels
    document.character.studies = [SpellStudy(power_set="magic", spell="blast")]
    labels = {o.label: o for o in ADVANCEMENT.spend_options(SYSTEM, document)}
    assert labels["Roll the spell study attempts"].action == ROLL.title
