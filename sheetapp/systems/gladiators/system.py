"""The Glorious Gladiators game system object (registered as an entry point): the
plug-in's face. The work is done in its modules: ``evaluate.py`` (an evaluation, with
what it keeps in the document's memos, ``memo.py``), ``cost_lines.py``,
``references.py``, ``collections.py``, ``sheet_pdf.py``, ``actions.py``, ``advance.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetapp.core.document import CharacterDocument, Meta
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.core.memo import evaluates_with_memos, memos_of
from sheetapp.core.system import UnknownReference
from sheetapp.systems.gladiators import evaluate as evaluating
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.cost_lines import GP
from sheetapp.systems.gladiators.evaluate import earned_gp
from sheetapp.systems.gladiators.model import (
    GladiatorsCampaign,
    GladiatorsCharacter,
    GladiatorsDocument,
)
from sheetapp.systems.gladiators.references import unknown_references
from sheetapp.systems.gladiators.starting import starting_abilities

if TYPE_CHECKING:
    from sheetapp.editing.collections import (
        Collection,  # the printable sheet loads with PDF export, advancement when used
    )
    from sheetapp.sheet import Sheet, Track
    from sheetapp.systems.gladiators.advance import GladiatorsAdvancement

__all__ = ["GP", "SYSTEM", "GladiatorsSystem", "earned_gp"]


class _Advancement:
    """``GladiatorsSystem.advancement``: the advancement rules, imported on first use (the
    advancement framework is not needed to open and show a character)."""

    def __get__(self, obj: object, owner: type | None = None) -> GladiatorsAdvancement:
        from sheetapp.systems.gladiators.advance import ADVANCEMENT

        return ADVANCEMENT


class GladiatorsSystem:
    id = "gladiators"
    name = "Glorious Gladiators v6"
    system_version = "6"
    seed = "000_5bffb215164afb79.txt"
    #: found by sheetapp.advancement.advancement_of (not part of the GameSystem protocol)
    advancement = _Advancement()

    def document_model(self) -> type[GladiatorsDocument]:
        return GladiatorsDocument

    def load_catalogs(self) -> None:
        catalogs()
        starting_abilities()

    def new_document(self, name: str) -> GladiatorsDocument:
        character = GladiatorsCharacter(
            abilities=[template.model_copy(deep=True) for template in starting_abilities().values()]
        )
        return GladiatorsDocument(
            system_version=self.system_version,
            meta=Meta(name=name),
            campaign=GladiatorsCampaign(),
            character=character,
        )

    @evaluates_with_memos
    def evaluate(self, document: CharacterDocument[Any, Any]) -> Evaluation:
        return evaluating.evaluate(document)

    def collections(self) -> tuple[Collection[Any], ...]:
        """The character's editable lists (:class:`~sheetapp.core.system.DeclaresCollections`)."""
        from sheetapp.systems.gladiators.collections import COLLECTIONS

        return COLLECTIONS

    def place_collections(
        self, document: GladiatorsDocument, path: DataPath
    ) -> list[Collection[Any]]:
        """The abilities and, for a path into one ability's modifiers, that ability's
        modifiers, so an issue's place reads "Pistol › Lethal" (see
        :func:`sheetapp.editing.places.place_name`)."""
        from sheetapp.systems.gladiators.collections import ABILITIES, modifiers_of

        found: list[Collection[Any]] = [ABILITIES]
        if len(path) > 3 and tuple(path[:2]) == ABILITIES.path and path[3] == "modifiers":
            row = path[2]
            if isinstance(row, int) and 0 <= row < len(document.character.abilities):
                found.append(modifiers_of(document, row))
        return found

    def sheet(self, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> Sheet:
        """The printable sheet (the PrintsSheet capability; see sheetapp.sheet)."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_sheet

        with memos_of(document):  # the abilities the evaluation resolved are reused
            return gladiators_sheet(self, document, evaluation)

    def card_tracks(
        self, document: CharacterDocument[Any, Any], evaluation: Evaluation
    ) -> tuple[Track, ...]:
        """Boxes to tick on the play card for Limited Ammo and Shots."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_card_tracks

        return gladiators_card_tracks(document, evaluation)

    def statblock(
        self, document: CharacterDocument[Any, Any], evaluation: Evaluation
    ) -> list[tuple[str, str]]:
        """An NPC in the rulebook's notation (see :mod:`sheetapp.playsheets`)."""
        from sheetapp.systems.gladiators.sheet_pdf import gladiators_statblock

        with memos_of(document):
            return gladiators_statblock(self, document, evaluation)

    def actions(self, document: Any) -> tuple[Any, ...]:
        """What the character can do at the table (the DeclaresActions capability)."""
        from sheetapp.systems.gladiators.actions import gladiators_actions

        return gladiators_actions(document)

    def unknown_references(self, document: CharacterDocument[Any, Any]) -> list[UnknownReference]:
        return unknown_references(document)


SYSTEM = GladiatorsSystem()
