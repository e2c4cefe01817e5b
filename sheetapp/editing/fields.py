"""Edits of the parts every document has: meta (name, player, concept, portrait, notes),
campaign settings and the character's top-level settings.

Each function returns the ``list[Change]`` of one edit (``[]`` when nothing changes).
A key the model does not declare (``concept`` in older envelopes) is inserted on its
first edit and kept as an extra key, which the envelope models preserve.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from sheetapp.core.changes import Change, document_data
from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath
from sheetapp.core.system import PriceSetting

#: Meta keys the editor writes; ``concept`` is a one-line pitch of the character.
META_KEYS = ("name", "player", "concept", "portrait", "notes")
SECTIONS = ("meta", "campaign", "character")


_ABSENT = object()


def _stored(document: CharacterDocument[Any, Any], section: str, key: str) -> Any:
    """The JSON value of ``section.key`` as a file stores it, or ``_ABSENT``. Reads the
    one value: dumping the whole section would copy every ability (or the portrait) on
    each keystroke."""
    if section not in SECTIONS:
        raise ValueError(f"Unknown document section '{section}'")
    model: BaseModel = getattr(document, section)
    if key in type(model).model_fields:
        return to_jsonable_python(getattr(model, key))
    extra = model.model_extra or {}
    return extra.get(key, _ABSENT)


def set_value(
    document: CharacterDocument[Any, Any], section: str, key: str, value: Any, label: str = ""
) -> list[Change]:
    """Set ``section.key`` (inserting it when the stored data does not have it yet)."""
    current = _stored(document, section, key)
    path: DataPath = (section, key)
    text = label or f"Set {key.replace('_', ' ')}"
    if current is _ABSENT:
        if value in (None, ""):
            return []
        return [Change("insert", path, after=value, label=text)]
    if current == value:
        return []
    return [Change("set", path, current, value, label=text)]


def get_value(document: CharacterDocument[Any, Any], section: str, key: str) -> Any:
    current = _stored(document, section, key)
    return None if current is _ABSENT else current


def set_meta(document: CharacterDocument[Any, Any], key: str, value: Any) -> list[Change]:
    if key not in META_KEYS:
        raise ValueError(f"Unknown character detail '{key}'")
    return set_value(document, "meta", key, value)


def meta_text(document: CharacterDocument[Any, Any], key: str) -> str:
    value = get_value(document, "meta", key)
    return value if isinstance(value, str) else ""


def with_settings(
    document: CharacterDocument[Any, Any], settings: dict[str, dict[str, Any]]
) -> CharacterDocument[Any, Any]:
    """A copy of a (new) document with section values replaced, validated by its model."""
    data = document_data(document)
    for section, values in settings.items():
        if section not in SECTIONS:
            raise ValueError(f"Unknown document section '{section}'")
        data[section].update(values)
    return type(document).model_validate(data)


def set_price(
    document: CharacterDocument[Any, Any], setting: PriceSetting, value: float
) -> list[Change]:
    """Set a campaign's own figure for a price its rulebook leaves to another book; the
    book's figure (the default) removes the campaign's, so the file keeps only what the
    group changed."""
    prices = getattr(document.campaign, setting.field)
    path: DataPath = ("campaign", setting.field, setting.key)
    label = f"Set {setting.label}"
    current = prices.get(setting.key)
    if value == setting.default:
        return [] if current is None else [Change("remove", path, before=current, label=label)]
    if current is None:
        return [Change("insert", path, after=value, label=label)]
    if current == value:
        return []
    return [Change("set", path, current, value, label=label)]


def set_nested(
    document: CharacterDocument[Any, Any], path: DataPath, value: Any, label: str = ""
) -> list[Change]:
    """Set the value at ``path`` inside a model of the document (``("character",
    "attributes", "int")``); ``[]`` when it does not change."""
    node: Any = document
    for part in path[:-1]:
        node = node[part] if isinstance(part, int) else getattr(node, part)
    key = path[-1]
    if not isinstance(node, BaseModel) or not isinstance(key, str):
        raise ValueError(f"Nothing to set at {path}")
    current = to_jsonable_python(getattr(node, key))
    if current == value:
        return []
    text = label or f"Set {str(key).replace('_', ' ')}"
    return [Change("set", path, current, value, label=text)]
