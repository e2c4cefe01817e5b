"""Learning new spells in play: what each way of learning needs, how long it takes and
whether the rolls recorded have learned the spell.

Magic: "a magician can take one game month per spell to study the principles of any
desired spell ... At the end of this month, a successful roll of INT+POW means that the
spell is learned and in the magician's grimoire. It begins at a rating of INT×1" (line
540); inventing one takes "six months researching it, attempting a roll of INT+POW each
month. Failure adds another month ... after six successful rolls, the spell is known at
a skill rating of INT×1" (line 542); "Non-magicians cannot research or create new
spells" (line 546).

Sorcery: scholarly research, "1D10 ... weeks needed to attempt to learn the spell,
subtracting –1 week for each 50% in relevant language(s) the sorcerer knows to a minimum
of 1 week ... success is equal to or less than the sorcerer's INT multiplied by the
library's rating" (line 1774), a failure another 1D10 weeks (line 1776); another's
grimoire, "a roll of equal to or lower than their INT×l for every three game weeks of
study" (line 1794); a teacher, "a roll of their INT×1" (line 1802).

Readings (README): a failed Magic study takes another month and another roll (the
chapter says only what a success does); a teacher's time is not given (the gamemaster's).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetapp.core.changes import Change
from sheetapp.systems.powersets.catalog import magic_spells, sorcery_spells
from sheetapp.systems.powersets.model import (
    MagicSpellChoice,
    PowersetsCharacter,
    PowersetsDocument,
    SorceryChoice,
    SpellStudy,
)
from sheetapp.systems.powersets.mutation_effects import final_scores

#: the ways of learning each set's spells
METHODS: dict[str, tuple[str, ...]] = {
    "magic": ("study", "invent"),
    "sorcery": ("research", "grimoire", "teacher"),
}
METHOD_NAMES = {
    "study": "study",
    "invent": "invention",
    "research": "scholarly research",
    "grimoire": "another's grimoire",
    "teacher": "a teacher",
}
#: "after six successful rolls, the spell is known" (line 542)
INVENT_SUCCESSES = 6
#: "for every three game weeks of study" (line 1794)
GRIMOIRE_WEEKS = 3
#: "a multiplier from ×1–3" (line 1772)
LIBRARY_RATINGS = (1, 2, 3)
#: "subtracting –1 week for each 50% in relevant language(s)" (line 1774)
LANGUAGE_STEP = 50


@dataclass(frozen=True, slots=True)
class StudyStatus:
    target: int
    target_text: str
    successes: int
    learned: bool
    time_text: str
    #: results the dice cannot give, or rolls after the spell was learned
    problems: tuple[str, ...]

    @property
    def result_text(self) -> str:
        if self.learned:
            return "learned"
        return f"{self.successes} of {INVENT_SUCCESSES} months" if self.successes else "not yet"


def research_weeks(d10: int, language: int) -> int:
    """Weeks of one research attempt: 1D10 less a week per 50% of language, at least 1."""
    return max(1, d10 - language // LANGUAGE_STEP)


def study_target(study: SpellStudy, scores: dict[str, int]) -> tuple[int, str]:
    int_, pow_ = scores["INT"], scores["POW"]
    if study.method in ("study", "invent"):
        return int_ + pow_, f"INT {int_} + POW {pow_} = {int_ + pow_}"
    if study.method == "research":
        rating = study.library_rating
        return int_ * rating, f"INT {int_} × library {rating} = {int_ * rating}"
    return int_, f"INT {int_} × 1 = {int_}"


def study_status(study: SpellStudy, scores: dict[str, int]) -> StudyStatus:
    target, target_text = study_target(study, scores)
    problems: list[str] = []
    successes = 0
    learned_at: int | None = None
    needed = INVENT_SUCCESSES if study.method == "invent" else 1
    for number, roll in enumerate(study.rolls, 1):
        if not 1 <= roll <= 100:
            problems.append(f"a D100 roll of {roll} (1 to 100)")
            continue
        if learned_at is not None:
            problems.append(f"roll {number} ({roll}) after the spell was learned")
            continue
        if roll <= target:
            successes += 1
            if successes >= needed:
                learned_at = number
    if study.method == "research":
        for d10 in study.weeks_rolls:
            if not 1 <= d10 <= 10:
                problems.append(f"a 1D10 of {d10} (1 to 10)")
        if len(study.weeks_rolls) > len(study.rolls) + 1:
            problems.append(
                f"{len(study.weeks_rolls)} periods of weeks for {len(study.rolls)} rolls"
            )
    elif study.weeks_rolls:
        problems.append(f"weeks rolled for {METHOD_NAMES[study.method]}, which has no 1D10 weeks")
    return StudyStatus(
        target,
        target_text,
        successes,
        learned_at is not None,
        _time_text(study),
        tuple(problems),
    )


def _time_text(study: SpellStudy) -> str:
    attempts = len(study.rolls)
    if study.method in ("study", "invent"):
        least = INVENT_SUCCESSES if study.method == "invent" else 1
        per = "six months, a month more for each failure" if least > 1 else "a month a roll"
        return f"{attempts} month{'s' if attempts != 1 else ''} so far ({per})"
    if study.method == "grimoire":
        return f"{attempts * GRIMOIRE_WEEKS} weeks so far ({GRIMOIRE_WEEKS} weeks a roll)"
    if study.method == "teacher":
        return "as long as the teacher takes (the gamemaster's)"
    known = [research_weeks(d10, study.language) for d10 in study.weeks_rolls if 1 <= d10 <= 10]
    text = f"{sum(known)} weeks so far" if known else "1D10 weeks a roll"
    step = study.language // LANGUAGE_STEP
    return text + (f" (1D10 − {step}, at least 1)" if step else " (1D10)")


def spell_known(character: PowersetsCharacter, study: SpellStudy) -> bool:
    items = character.magic_spells if study.power_set == "magic" else character.sorcery
    return any(item.spell == study.spell for item in items)


def spell_name(study: SpellStudy) -> str:
    if study.method == "invent":
        return study.spell or "A new spell"
    catalog = magic_spells() if study.power_set == "magic" else sorcery_spells()
    entry = catalog.get(study.spell)
    return entry.name if entry is not None else (study.spell or "No spell chosen")


def in_catalog(study: SpellStudy) -> bool:
    catalog = magic_spells() if study.power_set == "magic" else sorcery_spells()
    return study.spell in catalog


def learned_item(
    document: PowersetsDocument, study: SpellStudy
) -> MagicSpellChoice | SorceryChoice:
    """The spell as it joins the character: Magic at INT×1 in the grimoire (line 540);
    Sorcery in memory from a grimoire or a teacher (lines 1794, 1802), inscribed in the
    grimoire from research (line 1776)."""
    scores = final_scores(document.character)
    if study.power_set == "magic":
        return MagicSpellChoice(
            spell=study.spell, skill=scores["INT"], memorised=False, learned_in_play=True
        )
    spell = sorcery_spells()[study.spell]
    return SorceryChoice(
        spell=study.spell,
        level=spell.level_min,
        in_memory=study.method != "research",
        learned_in_play=True,
    )


def roll_attempts(
    document: PowersetsDocument, rng: random.Random
) -> tuple[list[Change], list[str]]:
    """One attempt of every study still under way (the research's 1D10 weeks, then the
    D100); a spell learned joins its list."""
    character = document.character
    scores = final_scores(character)
    changes: list[Change] = []
    said: list[str] = []
    added = {"magic": len(character.magic_spells), "sorcery": len(character.sorcery)}
    for index, study in enumerate(character.studies):
        status = study_status(study, scores)
        if status.learned or status.problems or study.method not in METHODS[study.power_set]:
            continue
        if study.method != "invent" and not in_catalog(study):
            continue
        path = ("character", "studies", index)
        name = spell_name(study)
        words = name + ": "
        if study.method == "research" and len(study.weeks_rolls) == len(study.rolls):
            d10 = rng.randint(1, 10)
            changes.append(
                Change("set", (*path, "weeks_rolls"), study.weeks_rolls, [*study.weeks_rolls, d10])
            )
            words += f"{research_weeks(d10, study.language)} weeks (1D10 {d10}), "
        roll = rng.randint(1, 100)
        after = study.model_copy(update={"rolls": [*study.rolls, roll]})
        changes.append(Change("set", (*path, "rolls"), study.rolls, after.rolls))
        now = study_status(after, scores)
        words += f"rolled {roll:02d} against {status.target}"
        if now.learned:
            words += ", learned"
            if study.method != "invent" and not spell_known(character, study):
                key = "magic_spells" if study.power_set == "magic" else "sorcery"
                item = learned_item(document, study)
                changes.append(
                    Change(
                        "insert",
                        ("character", key, added[study.power_set]),
                        after=item.model_dump(mode="json"),
                    )
                )
                added[study.power_set] += 1
        elif study.method == "invent" and roll <= status.target:
            words += f", {now.successes} of {INVENT_SUCCESSES} months"
        said.append(words)
    label = "Spell study: " + "; ".join(said)
    return [Change(c.op, c.path, c.before, c.after, label=label) for c in changes], said
