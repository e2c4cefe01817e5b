"""What the wizard has gathered so far: the earnings, the working copy spent on, the dice.

The working copy is an :class:`ui.document.EditorDocument` of its own (a private undo
stack), built on the character with the new earnings already in its ledger, so its
totals show the grown budget. The advancement's changes are the difference between
that start and the working copy now; nothing touches the open document until Finish.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QObject, Signal

from sheetapp.advancement import Advancement, AdvancementRules, Preview, advancement_of, preview
from sheetapp.advancement.commit import with_earnings
from sheetapp.advancement.ledger import TRACKED_ROOTS, tracked
from sheetapp.advancement.spec import levelled
from sheetapp.core.changes import Change, ChangeError, apply_to_document, diff, document_data
from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import GameSystem, LevelledAdvancement, LevelStep
from sheetapp.storage.files import LoadedDocument
from ui.document import EditorDocument


class Draft(QObject):
    """The advancement being built. ``working_replaced`` fires when the working copy is a
    new :class:`EditorDocument` (new earnings, other dice); edits on it fire its own
    ``changed``."""

    working_replaced = Signal()

    def __init__(self, document: EditorDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.target = document
        self.system: GameSystem[Any] = document.system
        self.original: CharacterDocument[Any, Any] = document.document
        rules = advancement_of(self.system)
        if rules is None:
            raise ValueError(f"{self.system.name} has no advancement rules yet")
        self.rules: AdvancementRules = rules
        self.levels: LevelledAdvancement | None = levelled(rules)
        self.earned: dict[str, int] = {}
        self.label = ""
        self.note = ""
        self.date: str | None = None
        self.start: CharacterDocument[Any, Any] = self.original
        self.base: CharacterDocument[Any, Any] = self.original
        self.step: LevelStep | None = None
        self.step_error = ""
        self.working: EditorDocument | None = None
        self.rng = random.Random()

    # --- earning ------------------------------------------------------------------------------

    def set_earnings(self, earned: dict[str, int], date: str | None) -> None:
        """Start spending on the character with ``earned`` in its ledger; what was already
        bought on the working copy is kept when it still fits."""
        kept = self.spent_changes()
        self.earned = {key: amount for key, amount in earned.items() if amount}
        self.date = date
        self.start = with_earnings(self.original, self.earned, date=date)
        self.base = self.start
        self.step = None
        self._rebuild(kept)

    def set_level_dice(self, dice: dict[str, list[int]], rolled: bool) -> None:
        """Apply the level step with ``dice`` (the missing ones rolled when ``rolled``)."""
        assert self.levels is not None
        kept = self.spent_changes()
        self.step_error = ""
        try:
            rng = self.rng if rolled else None
            self.step = self.levels.level_step(self.start, dice, rng)
            self.base = apply_to_document(self.start, self.step.changes)
        except (ValueError, ChangeError) as exc:
            self.step, self.base, self.step_error = None, self.start, str(exc)
        self._rebuild(kept)

    def _rebuild(self, kept: list[Change]) -> None:
        old = self.working
        self.working = EditorDocument(LoadedDocument(self.base, self.system), None, self)
        if kept:
            self.working.push(kept, "Kept from before")
            self.working.undo_stack.clear()
        if old is not None:
            old.deleteLater()
        self.working_replaced.emit()

    # --- what was spent --------------------------------------------------------------------------

    def spent_changes(self) -> list[Change]:
        """What was bought on the working copy, after the level step."""
        if self.working is None:
            return []
        return diff(
            tracked(document_data(self.base)), tracked(document_data(self.working.document))
        )

    def changes(self) -> list[Change]:
        """Every change of the advancement: the level step's, then what was bought."""
        if self.working is None:
            return []
        start = {root: document_data(self.start)[root] for root in TRACKED_ROOTS}
        return diff(start, tracked(document_data(self.working.document)))

    def advancement(self) -> Advancement:
        return Advancement(self.earned, self.changes(), self.label, self.note, self.date)

    def preview(self) -> Preview:
        """The advancement on a copy of the open character; AdvancementError when it does
        not fit."""
        return preview(self.system, self.original, self.advancement())
