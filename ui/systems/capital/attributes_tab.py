"""Steps 5 and 6: the attribute dice (roll for me / enter my dice), the two discards,
the assignment with the Role's changes; Energy, HP and Bones derived, read-only, each
with how it is computed."""

from __future__ import annotations

import html
import random

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.capital import edits
from sheetapp.systems.capital.dice import attribute_dice_problems, die_score
from ui.document import EditorDocument
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.models import AttributesModel
from ui.systems.capital.widgets import Pusher, note
from ui.tables.views import table_view, tool_button

DERIVED = (
    ("max_hp", "Max HP"),
    ("max_energy", "Max Energy"),
    ("max_bones", "Max Bones"),
    ("slots", "Slots"),
    ("hands", "Hands"),
)


class DiceDialog(QDialog):
    """ "Enter my dice": ten d6 results, checked as they are typed (line 196)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Enter your attribute dice")
        self.setObjectName("dice_dialog")
        self.line = QLineEdit()
        self.line.setObjectName("dice")
        self.line.setPlaceholderText("e.g. 6 5 5 4 4 3 3 2 1 1")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            note(
                "Roll 10d6 and type the ten results. If you got no 5s or 6s, or no 1s or 2s, "
                "reroll everything."
            )
        )
        layout.addWidget(self.line)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.line.textChanged.connect(lambda _t: self._check())
        self._check()

    def dice(self) -> list[int] | None:
        try:
            dice = edits.parse_dice(self.line.text())
        except edits.EditError as exc:
            self.problem.setText(str(exc))
            return None
        problems = attribute_dice_problems(dice)
        self.problem.setText("; ".join(problems).capitalize() + "." if problems else "")
        return None if problems else dice

    def _check(self) -> None:
        ok = self.dice() is not None
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)


class AttributesTab(QWidget):
    def __init__(self, document: EditorDocument, marks: FieldMarks, push: Pusher) -> None:
        super().__init__()
        self.document = document
        self.marks = marks
        self.push = push
        #: the random source of "Roll for me" (tests give a seeded one)
        self.rng = random.Random()
        self.roll_action = QAction("&Roll for Me", self)
        self.roll_action.setObjectName("roll_dice")
        self.roll_action.setToolTip("Roll 10d6, rerolling while line 196 says so")
        self.roll_action.triggered.connect(lambda _c=False: self.roll_dice())
        self.enter_action = QAction("Enter My &Dice…", self)
        self.enter_action.setObjectName("enter_dice")
        self.enter_action.triggered.connect(lambda _c=False: self.enter_dice())
        self.dice_buttons: list[QToolButton] = []
        self.dice_row = QHBoxLayout()
        self.dice_info = note("")
        self.model = AttributesModel(document, self)
        self.view = table_view("attributes", self.model, stretch=5)
        self.view.verticalHeader().hide()
        # All eight attributes in sight: squeezed by the steps around it, the table
        # showed two of them at 1280×720 (issue 31); the page scrolls instead.
        self.view.setMinimumHeight(
            self.view.horizontalHeader().sizeHint().height()
            + self.model.rowCount() * self.view.verticalHeader().defaultSectionSize()
            + 2 * self.view.frameWidth()
        )
        self.derived_labels: dict[str, tuple[QLabel, QLabel]] = {}
        self._build()
        self.refresh()

    def _build(self) -> None:
        dice_box = QGroupBox("Step 5 · Attribute dice")
        dice_layout = QVBoxLayout(dice_box)
        bar = QHBoxLayout()
        self.roll_button = tool_button(self.roll_action)
        self.enter_button = tool_button(self.enter_action)
        bar.addWidget(self.roll_button)
        bar.addWidget(self.enter_button)
        bar.addSpacing(12)
        dice_holder = QWidget()
        dice_holder.setLayout(self.dice_row)
        bar.addWidget(self.marks.field(dice_holder, ("character", "attributes", "dice")))
        bar.addStretch(1)
        dice_layout.addLayout(bar)
        dice_layout.addWidget(self.dice_info)
        dice_layout.addWidget(
            self.marks.field(self.view, ("character", "attributes", "assignment"), exact=True)
        )
        dice_layout.addWidget(
            note(
                "<small>d6 1–2 → 4, 3–4 → 5, 5–6 → 6. Click a die to discard "
                "it (two of ten); double-click a Die cell to assign one of the "
                "eight kept dice. Then the Role's changes apply.</small>"
            )
        )
        vitals_box = QGroupBox("Step 6 · Energy, HP and Bones (derived)")
        form = QFormLayout(vitals_box)
        for key, label in DERIVED:
            value = QLabel()
            value.setObjectName(f"derived_{key}")
            why = QLabel()
            why.setWordWrap(True)
            row = QWidget()
            box = QHBoxLayout(row)
            box.setContentsMargins(0, 0, 0, 0)
            box.addWidget(value)
            box.addWidget(why, 1)
            self.derived_labels[key] = (value, why)
            form.addRow(f"{label}:", row)
        form.addRow(
            note(
                "<small>You can never have less than 5 maximum HP, Energy or Bones. "
                "These follow from the Role, the scores and the Level.</small>"
            )
        )
        layout = QVBoxLayout(self)
        layout.addWidget(dice_box, 2)
        layout.addWidget(vitals_box, 1)

    # --- edits --------------------------------------------------------------------------

    def roll_dice(self) -> bool:
        return self.push(lambda: edits.roll_attribute_dice(self.push.doc, self.rng))

    def enter_dice(self, dice: list[int] | None = None) -> bool:
        if dice is None:
            dialog = DiceDialog(self)
            if not dialog.exec():
                return False
            found = dialog.dice()
            if found is None:
                return False
            dice = found
        chosen = dice
        return self.push(lambda: edits.enter_attribute_dice(self.push.doc, chosen))

    def toggle_discard(self, index: int) -> bool:
        return self.push(lambda: edits.toggle_discard(self.push.doc, index))

    # --- showing --------------------------------------------------------------------------

    def refresh(self) -> None:
        rolls = self.push.doc.character.attributes
        gm = self.push.doc.campaign.attribute_method == "gm_assigned"
        self.roll_action.setEnabled(not gm)
        self.enter_action.setEnabled(not gm)
        while len(self.dice_buttons) < len(rolls.dice):
            button = QToolButton()
            index = len(self.dice_buttons)
            button.setObjectName(f"die_{index}")
            button.setCheckable(True)
            button.setMinimumWidth(64)
            button.clicked.connect(lambda _c=False, i=index: self._die_clicked(i))
            self.dice_row.addWidget(button)
            # Tab goes from the dice actions through the dice, then to the table (made
            # later, they would come after everything else in the window).
            before = self.dice_buttons[-1] if self.dice_buttons else self.enter_button
            QWidget.setTabOrder(before, button)
            QWidget.setTabOrder(button, self.view)
            self.dice_buttons.append(button)
        while len(self.dice_buttons) > len(rolls.dice):
            button = self.dice_buttons.pop()
            self.dice_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        used = {index: attr for attr, index in rolls.assignment.items()}
        for index, button in enumerate(self.dice_buttons):
            die = rolls.dice[index]
            discarded = index in rolls.discarded
            button.blockSignals(True)
            button.setChecked(discarded)
            button.blockSignals(False)
            where = "discarded" if discarded else (used[index].upper() if index in used else "—")
            button.setText(f"{die}\n{where}")
            button.setToolTip(
                f"Die #{index + 1}: {die} → score {die_score(die) or '?'}. "
                + ("Click to keep it." if discarded else "Click to discard it.")
            )
        if gm:
            text = "The GM sets the scores (campaign setting): choose each in the Die column."
        elif not rolls.dice:
            text = (
                "No dice yet: <b>Roll for Me</b>, or roll 10d6 yourself and <b>Enter My Dice</b>."
            )
        else:
            how = (
                f"rolled by the app ({rolls.rerolls} full reroll(s) first)"
                if rolls.method == "rolled"
                else "entered"
            )
            text = f"Dice {how}; {len(rolls.discarded)} of 2 discarded."
        self.dice_info.setText(text)
        evaluation = self.document.evaluation
        for key, (value, why) in self.derived_labels.items():
            derived = evaluation.derived_value(key)
            value.setText(f"<b>{html.escape(str(derived.value))}</b>")
            why.setText(f"<small>{html.escape(derived.explanation)}</small>")

    def _die_clicked(self, index: int) -> None:
        if not self.toggle_discard(index):
            self.refresh()
