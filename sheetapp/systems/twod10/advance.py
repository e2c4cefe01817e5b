"""2d10 advancement: a plain experience ledger (the fragment has no advancement rules).

The GM awards XP (a ledger entry's ``earned``); XP buy attribute, skill and Power
ratings at the campaign's prices: raising a rating to N costs N × the campaign's
``attribute_xp`` / ``skill_xp`` / ``power_xp`` (README, "Campaign settings"). What is
spent is worked out from the character itself — every rating now against the ledger's
starting build (entry zero) — so the ledger and the sheet cannot disagree, and
lowering a rating gives its XP back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.costs import Total
from sheetapp.core.document import CharacterDocument, earned_total
from sheetapp.core.issues import DataPath
from sheetapp.core.system import Currency, GameSystem, SpendOption
from sheetapp.systems.twod10.catalog import ATTRIBUTES, Catalogs, catalogs
from sheetapp.systems.twod10.model import Twod10Campaign, Twod10Character
from sheetapp.systems.twod10.sheet import skill_name

XP = "xp"
#: a rating one step up can buy: its name, where it is, its value now
Rating = tuple[str, DataPath, int]

EXPERIENCE = Currency(
    XP,
    "Experience",
    "XP",
    "awarded by the GM after a session; the rules fragment sets no amounts",
)

RULES_TEXT = (
    "The rules fragment has no advancement rules, so this campaign uses a plain experience "
    "ledger: the GM awards XP, and raising a rating to a new value costs that value times "
    "the campaign's price (attributes, skills and Power each have their own). New skills "
    "start from 0. Unspent XP carry forward."
)


def rating_cost(before: int, after: int, price: int) -> int:
    """XP to go from ``before`` to ``after``: each new rating N costs N × price (a lowering
    gives the same back)."""
    if after >= before:
        return sum(price * rating for rating in range(before + 1, after + 1))
    return -rating_cost(after, before, price)


def _ratings(character: Mapping[str, Any]) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Attribute, skill (by name) and Power (by name) ratings of a stored character."""
    cats = catalogs()
    raw_attrs = character.get("attributes")
    attrs = raw_attrs if isinstance(raw_attrs, Mapping) else {}
    attributes: dict[str, int] = {
        a: int(attrs.get(a, 5)) for a in ATTRIBUTES if isinstance(attrs.get(a, 5), int)
    }
    skills: dict[str, int] = {}
    for raw in character.get("skills") or []:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("rating", 0), int):
            continue
        known = cats.skills.get(str(raw.get("skill") or ""))
        name = str(raw.get("name") or (known.name if known else "")).strip().casefold()
        skills[name] = skills.get(name, 0) + int(raw.get("rating", 0))
    powers: dict[str, int] = {}
    for raw in character.get("powers") or []:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("power", 1), int):
            continue
        name = str(raw.get("name", "")).strip().casefold()
        powers[name] = powers.get(name, 0) + int(raw.get("power", 1))
    return attributes, skills, powers


def xp_spent(now: Twod10Character, start: Mapping[str, Any], campaign: Twod10Campaign) -> int:
    """XP spent between the starting build ``start`` (stored form) and ``now``."""
    a0, s0, p0 = _ratings(start)
    a1, s1, p1 = _ratings(now.model_dump(mode="json"))
    spent = sum(rating_cost(a0.get(a, v), v, campaign.attribute_xp) for a, v in a1.items())
    for name in {*s0, *s1}:
        spent += rating_cost(s0.get(name, 0), s1.get(name, 0), campaign.skill_xp)
    for name in {*p0, *p1}:
        spent += rating_cost(p0.get(name, 0), p1.get(name, 0), campaign.power_xp)
    return spent


def xp_total(document: CharacterDocument[Any, Any]) -> Total:
    """Experience: spent since the starting build against every XP earned in the ledger."""
    history = document.history
    earned = earned_total(history, XP)
    zero = history[0] if history and history[0].kind == "creation" else None
    snapshot = zero.snapshot if zero is not None else None
    start = snapshot.get("character") if isinstance(snapshot, Mapping) else None
    if not isinstance(start, Mapping):
        return Total(XP, "Experience", 0, earned, "XP", "no ledger yet: nothing spent")
    spent = xp_spent(document.character, start, document.campaign)
    return Total(
        XP,
        "Experience",
        spent,
        earned,
        "XP",
        f"ratings raised since the starting build; {earned} XP earned",
        (("earned", earned),),
    )


class Twod10Advancement:
    """The declaration ``sheetapp.advancement`` finds as ``Twod10System.advancement``."""

    currencies: tuple[Currency, ...] = (EXPERIENCE,)
    rules_text: str = RULES_TEXT
    priced_totals: tuple[str, ...] = (XP,)

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """Each attribute, skill and Power one rating up, with its price."""
        character: Twod10Character = document.character
        campaign: Twod10Campaign = document.campaign
        cats = catalogs()
        options = [
            *_raises(
                "raise_attribute",
                _attribute_ratings(character, cats),
                campaign.attribute_max,
                campaign.attribute_xp,
            ),
            *_raises(
                "raise_skill",
                _skill_ratings(character, cats),
                campaign.skill_max,
                campaign.skill_xp,
            ),
            *_raises(
                "raise_power", _power_ratings(character), campaign.power_max, campaign.power_xp
            ),
        ]
        options.append(
            SpendOption(
                "add_skill",
                "Add a skill",
                ("character", "skills"),
                rule=f"a new skill starts at 0; each rating N costs N × {campaign.skill_xp} XP",
            )
        )
        return options

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        if len(path) < 2 or path[0] != "character":
            return ""
        character: Twod10Character = document.character
        cats = catalogs()
        key = path[1]
        if key == "attributes" and len(path) >= 3 and path[2] in cats.attributes:
            return cats.attributes[str(path[2])].name
        items = getattr(character, str(key), None)
        index = path[2] if len(path) >= 3 else None
        if isinstance(items, list) and isinstance(index, int) and 0 <= index < len(items):
            item = items[index]
            name = skill_name(item, cats) if key == "skills" else getattr(item, "name", "")
            rest = " ".join(str(part) for part in path[3:])
            return f"{name or key}{' › ' + rest.capitalize() if rest else ''}"
        return str(key).replace("_", " ").capitalize()

    def describe_value(self, path: DataPath, value: Any) -> str:
        if isinstance(value, dict) and "rating" in value:
            return f"{value.get('name') or value.get('skill') or 'skill'} {value['rating']}"
        return ""


def _attribute_ratings(character: Twod10Character, cats: Catalogs) -> list[Rating]:
    return [
        (
            cats.attributes[attribute].name,
            ("character", "attributes", attribute),
            character.attributes.get(attribute),
        )
        for attribute in ATTRIBUTES
    ]


def _skill_ratings(character: Twod10Character, cats: Catalogs) -> list[Rating]:
    return [
        (skill_name(skill, cats), ("character", "skills", index, "rating"), skill.rating)
        for index, skill in enumerate(character.skills)
    ]


def _power_ratings(character: Twod10Character) -> list[Rating]:
    return [
        (f"{power.name or 'power'} › Power", ("character", "powers", index, "power"), power.power)
        for index, power in enumerate(character.powers)
    ]


def _raises(kind: str, ratings: list[Rating], maximum: int, price: int) -> list[SpendOption]:
    """Each rating one step up, where the campaign's maximum allows it."""
    return [
        _option(kind, f"Raise {name} to {value + 1}", path, value, price)
        for name, path, value in ratings
        if value + 1 <= maximum
    ]


def _option(kind: str, label: str, path: DataPath, value: int, price: int) -> SpendOption:
    cost = rating_cost(value, value + 1, price)
    return SpendOption(
        kind,
        label,
        path,
        f"{value + 1} × {price} XP = {cost} XP",
        {XP: cost} if cost else {},
        (Change("set", path, value, value + 1),),
        "campaign setting: raising a rating to N costs N × the campaign's price",
    )


ADVANCEMENT = Twod10Advancement()
