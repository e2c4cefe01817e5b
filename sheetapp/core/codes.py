"""Issue codes declared, not typed as strings.

Each game system declares every code its rules emit once, as an :class:`IssueCode`
constant in ``sheetapp/systems/<id>/codes.py``: the code, the rule it checks in the user's
words, and where the rulebook states it (a :class:`~sheetapp.core.citation.Citation`;
None for a check of the application's own, such as a custom entry without a name). An
``IssueCode`` is a ``str``, so an :class:`~sheetapp.core.issues.Issue` holds it like any
code and files and ``validate --json`` are unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.core.citation import Citation


class IssueCode(str):
    """A declared issue code: ``"capital.strengths_count"`` with its rule and citation."""

    rule: str
    citation: Citation | None

    def __new__(cls, code: str, rule: str, citation: Citation | None = None) -> IssueCode:
        made = super().__new__(cls, code)
        made.rule = rule
        made.citation = citation
        return made


def declared(namespace: Mapping[str, object]) -> dict[str, IssueCode]:
    """The :class:`IssueCode` constants of a module namespace, by code."""
    return {str(value): value for value in namespace.values() if isinstance(value, IssueCode)}
