"""What every system's edit builders share: the error they raise and a set-change."""

from __future__ import annotations

from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath


class EditError(ValueError):
    """An edit asked for something the catalog or the character does not have."""


class FieldError(EditError):
    """An entry refused because of one of its fields (``field``: its key; None when no
    single field is to blame), so a form can say so beside that field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def as_json(value: Any) -> Any:
    """A model as the JSON data change paths point into; anything else as it is."""
    dump = getattr(value, "model_dump", None)
    return dump(mode="json") if dump else value


def set_change(path: DataPath, before: Any, after: Any, label: str) -> list[Change]:
    """One ``set`` change, or none when the value would not change."""
    before, after = as_json(before), as_json(after)
    if before == after:
        return []
    return [Change("set", path, before, after, label=label)]
