"""The X-Men HERO game system object (registered as the ``hero-xmen`` entry point)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, HistoryEntry, Meta, earned_total
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.memo import Memo, evaluates_with_memos
from sheetapp.core.system import PriceSetting, UnknownReference
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.hero_xmen import rules
from sheetapp.systems.hero_xmen.build import (
    Build,
    DisadvantageRow,
    FrameworkRow,
    PowerRow,
    SkillRow,
    SlotRow,
    build,
)
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for, core_prices
from sheetapp.systems.hero_xmen.derived import derived_values
from sheetapp.systems.hero_xmen.model import HeroCampaign, HeroCharacter, HeroDocument
from sheetapp.systems.hero_xmen.starting import starting_character

if TYPE_CHECKING:
    from sheetapp.editing.collections import Collection
    from sheetapp.sheet import Sheet
    from sheetapp.systems.hero_xmen.advance import HeroAdvancement

#: the Character Points total (and the key of experience in a ledger's ``earned``)
POINTS = "points"
XP = "xp"
DISADVANTAGE_TOTAL = "disadvantages"


class _Advancement:
    """``HeroSystem.advancement``, imported on first use."""

    def __get__(self, obj: object, owner: type | None = None) -> HeroAdvancement:
        from sheetapp.systems.hero_xmen.advance import ADVANCEMENT

        return ADVANCEMENT


def earned_xp(history: Sequence[HistoryEntry]) -> int:
    """Every Experience Point earned in the ledger."""
    return earned_total(history, XP)


class HeroSystem:
    id = "hero-xmen"
    name = "X-Men Campaign (HERO System 5th Edition)"
    system_version = "2008-08-27"
    seed = "001_83bd08b00b463b10.txt"
    advancement = _Advancement()

    def document_model(self) -> type[HeroDocument]:
        return HeroDocument

    def load_catalogs(self) -> None:
        catalogs()

    def new_document(self, name: str) -> HeroDocument:
        """Every characteristic at its base and the Everyperson Skills of a typical
        American background (lines 204-219), free at -3; the rest is the player's."""
        return HeroDocument(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=HeroCampaign(),
            character=starting_character(),
        )

    @evaluates_with_memos
    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: HeroCharacter = document.character
        campaign: HeroCampaign = document.campaign
        cats = catalogs_for(campaign)
        built = build(character, campaign, cats)
        earned = earned_xp(document.history)
        counted = min(built.disadvantage_points, campaign.disadvantage_cap)
        budget = campaign.base_points + counted + earned
        ctx = rules.RuleContext(character, campaign, cats, built, budget, counted)
        return Evaluation.build(
            cost_lines(built),
            totals(built, campaign, counted, earned, budget),
            derived_values(character, campaign, built, cats),
            rules.check(ctx),
        )

    def price_settings(self) -> tuple[PriceSetting, ...]:
        """The prices the supplement takes from the core book (``core_prices``)."""
        return tuple(
            PriceSetting("core_prices", price.key, price.label, price.default, price.note)
            for price in core_prices()
        )

    def collections(self) -> tuple[Collection[Any], ...]:
        from sheetapp.systems.hero_xmen.collections import COLLECTIONS

        return COLLECTIONS

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> Sheet:
        from sheetapp.systems.hero_xmen.sheet_pdf import hero_sheet

        return hero_sheet(self, document, evaluation)

    def actions(self, document: Any) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.hero_xmen.actions import hero_actions

        return hero_actions(document)

    def statblock(
        self, document: CharacterDocument[Any, Any], evaluation: Evaluation
    ) -> list[tuple[str, str]]:
        """export-text's lines, in HERO's notation (every play number of the sheet)."""
        from sheetapp.systems.hero_xmen.sheet_pdf import hero_statblock

        return hero_statblock(self, document, evaluation)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        character: HeroCharacter = document.character
        cats = catalogs()
        found = []
        for index, skill in enumerate(character.skills):
            if (
                skill.skill is not None
                and skill.skill not in cats.skills
                and skill.skill not in cats.general
            ):
                found.append(
                    UnknownReference(("character", "skills", index, "skill"), "skill", skill.skill)
                )
        for index, talent in enumerate(character.talents):
            if talent.talent not in cats.talents:
                found.append(
                    UnknownReference(
                        ("character", "talents", index, "talent"), "talent", talent.talent
                    )
                )
        for index, power in enumerate(character.powers):
            if power.power is not None and power.power not in cats.powers:
                found.append(
                    UnknownReference(("character", "powers", index, "power"), "power", power.power)
                )
            for number, modifier in enumerate(power.modifiers):
                if modifier.modifier is not None and modifier.modifier not in cats.modifiers:
                    path = ("character", "powers", index, "modifiers", number, "modifier")
                    found.append(UnknownReference(path, "power modifier", modifier.modifier))
        for index, item in enumerate(character.disadvantages):
            if item.kind not in cats.kinds:
                found.append(
                    UnknownReference(
                        ("character", "disadvantages", index, "kind"), "disadvantage", item.kind
                    )
                )
        return found


def _skill_line(row: SkillRow) -> CostLine:
    return CostLine(row.name, row.cost, row.explanation, ("character", "skills", row.index), POINTS)


def _power_line(row: PowerRow, slot: SlotRow | None = None) -> CostLine:
    """A power at its Real Points, or as the slot of a framework at the slot's cost."""
    cost, explanation = (
        (row.points.real, row.explanation)
        if slot is None
        else (slot.cost, f"{row.explanation}; {slot.explanation}")
    )
    return CostLine(
        row.name,
        cost,
        explanation,
        ("character", "powers", row.index),
        POINTS,
        figures=(("Active", row.points.active),),
    )


def _framework_line(row: FrameworkRow) -> CostLine:
    return CostLine(
        row.name,
        row.cost,
        row.explanation,
        ("character", "frameworks", row.index),
        POINTS,
        figures=(("Active", row.points),),
    )


def _disadvantage_line(row: DisadvantageRow) -> CostLine:
    return CostLine(
        row.name,
        row.value.value,
        row.value.explanation,
        ("character", "disadvantages", row.index),
        DISADVANTAGE_TOTAL,
    )


#: the rows of an unchanged choice are the same objects (build.py), and so their lines
_SAME_ROW = "a row's cost line, kept by the identity of the row (build.py keeps the rows)"
_SKILL_LINES: Memo[ByIdentity[SkillRow, CostLine]] = Memo(
    "hero-xmen:skill_lines", "the build's skill rows", _SAME_ROW, ByIdentity
)
_POWER_LINES: Memo[ByIdentity[PowerRow, CostLine]] = Memo(
    "hero-xmen:power_lines", "the build's power rows", _SAME_ROW, ByIdentity
)
_DISADVANTAGE_LINES: Memo[ByIdentity[DisadvantageRow, CostLine]] = Memo(
    "hero-xmen:disadvantage_lines", "the build's disadvantage rows", _SAME_ROW, ByIdentity
)


def _characteristic_lines(built: Build) -> tuple[CostLine, ...]:
    """Each characteristic that costs something or is bought on the list."""
    return tuple(
        CostLine(
            f"{row.char.abbreviation} {row.value}{row.char.unit}",
            row.cost,
            row.explanation,
            ("character", "characteristics", row.index) if row.index is not None else (),
            POINTS,
        )
        for row in built.char_rows
        if row.cost or (row.index is not None and row.bought)
    )


def _power_lines(built: Build) -> tuple[CostLine, ...]:
    """Each power (a framework's slot at the slot's cost), then each framework."""
    powers = tuple(
        _power_line(row, built.slots[row.index]) if row.index in built.slots else line
        for row, line in zip(
            built.powers, _POWER_LINES.current().each(built.powers, _power_line), strict=True
        )
    )
    return powers + tuple(_framework_line(row) for row in built.frameworks)


def cost_lines(built: Build) -> list[CostLine]:
    chars = _characteristic_lines(built)
    skills = tuple(_SKILL_LINES.current().each(built.skills, _skill_line))
    talents = tuple(
        CostLine(row.name, row.cost, row.explanation, ("character", "talents", row.index), POINTS)
        for row in built.talents
    )
    powers = _power_lines(built)
    disadvantages = tuple(
        _DISADVANTAGE_LINES.current().each(built.disadvantages, _disadvantage_line)
    )
    return [
        CostLine(
            "Characteristics",
            built.characteristics_cost,
            "bought above the base values",
            ("character", "characteristics"),
            POINTS,
            chars,
        ),
        CostLine(
            "Skills",
            built.skills_cost,
            _count(len(skills), "skill"),
            ("character", "skills"),
            POINTS,
            skills,
        ),
        CostLine(
            "Talents",
            built.talents_cost,
            _count(len(talents), "talent"),
            ("character", "talents"),
            POINTS,
            talents,
        ),
        CostLine(
            "Powers",
            built.powers_cost,
            _count(len(built.powers), "power")
            + (f", {_count(len(built.frameworks), 'Power Framework')}" if built.frameworks else "")
            + f", {built.active_points} Active Points",
            ("character", "powers"),
            POINTS,
            powers,
            figures=(("Active", built.active_points),),
        ),
        CostLine(
            "Disadvantages",
            built.disadvantage_points,
            "points each Disadvantage is worth",
            ("character", "disadvantages"),
            DISADVANTAGE_TOTAL,
            disadvantages,
        ),
    ]


def totals(
    built: Build, campaign: HeroCampaign, counted: int, earned: int, budget: int
) -> list[Total]:
    """Hero Designer's totals: base points + Disadvantage points (+ experience) against
    the points spent."""
    spent_text = (
        f"characteristics {built.characteristics_cost} + skills {built.skills_cost} + talents "
        f"{built.talents_cost} + powers {built.powers_cost} = {built.spent} spent"
    )
    budget_text = f"base {campaign.base_points} + disadvantages {counted}"
    if earned:
        budget_text += f" + experience {earned}"
    budget_text += f" = {budget}"
    return [
        Total(
            POINTS,
            "Character Points",
            built.spent,
            budget,
            "pts",
            f"{spent_text}; {budget_text}",
            (("base", campaign.base_points), ("disadvantages", counted), ("experience", earned)),
        ),
        Total(
            DISADVANTAGE_TOTAL,
            "Disadvantage points",
            built.disadvantage_points,
            campaign.disadvantage_cap,
            "pts",
            f"worth {built.disadvantage_points}, at most {campaign.disadvantage_cap} count",
        ),
        Total(
            "active",
            "Active Points in powers",
            built.active_points,
            None,
            "AP",
            "before limitations",
        ),
    ]


SYSTEM = HeroSystem()


def _count(number: int, noun: str) -> str:
    """ "1 talent", "3 talents"."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
