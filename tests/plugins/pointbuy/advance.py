"""Point Buy's advancement: "Points earned in play are added to the points a character
has." (line 24) The game master awards points (a ledger entry's ``earned``); they are
spent at the creation prices, so what is spent is what the evaluation prices."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath
from sheetapp.core.system import Currency, GameSystem, SpendOption
from tests.plugins.pointbuy.catalog import ATTRIBUTES, skill_name
from tests.plugins.pointbuy.model import PointbuyCharacter
from tests.plugins.pointbuy.rules import ATTRIBUTE_STEP, POINTS, SKILL_RANK

EARNED = Currency(POINTS, "Points", "points", "awarded by the game master after a session")


def _raise(kind: str, label: str, path: DataPath, value: int, price: int) -> SpendOption:
    return SpendOption(
        kind,
        f"Raise {label} to {value + 1}",
        path,
        f"{price} points",
        {POINTS: price},
        (Change("set", path, value, value + 1),),
    )


class PointbuyAdvancement:
    """The declaration the advancement framework finds as ``PointbuySystem.advancement``."""

    currencies: tuple[Currency, ...] = (EARNED,)
    rules_text: str = "Points earned in play are spent at the creation prices (lines 10, 15, 24)."
    priced_totals: tuple[str, ...] = (POINTS,)

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """Each attribute below 5 and each skill below rank 3, one step up."""
        character: PointbuyCharacter = document.character
        options = []
        for key in ATTRIBUTES:
            value = getattr(character.attributes, key)
            if value < 5:
                at: DataPath = ("character", "attributes", key)
                options.append(
                    _raise("raise_attribute", key.capitalize(), at, value, ATTRIBUTE_STEP)
                )
        for index, choice in enumerate(character.skills):
            if choice.rank < 3:
                rank: DataPath = ("character", "skills", index, "rank")
                name = skill_name(choice.skill)
                options.append(_raise("raise_skill", name, rank, choice.rank, SKILL_RANK))
        options.append(SpendOption("add_skill", "Add a skill", ("character", "skills")))
        return options

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        """``Body``, ``Climb › Rank``; "" for a path it does not know."""
        if len(path) == 3 and path[:2] == ("character", "attributes"):
            return str(path[2]).capitalize()
        if len(path) >= 3 and path[:2] == ("character", "skills"):
            skills = document.character.skills
            index = path[2]
            if isinstance(index, int) and 0 <= index < len(skills):
                name = skill_name(skills[index].skill)
                return f"{name} › Rank" if path[3:] == ("rank",) else name
        return ""

    def describe_value(self, path: DataPath, value: Any) -> str:
        """A skill record as ``Climb 2``."""
        if isinstance(value, dict) and "skill" in value:
            return f"{skill_name(str(value['skill']))} {value.get('rank', 1)}"
        return ""


ADVANCEMENT = PointbuyAdvancement()
