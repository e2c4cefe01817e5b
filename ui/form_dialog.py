"""A small dialog asking for a few named values (custom entries, and the like)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from sheetapp.editing.builders import EditError, FieldError
from ui.forms import FieldSpec, ModelForm

#: a refused entry's message, in the form (red like the wizard's)
MESSAGE_STYLE = "color: #c0392b;"


class FieldsDialog(QDialog):
    def __init__(
        self,
        title: str,
        specs: list[FieldSpec],
        values: dict[str, Any],
        parent: QWidget | None = None,
        *,
        intro: str = "",
        required: tuple[str, ...] = (),
        check: Callable[[dict[str, Any]], object] | None = None,
    ) -> None:
        """``check`` is run on OK with the values: an :class:`EditError` it raises keeps
        the dialog open, its message beside the field to blame (a typo in a custom
        power's modifiers closed the dialog and lost the form)."""
        super().__init__(parent)
        self.check = check
        self.setWindowTitle(title)
        self.required = required
        self.form = ModelForm(specs)
        self.form.set_values(values)
        self.messages: dict[str | None, QLabel] = {}
        self._add_message_rows()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if intro:
            label = QLabel(intro)
            label.setWordWrap(True)
            layout.addWidget(label)
        layout.addWidget(self.form)
        layout.addWidget(self.messages[None])
        layout.addWidget(self.buttons)
        self.form.value_changed.connect(lambda _k, _v: self._check())
        self._check()

    def _add_message_rows(self) -> None:
        """A hidden message under each field, and one under the form."""
        form = self.form.layout()
        assert isinstance(form, QFormLayout)
        for key, editor in reversed(list(self.form.editors.items())):
            position: Any = form.getWidgetPosition(editor)  # (row, role); typed as object
            row = int(position[0])
            label = self._message_label(f"message_{key}")
            form.insertRow(row + 1, "", label)
            self.messages[key] = label
        self.messages[None] = self._message_label("message")

    @staticmethod
    def _message_label(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setStyleSheet(MESSAGE_STYLE)
        label.hide()
        return label

    def accept(self) -> None:
        for label in self.messages.values():
            label.hide()
        if self.check is not None:
            try:
                self.check(self.values())
            except EditError as exc:
                field = exc.field if isinstance(exc, FieldError) else None
                label = self.messages.get(field, self.messages[None])
                label.setText(str(exc))
                label.show()
                editor = self.form.editors.get(field or "")
                if editor is not None:
                    editor.setFocus()
                return
        super().accept()

    def _check(self) -> None:
        values = self.form.values()
        ok = all(str(values.get(key, "")).strip() for key in self.required)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def values(self) -> dict[str, Any]:
        return self.form.values()
