"""Small shared pieces of the Capital page: the edit pusher, synced fields, table views."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from sheetapp.core.changes import Change
from sheetapp.systems.capital.edits import EditError
from sheetapp.systems.capital.model import CapitalDocument
from ui.document import EditorDocument

Build = Callable[[], list[Change]]
AnyIndex = QModelIndex | QPersistentModelIndex


class Pusher:
    """Runs an edit builder and pushes its changes; a refused edit is reported."""

    def __init__(self, document: EditorDocument) -> None:
        self.document = document

    @property
    def doc(self) -> CapitalDocument:
        document = self.document.document
        assert isinstance(document, CapitalDocument)
        return document

    def __call__(self, build: Build, text: str = "", merge_key: object | None = None) -> bool:
        try:
            changes = build()
        except EditError as exc:
            self.document.edit_refused.emit(str(exc))
            return False
        return self.document.push(changes, text, merge_key)


def line_edit(name: str, placeholder: str = "") -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setClearButtonEnabled(True)
    return edit


def set_text(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        edit.blockSignals(True)
        edit.setText(text)
        edit.blockSignals(False)


def fill_combo(combo: QComboBox, items: list[tuple[Any, str]], current: Any) -> None:
    """Replace a combo's items (only when they differ) and select ``current``."""
    combo.blockSignals(True)
    existing = [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
    if existing != items:
        combo.clear()
        for value, label in items:
            combo.addItem(label, value)
    row = next((i for i, (value, _l) in enumerate(items) if value == current), 0)
    if combo.currentIndex() != row:
        combo.setCurrentIndex(row)
    combo.blockSignals(False)


def combo_editor(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    return combo


def note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def heading(text: str) -> QLabel:
    label = QLabel(f"<b>{text}</b>")
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def spin_box(name: str, low: int, high: int, suffix: str = "") -> QSpinBox:
    """A number field that edits once per step or Enter (not per digit typed)."""
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setSuffix(suffix)
    spin.setKeyboardTracking(False)
    spin.setAccelerated(True)
    return spin


def sync_spin(spin: QSpinBox, value: int) -> None:
    """Show ``value`` without its change being taken for an edit."""
    if spin.value() != value:
        spin.blockSignals(True)
        spin.setValue(value)
        spin.blockSignals(False)
