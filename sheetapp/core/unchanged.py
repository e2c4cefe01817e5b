"""Tell cheaply whether a stored model is still what it was.

An edit makes a new document that shares every part it did not touch with the old one
(:mod:`sheetapp.core.incremental`), so "the same object as last time" is the usual
case for the 999 abilities an edit did not touch. Identity alone is not enough: a
script or a test may change a model in place (``ability.level = 9``,
``ability.modifiers.append(...)``). A :class:`Snapshot` keeps each model's ``__dict__``
(pydantic gives a model that validates assignments a new one at every assignment, so
the same dict object means nothing was assigned) and a shallow copy of every list,
dict and set inside the fields, and :meth:`Snapshot.matches` compares the live model
with it: two list comparisons done by the interpreter, which takes an object that is
still the same object as equal without looking inside it.

:class:`IdentityMemo` keeps one result per model object on top of that: a result is
reused when the object, its place (the caller's token) and its snapshot all still
match.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate, chain, compress, count, repeat
from operator import attrgetter, is_not, ne
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
    """The field values of one model, and of every model inside it, at one moment.

    Kept cheaply: a model's ``__dict__`` is kept itself, not copied, for a model whose
    class validates assignments (every :class:`~sheetapp.core.document.FileModel`):
    pydantic then gives the model a new ``__dict__`` at every assignment, so the same
    dict object means no field was assigned since; a new dict is compared by value. The
    lists, dicts and sets inside the fields (at any depth) are each kept with a shallow
    copy, which the live container must still equal. Checking an untouched 1,000-item
    list is then two list comparisons per item, done by the interpreter, instead of a
    comparison of every field (which read 5,000 dicts for 1,000 Gladiators abilities).
    A change written straight into a model's ``__dict__``, bypassing pydantic, is not
    seen.
    """

    __slots__ = ("copies", "dicts", "live", "models")

    def __init__(self, model: BaseModel) -> None:
        models: list[BaseModel] = []
        dicts: list[dict[str, Any]] = []
        live: list[Any] = []
        copies: list[Any] = []
        _note(model, models, dicts, live, copies)
        #: each model (this one first, then those inside it)
        self.models = tuple(models)
        #: each model's __dict__ (itself, or a shallow copy if assignment keeps it)
        self.dicts = dicts
        #: every container inside the fields, and a shallow copy of each
        self.live = live
        self.copies = copies

    def matches(self, model: BaseModel) -> bool:
        """True when ``model`` and the models inside it hold the values they held."""
        models = self.models
        if models[0] is not model:
            return False
        # two list comparisons, done by the interpreter: an element that is the same
        # object is equal without a look inside
        return list(map(_FIELDS, models)) == self.dicts and self.live == self.copies


_FIELDS = attrgetter("__dict__")
_MODELS = attrgetter("models")
_DICTS = attrgetter("dicts")
_LIVE = attrgetter("live")
_COPIES = attrgetter("copies")


def _replaces_dict(kind: type[BaseModel]) -> bool:
    """True when an assignment to a ``kind`` model gives it a new ``__dict__``
    (pydantic does for a model that validates assignments)."""
    known = _REPLACES.get(kind)
    if known is None:
        known = _REPLACES[kind] = bool(kind.model_config.get("validate_assignment", False))
    return known


_REPLACES: dict[type[BaseModel], bool] = {}
#: values that hold nothing to note (immutable, not containers)
_PLAIN = frozenset({str, int, float, bool, type(None)})


def _note(
    model: BaseModel,
    models: list[BaseModel],
    dicts: list[dict[str, Any]],
    live: list[Any],
    copies: list[Any],
) -> None:
    fields = model.__dict__
    models.append(model)
    dicts.append(fields if _replaces_dict(type(model)) else dict(fields))
    for value in fields.values():
        if type(value) not in _PLAIN:  # most fields: no call for a text or a number
            _container(value, models, dicts, live, copies)


def _container(
    value: Any,
    models: list[BaseModel],
    dicts: list[dict[str, Any]],
    live: list[Any],
    copies: list[Any],
) -> None:
    """Note ``value`` if it is a container (with a copy) or a model, and what is inside."""
    kind = type(value)
    if kind is list or kind is dict or kind is set:
        live.append(value)
        copies.append(value.copy())
        for item in value.values() if kind is dict else value:
            if type(item) not in _PLAIN:
                _container(item, models, dicts, live, copies)
    elif isinstance(value, BaseModel):
        _note(value, models, dicts, live, copies)


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
        #: id(model) -> (model, place, context, snapshot, result)
        self._entries: dict[int, tuple[BaseModel, int, Any, Snapshot, R]] = {}
        self._max = max_entries
        self._lock = threading.Lock()
        self._contexts = _Contexts()
        #: the list of the last each() call, checked as a whole first (see _LastList)
        self._last: _LastList | None = None

    def each(self, models: Sequence[M], context: Any, work: Callable[[int, M], R]) -> list[R]:
        """``work(place, model)`` for each model of a list, reusing every stored result
        that still holds. ``context`` holds plain values (never a live model, which
        could change in place): the caller's other inputs."""
        context = self._contexts.interned(context)
        last = self._last
        checked = last.reuse(models, context, self) if last is not None else None
        found = self.reuse(models, context) if checked is None else checked[0]
        for place, result in enumerate(found):
            if result is None:
                model = models[place]
                made = work(place, model)
                self.put(model, place, context, made)
                found[place] = made
        results = cast(list[Any], found)
        kept = None
        if last is not None and checked is not None:
            kept = last.patched(models, results, checked[1], self._entries)
        self._last = kept or _LastList.made(models, context, results, self._entries)
        return cast(list[R], found)

    def reuse(self, models: Sequence[BaseModel], context: Any) -> list[R | None]:
        """For each model of a list, its stored result, or None where it must be worked out
        (the long way, model by model: :meth:`each` checks a list it went through last
        time as a whole first)."""
        context = self._contexts.interned(context)
        return [self.reuse_one(model, place, context) for place, model in enumerate(models)]

    def reuse_one(self, model: BaseModel, place: int, context: Any) -> R | None:
        """The stored result of one model at ``place``, or None (``context`` interned)."""
        entry = self._entries.get(id(model))
        if (
            entry is None
            or entry[0] is not model
            or entry[1] != place
            or (entry[2] is not context and entry[2] != context)
            or not entry[3].matches(model)
        ):
            return None
        return entry[4]

    def put(self, model: BaseModel, place: int, context: Any, result: R) -> None:
        snapshot = Snapshot(model)
        with self._lock:
            _store(self._entries, id(model), (model, place, context, snapshot, result), self._max)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._last = None

    def __len__(self) -> int:
        return len(self._entries)


class _LastList:
    """The list an :class:`IdentityMemo` last went through, its results and snapshots,
    all flattened: the next call with the same context checks the whole list in a few
    passes made by the interpreter (item for item the same object, every model's
    ``__dict__`` the same object, every container equal to its copy), then looks
    closer only at the items that failed one. One edit on a 1,000-item list fails one
    item; the per-item loop of :meth:`IdentityMemo.reuse` cost ~1.5 ms a list. The
    record of the next call is this one with the failed items' parts replaced (a copy:
    another thread may be reading this one).
    """

    __slots__ = (
        "container_owner",
        "container_start",
        "context",
        "copies",
        "dicts",
        "live",
        "model_owner",
        "model_start",
        "models",
        "results",
        "snapshots",
        "within",
    )

    models: list[Any]
    context: Any
    results: list[Any]
    snapshots: list[Snapshot]
    #: every model inside every item (each item's own first), its kept __dict__, and
    #: which item it belongs to; where each item's part starts
    within: list[BaseModel]
    dicts: list[dict[str, Any]]
    model_owner: list[int]
    model_start: list[int]
    #: every container inside every item, its copy, its item, where each item's starts
    live: list[Any]
    copies: list[Any]
    container_owner: list[int]
    container_start: list[int]

    @classmethod
    def made(
        cls, models: Sequence[Any], context: Any, results: list[Any], entries: dict[int, Any]
    ) -> _LastList | None:
        """The record of a call whose every result is stored in ``entries`` (else None:
        the next call takes the long way)."""
        snapshots = _stored_snapshots(models, entries)
        if snapshots is None:
            return None
        last = cls()
        last.models, last.context, last.results = list(models), context, list(results)
        last.snapshots = snapshots
        last.within, last.dicts, last.model_owner, last.model_start = _flattened(
            list(map(_MODELS, snapshots)), map(_DICTS, snapshots)
        )
        last.live, last.copies, last.container_owner, last.container_start = _flattened(
            list(map(_LIVE, snapshots)), map(_COPIES, snapshots)
        )
        return last

    def reuse(
        self, models: Sequence[BaseModel], context: Any, memo: IdentityMemo[Any]
    ) -> tuple[list[Any], list[int]] | None:
        """Like :meth:`IdentityMemo.reuse`, with the places not taken from this record;
        None when the list is not this one (another length or context: the caller
        takes the long way)."""
        if context is not self.context or len(models) != len(self.models):
            return None
        suspects = set(compress(count(), map(is_not, models, self.models)))
        suspects.update(
            compress(self.model_owner, map(is_not, map(_FIELDS, self.within), self.dicts))
        )
        suspects.update(compress(self.container_owner, map(ne, self.live, self.copies)))
        found = list(self.results)
        snapshots = self.snapshots
        changed = []
        for place in sorted(suspects):
            model = models[place]
            if model is self.models[place] and snapshots[place].matches(model):
                continue  # a dict replaced by an equal one (a model that copies dicts)
            found[place] = memo.reuse_one(model, place, context)
            changed.append(place)
        return found, changed

    def patched(
        self,
        models: Sequence[Any],
        results: list[Any],
        changed: list[int],
        entries: dict[int, Any],
    ) -> _LastList | None:
        """This record with the items at ``changed`` replaced by their stored entries;
        None when one no longer has the shape of the one it replaces."""
        snapshots = _stored_snapshots([models[place] for place in changed], entries)
        if snapshots is None:
            return None
        last = _LastList()
        last.models, last.context, last.results = list(models), self.context, list(results)
        last.snapshots = list(self.snapshots)
        last.within, last.dicts = list(self.within), list(self.dicts)
        last.live, last.copies = list(self.live), list(self.copies)
        last.model_owner, last.model_start = self.model_owner, self.model_start
        last.container_owner, last.container_start = self.container_owner, self.container_start
        for place, snapshot in zip(changed, snapshots, strict=True):
            old = self.snapshots[place]
            if len(old.models) != len(snapshot.models) or len(old.live) != len(snapshot.live):
                return None
            last.snapshots[place] = snapshot
            first = self.model_start[place]
            last.within[first : first + len(snapshot.models)] = snapshot.models
            last.dicts[first : first + len(snapshot.dicts)] = snapshot.dicts
            first = self.container_start[place]
            last.live[first : first + len(snapshot.live)] = snapshot.live
            last.copies[first : first + len(snapshot.copies)] = snapshot.copies
        return last


def _flattened(
    groups: list[Sequence[Any]], paired: Iterable[Sequence[Any]]
) -> tuple[list[Any], list[Any], list[int], list[int]]:
    """The groups' items in one list, their paired groups' (of the same sizes) likewise,
    the group of each item, and where each group starts."""
    sizes = list(map(len, groups))
    return (
        list(chain.from_iterable(groups)),
        list(chain.from_iterable(paired)),
        list(chain.from_iterable(map(repeat, count(), sizes))),
        list(accumulate(sizes, initial=0)),
    )


def _stored_snapshots(models: Sequence[Any], entries: dict[int, Any]) -> list[Snapshot] | None:
    """The snapshot stored for each model, or None when one has none."""
    stored = list(map(entries.get, map(id, models)))
    snapshots = [
        entry[3] for model, entry in zip(models, stored, strict=True) if entry and entry[0] is model
    ]
    return snapshots if len(snapshots) == len(models) else None


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
