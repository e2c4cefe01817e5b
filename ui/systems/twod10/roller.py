"""Roll from the sheet: pick a skill use, a DV from the chart and modifiers; the app rolls
2D10 and shows the AR, success, effect and, for an attack, where it hit. The log belongs
to the session (this panel), never to the character file; every number comes from
:mod:`sheetapp.systems.twod10.roll`."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.twod10.catalog import catalogs
from sheetapp.systems.twod10.roll import (
    Cover,
    Modifier,
    RollLog,
    RollRequest,
    RollResult,
    SkillUse,
    dv_choices,
    resolve,
    skill_uses,
)
from sheetapp.systems.twod10.sheet import build_sheet
from ui.document import EditorDocument

COVERS: tuple[tuple[Cover, str], ...] = (
    ("open", "Open (3d6)"),
    ("low_cover", "Low cover (2d6+1)"),
    ("high_cover", "High cover (2d6+6)"),
)
#: room for any modifier a table could agree on, never a rule
MODIFIER_RANGE = 100
DV_RANGE = (0, 100)


class RollPanel(QWidget):
    """The roll helper of one character (``rng`` injected so tests are repeatable)."""

    def __init__(
        self,
        document: EditorDocument,
        parent: QWidget | None = None,
        *,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("roll_panel")
        self.document = document
        self.rng = rng or random.Random()
        self.log = RollLog([])
        self._uses: list[SkillUse] = []
        self._build_choices()
        self._build_results()
        self._lay_out()
        self._chart_picked()
        self._stale = True
        self.refresh()
        document.changed.connect(self._document_changed)  # bound: disconnected when deleted

    def _build_choices(self) -> None:
        cats = catalogs()
        self.use = QComboBox()
        self.use.setObjectName("roll_use")
        self.dv_chart = QComboBox()
        self.dv_chart.setObjectName("roll_dv_chart")
        for label, dv in dv_choices(cats):
            self.dv_chart.addItem(label, dv)
        self.dv = QSpinBox()
        self.dv.setObjectName("roll_dv")
        self.dv.setRange(*DV_RANGE)
        self.dv_chart.currentIndexChanged.connect(self._chart_picked)
        self.modifier = QSpinBox()
        self.modifier.setObjectName("roll_modifier")
        self.modifier.setRange(-MODIFIER_RANGE, MODIFIER_RANGE)
        self.modifier_label = QLineEdit()
        self.modifier_label.setPlaceholderText("what it is (e.g. aiming)")
        self.modifier_label.setMaxLength(80)

        self.cover = QComboBox()
        self.cover.setObjectName("roll_cover")
        for key, label in COVERS:
            self.cover.addItem(label, key)
        self.called = QComboBox()
        self.called.setObjectName("roll_called")
        self.called.addItem("— (roll the location)", None)
        for location in cats.hit_locations.values():
            self.called.addItem(f"{location.name} ({location.called_shot:+d})", location.id)
        self.armour = QSpinBox()
        self.armour.setObjectName("roll_armour")
        self.armour.setRange(0, MODIFIER_RANGE)
        self.surprise = QCheckBox("S&urprise")
        self.alien = QCheckBox("Al&ien mind")
        self.targets = QSpinBox()
        self.targets.setObjectName("roll_targets")
        self.targets.setRange(1, 1000)

    def _build_results(self) -> None:
        self.roll_button = QPushButton("Roll &2D10")
        self.roll_button.setObjectName("roll_button")
        self.roll_button.setToolTip("Roll for the chosen use (Ctrl+R)")
        self.roll_button.clicked.connect(self.roll)
        self.result = QLabel("Pick what to roll and the DV, then roll.")
        self.result.setObjectName("roll_result")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.history = QListWidget()
        self.history.setObjectName("roll_log")
        self.history.setWordWrap(True)

    def _lay_out(self) -> None:
        mod_row = QHBoxLayout()
        mod_row.addWidget(self.modifier)
        mod_row.addWidget(self.modifier_label, 1)
        modifier_label = QLabel("&Modifier:")
        modifier_label.setBuddy(self.modifier)
        form = QFormLayout()
        form.addRow("Roll &what:", self.use)
        form.addRow("&DV from the chart:", self.dv_chart)
        form.addRow("D&V:", self.dv)
        form.addRow(modifier_label, mod_row)
        attack = QGroupBox("Attacks")
        attack_form = QFormLayout(attack)
        attack_form.addRow("&Cover:", self.cover)
        attack_form.addRow("Called &shot:", self.called)
        attack_form.addRow("Target's &armour RV:", self.armour)
        attack_form.addRow("", self.surprise)
        psionic = QGroupBox("Psionic attacks")
        psionic_form = QFormLayout(psionic)
        psionic_form.addRow("&Targets:", self.targets)
        psionic_form.addRow("", self.alien)
        choices = QVBoxLayout()
        choices.addLayout(form)
        choices.addWidget(attack)
        choices.addWidget(psionic)
        choices.addStretch(1)

        clear = QPushButton("Clear the lo&g")
        clear.clicked.connect(self.clear_log)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addStretch(1)
        buttons.addWidget(clear)
        outcome = QVBoxLayout()
        outcome.addLayout(buttons)
        outcome.addWidget(self.result)
        outcome.addWidget(QLabel("This session's rolls (not saved with the character):"))
        outcome.addWidget(self.history, 1)

        layout = QHBoxLayout(self)
        layout.addLayout(choices, 3)
        layout.addLayout(outcome, 2)

    def _chart_picked(self) -> None:
        dv = self.dv_chart.currentData()
        if isinstance(dv, int):
            self.dv.setValue(dv)

    def _document_changed(self, _changes: object = None) -> None:
        # Hidden behind another tab, the list catches up when shown (an edit on a big
        # character does not rebuild a thousand entries nobody sees).
        self._stale = True
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """Offer the uses of the character as it is now (wound penalties included)."""
        character = self.document.document.character
        sheet = build_sheet(character, self.document.document.campaign, catalogs())
        self._stale = False
        index = self.use.currentIndex()
        current = self._uses[index].label if 0 <= index < len(self._uses) else None
        self._uses = skill_uses(sheet)
        self.use.blockSignals(True)
        self.use.clear()
        for use in self._uses:
            kind = " — attack" if use.attack else (" — psionic" if use.psionic else "")
            self.use.addItem(f"{use.label}: AV {use.av}{kind}")
        # the same use stays chosen when its AV changes (a wound, a raised skill)
        wanted = next((i for i, use in enumerate(self._uses) if use.label == current), 0)
        self.use.setCurrentIndex(wanted)
        self.use.blockSignals(False)

    def request(self) -> RollRequest | None:
        index = self.use.currentIndex()
        if not 0 <= index < len(self._uses):
            return None
        use = self._uses[index]
        modifiers: tuple[Modifier, ...] = ()
        if self.modifier.value():
            label = self.modifier_label.text().strip() or "modifier"
            modifiers = (Modifier(label, self.modifier.value()),)
        called = self.called.currentData()
        return RollRequest(
            use.label,
            use.av,
            self.dv.value(),
            modifiers,
            ev=use.ev,
            attack=use.attack,
            cover=self.cover.currentData(),
            called=called if use.attack else None,
            armour_rv=self.armour.value() if use.attack else 0,
            surprise=self.surprise.isChecked(),
            psionic=use.psionic,
            alien_mind=self.alien.isChecked() and use.psionic,
            targets=self.targets.value() if use.psionic else 1,
            mass_reading=self.document.document.campaign.mass_targets,
        )

    def roll(self) -> RollResult | None:
        """Roll for the chosen use; a request the rules refuse is said in the result."""
        request = self.request()
        if request is None:
            self.result.setText("There is nothing on the sheet to roll yet.")
            return None
        try:
            result = resolve(request, self.rng, catalogs())
        except ValueError as exc:
            self.result.setText(f"Not rolled: {exc}.")
            return None
        self.log.add(result)
        self.result.setText(result.text)
        self.history.insertItem(0, result.text)
        return result

    def clear_log(self) -> None:
        self.log.entries.clear()
        self.history.clear()
