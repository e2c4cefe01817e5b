"""The level step of a numbered level: enter the dice or let the app roll them, and see
what the level brought."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.system import DiceRequest, LevelStep


class DicePanel(QGroupBox):
    """``dice_changed(dice, rolled)``: the player entered dice, or asked for a roll."""

    dice_changed = Signal(object, bool)  # dict[str, list[int]], rolled

    def __init__(self, requests: list[DiceRequest], parent: QWidget | None = None) -> None:
        super().__init__("Level Up", parent)
        self.setObjectName("level_step")
        self.requests = requests
        self.spins: dict[str, list[QSpinBox]] = {}
        self.explanations: list[QLabel] = []
        form = QFormLayout()
        for request in requests:
            row = QHBoxLayout()
            spins = []
            for number in range(request.count):
                spin = QSpinBox()
                spin.setObjectName(f"dice_{request.key}_{number}")
                spin.setRange(0, request.sides)
                spin.setSpecialValueText("–")
                spin.setToolTip(f"d{request.sides} number {number + 1}; – = not rolled yet")
                spin.valueChanged.connect(lambda _v: self._entered())
                row.addWidget(spin)
                spins.append(spin)
            row.addStretch(1)
            self.spins[request.key] = spins
            form.addRow(f"{request.label}:", row)
            # Under the dice, the panel's whole width: beside them, in a narrow panel
            # (scale 2), the wrapped text was cut to its middle lines (issue 31).
            explanation = QLabel(request.explanation)
            explanation.setObjectName(f"dice_{request.key}_explanation")
            explanation.setWordWrap(True)
            explanation.setIndent(12)
            self.explanations.append(explanation)
            form.addRow(explanation)
        self.roll = QPushButton("&Roll for Me")
        self.roll.setObjectName("roll_dice")
        self.roll.setToolTip("Roll every die of this level now (the ledger records them as rolled)")
        self.roll.clicked.connect(lambda: self.dice_changed.emit({}, True))
        self.steps = QLabel("Enter the dice you rolled, or let the app roll them.")
        self.steps.setObjectName("level_steps")
        self.steps.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.steps)
        self._quiet = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Each wrapped text keeps the height its width needs: in a short wizard the
        layout squeezed the panel and cut the lines' tops and bottoms off."""
        super().resizeEvent(event)
        for label in (*self.explanations, self.steps):
            needed = label.heightForWidth(label.width())
            if needed > 0 and label.minimumHeight() != needed:
                label.setMinimumHeight(needed)

    def entered(self) -> dict[str, list[int]] | None:
        """Every die entered, by request; None while one is still blank."""
        dice = {key: [spin.value() for spin in spins] for key, spins in self.spins.items()}
        if any(value == 0 for values in dice.values() for value in values):
            return None
        return dice

    def _entered(self) -> None:
        if self._quiet:
            return
        dice = self.entered()
        if dice is not None:
            self.dice_changed.emit(dice, False)

    def set_dice(self, dice: dict[str, list[int]]) -> None:
        """Show the dice used (after a roll) without treating them as newly entered."""
        self._quiet = True
        try:
            for key, values in dice.items():
                for spin, value in zip(self.spins.get(key, []), values, strict=False):
                    spin.setValue(value)
        finally:
            self._quiet = False

    def show_step(self, step: LevelStep | None, error: str) -> None:
        if error:
            self.steps.setText(f"✖ {error}")
            self.steps.setStyleSheet("color: #c0392b;")
            return
        self.steps.setStyleSheet("")
        if step is None:
            self.steps.setText("Enter the dice you rolled, or let the app roll them.")
            return
        lines = [f"<b>Level {step.new_level}</b>", *(f"• {text}" for text in step.steps)]
        if step.open_choices:
            lines.append(f"Choose Systems for the {step.open_choices} new Slots below.")
        self.steps.setText("<br>".join(lines))
