"""Where something is, in the words of the window: "Energy Blast › Level", "Campaign ›
GP budget", "Climb › Rank" — never ``character.abilities[5].level``.

An issue's path points into the file; the window, the command line and the sheet show
the place with :func:`describe_place`. It names list items the way their declared
collection does (:mod:`sheetapp.editing.collections`), fields by their model titles, and
falls back to the field names made readable. Pure: no Qt.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from sheetapp.core.issues import DataPath
from sheetapp.core.system import collections_of
from sheetapp.editing.collections import Collection

SECTIONS = {"campaign": "Campaign", "meta": "Details", "history": "Advancement history"}
META = {"name": "Name", "player": "Player", "notes": "Notes", "portrait": "Portrait"}
SEPARATOR = " › "


def describe_place(system: object, document: Any, path: DataPath) -> str:
    """The place ``path`` points to, as the user reads it ("" for the whole character)."""
    if not path:
        return ""
    head = path[0]
    if head == "meta":
        return META.get(str(path[1]), _words(path[1])) if len(path) > 1 else SECTIONS["meta"]
    if head == "campaign":
        parts = [SECTIONS["campaign"]]
        if len(path) > 1:
            parts.append(_field_title(getattr(document, "campaign", None), str(path[1])))
        return SEPARATOR.join(parts)
    if head == "history":
        if len(path) > 1 and isinstance(path[1], int):
            return f"{SECTIONS['history']}{SEPARATOR}entry {path[1]}"
        return SECTIONS["history"]
    if head == "character":
        return _character_place(system, document, path)
    return SEPARATOR.join(_words(part) for part in path if not isinstance(part, int))


def _character_place(system: object, document: Any, path: DataPath) -> str:
    declared = sorted(collections_of(system), key=lambda c: len(c.path), reverse=True)
    for collection in declared:
        size = len(collection.path)
        if tuple(path[:size]) != collection.path:
            continue
        if len(path) == size:
            return collection.title
        row = path[size]
        if not isinstance(row, int) or not 0 <= row < len(collection.items(document)):
            return collection.title
        parts = [collection.item_name(document, row)]
        rest = path[size + 1 :]
        if rest:
            parts.append(_column_title(collection, rest))
        return SEPARATOR.join(parts)
    character = getattr(document, "character", None)
    parts = []
    node: Any = character
    for part in path[1:]:
        if isinstance(part, int):
            continue
        parts.append(_field_title(node, str(part)))
        node = getattr(node, str(part), None) if isinstance(node, BaseModel) else None
    return SEPARATOR.join(parts) or "Character"


def _column_title(collection: Collection[Any], rest: DataPath) -> str:
    field = str(rest[0])
    for column in collection.columns:
        if column.field == field:
            return column.title
    return _words(field)


def _field_title(model: Any, key: str) -> str:
    fields = getattr(type(model), "model_fields", {}) if model is not None else {}
    info = fields.get(key)
    if info is not None and info.title:
        return str(info.title)
    return _words(key)


def _words(key: object) -> str:
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else ""
