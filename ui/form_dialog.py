"""A small dialog asking for a few named values (custom entries, and the like)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from ui.forms import FieldSpec, ModelForm


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
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.required = required
        self.form = ModelForm(specs)
        self.form.set_values(values)
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
        layout.addWidget(self.buttons)
        self.form.value_changed.connect(lambda _k, _v: self._check())
        self._check()

    def _check(self) -> None:
        values = self.form.values()
        ok = all(str(values.get(key, "")).strip() for key in self.required)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def values(self) -> dict[str, Any]:
        return self.form.values()
