"""Page 3, "Review": before → after for every changed value with its cost, the totals,
the errors that block Finish and the new warnings that must be accepted."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QCheckBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from sheetapp.advancement import AdvancementError, Preview
from sheetapp.advancement.report import earned_text
from sheetapp.core.issues import Issue
from sheetapp.editing.places import place_name
from ui.roles import SEVERITY_MARK
from ui.wizard.draft import Draft


def _issue_line(issue: Issue, where: str) -> str:
    return (
        f"{SEVERITY_MARK[issue.severity]} {html.escape(issue.message)} "
        f"<small>({html.escape(where)})</small>"
    )


class ReviewPage(QWizardPage):
    def __init__(self, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.result: Preview | None = None
        self.setTitle("Review")
        self.setSubTitle(
            "Every value this level-up changes, with its cost. Commit writes it "
            "to the ledger as one step you can undo."
        )
        self.headline = QLabel()
        self.headline.setObjectName("review_headline")
        self.headline.setWordWrap(True)
        self.rows = QTreeWidget()
        self.rows.setObjectName("review_rows")
        self.rows.setHeaderLabels(["What", "Before", "After", "Cost"])
        self.rows.setRootIsDecorated(False)
        self.rows.setAlternatingRowColors(True)
        header = self.rows.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.totals = QLabel()
        self.totals.setObjectName("review_totals")
        self.totals.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setObjectName("review_problems")
        self.problems.setWordWrap(True)
        self.accept_warnings = QCheckBox("I &accept these warnings")
        self.accept_warnings.setObjectName("accept_warnings")
        self.accept_warnings.toggled.connect(lambda _on: self.completeChanged.emit())
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.totals)
        layout.addWidget(self.problems)
        layout.addWidget(self.accept_warnings)

    def initializePage(self) -> None:
        self.rows.clear()
        self.result = None
        self.accept_warnings.setChecked(False)
        self.accept_warnings.hide()
        draft = self.draft
        earned = earned_text(draft.rules, draft.earned) or "nothing earned"
        label = f" — {draft.label}" if draft.label else ""
        self.headline.setText(f"<b>{html.escape(earned)}</b>{html.escape(label)}")
        try:
            result = draft.preview()
        except AdvancementError as exc:
            self.totals.clear()
            self.problems.setText(f"✖ This level-up cannot be recorded: {html.escape(str(exc))}")
            self.completeChanged.emit()
            return
        self.result = result
        units = {t.key: t.unit or t.label for t in result.after.totals}
        units.update({c.key: c.unit or c.label for c in draft.rules.currencies})
        for row in result.rows:
            item = QTreeWidgetItem(
                [row.label or row.location, row.before_text, row.after_text, row.cost_text(units)]
            )
            item.setToolTip(0, row.location)
            self.rows.addTopLevelItem(item)
        self.totals.setText("<br>".join(html.escape(t.describe()) for t in result.totals))
        parts = []
        system = self.draft.target.system

        def where(issue: Issue) -> str:
            return place_name(system, result.document, issue.path)

        if result.new_errors:
            parts.append("<b>Errors — fix them on the Spend page (Back) to finish:</b>")
            parts.extend(_issue_line(issue, where(issue)) for issue in result.new_errors)
        kept = [i for i in result.errors if i not in result.new_errors]
        if kept:
            parts.append("<b>Errors the character already had (this does not add them):</b>")
            parts.extend(_issue_line(issue, where(issue)) for issue in kept)
        if result.new_warnings:
            parts.append("<b>New warnings:</b>")
            parts.extend(_issue_line(issue, where(issue)) for issue in result.new_warnings)
            self.accept_warnings.show()
        self.problems.setText("<br>".join(parts))
        self.completeChanged.emit()

    def row_texts(self) -> list[tuple[str, str, str, str]]:
        found = []
        for index in range(self.rows.topLevelItemCount()):
            item = self.rows.topLevelItem(index)
            if item is not None:
                found.append((item.text(0), item.text(1), item.text(2), item.text(3)))
        return found

    def isComplete(self) -> bool:
        result = self.result
        if result is None or result.new_errors:
            return False
        return not result.new_warnings or self.accept_warnings.isChecked()
