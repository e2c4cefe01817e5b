"""Edits as plain data: a change to a JSON-like tree, its inverse, and the diff of two trees.

Every edit in the application is a list of :class:`Change` objects applied to the
JSON form of a character document (``model_dump(mode="json")``). The window's undo
commands, the advancement ledger and the tests all use the same functions here, so
"apply, then apply the inverse" gives back the exact original data.

A path is document-rooted, like an issue's path: ``("character", "abilities", 3,
"level")``. Strings index mappings, integers index lists.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel

from sheetapp.core.document import CharacterDocument
from sheetapp.core.incremental import (
    NotIncremental,
    apply_change_to_model,
    apply_in_enclosing_model,
)
from sheetapp.core.issues import DataPath
from sheetapp.core.memo import carry_memos

Op = Literal["set", "insert", "remove", "move"]


class ChangeError(ValueError):
    """A change does not fit the data it is applied to (wrong path, stale value)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One edit of a JSON-like tree.

    - ``set``: replace the value at ``path`` (``before`` -> ``after``).
    - ``insert``: add ``after`` at ``path`` (a new key, or a list position).
    - ``remove``: delete the value ``before`` at ``path``.
    - ``move``: move the list item at ``path`` to index ``to`` of the same list.
    """

    op: Op
    path: DataPath
    before: Any = None
    after: Any = None
    to: int | None = None
    label: str = field(default="", compare=False)

    def inverse(self) -> Change:
        if self.op == "set":
            return Change("set", self.path, self.after, self.before, label=self.label)
        if self.op == "insert":
            return Change("remove", self.path, before=self.after, label=self.label)
        if self.op == "remove":
            return Change("insert", self.path, after=self.before, label=self.label)
        if self.to is None:
            raise ChangeError("A move needs a target index")
        origin = self.path[-1]
        return Change("move", (*self.path[:-1], self.to), to=int(origin), label=self.label)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"op": self.op, "path": list(self.path)}
        if self.op in ("set", "remove"):
            out["before"] = self.before
        if self.op in ("set", "insert"):
            out["after"] = self.after
        if self.op == "move":
            out["to"] = self.to
        return out

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Change:
        op = raw.get("op")
        if op not in ("set", "insert", "remove", "move"):
            raise ChangeError(f"Unknown change operation {op!r}")
        path = raw.get("path")
        if not isinstance(path, list) or not all(isinstance(p, str | int) for p in path):
            raise ChangeError("A change's path must be a list of keys and indexes")
        to = raw.get("to")
        if op == "move" and not isinstance(to, int):
            raise ChangeError("A move needs an integer 'to'")
        return cls(op, tuple(path), raw.get("before"), raw.get("after"), to)


def invert_all(changes: Sequence[Change]) -> list[Change]:
    """The changes that undo ``changes`` (applied in order)."""
    return [change.inverse() for change in reversed(changes)]


def apply_changes(data: Any, changes: Iterable[Change], *, check: bool = True) -> Any:
    """A copy of ``data`` with ``changes`` applied in order. ``data`` is not modified.

    With ``check`` the ``before`` value of each set/remove must match the data, so a
    stale edit (e.g. a ledger entry replayed on a character that changed) fails
    loudly instead of silently overwriting something else.
    """
    return _apply_all(copy.deepcopy(data), changes, check=check)


def apply_changes_in_place(data: Any, changes: Iterable[Change]) -> Any:
    """``changes`` applied to ``data`` itself (which the caller owns; checked like
    :func:`apply_changes`), for replaying many entries on one working copy."""
    return _apply_all(data, changes, check=True)


def _apply_all(root: Any, changes: Iterable[Change], *, check: bool) -> Any:
    """Apply ``changes`` to ``root`` itself (which the caller owns) and return the result."""
    for change in changes:
        root = _apply_in_place(root, change, check=check)
    return root


def _apply_in_place(root: Any, change: Change, *, check: bool) -> Any:
    if not change.path:
        if change.op != "set":
            raise ChangeError(f"Cannot {change.op} the whole document")
        _check_before(root, change, check)
        return copy.deepcopy(change.after)
    parent = _walk(root, change.path[:-1])
    key = change.path[-1]
    where = _describe(change.path)
    if isinstance(parent, dict):
        if not isinstance(key, str):
            raise ChangeError(f"{where}: a mapping is indexed by a name")
        if change.op == "set":
            if key not in parent:
                raise ChangeError(f"{where}: nothing to replace")
            _check_before(parent[key], change, check)
            parent[key] = copy.deepcopy(change.after)
        elif change.op == "insert":
            if key in parent:
                raise ChangeError(f"{where}: already present")
            parent[key] = copy.deepcopy(change.after)
        elif change.op == "remove":
            if key not in parent:
                raise ChangeError(f"{where}: nothing to remove")
            _check_before(parent[key], change, check)
            del parent[key]
        else:
            raise ChangeError(f"{where}: only list items can be moved")
        return root
    if isinstance(parent, list):
        if not isinstance(key, int) or isinstance(key, bool):
            raise ChangeError(f"{where}: a list is indexed by a number")
        size = len(parent)
        if change.op == "insert":
            if not 0 <= key <= size:
                raise ChangeError(f"{where}: position out of range (0-{size})")
            parent.insert(key, copy.deepcopy(change.after))
            return root
        if not 0 <= key < size:
            raise ChangeError(f"{where}: no item at this position")
        if change.op == "set":
            _check_before(parent[key], change, check)
            parent[key] = copy.deepcopy(change.after)
        elif change.op == "remove":
            _check_before(parent[key], change, check)
            del parent[key]
        else:
            if change.to is None or not 0 <= change.to < size:
                raise ChangeError(f"{where}: move target out of range")
            parent.insert(change.to, parent.pop(key))
        return root
    raise ChangeError(f"{where}: the parent is neither a mapping nor a list")


def _walk(root: Any, path: DataPath) -> Any:
    node = root
    for depth, key in enumerate(path):
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise ChangeError(f"{_describe(path[: depth + 1])}: no such place") from None
    return node


def _check_before(current: Any, change: Change, check: bool) -> None:
    if check and current != change.before:
        raise ChangeError(
            f"{_describe(change.path)}: expected {change.before!r}, found {current!r}"
        )


def _describe(path: DataPath) -> str:
    return "/".join(str(part) for part in path) or "(document)"


def diff(before: Any, after: Any, path: DataPath = ()) -> list[Change]:
    """The changes that turn ``before`` into ``after`` (``apply_changes`` round-trips).

    Mappings are compared key by key; lists keep their common head and tail and
    express the middle as item edits, removals and insertions, so adding one
    ability to a long list is one ``insert``, not a rewrite of the list.
    """
    if before == after and type(before) is type(after):
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[Change] = []
        for key in before:
            if key not in after:
                changes.append(Change("remove", (*path, key), before=copy.deepcopy(before[key])))
            else:
                changes.extend(diff(before[key], after[key], (*path, key)))
        for key in after:
            if key not in before:
                changes.append(Change("insert", (*path, key), after=copy.deepcopy(after[key])))
        return changes
    if isinstance(before, list) and isinstance(after, list):
        return _diff_lists(before, after, path)
    return [Change("set", path, copy.deepcopy(before), copy.deepcopy(after))]


def _diff_lists(before: list[Any], after: list[Any], path: DataPath) -> list[Change]:
    head = 0
    limit = min(len(before), len(after))
    while head < limit and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < limit - head and before[len(before) - 1 - tail] == after[len(after) - 1 - tail]:
        tail += 1
    old_mid = before[head : len(before) - tail]
    new_mid = after[head : len(after) - tail]
    changes: list[Change] = []
    shared = min(len(old_mid), len(new_mid))
    for offset in range(shared):
        changes.extend(diff(old_mid[offset], new_mid[offset], (*path, head + offset)))
    # Removals from the end of the middle first, so earlier indexes stay valid.
    for offset in range(len(old_mid) - 1, shared - 1, -1):
        changes.append(
            Change("remove", (*path, head + offset), before=copy.deepcopy(old_mid[offset]))
        )
    for offset in range(shared, len(new_mid)):
        changes.append(
            Change("insert", (*path, head + offset), after=copy.deepcopy(new_mid[offset]))
        )
    return changes


DocumentT = TypeVar("DocumentT", bound=CharacterDocument[Any, Any])


def document_data(document: CharacterDocument[Any, Any]) -> dict[str, Any]:
    """The JSON form of a document, the tree every change path points into (with its
    ``play`` key even while the file leaves it out for being empty)."""
    data = document.model_dump(mode="json")
    if "play" not in data:
        data["play"] = document.play.model_dump(mode="json")
    return data


def apply_to_document(document: DocumentT, changes: Sequence[Change]) -> DocumentT:
    """A new document with ``changes`` applied, validated by the document's own model.

    Raises :class:`ChangeError` when a change does not fit and pydantic's
    ``ValidationError`` when the result is not a valid document; ``document``
    itself is never modified. Each change validates only the part it touches
    (see :mod:`sheetapp.core.incremental`); the parts it does not touch are shared
    with ``document``.
    """
    result: BaseModel = document
    for change in changes:
        try:
            result = apply_change_to_model(result, change)
        except NotIncremental:
            try:
                result = apply_in_enclosing_model(result, change, _apply_json)
            except NotIncremental:
                tree = document_data(cast(CharacterDocument[Any, Any], result))
                data = _apply_all(tree, [change], check=True)
                result = type(document).model_validate(data)
    # a document validated anew is still this character: it keeps what its rules kept
    return cast(DocumentT, carry_memos(document, result))


def apply_to_document_fully(document: DocumentT, changes: Sequence[Change]) -> DocumentT:
    """The same result as :func:`apply_to_document` by dumping and validating the whole
    document: the reference the incremental path is tested against."""
    data = _apply_all(document_data(document), changes, check=True)
    return type(document).model_validate(data)


def _apply_json(data: Any, change: Change) -> Any:
    return _apply_in_place(data, change, check=True)
