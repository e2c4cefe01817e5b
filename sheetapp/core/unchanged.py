"""Tell cheaply whether a stored model is still what it was.

An edit makes a new document that shares every part it did not touch with the old one
(:mod:`sheetapp.core.incremental`), so "the same object as last time" is the usual
case for the 999 abilities an edit did not touch. Identity alone is not enough: a
script or a test may change a model in place (``ability.level = 9``,
``ability.modifiers.append(...)``). A :class:`Snapshot` keeps a copy of a model's
field values, its lists and dicts copied and the models inside them snapshotted in
turn, and :meth:`Snapshot.matches` compares the live model with it. The comparison is
done by the interpreter's own dict and list equality, which takes an object that is
still the same object as equal without looking inside it, so checking an untouched
ability costs a fraction of building a value key for it.

:class:`IdentityMemo` keeps one result per model object on top of that: a result is
reused when the object, its place (the caller's token) and its snapshot all still
match.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Generic, TypeVar, cast

from pydantic import BaseModel

R = TypeVar("R")
M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

MAX_ENTRIES = 20_000
#: how many distinct contexts a memo remembers (one per character open in the window,
#: give or take): an equal context is replaced by the remembered object, so checking it
#: against a stored entry is one identity check, not a comparison of its contents
RECENT_CONTEXTS = 8


class _Contexts:
    """The last few distinct contexts a memo was given."""

    __slots__ = ("_recent",)

    def __init__(self) -> None:
        self._recent: list[Any] = []

    def interned(self, context: Any) -> Any:
        """The remembered context equal to ``context`` (the most recent first), else
        ``context`` itself, now remembered."""
        recent = self._recent
        for known in recent:
            if known is context or known == context:
                return known
        recent.insert(0, context)
        del recent[RECENT_CONTEXTS:]
        return context


class Snapshot:
    """The field values of one model, and of every model inside it, at one moment."""

    __slots__ = ("fields", "models")

    def __init__(self, model: BaseModel) -> None:
        parts: list[tuple[BaseModel, dict[str, Any]]] = []
        _note(model, parts)
        #: each model (this one first, then those inside it) and its copied fields
        self.models = tuple(part for part, _fields in parts)
        self.fields = [fields for _part, fields in parts]

    def matches(self, model: BaseModel) -> bool:
        """True when ``model`` and the models inside it hold the values they held."""
        models = self.models
        if models[0] is not model:
            return False
        if len(models) == 1:  # the usual case: no model inside it
            return model.__dict__ == self.fields[0]
        # one list comparison, done by the interpreter, for the model and those inside it
        return list(map(_FIELDS, models)) == self.fields


_FIELDS = attrgetter("__dict__")


def _note(model: BaseModel, parts: list[tuple[BaseModel, dict[str, Any]]]) -> None:
    fields: dict[str, Any] = {}
    parts.append((model, fields))
    for name, value in model.__dict__.items():
        fields[name] = _copied(value, parts)


def _copied(value: Any, parts: list[tuple[BaseModel, dict[str, Any]]]) -> Any:
    """``value`` with its lists and dicts copied (so that changing them in place shows),
    noting every model found inside with its own fields."""
    kind = type(value)
    if kind is list:
        return [_copied(item, parts) for item in value]
    if kind is dict:
        return {key: _copied(item, parts) for key, item in value.items()}
    if isinstance(value, BaseModel):
        _note(value, parts)
    return value


def _store(entries: dict[int, Any], key: int, entry: Any, limit: int) -> None:
    """``entry`` stored as the newest, the oldest dropped past ``limit`` (under the
    caller's lock)."""
    entries.pop(key, None)
    entries[key] = entry
    while len(entries) > limit:
        entries.pop(next(iter(entries)), None)


class IdentityMemo(Generic[R]):
    """Results keyed by the model object they were computed from.

    A stored result is reused for a model when the model is the object it was stored
    for, at the same place in its list, with an equal context (the caller's other
    inputs: pass the same object from call to call and the comparison is one identity
    check), and unchanged since (:class:`Snapshot`). Bounded: the oldest entry goes
    first. Reading takes no lock (dict lookups); storing takes one, as the window
    evaluates on a worker thread too.
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        #: id(model) -> (model, place, context, its fields if no model is inside it,
        #: snapshot, result)
        self._entries: dict[
            int, tuple[BaseModel, int, Any, dict[str, Any] | None, Snapshot, R]
        ] = {}
        self._max = max_entries
        self._lock = threading.Lock()
        self._contexts = _Contexts()

    def each(self, models: Sequence[M], context: Any, work: Callable[[int, M], R]) -> list[R]:
        """``work(place, model)`` for each model of a list, reusing every stored result
        that still holds. ``context`` holds plain values (never a live model, which
        could change in place): the caller's other inputs."""
        context = self._contexts.interned(context)
        found = self.reuse(models, context)
        for place, result in enumerate(found):
            if result is None:
                model = models[place]
                made = work(place, model)
                self.put(model, place, context, made)
                found[place] = made
        return cast(list[R], found)

    def reuse(self, models: Sequence[BaseModel], context: Any) -> list[R | None]:
        """For each model of a list, its stored result, or None where it must be worked out."""
        context = self._contexts.interned(context)
        found: list[R | None] = []
        append = found.append
        # The loop runs for every item of a 1,000-item list at every edit: the lookups are
        # made by map, Snapshot.matches is inlined for the usual snapshot of one model.
        stored = list(map(self._entries.get, map(id, models)))
        for place, (model, entry) in enumerate(zip(models, stored, strict=True)):
            if (
                entry is None
                or entry[0] is not model
                or entry[1] != place
                or (entry[2] is not context and entry[2] != context)
            ):
                append(None)
                continue
            fields = entry[3]
            if fields is not None:
                append(entry[5] if model.__dict__ == fields else None)
            else:
                append(entry[5] if entry[4].matches(model) else None)
        return found

    def put(self, model: BaseModel, place: int, context: Any, result: R) -> None:
        snapshot = Snapshot(model)
        single = snapshot.fields[0] if len(snapshot.models) == 1 else None
        with self._lock:
            _store(
                self._entries,
                id(model),
                (model, place, context, single, snapshot, result),
                self._max,
            )

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class ByIdentity(Generic[T, R]):
    """Results worked out from immutable objects (frozen dataclasses), by identity, and
    from a context of plain values shared by the whole list.

    Keeps each object alive with its result, so an identity is never reused while it is
    stored; bounded, the oldest first.
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self._entries: dict[int, tuple[T, Any, R]] = {}
        self._max = max_entries
        self._lock = threading.Lock()
        self._contexts = _Contexts()

    def get(self, obj: T, work: Callable[[T], R], context: Any = None) -> R:
        entry = self._entries.get(id(obj))
        if entry is not None and (entry[1] is context or entry[1] == context):
            return entry[2]
        result = work(obj)
        with self._lock:
            _store(self._entries, id(obj), (obj, context, result), self._max)
        return result

    def each(self, objs: Sequence[T], work: Callable[[T], R], context: Any = None) -> list[R]:
        """:meth:`get` for each object of a list, with one context for all (the loop
        inlined: it runs for every row of a 1,000-item list at every edit)."""
        context = self._contexts.interned(context)
        found = list(map(self._entries.get, map(id, objs)))
        return [
            entry[2]
            if entry is not None and (entry[1] is context or entry[1] == context)
            else self.get(obj, work, context)
            for obj, entry in zip(objs, found, strict=True)
        ]
