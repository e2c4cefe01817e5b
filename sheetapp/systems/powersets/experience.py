"""Improving powers by experience, as the chapter rules it.

Spells and psychic abilities are skills: "Magic can be learned from an instructor and
improved through experience" (line 414); "Like skills, psychic abilities increase with
experience. Whenever a successful psychic ability roll is made in combat or when in
danger, mark the psychic ability for an experience check later" (line 1257). How a check
is rolled is the base rules' (a campaign setting: d100 over the rating gains 1D6, or a
flat 3). POW: "place an experience check next to the POW characteristic ... Each
successful improvement improves POW by 1D3-1 points. As with other experience checks,
this only applies once per adventure" (line 536); whether the check succeeds is the base
rules' POW Increases, so the app rolls the gain once the player says it did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.powersets.model import PowersetsCampaign, PowersetsDocument

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


def pow_gain(document: PowersetsDocument, rng: random.Random) -> list[Change]:
    """POW after a successful check: +1D3-1 (line 536), the check used up."""
    character = document.character
    gain = rng.randint(1, 3) - 1
    before = character.characteristics.pow
    label = f"POW experience: 1D3-1 = {gain}, POW {before} → {before + gain}"
    changes = [Change("set", ("character", "pow_checked"), True, False, label=label)]
    if gain:
        changes.insert(
            0,
            Change(
                "set", ("character", "characteristics", "pow"), before, before + gain, label=label
            ),
        )
    return changes
