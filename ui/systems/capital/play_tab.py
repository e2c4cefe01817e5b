"""The In Play tab: current vitals (HP, Energy, Bones, the companion's HP), Grit and the
status effects. Built when first shown (or needed)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import catalogs
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.widgets import Pusher, spin_box, sync_spin

VITALS: tuple[tuple[edits.VitalKey, str, str], ...] = (
    ("hp", "HP", "max_hp"),
    ("energy", "Energy", "max_energy"),
    ("bones", "Bones", "max_bones"),
    ("companion_hp", "Companion HP", "companion.max_hp"),
)


class PlayTab(LazyTab):
    def __init__(self, document: EditorDocument, marks: FieldMarks, push: Pusher) -> None:
        super().__init__(self._content)
        self.document = document
        self.marks = marks
        self.push = push
        self.vital_spins: dict[str, QSpinBox] = {}
        self.status_boxes: dict[str, QCheckBox] = {}

    # --- building ------------------------------------------------------------------------

    def _content(self) -> QWidget:
        widget = QWidget()
        layout = QHBoxLayout(widget)
        layout.addWidget(self._vitals(), 1)
        layout.addWidget(self._status(), 1)
        self.refresh()
        self.marks.refresh()
        return widget

    def _vitals(self) -> QGroupBox:
        vitals = QGroupBox("Current vitals")
        form = QFormLayout(vitals)
        for key, label, _max in VITALS:
            spin = spin_box(f"vital_{key}", -1, 100_000)
            spin.setSpecialValueText("full")
            spin.valueChanged.connect(
                lambda v, k=key: self.push(
                    lambda: edits.set_vital(self.push.doc, k, None if v < 0 else v),
                    merge_key=("vital", k),
                )
            )
            self.vital_spins[key] = spin
            form.addRow(f"{label}:", self.marks.field(spin, ("character", "vitals", key)))
        grit = spin_box("grit", 0, 100_000)
        grit.valueChanged.connect(
            lambda v: self.push(lambda: edits.set_grit(self.push.doc, v), merge_key="grit")
        )
        self.grit = grit
        form.addRow(
            "Grit:",
            self.marks.field(
                grit,
                ("character", "vitals", "grit"),
                "Gained on failed checks, Weaknesses and Flaws",
            ),
        )
        return vitals

    def _status(self) -> QGroupBox:
        status = QGroupBox("Status effects")
        status_layout = QVBoxLayout(status)
        for entry in catalogs().status_effects.values():
            box = QCheckBox(entry.name)
            box.setObjectName(f"status_{entry.id}")
            box.setToolTip(entry.text)
            box.toggled.connect(
                lambda _on, ref=entry.id: self.push(lambda: edits.toggle_status(self.push.doc, ref))
            )
            self.status_boxes[entry.id] = box
            status_layout.addWidget(box)
        status_layout.addStretch(1)
        return status

    # --- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """The vitals, Grit and status effects as the character has them (once built)."""
        if not self.is_built:
            return
        character = self.push.doc.character
        evaluation = self.document.evaluation
        for key, spin in self.vital_spins.items():
            value: Any = getattr(character.vitals, key)
            sync_spin(spin, -1 if value is None else int(value))
        self.vital_spins["companion_hp"].setEnabled(
            character.special_asset is not None
            and any(v.key == "companion.max_hp" for v in evaluation.derived)
        )
        sync_spin(self.grit, character.vitals.grit)
        for ref, box in self.status_boxes.items():
            box.blockSignals(True)
            box.setChecked(ref in character.vitals.status)
            box.blockSignals(False)
