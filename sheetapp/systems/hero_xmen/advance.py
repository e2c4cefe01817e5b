"""X-Men HERO advancement: the GM awards Experience Points, spent under the creation rules.

The supplement gives no advancement rules of its own; HERO System 5th Edition's is that
Experience Points are Character Points, spent like the starting ones. So earned points
raise the budget (base points + Disadvantages + every point earned in the ledger) and
every purchase is priced by the same evaluation as the editor: characteristics (INT 2 per
point, line 116), the skill ladders (lines 168-172), talents (lines 301-313) and powers
(Active and Real Points). Unspent points stay in the budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from sheetapp.advancement.naming import added_item_name, list_item_place
from sheetapp.core.changes import Change, apply_to_document
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath
from sheetapp.core.system import Currency, GameSystem, SpendOption
from sheetapp.systems.hero_xmen.build import (
    Build,
    build,
    disadvantage_name,
    power_name,
    skill_name,
)
from sheetapp.systems.hero_xmen.catalog import PRIMARIES, Catalogs, catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for
from sheetapp.systems.hero_xmen.costs import signed
from sheetapp.systems.hero_xmen.model import (
    CharacteristicBuy,
    HeroCharacter,
    PowerChoice,
    SkillChoice,
    TalentChoice,
)

XP = "xp"
POINTS = "points"

EXPERIENCE = Currency(
    XP,
    "Experience Points",
    "XP",
    "awarded by the GM after a session; spent like Character Points",
)

RULES_TEXT = (
    "Experience Points awarded by the GM are Character Points (HERO System 5th Edition): "
    "they raise the budget and are spent under the supplement's rules — characteristics at "
    "their cost per point (INT 2, MD 1, Knockback Resistance 2), skills up their category's "
    "ladder (Major +2 per +1, Limited +2, Minor +1), talents (3 points per level; Belief "
    "like a Major Skill) and powers at their Real Points. A Disadvantage is bought off with "
    "the points it gave. Unspent points carry forward."
)

BUY_OFF_RULE = (
    "HERO System 5th Edition: a Disadvantage is bought off with Experience Points equal to "
    "the points it gave; the character no longer has it"
)

LIST_NAMES = {
    "characteristics": "Characteristic",
    "skills": "Skill",
    "talents": "Talent",
    "powers": "Power",
    "disadvantages": "Disadvantage",
}


def next_step(level: int) -> int:
    """The next step up the ladder: -3 → +0 → +1 …"""
    return 0 if level < 0 else level + 1


class HeroAdvancement:
    """The declaration ``sheetapp.advancement`` finds as ``HeroSystem.advancement``."""

    currencies: tuple[Currency, ...] = (EXPERIENCE,)
    rules_text: str = RULES_TEXT
    #: Character Points are what purchases cost; Disadvantage points are a budget source
    priced_totals: tuple[str, ...] = (POINTS,)

    def spend_options(
        self, system: GameSystem[Any], document: CharacterDocument[Any, Any]
    ) -> list[SpendOption]:
        """Each primary characteristic +1, each skill and talent one step up, each power
        one more unit, priced now; then the open-ended purchases the editor builds."""
        cats = catalogs_for(document.campaign)
        built = build(document.character, document.campaign, cats)
        return [
            *_characteristic_options(system, document, built),
            *_skill_options(system, document, cats),
            *_talent_options(system, document, cats),
            *_power_options(system, document, cats),
            *_buy_off_options(system, document, built, cats),
            SpendOption("add_skill", "Add a skill", ("character", "skills")),
            SpendOption("add_talent", "Add a talent", ("character", "talents")),
            SpendOption("add_power", "Add a power", ("character", "powers")),
        ]

    def describe_path(self, document: CharacterDocument[Any, Any], path: DataPath) -> str:
        if len(path) >= 2 and path[0] == "campaign":
            return f"Campaign: {str(path[1]).replace('_', ' ')}"
        return list_item_place(document, path, LIST_NAMES, _item_name)

    def describe_value(self, path: DataPath, value: Any) -> str:
        models: dict[str, type[BaseModel]] = {
            "characteristics": CharacteristicBuy,
            "skills": SkillChoice,
            "talents": TalentChoice,
            "powers": PowerChoice,
        }
        return added_item_name(path, value, models, _item_name)


Document = CharacterDocument[Any, Any]


def _characteristic_options(
    system: GameSystem[Any], document: Document, built: Build
) -> Iterator[SpendOption]:
    """Each primary and figured characteristic +1."""
    for row in built.char_rows:
        if row.char.id not in PRIMARIES and row.char.group != "figured":
            continue
        change = raise_characteristic(document, row.char.id)
        yield _offer(
            system,
            document,
            change,
            kind="raise_characteristic",
            label=f"{row.char.abbreviation} {row.value} → {row.value + 1}",
            how=f"{row.per_point:g} points per point",
            rule="INT costs 2 per point (line 116); MD 1 (line 142)",
        )


def _skill_options(
    system: GameSystem[Any], document: Document, cats: Catalogs
) -> Iterator[SpendOption]:
    """Each skill one step up its ladder (a General Skill one more unit)."""
    for index, skill in enumerate(document.character.skills):
        if skill.level < 1 and cats.general.get(skill.skill or "") is not None:
            continue
        new_level = skill.level + 1 if skill.skill in cats.general else next_step(skill.level)
        yield _raise_level(
            system,
            document,
            ("skill", index, skill_name(skill, cats)),
            (skill.level, new_level),
            how="one step up the ladder",
            rule="lines 168-172: the cost ladder of each category",
        )


def _talent_options(
    system: GameSystem[Any], document: Document, cats: Catalogs
) -> Iterator[SpendOption]:
    """Each talent one more level (Unattractive one further from zero)."""
    for index, talent in enumerate(document.character.talents):
        entry = cats.talents.get(talent.talent)
        if entry is None:
            continue
        new_level = next_step(talent.level) if entry.pricing == "ladder" else talent.level + 1
        if entry.signed and talent.level < 0:
            new_level = talent.level - 1
        yield _raise_level(
            system,
            document,
            ("talent", index, entry.name),
            (talent.level, new_level),
            how="one more level",
            rule="lines 301-313",
        )


def _raise_level(
    system: GameSystem[Any],
    document: Document,
    which: tuple[str, int, str],
    levels: tuple[int, int],
    *,
    how: str,
    rule: str,
) -> SpendOption:
    """A skill's or a talent's level raised: ``which`` is (its kind, its row, its name),
    ``levels`` (now, then)."""
    kind, index, name = which
    before, after = levels
    change = Change("set", ("character", f"{kind}s", index, "level"), before, after)
    return _offer(
        system,
        document,
        change,
        kind=f"raise_{kind}",
        label=f"{name} {signed(before)} → {signed(after)}",
        how=how,
        rule=rule,
    )


def _power_options(
    system: GameSystem[Any], document: Document, cats: Catalogs
) -> Iterator[SpendOption]:
    """Each power priced by its parts one more unit of its first part."""
    for index, power in enumerate(document.character.powers):
        power_def = cats.powers.get(power.power or "")
        if power_def is None or power_def.pricing != "parts":
            continue
        change = Change(
            "set", ("character", "powers", index, "levels"), power.levels, power.levels + 1
        )
        part = power_def.parts[0]
        yield _offer(
            system,
            document,
            change,
            kind="raise_power",
            label=f"{power_name(power, cats)}: +1{part.unit}",
            how=f"{part.cost:g} points per {part.unit} before modifiers",
            rule="Active = base × (1 + advantages); Real = Active / (1 + limitations)",
        )


def _buy_off_options(
    system: GameSystem[Any], document: Document, built: Build, cats: Catalogs
) -> Iterator[SpendOption]:
    """Each Disadvantage that counts, bought off."""
    for owed in built.disadvantages:
        choice = document.character.disadvantages[owed.index]
        path: DataPath = ("character", "disadvantages", owed.index)
        change = Change("remove", path, before=choice.model_dump(mode="json"))
        yield _offer(
            system,
            document,
            change,
            kind="buy_off_disadvantage",
            label=f"Buy off {disadvantage_name(choice, cats)} ({owed.value.value} pts)",
            how="Experience Points equal to the points it counted for",
            rule=BUY_OFF_RULE,
        )


def _offer(
    system: GameSystem[Any],
    document: Document,
    change: Change,
    *,
    kind: str,
    label: str,
    how: str,
    rule: str,
) -> SpendOption:
    """A purchase of one change, priced now by the evaluation."""
    return SpendOption(
        kind, label, change.path, how, {POINTS: _price(system, document, change)}, (change,), rule
    )


def _item_name(key: str, item: Any) -> str:
    cats = catalogs()
    if key == "characteristics":
        char = cats.characteristics.get(item.characteristic)
        return char.abbreviation if char else item.characteristic
    if key == "skills":
        return f"{skill_name(item, cats)} {signed(item.level)}"
    if key == "talents":
        talent = cats.talents.get(item.talent)
        return f"{talent.name if talent else item.talent} {signed(item.level)}"
    if key == "powers":
        return power_name(item, cats)
    if key == "disadvantages":
        return disadvantage_name(item, cats)
    return LIST_NAMES.get(key, key)


def raise_characteristic(document: CharacterDocument[Any, Any], char_id: str) -> Change:
    """The change that buys one more point of ``char_id`` (adding its row if missing)."""
    character: HeroCharacter = document.character
    for index, buy in enumerate(character.characteristics):
        if buy.characteristic == char_id:
            return Change(
                "set", ("character", "characteristics", index, "bought"), buy.bought, buy.bought + 1
            )
    new = CharacteristicBuy.model_validate({"characteristic": char_id, "bought": 1})
    return Change(
        "insert",
        ("character", "characteristics", len(character.characteristics)),
        after=new.model_dump(mode="json"),
    )


def _price(system: GameSystem[Any], document: CharacterDocument[Any, Any], change: Change) -> int:
    """Points the change costs: how many fewer points are left to spend after it. For a
    purchase that is what it adds to the points spent; for buying off a Disadvantage, the
    points it counted for in the budget (none above the Disadvantage cap)."""
    before = system.evaluate(document).total(POINTS).remaining or 0
    after_doc = apply_to_document(document, [change])
    return before - (system.evaluate(after_doc).total(POINTS).remaining or 0)


ADVANCEMENT = HeroAdvancement()
