"""Declared actions: what a character can do at the table, each with its dice, the number
it is rolled against, its options and a pure resolver that returns the result with every
term of its arithmetic.

A system declares them (the :class:`~sheetapp.core.system.DeclaresActions` capability) for
one character at a time, so an option's choices are that character's skills, weapons or
powers. The window's Play panel, the ``roll`` command and the tests read the same
declarations and call the same :func:`resolve`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sheetapp.core.changes import Change
from sheetapp.play.dice import DiceError, DiceRoll, DiceSpec, parse_typed

OptionKind = Literal["int", "choice", "bool", "text"]
OptionValue = int | str | bool | None

#: the widest number an option or a DV may be: far beyond any table, a guard only
NUMBER_LIMIT = 1_000_000
_TRUE = frozenset({"yes", "y", "true", "1", "on"})
_FALSE = frozenset({"no", "n", "false", "0", "off"})


class ActionError(ValueError):
    """An action asked for with an unknown option, a value it does not allow, dice it
    cannot take, or a combination the rules refuse: the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One input of an action besides the dice and the DV."""

    name: str
    label: str
    kind: OptionKind
    default: OptionValue = None
    choices: tuple[Choice, ...] = ()
    minimum: int = -NUMBER_LIMIT
    maximum: int = NUMBER_LIMIT
    help: str = ""

    def allowed(self) -> str:
        if self.kind == "choice":
            # a number or short id is read with what it stands for: "2 (Stealth: 13-)"
            return (
                ", ".join(
                    choice.value
                    if choice.label.casefold() == choice.value.replace("_", " ").casefold()
                    else f"{choice.value} ({choice.label})"
                    for choice in self.choices
                )
                or "nothing yet"
            )
        if self.kind == "bool":
            return "yes or no"
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "any text"

    def parse(self, text: str) -> OptionValue:
        """The value typed for this option, or an :class:`ActionError` naming what it
        allows."""
        typed = text.strip()
        if self.kind == "bool":
            if typed.lower() in _TRUE:
                return True
            if typed.lower() in _FALSE:
                return False
        elif self.kind == "int":
            try:
                number = int(typed)
            except ValueError:
                number = None
            if number is not None and self.minimum <= number <= self.maximum:
                return number
        elif self.kind == "choice":
            for choice in self.choices:
                short = re.split(r":| \(", choice.label, maxsplit=1)[0].strip()
                if typed.lower() in (choice.value.lower(), choice.label.lower(), short.lower()):
                    return choice.value
        elif len(typed) <= 500:
            return typed
        shown = typed if len(typed) <= 40 else typed[:37] + "..."
        raise ActionError(f"{self.label}: '{shown}' is not allowed (allowed: {self.allowed()})")

    def check(self, value: OptionValue) -> OptionValue:
        """A value given as data (by the window) held to the same rules as typed text."""
        if value is None:
            return None
        return self.parse(str(value).lower() if isinstance(value, bool) else str(value))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind}
        out["default"] = self.default
        if self.kind == "choice":
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.kind == "int":
            out["minimum"], out["maximum"] = self.minimum, self.maximum
        if self.help:
            out["help"] = self.help
        return out


DiceFor = Callable[[Mapping[str, OptionValue]], str | None]


@dataclass(frozen=True, slots=True)
class DiceSlot:
    """Dice an action rolls: fixed (``"2D10"``) or chosen by its options (the hit location
    is 3D6 in the open, 2D6 behind cover); None from ``dice_for``: not rolled."""

    key: str
    label: str
    dice: str = ""
    dice_for: DiceFor | None = None
    total_allowed: bool = True
    #: rolled only when the first dice call for it: typed when needed, else left out
    optional: bool = False
    #: what ``dice_for`` gives, in words ("3D6 in the open, 2D6 behind cover")
    hint: str = ""

    def spec(self, options: Mapping[str, OptionValue]) -> DiceSpec | None:
        text = self.dice_for(options) if self.dice_for is not None else self.dice
        return DiceSpec.parse(text) if text else None

    def describe(self) -> str:
        return self.dice or self.hint or "depends on the options"


@dataclass(frozen=True, slots=True)
class VsInput:
    """The number the roll is made against (a DV, a target number, a defence)."""

    label: str
    default: int | None = None
    help: str = ""
    required: bool = True


@dataclass(frozen=True, slots=True)
class Inputs:
    """What the resolver receives: the dice by slot, the DV and every option's value."""

    dice: Mapping[str, DiceRoll]
    vs: int | None
    options: Mapping[str, OptionValue]

    def int(self, name: str) -> int:
        value = self.options.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ActionError(f"give a number for {name}")
        return value

    def flag(self, name: str) -> bool:
        return self.options.get(name) is True

    def text(self, name: str) -> str:
        value = self.options.get(name)
        return value if isinstance(value, str) else ""

    def roll(self, key: str) -> DiceRoll:
        found = self.dice.get(key)
        if found is None:
            raise ActionError(f"this needs the {key} dice")
        return found


@dataclass(frozen=True, slots=True)
class Term:
    """One step of the arithmetic: ``AV`` ``REF 6 + Firearms 4 = 10``."""

    label: str
    value: str

    def text(self) -> str:
        return f"{self.label}: {self.value}"


@dataclass(frozen=True, slots=True)
class Effect:
    """A change the result makes to the character, offered as one undoable change."""

    label: str
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """A resolved action: its dice, each term, the outcome in one line, the numbers a
    program reads (``values``) and the change it offers to make, if any."""

    action: str
    name: str
    dice: tuple[tuple[str, DiceRoll], ...]
    terms: tuple[Term, ...]
    outcome: str
    success: bool | None = None
    values: Mapping[str, Any] = field(default_factory=dict)
    effect: Effect | None = None

    def text(self) -> str:
        """The result as the session log keeps it: the outcome, then each term."""
        lines = [f"{self.name}: {self.outcome}"]
        lines += [f"  {term.text()}" for term in self.terms]
        if self.effect is not None:
            lines.append(f"  To record: {self.effect.label}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "name": self.name,
            "outcome": self.outcome,
            "success": self.success,
            "dice": {key: roll.to_json() for key, roll in self.dice},
            "terms": [{"label": term.label, "value": term.value} for term in self.terms],
            "values": dict(self.values),
            "effect": None if self.effect is None else self.effect.label,
        }


Resolver = Callable[[Inputs], Resolution]


@dataclass(frozen=True, slots=True)
class Action:
    """A declared action: ``id`` is what the command line names, ``name`` what people read."""

    id: str
    name: str
    summary: str
    resolver: Resolver
    dice: tuple[DiceSlot, ...] = ()
    vs: VsInput | None = None
    options: tuple[ActionOption, ...] = ()

    def option(self, name: str) -> ActionOption:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(option.name for option in self.options) or "none"
        raise ActionError(f"{self.name} has no option '{name}' (its options: {known})")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "dice": [{"key": s.key, "label": s.label, "dice": s.describe()} for s in self.dice],
            "vs": None
            if self.vs is None
            else {"label": self.vs.label, "default": self.vs.default, "help": self.vs.help},
            "options": [option.to_json() for option in self.options],
        }


def find_action(actions: Sequence[Action], wanted: str) -> Action:
    """The action named ``wanted`` (its id or its name, any case)."""
    for action in actions:
        if wanted.lower() in (action.id.lower(), action.name.lower()):
            return action
    known = ", ".join(action.id for action in actions) or "none"
    raise ActionError(f"there is no action '{wanted}' for this character (actions: {known})")


def option_values(
    action: Action,
    typed: Mapping[str, str] = {},
    given: Mapping[str, OptionValue] = {},
) -> dict[str, OptionValue]:
    """Every option's value: typed text (the command line), values given as data (the
    window), or the default."""
    values: dict[str, OptionValue] = {option.name: option.default for option in action.options}
    for name, text in typed.items():
        values[name] = action.option(name).parse(text)
    for name, value in given.items():
        values[name] = action.option(name).check(value)
    return values


def resolve(
    action: Action,
    *,
    dice: Mapping[str, str] = {},
    vs: int | None = None,
    options: Mapping[str, str] = {},
    values: Mapping[str, OptionValue] = {},
    roll_missing: bool = False,
    seed: int | None = None,
) -> Resolution:
    """Resolve ``action`` with the dice the player typed (``dice``, by slot key; the first
    slot's key may be ``""``), rolling those not given when ``roll_missing`` (seeded with
    ``seed``, recorded in each roll). Raises :class:`ActionError` with a message for
    anything the action cannot take."""
    chosen = option_values(action, options, values)
    known = {slot.key for slot in action.dice}
    typed = dict(dice)
    if "" in typed and action.dice:
        typed[action.dice[0].key] = typed.pop("")
    for key in typed:
        if key not in known:
            slots = ", ".join(sorted(known)) or "none"
            raise ActionError(f"{action.name} rolls no '{key}' dice (its dice: {slots})")
    if vs is None and action.vs is not None:
        vs = action.vs.default
        if vs is None and action.vs.required:
            raise ActionError(f"{action.name} needs the {action.vs.label}")
    if vs is not None and not -NUMBER_LIMIT <= vs <= NUMBER_LIMIT:
        raise ActionError(f"a {action.vs.label if action.vs else 'DV'} of {vs} is beyond reason")
    if seed is None and roll_missing:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    rolled: dict[str, DiceRoll] = {}
    for slot in action.dice:
        try:
            spec = slot.spec(chosen)
        except DiceError as exc:
            raise ActionError(str(exc)) from None
        if spec is None:
            continue
        text = typed.get(slot.key)
        try:
            if text is not None:
                rolled[slot.key] = parse_typed(spec, text, total_allowed=slot.total_allowed)
            elif slot.optional and not roll_missing:
                continue
            elif roll_missing:
                faces = tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
                rolled[slot.key] = DiceRoll(spec, faces, sum(faces) + spec.bonus, "rolled", seed)
            else:
                raise ActionError(f"give the {slot.label} ({spec}) or let the app roll them")
        except DiceError as exc:
            raise ActionError(f"{slot.label}: {exc}") from None
    return action.resolver(Inputs(rolled, vs, chosen))


def sum_text(parts: Sequence[tuple[str, int]]) -> str:
    """``REF 6 + Firearms 4 - 2 wounds = 8`` from labelled parts."""
    if not parts:
        return "0"
    first_label, first = parts[0]
    text = f"{first_label} {first}"
    for label, value in parts[1:]:
        text += f" {'-' if value < 0 else '+'} {label} {abs(value)}" if label else f" {value:+d}"
    total = sum(value for _label, value in parts)
    return f"{text} = {total}" if len(parts) > 1 else text


def named_numbers(text: str) -> list[tuple[str, int]]:
    """``Rook=7, Ann=3`` as (name, number) pairs (others' INIT or turn-order results)."""
    found = []
    for part in text.split(","):
        if not part.strip():
            continue
        name, sep, value = part.rpartition("=")
        try:
            number = int(value)
        except ValueError:
            number = None
        if not sep or not name.strip() or number is None or abs(number) > NUMBER_LIMIT:
            raise ActionError(f"write the others as Name=N, e.g. Rook=7, not '{part.strip()}'")
        found.append((name.strip(), number))
    return found


def resolved(
    inputs: Inputs,
    action: str,
    name: str,
    terms: Sequence[Term],
    outcome: str,
    *,
    success: bool | None = None,
    values: Mapping[str, Any] | None = None,
    effect: Effect | None = None,
) -> Resolution:
    """The :class:`Resolution` of ``action`` with the dice ``inputs`` rolled, in slot order."""
    return Resolution(
        action,
        name,
        tuple(inputs.dice.items()),
        tuple(terms),
        outcome,
        success,
        {} if values is None else values,
        effect,
    )
