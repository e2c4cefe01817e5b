"""The level-up wizard: earn, spend on a working copy, review, commit as one undoable step."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from sheetapp.advancement import CommitRefused, commit_preview
from sheetapp.advancement.report import earned_text
from sheetapp.core.changes import diff, document_data
from ui.document import EditorDocument
from ui.screen_fit import fit_to_screen
from ui.wizard.draft import Draft
from ui.wizard.earn_page import EarnPage
from ui.wizard.review_page import ReviewPage
from ui.wizard.spend_page import SpendPage

EARN, SPEND, REVIEW = 0, 1, 2


class LevelUpWizard(QWizard):
    """Opens on an :class:`EditorDocument`; Finish commits the previewed advancement and
    pushes the difference (the new ledger entry included) on the document's undo stack."""

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("level_up_wizard")
        self.document = document
        self.draft = Draft(document, self)
        self.setWindowTitle(f"Level Up — {document.title}")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.earn_page = EarnPage(self.draft)
        self.spend_page = SpendPage(self.draft)
        self.review_page = ReviewPage(self.draft)
        self.setPage(EARN, self.earn_page)
        self.setPage(SPEND, self.spend_page)
        self.setPage(REVIEW, self.review_page)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Commit")
        fit_to_screen(self, 1280, 820)
        self.committed = False

    def validateCurrentPage(self) -> bool:
        if self.currentId() != REVIEW:
            return super().validateCurrentPage()
        return self.commit()

    def commit(self) -> bool:
        """Write the advancement to the open document as one undoable step."""
        result = self.review_page.result
        if result is None or not self.review_page.isComplete():
            return False
        try:
            committed = commit_preview(
                result, accept_warnings=self.review_page.accept_warnings.isChecked()
            )
        except CommitRefused as refused:
            QMessageBox.warning(self, "Cannot commit", str(refused))
            return False
        changes = diff(document_data(self.document.document), document_data(committed))
        earned = earned_text(self.draft.rules, self.draft.earned)
        text = "Level up" + (f": {self.draft.label}" if self.draft.label else "")
        if earned:
            text += f" ({earned})"
        self.committed = self.document.push(changes, text)
        return self.committed
