"""Every issue code Point Buy's rules emit, declared once with the rule it checks and
where the rulebook states it. The rules use these constants, never a code typed as a
string (``tests/test_issue_codes.py``)."""

from __future__ import annotations

from sheetapp.core.citation import cite
from sheetapp.core.codes import IssueCode, declared

SEED = "005_pointbuy.md"

ATTRIBUTE_RANGE = IssueCode(
    "pointbuy.attribute_range",
    "An attribute rated outside 1 to 5.",
    cite(SEED, 9, "Each attribute is rated from 1 to 5"),
)
SKILL_RANGE = IssueCode(
    "pointbuy.skill_range",
    "A skill rated outside 1 to 3.",
    cite(SEED, 15, "Each skill is rated from 1 to 3"),
)
SKILL_TWICE = IssueCode(
    "pointbuy.skill_twice",
    "The same skill taken twice.",
    cite(SEED, 16, "A skill is taken only once."),
)
OVERSPENT = IssueCode(
    "pointbuy.overspent",
    "More points spent than the character has.",
    cite(SEED, 21, "A character may never spend more points than it has."),
)
POINTS_LEFT = IssueCode(
    "pointbuy.points_left",
    "Points left unspent where the campaign asks that all be spent.",
    cite(SEED, 22, "points left unspent at creation ... must all be spent", 23),
)

#: every code above, by its text
CODES = declared(globals())
