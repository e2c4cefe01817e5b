"""How a game system declares its advancement: what is earned, what it buys, under which rules.

A system opts in with an ``advancement`` attribute (or a method of that name
returning the declaration); :func:`advancement_of` finds it with ``getattr``, so the
:class:`~sheetapp.core.system.GameSystem` protocol gains no required member. Two
shapes are served by the same declaration: points spent under creation rules
(Glorious Gladiators: Glory Points) and numbered levels (Capital: a currency
``level`` whose :attr:`Currency.counter` is the character's level, earned one at a
time by a :class:`LevelledAdvancement` step — dice rolled or entered — and then
spent on the choices the new level opens, such as Systems for new Slots).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from sheetapp.core.changes import Change
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath, format_path
from sheetapp.core.system import Advances, GameSystem


@dataclass(frozen=True, slots=True)
class Currency:
    """Something a character earns. ``key`` names both the ``earned`` entry in the
    ledger and the evaluation's :class:`~sheetapp.core.costs.Total` it adds budget to."""

    key: str
    label: str
    unit: str = ""
    description: str = ""
    #: For a numbered level: the value the earning raises (``("character", "level")``).
    #: An entry that earns N of this currency must raise that value by exactly N, and no
    #: entry may change it without earning it, so the ledger and the character agree.
    counter: DataPath | None = None

    def amount(self, value: int) -> str:
        """``+5 GP``: an earned amount as a user reads it."""
        unit = f" {self.unit}" if self.unit else f" {self.label}"
        return f"{value:+d}{unit}"


@dataclass(frozen=True, slots=True)
class SpendOption:
    """One thing that may be bought now, with its quoted price when it is one concrete step.

    ``changes`` is empty for open-ended options (``add an ability``) that the window
    builds with its editor, or (``action``) with the declared list's own action of that
    title at ``path`` (Power Sets' "Roll experience checks"); ``cost`` maps total keys to
    the price (``{"gp": 2}``).
    """

    kind: str
    label: str
    path: DataPath = ()
    explanation: str = ""
    cost: dict[str, int] = field(default_factory=dict)
    changes: tuple[Change, ...] = ()
    rule: str = ""
    action: str = ""
    #: the choice this option is taken with, in the user's words (Damage Resist's damage
    #: type, ``Fire``); its label is then ``Take <name> (<choice>)``
    choice: str = ""

    @property
    def name(self) -> str:
        """What the option takes, without ``Take`` and without its choice."""
        name = self.label.removeprefix("Take ")
        return name.removesuffix(f" ({self.choice})") if self.choice else name


@runtime_checkable
class AdvancementRules(Protocol):
    """A system's advancement declaration."""

    #: what the character earns; the first one is what ``sheetapp advance --earn`` records
    currencies: tuple[Currency, ...]
    #: in the user's words, under which rules the earnings are spent (with seed lines)
    rules_text: str

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """What may be bought now (raise a level, buy off a disadvantage, ...)."""
        ...

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        """A changed value's name as the user knows it (``Kevlar Suit (Armour): level``)."""
        ...

    def describe_value(self, path: DataPath, value: Any) -> str:
        """A stored value as the review shows it (an ability record as its name, ...)."""
        ...


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """Dice a level step needs: entered by the player or rolled for them."""

    key: str
    label: str
    count: int
    sides: int = 6
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class LevelStep:
    """One numbered level gained: the changes it makes (before any choice) and, in words,
    what it brought (``Max HP +7 (dice 4 + FTD 6 - ...)``, ``2 new Slots``)."""

    changes: tuple[Change, ...]
    steps: tuple[str, ...]
    new_level: int
    open_choices: int = 0
    #: the dice used, by request key (entered, or rolled for the player)
    dice: dict[str, list[int]] = field(default_factory=dict)


@runtime_checkable
class LevelledAdvancement(Protocol):
    """The numbered-level shape: earning a level is a step with dice, then choices.

    A wizard asks :meth:`level_dice` for the dice to enter (or roll), applies
    :meth:`level_step` to the character, then offers :meth:`AdvancementRules.spend_options`
    on the result (the Systems that fit the new Slots, ...).
    """

    def level_dice(self, document: CharacterDocument[Any, Any]) -> list[DiceRequest]:
        """The dice the next level needs; ValueError with a user message when the
        character cannot level up (last level, no Role, ...)."""
        ...

    def level_step(
        self,
        document: CharacterDocument[Any, Any],
        dice: dict[str, list[int]],
        rng: Any = None,
    ) -> LevelStep:
        """The next level with ``dice`` by request key (missing ones rolled with ``rng``,
        a ``random.Random``); ValueError with a user message when it cannot be made."""
        ...


def levelled(rules: AdvancementRules | None) -> LevelledAdvancement | None:
    """``rules`` when they have the numbered-level shape."""
    return rules if isinstance(rules, LevelledAdvancement) else None


def advancement_of(system: object) -> AdvancementRules | None:
    """The system's advancement declaration, or None when it declares none."""
    if not isinstance(system, Advances):
        return None
    found = system.advancement
    if not isinstance(found, AdvancementRules) and callable(found):
        found = found()
    return found if isinstance(found, AdvancementRules) else None


def priced_totals(rules: AdvancementRules | None) -> frozenset[str] | None:
    """The totals whose spending is a cost (a declaration's optional ``priced_totals``);
    None: every total. Capital's HP and Energy totals are current / maximum, not costs."""
    found = getattr(rules, "priced_totals", None) if rules is not None else None
    return frozenset(found) if found is not None else None


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
