"""Forms generated from pydantic models: campaign settings and character-wide settings.

Each scalar field becomes an editor: whole numbers a spin box bounded by the field's
``ge``/``le``, other numbers (a price of ½ point) a spin box with decimals, a
``Literal`` a combo box, a ``bool`` a check box, text a line edit. The
field's description is the tooltip. A new system's settings need no new widget code.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from sheetapp.core.system import choice_labels

SPIN_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class FieldSpec:
    key: str
    label: str
    kind: Literal["int", "number", "bool", "choice", "text"]
    tooltip: str = ""
    low: float = -SPIN_LIMIT
    high: float = SPIN_LIMIT
    choices: tuple[str, ...] = ()
    choice_labels: tuple[tuple[str, str], ...] = ()
    max_length: int = 32767  # Qt's own limit of a line edit
    #: the value may be left unset (None): the spin box's lowest step reads "not set"
    optional: bool = False


def _label(key: str, info: FieldInfo) -> str:
    if info.title:
        return info.title
    words = key.replace("_", " ")
    return words[0].upper() + words[1:]


def _bounds(info: FieldInfo) -> tuple[float, float]:
    low, high = float(-SPIN_LIMIT), float(SPIN_LIMIT)
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = max(low, float(item.ge))  # type: ignore[arg-type]
        elif isinstance(item, annotated_types.Le):
            high = min(high, float(item.le))  # type: ignore[arg-type]
    return low, high


def _optional_number(annotation: Any) -> type | None:
    """``int`` for ``int | None`` (``float`` for ``float | None``), else None."""
    args = typing.get_args(annotation)
    if len(args) == 2 and type(None) in args:
        other = next(arg for arg in args if arg is not type(None))
        if other in (int, float):
            return other  # type: ignore[no-any-return]
    return None


def field_specs(model: type[BaseModel]) -> list[FieldSpec]:
    """Editable scalar fields of ``model`` in declaration order (lists/dicts are skipped)."""
    specs = []
    for key, info in model.model_fields.items():
        annotation = info.annotation
        tooltip = info.description or ""
        if annotation is bool:
            specs.append(FieldSpec(key, _label(key, info), "bool", tooltip))
        elif annotation in (int, float) or _optional_number(annotation):
            low, high = _bounds(info)
            number = annotation if annotation in (int, float) else _optional_number(annotation)
            kind: Literal["int", "number"] = "int" if number is int else "number"
            specs.append(
                FieldSpec(
                    key,
                    _label(key, info),
                    kind,
                    tooltip,
                    low,
                    high,
                    optional=annotation not in (int, float),
                )
            )
        elif typing.get_origin(annotation) is Literal:
            values = tuple(str(v) for v in typing.get_args(annotation))
            labels = choice_labels(info)
            named = tuple((value, str(labels.get(value, value))) for value in values)
            specs.append(
                FieldSpec(
                    key,
                    _label(key, info),
                    "choice",
                    tooltip,
                    choices=values,
                    choice_labels=named,
                )
            )
        elif annotation is str:
            longest = next(
                (int(m.max_length) for m in info.metadata if isinstance(m, annotated_types.MaxLen)),
                32767,
            )
            specs.append(
                FieldSpec(key, _label(key, info), "text", tooltip, max_length=min(longest, 32767))
            )
    return specs


class ModelForm(QWidget):
    """Editors for a model's scalar fields; ``value_changed(key, value)`` on each edit."""

    value_changed = Signal(str, object)

    def __init__(self, specs: list[FieldSpec], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.specs = specs
        self.editors: dict[str, QWidget] = {}
        self._loading = False
        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for spec in specs:
            editor = self._editor(spec)
            editor.setToolTip(spec.tooltip)
            editor.setObjectName(f"field_{spec.key}")
            self.editors[spec.key] = editor
            layout.addRow(spec.label + ":", editor)

    def _editor(self, spec: FieldSpec) -> QWidget:
        key = spec.key
        if spec.kind == "int":
            spin = QSpinBox()
            unset = int(spec.low) - 1
            spin.setRange(unset if spec.optional else int(spec.low), int(spec.high))
            if spec.optional:
                spin.setSpecialValueText("not set")
            spin.setKeyboardTracking(False)
            spin.setAccelerated(True)
            spin.valueChanged.connect(
                lambda value: self._emit(key, None if spec.optional and value == unset else value)
            )
            return spin
        if spec.kind == "number":
            number = QDoubleSpinBox()
            number.setDecimals(2)
            number.setRange(spec.low, spec.high)
            number.setSingleStep(0.5)
            number.setKeyboardTracking(False)
            number.valueChanged.connect(lambda value: self._emit(key, _plain(value)))
            return number
        if spec.kind == "bool":
            box = QCheckBox()
            box.toggled.connect(lambda value: self._emit(key, value))
            return box
        if spec.kind == "choice":
            combo = QComboBox()
            names = dict(spec.choice_labels)
            for value in spec.choices:
                combo.addItem(names.get(value, value), value)
            combo.activated.connect(lambda _row: self._emit(key, combo.currentData()))
            return combo
        edit = QLineEdit()
        edit.setMaxLength(spec.max_length)  # no more than the file keeps
        edit.textEdited.connect(lambda text: self._emit(key, text))
        return edit

    def _emit(self, key: str, value: Any) -> None:
        if not self._loading:
            self.value_changed.emit(key, value)

    def set_values(self, values: dict[str, Any]) -> None:
        self._loading = True
        try:
            for key, editor in self.editors.items():
                if key not in values:
                    continue
                value = values[key]
                if isinstance(editor, QSpinBox):
                    shown = editor.minimum() if value is None else int(value)
                    if editor.value() != shown:
                        editor.setValue(shown)
                elif isinstance(editor, QDoubleSpinBox) and editor.value() != value:
                    editor.setValue(float(value))
                elif isinstance(editor, QCheckBox):
                    editor.setChecked(bool(value))
                elif isinstance(editor, QComboBox):
                    editor.setCurrentIndex(max(0, editor.findData(value)))
                elif isinstance(editor, QLineEdit) and editor.text() != value:
                    editor.setText(str(value or ""))
        finally:
            self._loading = False

    def values(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, editor in self.editors.items():
            if isinstance(editor, QSpinBox):
                unset = editor.specialValueText() and editor.value() == editor.minimum()
                found[key] = None if unset else editor.value()
            elif isinstance(editor, QDoubleSpinBox):
                found[key] = _plain(editor.value())
            elif isinstance(editor, QCheckBox):
                found[key] = editor.isChecked()
            elif isinstance(editor, QComboBox):
                found[key] = editor.currentData()
            elif isinstance(editor, QLineEdit):
                found[key] = editor.text()
        return found


def _plain(value: float) -> float | int:
    """A whole number as ``int`` (the file writes ``2``, not ``2.0``)."""
    return int(value) if float(value).is_integer() else float(value)
