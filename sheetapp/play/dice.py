"""Dice as the rules name them (``2D10``, ``3D6``, ``D100``, ``2d6+1``), the dice a player
typed (``7 9``, or the total where only the total matters) and the dice the app rolls for
them with a seeded generator, recorded so the result can be checked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

#: the most dice or sides a notation may name: far beyond any table, a guard only
MAX_DICE = 100
MAX_SIDES = 1000

_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """Dice that cannot be: a face the die does not have, too many or too few dice."""


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """``count`` dice of ``sides`` sides, plus ``bonus`` (``2d6+6``)."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        match = _NOTATION.match(text)
        if match is None:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise DiceError(f"'{shown}' is not dice (write them like 2D10, 3D6, D100 or 2D6+1)")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if not 1 <= count <= MAX_DICE:
            raise DiceError(f"'{text}': between 1 and {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise DiceError(f"'{text}': a die has between 2 and {MAX_SIDES} sides")
        return cls(count, sides, bonus)

    @property
    def lowest(self) -> int:
        return self.count + self.bonus

    @property
    def highest(self) -> int:
        return self.count * self.sides + self.bonus

    def __str__(self) -> str:
        count = "" if self.count == 1 else str(self.count)
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{count}D{self.sides}{bonus}"


How = Literal["typed", "total", "rolled"]


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """Dice that were rolled: each face when known (``faces``), the total, and how the app
    came to know them (typed by the player, a typed total, or rolled with ``seed``)."""

    spec: DiceSpec
    faces: tuple[int, ...]
    total: int
    how: How
    seed: int | None = None

    def describe(self) -> str:
        """``2D10 7+9 = 16``, ``3D6 total 11``, ``2D6+6 3+4 +6 = 13``."""
        if not self.faces:
            return f"{self.spec} total {self.total}"
        shown = "+".join(str(face) for face in self.faces)
        bonus = f" {self.spec.bonus:+d}" if self.spec.bonus else ""
        if len(self.faces) == 1 and not bonus:
            return f"{self.spec} {self.total}"
        return f"{self.spec} {shown}{bonus} = {self.total}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "dice": str(self.spec),
            "faces": list(self.faces),
            "total": self.total,
            "how": self.how,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        return out


def parse_typed(spec: DiceSpec, text: str, *, total_allowed: bool) -> DiceRoll:
    """The dice a player typed for ``spec``: each face (``7 9``, ``7,9`` or ``7+9``), or
    one number, the total, where only the total matters (``total_allowed``). Impossible
    dice are refused with what they should be."""
    shown = text if len(text) <= 40 else text[:37] + "..."
    parts = [part for part in re.split(r"[\s,+]+", text.strip()) if part]
    if not parts:
        raise DiceError(f"no dice given for {spec}")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        raise DiceError(
            f"'{shown}' is not dice for {spec}: type each die as a number, e.g. "
            + " ".join(str(min(spec.sides, 7 - n)) for n in range(spec.count))
        ) from None
    if len(numbers) == spec.count:
        for number in numbers:
            if not 1 <= number <= spec.sides:
                raise DiceError(f"a D{spec.sides} shows 1 to {spec.sides}, not {number}")
        return DiceRoll(spec, tuple(numbers), sum(numbers) + spec.bonus, "typed")
    if len(numbers) == 1 and total_allowed:
        total = numbers[0]
        low, high = spec.count, spec.count * spec.sides
        if not low <= total <= high:
            raise DiceError(f"{spec.count}D{spec.sides} totals {low} to {high}, not {total}")
        return DiceRoll(spec, (), total + spec.bonus, "total")
    wanted = f"{spec.count} di{'e' if spec.count == 1 else 'ce'}"
    if total_allowed and spec.count > 1:
        wanted += " or their total"
    raise DiceError(f"{spec} takes {wanted}, not {len(numbers)} numbers ('{shown}')")
