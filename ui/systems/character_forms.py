"""The character's own settings that are not lists (2d10's attributes and movement,
Power Sets' characteristics): a form per such model of the character, generated from it
like the campaign settings, for pages built from declared lists."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.editing.fields import set_nested
from ui.document import EditorDocument
from ui.forms import ModelForm, field_specs


def nested_models(character: type[BaseModel]) -> list[tuple[str, str]]:
    """``(field, title)`` of each field of ``character`` that is a model of settings."""
    found = []
    for key, info in character.model_fields.items():
        annotation = info.annotation
        settings = isinstance(annotation, type) and issubclass(annotation, BaseModel)
        if settings and field_specs(annotation):  # type: ignore[arg-type]
            found.append((key, info.title or key.replace("_", " ").capitalize()))
    return found


class CharacterForms(QWidget):
    """One group of editors per model; every edit an undoable change."""

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = document
        character = type(document.document.character)
        self.models = nested_models(character)
        self.forms: dict[str, ModelForm] = {}
        self.titles = dict(self.models)
        layout = QVBoxLayout(self)
        for key, title in self.models:
            model = character.model_fields[key].annotation
            assert isinstance(model, type) and issubclass(model, BaseModel)
            form = ModelForm(field_specs(model))
            form.setObjectName(f"{key}_form")
            form.value_changed.connect(lambda name, value, key=key: self._set(key, name, value))
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(form)
            layout.addWidget(box)
            self.forms[key] = form
        layout.addStretch(1)
        document.changed.connect(self._after_change)
        self.refresh()

    @property
    def title(self) -> str:
        return " & ".join(title for _key, title in self.models)

    def _set(self, key: str, name: str, value: Any) -> None:
        form = self.forms[key]
        label = next((spec.label for spec in form.specs if spec.key == name), name)
        path: DataPath = ("character", key, name)
        changes = set_nested(self.doc.document, path, value, f"Set {self.titles[key]} › {label}")
        self.doc.push(changes, merge_key=path)

    def _after_change(self, changes: list[Change]) -> None:
        if any(self._shows(change.path) for change in changes):
            self.refresh()

    def _shows(self, path: DataPath) -> bool:
        return len(path) < 2 or (path[0] == "character" and path[1] in self.forms)

    def refresh(self) -> None:
        character = self.doc.document.character
        for key, form in self.forms.items():
            form.set_values(getattr(character, key).model_dump(mode="json"))

    def focus_path(self, path: DataPath) -> bool:
        if len(path) < 3 or path[0] != "character" or path[1] not in self.forms:
            return False
        editor = self.forms[str(path[1])].editors.get(str(path[2]))
        if editor is None:
            return False
        editor.setFocus()
        return True
