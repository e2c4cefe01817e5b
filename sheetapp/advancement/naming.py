"""How a ledger line names what it changed: "Lightning Bolt › Levels", from a data path
into one of the character's lists (systems pass their own item names)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.core.document import CharacterDocument
from sheetapp.core.issues import DataPath

ItemName = Callable[[str, Any], str]


def list_item_place(
    document: CharacterDocument[Any, Any],
    path: DataPath,
    list_names: Mapping[str, str],
    item_name: ItemName,
) -> str:
    """``character.<list>[i].<field>`` as "<item name> › <Field>"; "" for another path."""
    if len(path) < 3 or path[0] != "character" or not isinstance(path[2], int):
        return ""
    key, index = str(path[1]), path[2]
    items = getattr(document.character, key, None)
    if not isinstance(items, list) or not 0 <= index < len(items):
        return list_names.get(key, "")
    name = item_name(key, items[index])
    rest = " ".join(str(p).replace("_", " ") for p in path[3:] if isinstance(p, str))
    return f"{name} › {rest.capitalize()}" if rest else name


def added_item_name(
    path: DataPath, value: Any, models: Mapping[str, type[BaseModel]], item_name: ItemName
) -> str:
    """The name of an item a ledger line added (its stored JSON), "" when unknown."""
    if not isinstance(value, dict) or len(path) != 3 or path[0] != "character":
        return ""
    model = models.get(str(path[1]))
    if model is None:
        return ""
    try:
        item = model.model_validate(value)
    except ValidationError:
        return ""
    return item_name(str(path[1]), item)
