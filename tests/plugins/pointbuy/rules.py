"""Point Buy's rules: what each choice costs, the one derived value, and the issues.
Each rule quotes the rulebook line it follows."""

from __future__ import annotations

from collections import Counter

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import earned_total
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import Issue, Severity
from tests.plugins.pointbuy import codes
from tests.plugins.pointbuy.catalog import ATTRIBUTES, skill_name
from tests.plugins.pointbuy.model import PointbuyDocument

POINTS = "points"
#: "Raising an attribute by one step costs 2 points." (line 10)
ATTRIBUTE_STEP = 2
#: "each rank costs 1 point." (line 15)
SKILL_RANK = 1


def cost_lines(document: PointbuyDocument) -> list[CostLine]:
    """An attribute costs its steps above 1; a skill its ranks."""
    character = document.character
    lines = []
    for key in ATTRIBUTES:
        value = getattr(character.attributes, key)
        steps = max(value - 1, 0)
        lines.append(
            CostLine(
                key.capitalize(),
                steps * ATTRIBUTE_STEP,
                f"{steps} step{'s' if steps != 1 else ''} above 1 × {ATTRIBUTE_STEP}",
                ("character", "attributes", key),
                POINTS,
            )
        )
    for index, choice in enumerate(character.skills):
        lines.append(
            CostLine(
                skill_name(choice.skill),
                choice.rank * SKILL_RANK,
                f"rank {choice.rank} × {SKILL_RANK}",
                ("character", "skills", index),
                POINTS,
            )
        )
    return lines


def points_total(document: PointbuyDocument, spent: int) -> Total:
    """ "A new character has 20 points to spend." (line 20) "Points earned in play are
    added to the points a character has." (line 24)"""
    start = document.campaign.starting_points
    earned = earned_total(document.history, POINTS)
    return Total(
        POINTS,
        "Points",
        spent,
        start + earned,
        "points",
        f"{start} to start with + {earned} earned",
        (("starting", start), ("earned", earned)),
    )


def health(document: PointbuyDocument) -> DerivedValue:
    """ "Health is 10 plus twice Body." (line 28)"""
    body = document.character.attributes.body
    path = ("character", "attributes", "body")
    return DerivedValue("health", "Health", 10 + 2 * body, f"10 + 2 × Body {body}", path)


def issues(document: PointbuyDocument, total: Total) -> list[Issue]:
    character = document.character
    found = []
    for key in ATTRIBUTES:
        value = getattr(character.attributes, key)
        if not 1 <= value <= 5:  # "Each attribute is rated from 1 to 5" (line 9)
            found.append(
                Issue(
                    Severity.ERROR,
                    codes.ATTRIBUTE_RANGE,
                    f"{key.capitalize()} is {value}: an attribute is rated from 1 to 5",
                    ("character", "attributes", key),
                )
            )
    for index, choice in enumerate(character.skills):
        if not 1 <= choice.rank <= 3:  # "Each skill is rated from 1 to 3" (line 15)
            found.append(
                Issue(
                    Severity.ERROR,
                    codes.SKILL_RANGE,
                    f"Rank {choice.rank}: a skill is rated from 1 to 3",
                    ("character", "skills", index, "rank"),
                )
            )
    taken = Counter(choice.skill for choice in character.skills)
    for index, choice in enumerate(character.skills):
        if taken[choice.skill] > 1:  # "A skill is taken only once." (line 16)
            found.append(
                Issue(
                    Severity.ERROR,
                    codes.SKILL_TWICE,
                    "This skill is taken more than once",
                    ("character", "skills", index),
                )
            )
    found.extend(_points_issues(document, total))
    return found


def _points_issues(document: PointbuyDocument, total: Total) -> list[Issue]:
    left = total.remaining or 0
    if left < 0:  # "A character may never spend more points than it has." (line 21)
        return [
            Issue(
                Severity.ERROR,
                codes.OVERSPENT,
                f"{total.spent} points spent of {total.budget}: {-left} too many",
                ("character",),
            )
        ]
    in_play = any(entry.kind == "advance" for entry in document.history)
    if left and document.campaign.leftover == "spend_all" and not in_play:
        # "points left unspent at creation ... must all be spent" (lines 22-23)
        return [
            Issue(
                Severity.WARNING,
                codes.POINTS_LEFT,
                f"{left} points left to spend before the first session",
                ("character",),
            )
        ]
    return []


def evaluate(document: PointbuyDocument) -> Evaluation:
    """Costs, the points total, Health and every issue. Pure."""
    lines = cost_lines(document)
    total = points_total(document, sum(line.amount for line in lines))
    return Evaluation.build(lines, [total], [health(document)], issues(document, total))
