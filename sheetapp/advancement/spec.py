"""The advancement a game system declares, as the advancement framework reads it.

The declaration's shape is part of the plug-in contract (:mod:`sheetapp.core.system`):
a system offers the :class:`~sheetapp.core.system.Advances` capability, an
``advancement`` that is an :class:`AdvancementRules`; :func:`advancement_of` asks for it
with :func:`~sheetapp.core.system.capability` (``isinstance``, never ``getattr``). The
protocols and records are declared there; this module holds only the framework's readings
of them.
Two shapes are served by the same declaration: points spent under creation rules
(Glorious Gladiators: Glory Points) and numbered levels (Capital: a currency ``level``
whose :attr:`Currency.counter` is the character's level, earned one at a time by a
:class:`LevelledAdvancement` step — dice rolled or entered — and then spent on the
choices the new level opens, such as Systems for new Slots).
"""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath, format_path
from sheetapp.core.system import (
    AdvancementRules,
    Currency,
    LevelledAdvancement,
    NamesPricedTotals,
    capability,
)

__all__ = [
    "ABSENT",
    "currency",
    "describe_path",
    "describe_value",
    "levelled",
    "plain_value",
    "priced_totals",
]


def levelled(rules: AdvancementRules | None) -> LevelledAdvancement | None:
    """``rules`` when they have the numbered-level shape."""
    return capability(rules, LevelledAdvancement)


def priced_totals(rules: AdvancementRules | None) -> frozenset[str] | None:
    """The totals whose spending is a cost (:class:`~sheetapp.core.system.NamesPricedTotals`);
    None: every total. Capital's HP and Energy totals are current / maximum, not costs."""
    named = capability(rules, NamesPricedTotals)
    return frozenset(named.priced_totals) if named is not None else None


def currency(rules: AdvancementRules | None, key: str | None = None) -> Currency:
    """The currency ``key`` (the system's first one when None); KeyError when unknown."""
    if rules is None or not rules.currencies:
        raise KeyError(key or "(none declared)")
    if key is None:
        return rules.currencies[0]
    for candidate in rules.currencies:
        if candidate.key == key:
            return candidate
    raise KeyError(key)


def describe_path(
    rules: AdvancementRules | None, document: CharacterDocument[Any, Any], path: DataPath
) -> str:
    text = rules.describe_path(document, path) if rules is not None else ""
    return text or format_path(path)


def describe_value(rules: AdvancementRules | None, path: DataPath, value: Any) -> str:
    text = rules.describe_value(path, value) if rules is not None else ""
    return text or plain_value(value)


#: How an absent value (before an insert, after a remove) is shown.
ABSENT = "—"


def plain_value(value: Any) -> str:
    """A JSON value in a line of text: numbers and strings as they are, containers summed up."""
    if value is None:
        return ABSENT
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value or "(empty)"
    if isinstance(value, list):
        return ", ".join(plain_value(item) for item in value) if value else "(none)"
    if isinstance(value, dict):
        shown = [
            f"{key}: {plain_value(item)}" for key, item in value.items() if item not in ({}, [])
        ]
        return "{" + ", ".join(shown) + "}"
    return str(value)
