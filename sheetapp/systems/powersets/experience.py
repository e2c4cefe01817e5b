"""Improving powers by experience, as the chapter rules it.

Spells and psychic abilities are skills: "Magic can be learned from an instructor and
improved through experience" (line 414); "Like skills, psychic abilities increase with
experience. Whenever a successful psychic ability roll is made in combat or when in
danger, mark the psychic ability for an experience check later" (line 1257). How a check
is rolled is the base rules' (a campaign setting: d100 over the rating gains 1D6, or a
flat 3). POW: "place an experience check next to the POW characteristic ... Each
successful improvement improves POW by 1D3-1 points. As with other experience checks,
this only applies once per adventure" (line 536); whether the check succeeds is the base
rules' POW Increases, a campaign setting (D100 over POW×5 by default, "As with other
experience checks"). Each roll is recorded (``pow_increases``); POW adds the gains.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.powersets.catalog import power_levels
from sheetapp.systems.powersets.model import (
    PowersetsCampaign,
    PowersetsCharacter,
    PowersetsDocument,
    PowIncrease,
)
from sheetapp.systems.powersets.mutation_effects import final_scores

#: a roll of 96-00 always improves, whatever the rating (the base rules' usual reading)
ALWAYS_IMPROVES = 96


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str
    before: int
    roll: int
    gain: int

    def text(self) -> str:
        if self.gain:
            return (
                f"{self.name} {self.before}% → {self.before + self.gain}% (rolled {self.roll:02d})"
            )
        return f"{self.name} stays {self.before}% (rolled {self.roll:02d})"


def experience_roll(
    before: int, campaign: PowersetsCampaign, rng: random.Random
) -> tuple[int, int]:
    """(the d100 roll, the gain): a roll over the rating (or 96+) improves it."""
    roll = rng.randint(1, 100)
    if roll <= before and roll < ALWAYS_IMPROVES:
        return roll, 0
    gain = rng.randint(1, 6) if campaign.experience_gain == "1d6" else 3
    return roll, gain


def roll_checks(
    document: PowersetsDocument,
    list_key: str,
    names: dict[int, str],
    rng: random.Random,
) -> tuple[list[Change], list[CheckResult]]:
    """Every checked item of ``character.<list_key>`` rolled once; each check is used up."""
    items = getattr(document.character, list_key)
    changes: list[Change] = []
    results: list[CheckResult] = []
    for index, item in enumerate(items):
        if not item.checked:
            continue
        path: DataPath = ("character", list_key, index)
        roll, gain = experience_roll(item.skill, document.campaign, rng)
        result = CheckResult(names.get(index, f"item {index + 1}"), item.skill, roll, gain)
        results.append(result)
        if gain:
            changes.append(Change("set", (*path, "skill"), item.skill, item.skill + gain))
        changes.append(Change("set", (*path, "checked"), True, False))
    label = "Experience checks: " + "; ".join(r.text() for r in results)
    return [Change(c.op, c.path, c.before, c.after, label=label) for c in changes], results


# --- POW increases -------------------------------------------------------------------------


def pow_needed(pow_: int, campaign: PowersetsCampaign) -> tuple[int, bool, str]:
    """(the target, whether the roll must be over it, the words for it): the base rules'
    POW Increases as the campaign sets it (the chapter says only "see POW Increases")."""
    if campaign.pow_increase_roll == "over_pow_x5":
        target = pow_ * 5
        return target, True, f"over {target} (POW {pow_} × 5)"
    target = max(0, campaign.pow_maximum - pow_) * 5
    return target, False, f"{target} or less ((maximum {campaign.pow_maximum} − POW {pow_}) × 5)"


def pow_succeeds(roll: int, pow_: int, campaign: PowersetsCampaign) -> bool:
    target, over, _text = pow_needed(pow_, campaign)
    return roll > target if over else roll <= target


#: "Each successful improvement improves POW by 1D3-1 points" (line 536)
POW_GAIN_MOST = 2


def pow_before(character: PowersetsCharacter, index: int) -> int:
    """POW when the ``index``-th POW increase was rolled: POW now less the gains it and
    the later ones added."""
    later = sum(
        record.gain or 0 for record in character.pow_increases[index:] if not record.to_budget
    )
    return final_scores(character)["POW"] - later


def roll_pow_increase(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    """The POW experience check rolled: D100 against the campaign's POW increase roll and,
    on a success, 1D3-1 (line 536); the result recorded, the check used up."""
    character = document.character
    pow_ = final_scores(character)["POW"]
    roll = rng.randint(1, 100)
    success = pow_succeeds(roll, pow_, document.campaign)
    gain = rng.randint(1, 3) - 1 if success else None
    _target, _over, needed = pow_needed(pow_, document.campaign)
    if gain is None:
        label = f"POW increase: rolled {roll:02d}, needed {needed}: POW stays {pow_}"
    else:
        label = (
            f"POW increase: rolled {roll:02d}, needed {needed}: 1D3-1 = {gain}, "
            f"POW {pow_} → {pow_ + gain}"
        )
    record = PowIncrease(roll=roll, gain=gain)
    index = len(character.pow_increases)
    return [
        Change(
            "insert",
            ("character", "pow_increases", index),
            after=record.model_dump(mode="json"),
            label=label,
        ),
        Change("set", ("character", "pow_checked"), True, False, label=label),
    ]


def roll_projection_check(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    """Projection improves like a skill (line 2533: "the Projection skill is an
    exception"): D100 over its rating (or 96+) adds the experience gain."""
    character = document.character
    skill = character.projection
    value = projection_value(character)
    roll, gain = experience_roll(value, document.campaign, rng)
    result = CheckResult("Projection", value, roll, gain)
    label = f"Experience check: {result.text()}"
    changes = [Change("set", ("character", "projection", "checked"), True, False, label=label)]
    if gain:
        changes.insert(
            0,
            Change(
                "set",
                ("character", "projection", "experience"),
                skill.experience,
                skill.experience + gain,
                label=label,
            ),
        )
    return changes


def projection_base(character: PowersetsCharacter, scores: dict[str, int] | None = None) -> int:
    """ "Base Chance: DEX×2" (line 2564, the catalog's rule ``projection_base``)."""
    scaled = power_levels().rule("projection_base").scaled
    assert scaled is not None, "the catalog's Projection rule has its scale"
    return scaled.value((scores or final_scores(character))["DEX"])


def projection_value(character: PowersetsCharacter) -> int:
    """DEX×2 + skill points at creation + what experience added."""
    skill = character.projection
    return projection_base(character) + skill.creation_points + skill.experience
