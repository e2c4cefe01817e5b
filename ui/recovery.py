"""After a crash: offer each autosave left behind, with its time, to recover or discard."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.editing.autosave import AutosaveRecord


class RecoveryDialog(QDialog):
    """Checked autosaves are recovered; the others are discarded ("Later" keeps them all)."""

    def __init__(self, records: list[AutosaveRecord], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self.setObjectName("recovery")
        self.records = records
        intro = QLabel(
            "sheetapp did not close normally last time. These characters had unsaved changes; "
            "tick the ones to recover (they open as unsaved documents). The others are deleted."
        )
        intro.setWordWrap(True)
        self.list = QListWidget()
        for record in records:
            item = QListWidgetItem(record.describe())
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.list.addItem(item)
        self.buttons = QDialogButtonBox()
        self.recover_button = self.buttons.addButton(
            "Recover", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.later_button = self.buttons.addButton(
            "Ask Me Later", QDialogButtonBox.ButtonRole.RejectRole
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addWidget(self.buttons)
        self.resize(620, 300)

    def chosen(self) -> tuple[list[AutosaveRecord], list[AutosaveRecord]]:
        """(to recover, to discard)."""
        keep: list[AutosaveRecord] = []
        drop: list[AutosaveRecord] = []
        for row, record in enumerate(self.records):
            item = self.list.item(row)
            (keep if item.checkState() == Qt.CheckState.Checked else drop).append(record)
        return keep, drop
