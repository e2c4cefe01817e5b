"""Where an issue is, in the words of the window: "Energy Blast › Level",
"Campaign › GP budget", never ``character.abilities[5].level``.

One pure function, :func:`place_name`, walks an issue's data path through the document:
an index into a declared list becomes the item's name (``Collection.item_name``), a field
becomes its column title in that list, else the pydantic field's title, else its name in
plain words. A system whose window shows lists it does not declare as flat collections
(Gladiators' abilities and their modifiers) names them with the
:class:`~sheetapp.core.system.NamesPlaces` capability, which returns the lists that
``path`` walks through (only those: a character may have hundreds of nested lists).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from sheetapp.core.issues import DataPath
from sheetapp.core.system import collections_of, place_collections_of
from sheetapp.editing.collections import Collection

SEPARATOR = " › "
#: words shown in capitals
ACRONYMS = {"gp": "GP", "hp": "HP", "xp": "XP", "pdf": "PDF", "id": "ID", "gm": "GM"}
#: the document's top-level parts as the window names them ("" : not shown)
ROOTS = {"character": "", "campaign": "Campaign", "history": "History", "notes": "Notes"}


def plain_words(name: str) -> str:
    """``gp_budget`` -> "GP budget"; ``slot_table`` -> "Slot table"."""
    words = [ACRONYMS.get(word, word) for word in name.split("_") if word]
    if not words:
        return name
    first = words[0]
    words[0] = first if first.isupper() else first[:1].upper() + first[1:]
    return " ".join(words)


def field_title(model: Any, name: str) -> str:
    """A pydantic field's title, else its name in plain words."""
    fields = getattr(type(model), "model_fields", None) if isinstance(model, BaseModel) else None
    info = fields.get(name) if fields else None
    if info is not None and info.title:
        return str(info.title)
    return plain_words(name)


def _collections(system: object, document: Any, path: DataPath) -> list[Collection[Any]]:
    with contextlib.suppress(LookupError, AttributeError, TypeError, ValueError):
        return place_collections_of(system, document, path)
    return list(collections_of(system))


def _column_title(collection: Collection[Any], name: str) -> str | None:
    for column in collection.columns:
        if column.field == name:
            return column.title
    return None


def place_name(system: object, document: Any, path: DataPath) -> str:
    """The place of ``path`` as a user reads it in the window."""
    if not path:
        return "Character"
    collections = _collections(system, document, path)
    by_path = {tuple(c.path): c for c in collections}
    parts: list[str] = []
    node: Any = document
    walked: tuple[str | int, ...] = ()
    current: Collection[Any] | None = None  # the list the last item came from
    for position, part in enumerate(path):
        if isinstance(part, int):
            owner = by_path.get(walked)
            name = None
            if owner is not None:
                try:
                    name = owner.item_name(document, part)
                except (LookupError, AttributeError, TypeError, ValueError):
                    name = None
            if owner is not None and name:
                # The list's title gives way to the item's name, and a nested item's name
                # already holds its parent's ("Pistol › Lethal", not "Pistol › Pistol ›
                # Lethal").
                if parts and parts[-1] == owner.title:
                    parts.pop()
                if owner.name is not None and parts and name.startswith(parts[-1] + SEPARATOR):
                    parts.pop()
                parts.append(name)
                current = owner
            else:
                label = parts.pop() if parts else "Item"
                parts.append(f"{label} {part + 1}")
                current = None
            node = _step(node, part)
        else:
            if position == 0 and part in ROOTS:
                if ROOTS[part]:
                    parts.append(ROOTS[part])
                node = _step(node, part)
                walked = (*walked, part)
                continue
            title = _column_title(current, part) if current is not None else None
            owner = by_path.get((*walked, part))
            if title is None and owner is not None:
                title = owner.title
            parts.append(title or field_title(node, part))
            node = _step(node, part)
            current = None
        walked = (*walked, part)
    return SEPARATOR.join(parts) if parts else "Character"


def _step(node: Any, part: str | int) -> Any:
    if node is None:
        return None
    try:
        if isinstance(part, int):
            return node[part] if isinstance(node, Sequence) else None
        if isinstance(node, dict):
            return node.get(part)
        return getattr(node, part, None)
    except (LookupError, TypeError):
        return None
