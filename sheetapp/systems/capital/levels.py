"""The level table (lines 362-372) and one Level Up (lines 349-360), as pure functions.

:func:`level_up` returns a new document; the advancement framework records the
difference (``sheetapp.core.changes.diff``) in the history.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from sheetapp.core.changes import Change, diff, document_data
from sheetapp.systems.capital.catalog import Catalogs, HpIncrease, LevelRow, RoleDef, catalogs
from sheetapp.systems.capital.dice import dice_problems, roll_d6
from sheetapp.systems.capital.model import (
    MAX_LEVEL,
    CapitalCampaign,
    CapitalCharacter,
    CapitalDocument,
    HpRoll,
    SystemChoice,
)
from sheetapp.systems.capital.scores import final_scores


class LevelUpError(ValueError):
    """A Level Up cannot be made (last level, no Role, bad dice)."""


def _resolved(rows: Sequence[LevelRow], level: int) -> LevelRow:
    """The row of ``level`` with blank cells filled from the levels before (line 362)."""
    energy = rows[0].energy_bonus or 0
    slots = rows[0].slots or 0
    for row in rows[: max(1, level)]:
        energy = row.energy_bonus if row.energy_bonus is not None else energy
        slots = row.slots if row.slots is not None else slots
    return LevelRow(level=level, energy_bonus=energy, slots=slots)


def energy_bonus(level: int, cats: Catalogs | None = None) -> int:
    """Max Energy is WIL + this (lines 213 and 362-372)."""
    row = _resolved((cats or catalogs()).level_rows, level)
    return row.energy_bonus or 0


def table_slots(level: int, campaign: CapitalCampaign, cats: Catalogs | None = None) -> int:
    """Slots from the level table: the printed total, or the sum of the printed gains."""
    rows = (cats or catalogs()).level_rows
    if campaign.slot_table == "gained_per_level":
        return sum(row.slots or 0 for row in rows[:level])
    return _resolved(rows, level).slots or 0


def hp_increase(increase: HpIncrease, ftd: int, dice: Sequence[int]) -> int:
    """One Level Up's HP: e.g. "1d6 + FTD + 2 (minimum FTD + 6)" (line 683)."""
    rolled = sum(dice) + ftd + increase.bonus
    floor = increase.minimum + (ftd if increase.minimum_adds_ftd else 0)
    return max(rolled, floor)


def explain_hp_increase(increase: HpIncrease, ftd: int, dice: Sequence[int]) -> str:
    rolled = sum(dice) + ftd + increase.bonus
    floor = increase.minimum + (ftd if increase.minimum_adds_ftd else 0)
    shown = "+".join(str(d) for d in dice)
    bonus = f" {increase.bonus:+d}" if increase.bonus else ""
    text = f"dice {shown} + FTD {ftd}{bonus} = {rolled}"
    if floor > rolled:
        text += f", raised to the minimum {floor}"
    return text


@dataclass(frozen=True, slots=True)
class LevelUpStep:
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class LevelUpResult:
    document: CapitalDocument
    steps: list[LevelUpStep]
    new_slots: int
    changes: list[Change] = field(default_factory=list)


def _dice(
    given: Sequence[int] | None, count: int, rng: random.Random | None, what: str
) -> tuple[list[int], str]:
    if given is not None:
        problems = dice_problems(given, count)
        if problems:
            raise LevelUpError(f"{what}: {'; '.join(problems)}")
        return list(given), "entered"
    if rng is None:
        raise LevelUpError(f"{what}: enter the dice or let the app roll them")
    return roll_d6(count, rng), "rolled"


def level_up(
    document: CapitalDocument,
    *,
    hp_dice: Sequence[int] | None = None,
    companion_dice: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> LevelUpResult:
    """Level L -> L+1: HP dice, the Role's Systems of the new level, the companion's HP.

    Slots gained are reported (``new_slots``) for the player to fill under the usual
    rules; the Special Vehicle keeps its level (line 609).
    """
    cats = catalogs()
    character = document.character
    if character.level >= MAX_LEVEL:
        raise LevelUpError(f"Level {MAX_LEVEL} is the last level of the tables")
    role = cats.roles.get(character.role or "")
    if role is None:
        raise LevelUpError("Choose a Role before levelling up")
    new = document.model_copy(deep=True)
    ch = new.character
    old_level = ch.level
    level = old_level + 1
    ftd = final_scores(ch, new.campaign, cats).scores["ftd"]
    steps = [_hp_step(ch, role, ftd, level, _dice(hp_dice, role.hp.increase.dice, rng, "HP dice"))]
    table_steps, new_slots = _table_steps(old_level, new.campaign, cats)
    steps += table_steps
    steps += _role_systems(ch, role, level, cats)
    ch.level = level
    steps += _special_asset_steps(ch, level, companion_dice, rng, cats)
    changes = diff(document_data(document), document_data(new))
    return LevelUpResult(new, steps, max(0, new_slots), changes)


def _hp_step(
    ch: CapitalCharacter, role: RoleDef, ftd: int, level: int, rolled: tuple[list[int], str]
) -> LevelUpStep:
    """The Level's HP dice recorded (a second roll for it replaces the first)."""
    dice, method = rolled
    ch.hp_rolls = [roll for roll in ch.hp_rolls if roll.level != level]
    ch.hp_rolls.append(HpRoll(level=level, dice=dice, method=method))
    gained = hp_increase(role.hp.increase, ftd, dice)
    explained = explain_hp_increase(role.hp.increase, ftd, dice)
    return LevelUpStep("hp", f"Max HP +{gained} ({explained})")


def _table_steps(
    old_level: int, campaign: CapitalCampaign, cats: Catalogs
) -> tuple[list[LevelUpStep], int]:
    """What the level table gives the next Level: Energy and new Slots."""
    level = old_level + 1
    steps = []
    before, after = energy_bonus(old_level, cats), energy_bonus(level, cats)
    if after != before:
        steps.append(LevelUpStep("energy", f"Max Energy WIL + {before} -> WIL + {after}"))
    new_slots = table_slots(level, campaign, cats) - table_slots(old_level, campaign, cats)
    if new_slots:
        steps.append(LevelUpStep("slots", f"{new_slots} new Slots to fill with Systems"))
    return steps, new_slots


def _role_systems(
    ch: CapitalCharacter, role: RoleDef, level: int, cats: Catalogs
) -> list[LevelUpStep]:
    """The Role's Systems of the new Level, added when not already there."""
    steps = []
    present = {choice.system for choice in ch.systems}
    for granted in role.systems:
        if granted.level == level and granted.system not in present:
            ch.systems.append(SystemChoice(system=granted.system, level=level))
            name = cats.systems[granted.system].name
            kind = " (Signature System)" if granted.signature else ""
            steps.append(LevelUpStep("system", f"Gained {name}{kind} from {role.name}"))
    return steps


def _special_asset_steps(
    ch: CapitalCharacter,
    level: int,
    companion_dice: Sequence[int] | None,
    rng: random.Random | None,
    cats: Catalogs,
) -> list[LevelUpStep]:
    """A companion levels with the character (its HP dice); a vehicle stays at its Level."""
    asset = ch.special_asset
    if asset is not None and asset.asset in cats.companions:
        companion = cats.companions[asset.asset]
        c_dice, c_method = _dice(
            companion_dice, companion.hp.increase.dice, rng, "Companion HP dice"
        )
        asset.hp_rolls = [roll for roll in asset.hp_rolls if roll.level != level]
        asset.hp_rolls.append(HpRoll(level=level, dice=c_dice, method=c_method))
        ftd = asset.scores.get("ftd", companion.fixed_scores.get("ftd", 0))
        c_gain = hp_increase(companion.hp.increase, ftd, c_dice)
        return [
            LevelUpStep(
                "companion",
                f"{companion.name} reaches Level {level}: Max HP +{c_gain} "
                f"({explain_hp_increase(companion.hp.increase, ftd, c_dice)})",
            )
        ]
    if asset is not None and asset.asset in cats.vehicles:
        return [
            LevelUpStep(
                "vehicle",
                f"{cats.vehicles[asset.asset].name} stays at Level {asset.level}; a mechanic "
                f"can upgrade it up to Level {level}",
            )
        ]
    return []
