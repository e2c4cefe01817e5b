"""Apply one change to a pydantic document, validating only what the change touches.

`apply_to_document` used to dump the whole document, apply the change and validate
everything again: fine for a small character, 4-8 ms for one level edit on a
300-ability one. Here the change is applied to the smallest model that holds it:

- a field of a model (``("character", "abilities", 3, "level")``): a shallow copy of
  that model with the one field validated by pydantic's own assignment validation;
- an item of a list field (insert, replace, remove, move): the new item validated
  by the list's item type, the others kept as they are;
- anything else (a key inside a plain dict, an unknown extra key): the nearest
  enclosing model is dumped, changed and validated again.

The unchanged parts are shared with the old document (they are never changed in
place by this module). Every ancestor on the path is a shallow copy, so the old
document is untouched. The result equals what the full dump-apply-validate gives; a
property test compares the two on random edits.
"""

from __future__ import annotations

from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel, TypeAdapter
from pydantic_core import to_jsonable_python

from sheetapp.core.issues import DataPath


class NotIncremental(Exception):
    """The change is of a shape this module does not handle; use the full path."""


def apply_change_to_model(root: BaseModel, change: Any) -> BaseModel:
    """``root`` with ``change`` applied to a model field or a list item; raises
    :class:`NotIncremental` for any other shape (and for a stale ``before``)."""
    path: DataPath = change.path
    if not path:
        raise NotIncremental
    nodes = _walk(root, path[:-1])
    parent, key = nodes[-1], path[-1]
    if isinstance(parent, BaseModel) and change.op == "set" and _is_field(parent, key):
        _check(to_jsonable_python(getattr(parent, str(key))), change)
        new_parent: Any = _assign(parent, str(key), change.after)
    elif isinstance(parent, list) and len(nodes) >= 2 and isinstance(nodes[-2], BaseModel):
        owner, field = nodes[-2], path[-2]
        if not _is_plain_list_field(owner, field):
            raise NotIncremental
        new_parent = _edit_list(parent, change, _item_adapter(type(owner), str(field)))
    else:
        raise NotIncremental
    return _rebuild(nodes, path[:-1], new_parent)


def apply_in_enclosing_model(root: BaseModel, change: Any, apply_json: Any) -> BaseModel:
    """Fallback: dump the nearest model above the change, apply it there with
    ``apply_json(data, change)`` (which checks stale values), validate it."""
    path: DataPath = change.path
    nodes = _walk(root, path[:-1])
    depth = max(i for i, node in enumerate(nodes) if isinstance(node, BaseModel))
    model = nodes[depth]
    data = model.model_dump(mode="json")
    relative = type(change)(change.op, path[depth:], change.before, change.after, change.to)
    new_model = type(model).model_validate(apply_json(data, relative))
    return _rebuild(nodes[: depth + 1], path[:depth], new_model)


def _walk(root: BaseModel, path: DataPath) -> list[Any]:
    """The nodes from the root down to the one at ``path``."""
    nodes: list[Any] = [root]
    node: Any = root
    for key in path:
        if isinstance(node, BaseModel):
            if not _is_field(node, key):
                raise NotIncremental  # an extra key: leave it to the full path
            node = getattr(node, str(key))
        elif isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool):
            if not 0 <= key < len(node):
                raise NotIncremental
            node = node[key]
        else:
            raise NotIncremental
        nodes.append(node)
    return nodes


def _rebuild(nodes: list[Any], path: DataPath, new_child: Any) -> BaseModel:
    """Copy every ancestor of the changed node with the new child in its place."""
    child = new_child
    for node, key in zip(reversed(nodes[:-1]), reversed(path), strict=True):
        if isinstance(node, BaseModel):
            child = node.model_copy(update={str(key): child})
        else:
            copied = list(node)
            copied[int(key)] = child
            child = copied
    if not isinstance(child, BaseModel):
        raise NotIncremental
    return child


def _is_field(model: BaseModel, key: str | int) -> bool:
    return isinstance(key, str) and key in type(model).model_fields


def _assign(model: BaseModel, field: str, value: Any) -> BaseModel:
    """A shallow copy of ``model`` with ``field`` set through pydantic's validation."""
    copied = model.model_copy()
    type(model).__pydantic_validator__.validate_assignment(copied, field, value)
    return copied


def _is_plain_list_field(model: BaseModel, field: str | int) -> bool:
    """A list field without constraints of its own (length limits would need the list)."""
    if not _is_field(model, field):
        return False
    info = type(model).model_fields[str(field)]
    return get_origin(info.annotation) is list and not info.metadata


@cache
def _item_adapter(model: type[BaseModel], field: str) -> TypeAdapter[Any]:
    annotation = model.model_fields[field].annotation
    return TypeAdapter(get_args(annotation)[0])


def _edit_list(items: list[Any], change: Any, adapter: TypeAdapter[Any]) -> list[Any]:
    index = change.path[-1]
    if not isinstance(index, int) or isinstance(index, bool):
        raise NotIncremental
    copied = list(items)
    if change.op == "insert":
        if not 0 <= index <= len(copied):
            raise NotIncremental
        copied.insert(index, adapter.validate_python(change.after))
        return copied
    if not 0 <= index < len(copied):
        raise NotIncremental
    if change.op == "set":
        _check(to_jsonable_python(copied[index]), change)
        copied[index] = adapter.validate_python(change.after)
    elif change.op == "remove":
        _check(to_jsonable_python(copied[index]), change)
        del copied[index]
    else:
        if change.to is None or not 0 <= change.to < len(copied):
            raise NotIncremental
        copied.insert(change.to, copied.pop(index))
    return copied


def _check(current: Any, change: Any) -> None:
    if current != change.before:
        raise NotIncremental  # the full path reports the stale value with its message
