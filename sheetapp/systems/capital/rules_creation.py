"""Steps 1-5 of building a character (lines 62-205): Role, stories, personality,
strengths and weaknesses, attribute dice."""

from __future__ import annotations

from sheetapp.core.issues import Issue
from sheetapp.systems.capital import codes
from sheetapp.systems.capital.catalog import ATTRIBUTES
from sheetapp.systems.capital.context import (
    STEP_ATTRIBUTES,
    STEP_PERSONALITY,
    STEP_ROLE,
    STEP_STRENGTHS,
    RuleContext,
    char_path,
    error,
    info,
    todo,
)
from sheetapp.systems.capital.dice import kept_indexes, needs_reroll
from sheetapp.systems.capital.scores import MAX_SCORE


def role_chosen(ctx: RuleContext) -> list[Issue]:
    """Step 1: "just write your choice in the appropriate box" (line 82)."""
    if ctx.character.role is None:
        return [
            todo(
                codes.ROLE_MISSING,
                "No Role chosen yet.",
                char_path("role"),
                "Choose the Lancer, Scout, Tank, Sentinel, Healer or Captain.",
                STEP_ROLE,
            )
        ]
    return []


def role_adjustments(ctx: RuleContext) -> list[Issue]:
    """ "Gain/lose each of the following: +1 WIL, +1 STR or +1 VSN, -1 FTD or -1 AGI"
    (Lancer, lines 666-670; each Role has one fixed and two chosen changes)."""
    role = ctx.sheet.role
    if role is None:
        return []
    issues = []
    for chosen in role.adjustments.choices:
        picked = ctx.character.role_choices.get(chosen.id)
        options = " or ".join(f"{chosen.delta:+d} {o.upper()}" for o in chosen.options)
        path = char_path("role_choices", chosen.id)
        if picked is None:
            issues.append(
                todo(
                    codes.ROLE_CHOICE_MISSING,
                    f"{role.name}: choose {options}.",
                    path,
                    f"Choose {options}.",
                    STEP_ATTRIBUTES,
                )
            )
        elif picked not in chosen.options:
            issues.append(
                error(
                    codes.ROLE_CHOICE_INVALID,
                    f"{role.name} gives {options}, not {chosen.delta:+d} {picked.upper()}.",
                    path,
                    f"Pick one of: {', '.join(o.upper() for o in chosen.options)}.",
                )
            )
    return issues


def stories_and_personality(ctx: RuleContext) -> list[Issue]:
    """Step 2: a Background and an Origin "you can write" (lines 88-90), so not yet
    written is a note; Step 3: "every character has an Ideal, a Goal and a Flaw"
    (line 98), so one missing is an error still to do."""
    issues = []
    stories = ctx.character.stories
    for key, label in (("background", "Background"), ("origin", "Origin")):
        if not getattr(stories, key).strip():
            issues.append(
                info(
                    codes.STORY_MISSING,
                    f"No {label} written yet (Step 2).",
                    char_path("stories", key),
                    f"Write the {label} in the Role & Story tab, or leave it for later.",
                )
            )
    personality = ctx.character.personality
    for key, label in (("ideal", "Ideal"), ("goal", "Goal"), ("flaw", "Flaw")):
        if not getattr(personality, key).strip():
            issues.append(
                todo(
                    codes.PERSONALITY_MISSING,
                    f"No {label} chosen yet.",
                    char_path("personality", key),
                    "Choose one from the suggestions, or write your own.",
                    STEP_PERSONALITY,
                )
            )
    return issues


def strengths_and_weaknesses(ctx: RuleContext) -> list[Issue]:
    """ "You start with 3 Strengths and 2 Weaknesses." (line 152). None written yet is a
    step still to do; another number breaks the rule. Both are errors."""
    rules = ctx.catalogs.basics.starting
    issues = []
    for key, wanted in (("strengths", rules.strengths), ("weaknesses", rules.weaknesses)):
        have = [text for text in getattr(ctx.character, key) if text.strip()]
        if len(have) == wanted:
            continue
        code = codes.STRENGTHS_COUNT if key == "strengths" else codes.WEAKNESSES_COUNT
        message = f"{len(have)} {key.capitalize()}; a character starts with {wanted}."
        if not have:  # the same rule, on a character whose step is not done yet
            hint = f"Write {wanted} {key}."
            issues.append(todo(code, message, char_path(key), hint, STEP_STRENGTHS))
        else:  # a different number breaks the stated rule
            fix = "Remove" if len(have) > wanted else "Add"
            issues.append(error(code, message, char_path(key), f"{fix} {abs(len(have) - wanted)}."))
    return issues


def attribute_dice(ctx: RuleContext) -> list[Issue]:
    """ "Roll 10d6 ... If you got no 5s or 6s, OR if you got no 1s or 2s, reroll
    everything." "Get rid of any 2 results" "assign them to the 8 Attributes"
    (lines 196-198)."""
    if ctx.campaign.attribute_method != "roll_and_assign":
        return _gm_assigned(ctx)
    rolls = ctx.character.attributes
    path = char_path("attributes")
    if not rolls.dice:
        return [
            todo(
                codes.ATTRIBUTES_NOT_ROLLED,
                "The attribute dice are not rolled yet.",
                (*path, "dice"),
                "Roll 10d6 (or let the app roll them), discard two, assign the other eight.",
                STEP_ATTRIBUTES,
            )
        ]
    issues = []
    bad = [i for i, die in enumerate(rolls.dice) if not 1 <= die <= 6]
    for index in bad:
        issues.append(
            error(
                codes.DIE_VALUE,
                f"A d6 shows 1 to 6, not {rolls.dice[index]}.",
                (*path, "dice", index),
                "Enter each die as 1 to 6.",
            )
        )
    rolled = ctx.catalogs.basics.attribute_dice.rolled
    if len(rolls.dice) != rolled:
        issues.append(
            error(
                codes.DICE_COUNT,
                f"{len(rolls.dice)} dice entered; Step 5 rolls {rolled}d6.",
                (*path, "dice"),
                f"Enter exactly {rolled} dice.",
            )
        )
    elif not bad and needs_reroll(rolls.dice):
        issues.append(
            error(
                codes.DICE_REROLL,
                "These dice have no 5s or 6s, or no 1s or 2s: reroll everything.",
                (*path, "dice"),
                "Roll all ten dice again (line 196).",
            )
        )
    issues += _discards(ctx)
    issues += _assignment(ctx)
    return issues


def _discards(ctx: RuleContext) -> list[Issue]:
    rolls = ctx.character.attributes
    path = char_path("attributes", "discarded")
    wrong = [i for i in rolls.discarded if not 0 <= i < len(rolls.dice)]
    discarded = ctx.catalogs.basics.attribute_dice.discarded
    if (
        wrong
        or len(set(rolls.discarded)) != len(rolls.discarded)
        or len(rolls.discarded) > discarded
    ):
        return [
            error(
                codes.DISCARD_INVALID,
                "Discard exactly two different dice of the ten.",
                path,
                "Tick exactly two dice to discard.",
            )
        ]
    if len(rolls.discarded) < discarded:
        return [
            todo(
                codes.DISCARD_MISSING,
                "Choose the two dice to get rid of.",
                path,
                "Tick the two dice to discard.",
                STEP_ATTRIBUTES,
            )
        ]
    return []


def _assignment(ctx: RuleContext) -> list[Issue]:
    rolls = ctx.character.attributes
    path = char_path("attributes", "assignment")
    issues = []
    used: dict[int, str] = {}
    for attr, index in rolls.assignment.items():
        if not 0 <= index < len(rolls.dice) or index in rolls.discarded:
            issues.append(
                error(
                    codes.ASSIGNMENT_INVALID,
                    f"{attr.upper()} is assigned die #{index + 1}, which is not one of the "
                    "eight kept dice.",
                    (*path, attr),
                    "Assign one of the kept dice instead.",
                )
            )
        elif index in used:
            issues.append(
                error(
                    codes.ASSIGNMENT_INVALID,
                    f"{attr.upper()} and {used[index].upper()} use the same die #{index + 1}.",
                    (*path, attr),
                    "Each kept die goes to one attribute.",
                )
            )
        else:
            used[index] = attr
    missing = [a.upper() for a in ATTRIBUTES if a not in rolls.assignment]
    if missing:
        issues.append(
            todo(
                codes.ATTRIBUTE_UNASSIGNED,
                f"No die assigned to {', '.join(missing)} yet.",
                path,
                "Assign a kept die to each Attribute.",
                STEP_ATTRIBUTES,
            )
        )
    elif not issues and len(rolls.discarded) == ctx.catalogs.basics.attribute_dice.discarded:
        low = sum(1 for i in kept_indexes(rolls.dice, rolls.discarded) if rolls.dice[i] <= 2)
        if low < 2:
            issues.append(
                info(
                    codes.FEW_LOW_SCORES,
                    f"Only {low} low score(s) kept; the rules suggest keeping at least 2.",
                    char_path("attributes", "discarded"),
                    "Optional advice (line 197): the game is more fun with some weaknesses.",
                )
            )
    return issues


def _gm_assigned(ctx: RuleContext) -> list[Issue]:
    """Scores set by the GM stay in the range the Step 5 table gives: "convert the
    remaining 8 results into Attribute Scores between 4 and 6" (line 198); the range is a
    campaign setting (4 to 6 by default)."""
    base = ctx.character.attributes.base
    low, high = ctx.campaign.gm_score_min, ctx.campaign.gm_score_max
    issues = [
        error(
            codes.GM_SCORE_RANGE,
            f"{attr.upper()} is set to {value}; the scores the GM sets run from {low} to {high}.",
            char_path("attributes", "base", attr),
            f"Set a score from {low} to {high}, or change the campaign's range.",
        )
        for attr, value in base.items()
        if not low <= value <= high
    ]
    missing = [a.upper() for a in ATTRIBUTES if a not in base]
    if missing:
        issues.append(
            todo(
                codes.ATTRIBUTE_UNASSIGNED,
                f"No score set for {', '.join(missing)} yet.",
                char_path("attributes", "base"),
                "Set a score for each Attribute.",
                STEP_ATTRIBUTES,
            )
        )
    return issues


def attribute_range(ctx: RuleContext) -> list[Issue]:
    """ "Each of your eight Attribute Scores is a number between 0 and 10." (line 192)"""
    issues = []
    for attr, value in ctx.sheet.scores.scores.items():
        if not 0 <= value <= MAX_SCORE:
            issues.append(
                error(
                    codes.ATTRIBUTE_RANGE,
                    f"{attr.upper()} would be {value}; scores run from 0 to {MAX_SCORE}.",
                    char_path("attributes"),
                    ctx.sheet.scores.explanations[attr],
                )
            )
    return issues
