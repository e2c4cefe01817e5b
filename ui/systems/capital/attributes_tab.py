"""Steps 5 and 6: the attribute dice (roll for me / enter my dice), the two discards,
the assignment with the Role's changes; Energy, HP and Bones derived, read-only, each
with how it is computed."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.capital import edits
from sheetapp.systems.capital.dice import attribute_dice_problems, die_score
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.models import AttributesModel
from ui.systems.capital.widgets import Pusher, note
from ui.tables.views import table_view, tool_button

Selected = Callable[[QModelIndex, QModelIndex], None]
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


class AttributesTab(LazyTab):
    """The dice, the assignment table and the derived maxima. The actions and the table's
    model are made with the page; the widgets when the tab is first shown or needed."""

    def __init__(
        self,
        document: EditorDocument,
        marks: FieldMarks,
        push: Pusher,
        selected: Selected | None = None,
    ) -> None:
        super().__init__(self._content)
        self.document = document
        self.marks = marks
        self.push = push
        #: told when the table's current cell changes
        self._selected = selected
        #: the random source of "Roll for me" (tests give a seeded one)
        self.rng = random.Random()
        self.roll_action = QAction("&Roll for Me", self)
        self.roll_action.setObjectName("roll_dice")
        self.roll_action.setToolTip("Roll 10d6, rerolling while line 196 says so")
        self.roll_action.triggered.connect(lambda _c=False: self.roll_dice())
        self.enter_action = QAction("Enter My &Dice…", self)
        self.enter_action.setObjectName("enter_dice")
        self.enter_action.triggered.connect(lambda _c=False: self.enter_dice())
        self.model = AttributesModel(document, self)
        self._dice_buttons: list[QToolButton] = []
        self._derived_labels: dict[str, tuple[QLabel, QLabel]] = {}
        self._show_actions()

    # --- the widgets, made on first need ----------------------------------------------------

    @property
    def view(self) -> QTableView:
        self.ensure_built()
        return self._view

    @property
    def dice_buttons(self) -> list[QToolButton]:
        self.ensure_built()
        return self._dice_buttons

    @property
    def derived_labels(self) -> dict[str, tuple[QLabel, QLabel]]:
        self.ensure_built()
        return self._derived_labels

    @property
    def enter_button(self) -> QToolButton:
        self.ensure_built()
        return self._enter_button

    def _content(self) -> QWidget:
        self._view = self._table()
        if self._selected is not None:
            self._view.selectionModel().currentChanged.connect(self._selected)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.addWidget(self._dice_box(), 2)
        layout.addWidget(self._vitals_box(), 1)
        self.refresh()
        self.marks.refresh()
        return content

    def _table(self) -> QTableView:
        view = table_view("attributes", self.model, stretch=5)
        view.verticalHeader().hide()
        # All eight attributes in sight: squeezed by the steps around it, the table
        # showed two of them at 1280×720 (issue 31); the page scrolls instead.
        view.setMinimumHeight(
            view.horizontalHeader().sizeHint().height()
            + self.model.rowCount() * view.verticalHeader().defaultSectionSize()
            + 2 * view.frameWidth()
        )
        return view

    def _dice_box(self) -> QGroupBox:
        dice_box = QGroupBox("Step 5 · Attribute dice")
        dice_layout = QVBoxLayout(dice_box)
        bar = QHBoxLayout()
        self.roll_button = tool_button(self.roll_action)
        self._enter_button = tool_button(self.enter_action)
        bar.addWidget(self.roll_button)
        bar.addWidget(self._enter_button)
        bar.addSpacing(12)
        self.dice_row = QHBoxLayout()
        dice_holder = QWidget()
        dice_holder.setLayout(self.dice_row)
        bar.addWidget(self.marks.field(dice_holder, ("character", "attributes", "dice")))
        bar.addStretch(1)
        dice_layout.addLayout(bar)
        self.dice_info = note("")
        dice_layout.addWidget(self.dice_info)
        dice_layout.addWidget(
            self.marks.field(self._view, ("character", "attributes", "assignment"), exact=True)
        )
        dice_layout.addWidget(
            note(
                "<small>d6 1–2 → 4, 3–4 → 5, 5–6 → 6. Click a die to discard "
                "it (two of ten); double-click a Die cell to assign one of the "
                "eight kept dice. Then the Role's changes apply.</small>"
            )
        )
        return dice_box

    def _vitals_box(self) -> QGroupBox:
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
            self._derived_labels[key] = (value, why)
            form.addRow(f"{label}:", row)
        form.addRow(
            note(
                "<small>You can never have less than 5 maximum HP, Energy or Bones. "
                "These follow from the Role, the scores and the Level.</small>"
            )
        )
        return vitals_box

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
        self._show_actions()
        if not self.is_built:
            return
        rolls = self.push.doc.character.attributes
        self._match_dice_buttons(len(rolls.dice))
        used = {index: attr for attr, index in rolls.assignment.items()}
        for index, button in enumerate(self._dice_buttons):
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
        self.dice_info.setText(self._dice_text())
        evaluation = self.document.evaluation
        for key, (value, why) in self._derived_labels.items():
            derived = evaluation.derived_value(key)
            value.setText(f"<b>{html.escape(str(derived.value))}</b>")
            why.setText(f"<small>{html.escape(derived.explanation)}</small>")

    def _show_actions(self) -> None:
        gm = self.push.doc.campaign.attribute_method == "gm_assigned"
        self.roll_action.setEnabled(not gm)
        self.enter_action.setEnabled(not gm)

    def _match_dice_buttons(self, count: int) -> None:
        """One button per die."""
        while len(self._dice_buttons) < count:
            button = QToolButton()
            index = len(self._dice_buttons)
            button.setObjectName(f"die_{index}")
            button.setCheckable(True)
            button.setMinimumWidth(64)
            button.clicked.connect(lambda _c=False, i=index: self._die_clicked(i))
            self.dice_row.addWidget(button)
            if self.content is not None:
                # Tab goes from the dice actions through the dice, then to the table (made
                # later, they would come after everything else in the window). While the
                # tab is being built the dice stand in their place already: the built tab
                # takes its place in the window's Tab order in the order its widgets stand.
                before = self._dice_buttons[-1] if self._dice_buttons else self._enter_button
                QWidget.setTabOrder(before, button)
                QWidget.setTabOrder(button, self._view)
            self._dice_buttons.append(button)
        while len(self._dice_buttons) > count:
            button = self._dice_buttons.pop()
            self.dice_row.removeWidget(button)
            button.hide()
            button.deleteLater()

    def _dice_text(self) -> str:
        rolls = self.push.doc.character.attributes
        if self.push.doc.campaign.attribute_method == "gm_assigned":
            return "The GM sets the scores (campaign setting): choose each in the Die column."
        if not rolls.dice:
            return (
                "No dice yet: <b>Roll for Me</b>, or roll 10d6 yourself and <b>Enter My Dice</b>."
            )
        how = (
            f"rolled by the app ({rolls.rerolls} full reroll(s) first)"
            if rolls.method == "rolled"
            else "entered"
        )
        return f"Dice {how}; {len(rolls.discarded)} of 2 discarded."

    def _die_clicked(self, index: int) -> None:
        if not self.toggle_discard(index):
            self.refresh()
