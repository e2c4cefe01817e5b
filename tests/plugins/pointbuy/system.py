"""The Point Buy plug-in object: the required GameSystem members, and the optional
capabilities it offers (declared lists, a printed sheet, advancement)."""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument, Meta
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import UnknownReference
from sheetapp.editing.collections import Collection
from sheetapp.sheet import Sheet
from tests.plugins.pointbuy import rules
from tests.plugins.pointbuy.advance import ADVANCEMENT, PointbuyAdvancement
from tests.plugins.pointbuy.catalog import skills
from tests.plugins.pointbuy.codes import SEED
from tests.plugins.pointbuy.collections import COLLECTIONS
from tests.plugins.pointbuy.model import PointbuyCampaign, PointbuyCharacter, PointbuyDocument
from tests.plugins.pointbuy.sheet_pdf import pointbuy_sheet


class PointbuySystem:
    id = "pointbuy"
    name = "Point Buy"
    system_version = "1"
    seed = SEED
    advancement: PointbuyAdvancement = ADVANCEMENT

    def document_model(self) -> type[PointbuyDocument]:
        return PointbuyDocument

    def load_catalogs(self) -> None:
        skills()

    def new_document(self, name: str) -> PointbuyDocument:
        return PointbuyDocument(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=PointbuyCampaign(),
            character=PointbuyCharacter(),
        )

    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        return rules.evaluate(document)  # type: ignore[arg-type]

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        known = skills()
        return [
            UnknownReference(("character", "skills", index, "skill"), "skill", choice.skill)
            for index, choice in enumerate(document.character.skills)
            if choice.skill not in known
        ]

    def collections(self) -> tuple[Collection[Any], ...]:
        return COLLECTIONS

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> Sheet:
        return pointbuy_sheet(self, document, evaluation)


SYSTEM = PointbuySystem()
