"""The 2d10 action system with psionics, registered as the entry point ``twod10``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetapp.core.costs import CostLine, Total
from sheetapp.core.document import CharacterDocument, Meta
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.memo import evaluates_with_memos
from sheetapp.core.system import UnknownReference
from sheetapp.systems.twod10 import rules
from sheetapp.systems.twod10.advance import ADVANCEMENT, XP, Twod10Advancement, xp_total
from sheetapp.systems.twod10.catalog import catalogs
from sheetapp.systems.twod10.derived import derived_values
from sheetapp.systems.twod10.model import (
    Skill,
    Twod10Campaign,
    Twod10Character,
    Twod10Document,
)
from sheetapp.systems.twod10.sheet import LAST_SHEET, build_sheet, condition_names

if TYPE_CHECKING:  # the printable sheet loads with PDF export
    from sheetapp.sheet import Sheet as PrintedSheet

#: The skills the fragment names, each on a new sheet at rating 0.
STARTING_SKILLS = ("perception", "sneak_camouflage", "persuasion", "defense", "focus")


class Twod10System:
    id = "twod10"
    name = "2d10 action system with psionics"
    system_version = "fragment-1"
    seed = "002_2465630f321cfb59.txt"
    advancement: Twod10Advancement = ADVANCEMENT

    def document_model(self) -> type[Twod10Document]:
        return Twod10Document

    def load_catalogs(self) -> None:
        catalogs()

    def new_document(self, name: str) -> Twod10Document:
        """Every attribute at 5 and the fragment's five skills at 0, ready to raise."""
        cats = catalogs()
        character = Twod10Character(
            skills=[
                Skill(skill=skill, attribute=cats.skills[skill].attribute, rating=0)
                for skill in STARTING_SKILLS
            ]
        )
        return Twod10Document(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=Twod10Campaign(),
            character=character,
        )

    @evaluates_with_memos
    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        character: Twod10Character = document.character
        campaign: Twod10Campaign = document.campaign
        cats = catalogs()
        sheet = build_sheet(character, campaign, cats, condition_names(document))
        LAST_SHEET.keep(document, sheet)
        points = rules.creation_points(character)
        costs = [
            CostLine(
                "Attributes and skills",
                points,
                "every attribute and skill rating, 1 point each (campaign budget)",
                ("character",),
                "points",
            )
        ]
        totals = [
            Total(
                "points",
                "Attribute + skill points",
                points,
                campaign.creation_budget,
                "points",
                "no creation budget in this campaign"
                if campaign.creation_budget is None
                else f"campaign creation budget {campaign.creation_budget}",
            ),
            xp_total(document),
        ]
        ctx = rules.RuleContext(character, campaign, sheet, cats, totals[1])
        return Evaluation.build(
            costs, totals, derived_values(character, sheet, cats), rules.check(ctx)
        )

    def collections(self) -> tuple[Any, ...]:
        """The character's editable lists (:class:`~sheetapp.core.system.DeclaresCollections`)."""
        from sheetapp.systems.twod10.collections import COLLECTIONS

        return COLLECTIONS

    def actions(self, document: Twod10Document) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.twod10.actions import twod10_actions

        return twod10_actions(document)

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> PrintedSheet:
        """The printable sheet (the PrintsSheet capability; see sheetapp.sheet)."""
        from sheetapp.systems.twod10.sheet_pdf import twod10_sheet

        return twod10_sheet(self, document, evaluation)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        character: Twod10Character = document.character
        cats = catalogs()
        found = []
        for index, skill in enumerate(character.skills):
            if skill.skill is not None and skill.skill not in cats.skills:
                found.append(
                    UnknownReference(("character", "skills", index, "skill"), "skill", skill.skill)
                )
        for index, wound in enumerate(character.wounds):
            path = ("character", "wounds", index)
            if wound.location is not None and wound.location not in cats.hit_locations:
                found.append(UnknownReference((*path, "location"), "hit location", wound.location))
            if wound.special is not None and wound.special not in cats.special_damage:
                found.append(UnknownReference((*path, "special"), "damage type", wound.special))
        return found


__all__ = ["SYSTEM", "XP", "Twod10System"]

SYSTEM = Twod10System()
