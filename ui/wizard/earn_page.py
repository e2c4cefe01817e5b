"""Page 1, "What was earned": an amount per currency (or the next level), label, note, date."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QDateEdit,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
    QWizardPage,
)

from sheetapp.advancement.commit import AdvancementError
from sheetapp.advancement.ledger import LedgerError
from sheetapp.editing.wording import without_line_notes
from ui.wizard.draft import Draft

MAX_EARNED = 10_000


class EarnPage(QWizardPage):
    def __init__(self, draft: Draft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.setTitle("What was earned")
        # The rules in a wrapped label of the page: a wizard's subtitle is cut off when
        # it is longer than a line or two (it was, in both systems).
        rules = QLabel(without_line_notes(draft.rules.rules_text))
        rules.setObjectName("rules_text")
        rules.setWordWrap(True)
        rules.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout(self)
        form.addRow(rules)
        self.amounts: dict[str, QSpinBox] = {}
        character: Any = draft.original.character
        for currency in draft.rules.currencies:
            if currency.counter is not None:
                now = character.level if hasattr(character, "level") else None
                where = f" (Level {now} → {now + 1})" if isinstance(now, int) else ""
                label = QLabel(f"{currency.amount(1)}{where}")
                label.setObjectName(f"earned_{currency.key}")
                label.setToolTip(without_line_notes(currency.description))
                form.addRow(f"{currency.label}:", label)
                continue
            spin = QSpinBox()
            spin.setObjectName(f"earned_{currency.key}")
            spin.setRange(0, MAX_EARNED)
            spin.setPrefix("+")
            spin.setSuffix(f" {currency.unit or currency.label}")
            spin.setToolTip(without_line_notes(currency.description))
            spin.valueChanged.connect(lambda _v: self.completeChanged.emit())
            self.amounts[currency.key] = spin
            form.addRow(f"{currency.label} earned:", spin)
        self.label = QLineEdit()
        self.label.setObjectName("session_label")
        self.label.setPlaceholderText("e.g. Session 4: the museum heist")
        self.note = QPlainTextEdit()
        self.note.setObjectName("session_note")
        self.note.setPlaceholderText("A note for the ledger (optional)")
        self.note.setMaximumHeight(80)
        self.date = QDateEdit(QDate.currentDate())
        self.date.setObjectName("session_date")
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.message = QLabel()
        self.message.setObjectName("earn_message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c0392b;")
        form.addRow("Session:", self.label)
        form.addRow("Note:", self.note)
        form.addRow("Date:", self.date)
        form.addRow(self.message)

    def earned(self) -> dict[str, int]:
        earned = {key: spin.value() for key, spin in self.amounts.items()}
        for currency in self.draft.rules.currencies:
            if currency.counter is not None:
                earned[currency.key] = 1
        return {key: amount for key, amount in earned.items() if amount}

    def validatePage(self) -> bool:
        draft = self.draft
        draft.label = self.label.text().strip()
        draft.note = self.note.toPlainText().strip()
        try:
            if draft.levels is not None:
                draft.levels.level_dice(draft.original)
            draft.set_earnings(self.earned(), self.date.date().toString("yyyy-MM-dd"))
        except (AdvancementError, LedgerError, ValueError) as exc:
            self.message.setText(f"Cannot start the level-up: {exc}")
            return False
        self.message.clear()
        return True
