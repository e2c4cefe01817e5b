"""One delegate for every editor model: the model's roles say which editor a cell gets.

Spin boxes commit on every step so a drag becomes live edits that the undo stack merges
into one step; combo boxes commit when a choice is picked from the open list, or when
editing ends (arrows on the closed list only move it); line edits when editing ends.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from ui.roles import CHOICES_ROLE, EDIT_KIND_ROLE, RANGE_ROLE

AnyIndex = QModelIndex | QPersistentModelIndex
#: what an optional number's spin box reads at its lowest step
NOT_SET = "not set"


class ChoiceEditor(QComboBox):
    """A cell's list. Picked from the open list, the choice is made at once; arrows and
    typed letters on the closed list only move it (QComboBox reports each step as a
    choice: stepping to the fourth line was four edits, each taking what it passed from
    whoever had it). Enter, Tab or leaving the cell makes the choice; Escape drops it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: a key on the closed list is being handled
        self.stepping = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.stepping = True
        try:
            super().keyPressEvent(event)
        finally:
            self.stepping = False


class NumberEditor(QSpinBox):
    """A cell's number, its whole text selected when it first shows, so the key that
    opened it (Qt's AnyKeyPressed trigger: typing on a selected cell) replaces the value.

    The view selects the editor's text before it shows the editor, and a spin box fills
    its text in only when shown: a cell showing 0 (the spin box's own start value, so
    setting it changed nothing) had no text to select yet, and the typed digit went in
    front of the "0" shown afterwards: 3 typed over 0 became 30."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:  # again (scrolled out of view and back) keeps the cursor
            self._shown = True
            self.selectAll()


class EditDelegate(QStyledItemDelegate):
    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        kind = index.data(EDIT_KIND_ROLE)
        if kind in ("int", "optional_int"):
            spin = NumberEditor(parent)
            low, high = index.data(RANGE_ROLE) or (0, 999)
            if kind == "optional_int":
                low -= 1  # the lowest step is "not set"
                spin.setSpecialValueText(NOT_SET)
            spin.setRange(int(low), int(high))
            spin.setAccelerated(True)
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(lambda _value: self.commitData.emit(spin))
            return spin
        if kind == "choice":
            combo = ChoiceEditor(parent)
            for value, label in index.data(CHOICES_ROLE) or []:
                combo.addItem(label, value)
            combo.activated.connect(
                lambda _row: None if combo.stepping else self.commitData.emit(combo)
            )
            return combo
        if kind == "text":
            edit = QLineEdit(parent)
            edit.setClearButtonEnabled(True)
            return edit
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        value: Any = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox):
            if index.data(EDIT_KIND_ROLE) not in ("int", "optional_int"):
                # The edit made the cell read-only (or another kind) while its editor is
                # still open: the editor closes without being refilled (an exception
                # here, inside Qt's dataChanged, took the whole application down).
                return
            shown = editor.minimum() if value is None and editor.specialValueText() else value
            if editor.value() != int(shown or 0):
                editor.blockSignals(True)
                editor.setValue(int(shown or 0))
                editor.blockSignals(False)
        elif isinstance(editor, QComboBox):
            row = editor.findData(value)
            if row >= 0 and row != editor.currentIndex():
                editor.setCurrentIndex(row)
        elif isinstance(editor, QLineEdit):
            if editor.text() != (value or ""):
                editor.setText(str(value or ""))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            value: Any = editor.value()
            if editor.specialValueText() and value == editor.minimum():
                value = None
        elif isinstance(editor, QComboBox):
            value = editor.currentData()
        elif isinstance(editor, QLineEdit):
            value = editor.text()
        else:
            super().setModelData(editor, model, index)
            return
        if value != index.data(Qt.ItemDataRole.EditRole):
            model.setData(index, value, Qt.ItemDataRole.EditRole)
