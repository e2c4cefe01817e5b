"""The one memo layer: caches the rules declare, held by the document they serve.

Evaluating a 1,000-item character after one edit must not work out the 999 items the
edit did not touch again. A system says what it keeps, once, at module level, as a
:class:`Memo` declaration, the way it declares its lists
(:class:`~sheetapp.editing.collections.Collection`): a stable ``key`` (the system's id
first), the list whose items it keeps a result for (``per``), why, and the kind of store
(``make``: :class:`~sheetapp.core.unchanged.IdentityMemo` for a list of models,
:class:`~sheetapp.core.unchanged.ByIdentity` for a list of frozen rows,
:class:`ByValue` for results keyed by plain values, :class:`Latest` for the one last
result). A declaration holds no state: the states live in the :class:`Memos` of a
document, which the documents an edit makes from it share (``model_copy`` keeps it,
:func:`carry_memos` hands it on where an edit validates a new document), so the window's
open characters, the CLI's files and a test's fresh copies never share a cache, and no
module or system object carries one.

An evaluation runs inside :func:`memos_of` (:func:`evaluates_with_memos` wraps a system's
``evaluate``): :meth:`Memo.current` is then that document's state of the memo. Outside
any evaluation it is a new, empty state: the work is done, nothing is reused. The
:class:`Memos` of a document tells which memos its evaluations used
(:attr:`Memos.used`), so a test can prove that every declared memo gives what a first
evaluation gives.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import Any, Generic, Protocol, TypeVar, cast

S = TypeVar("S")
R = TypeVar("R")
T = TypeVar("T")
Self_ = TypeVar("Self_")
Doc = TypeVar("Doc")

#: results a :class:`ByValue` keeps at most (the oldest go first)
MAX_VALUES = 20_000


@dataclass(frozen=True, slots=True)
class Memo(Generic[S]):
    """One cache a system declares: ``key`` (stable, the system's id first, as
    ``"capital:item_attacks"``), ``per`` (the list it keeps a result for each item of, in
    words: "the character's equipment"), ``why`` (what an edit saves by it) and ``make``
    (a new, empty state). The state is held by the document's :class:`Memos`."""

    key: str
    per: str
    why: str
    make: Callable[[], S]

    def current(self) -> S:
        """This memo's state for the document being evaluated (a new, empty one when no
        evaluation is under way: nothing is reused then)."""
        memos = _ACTIVE.get()
        if memos is None:
            return self.make()
        return memos.state(self)


class Memos:
    """The memo states of one document, shared by the documents edits make from it.

    Not part of the document's value: every :class:`Memos` equals every other (two
    documents with the same values are equal whatever they keep), a deep copy or a
    pickled copy starts empty. Thread-safe: the window evaluates on a worker thread too.
    """

    __slots__ = ("_lock", "_states", "_used")

    def __init__(self) -> None:
        self._states: dict[str, tuple[Memo[Any], Any]] = {}
        self._used: set[str] = set()
        self._lock = threading.Lock()

    def state(self, memo: Memo[S]) -> S:
        found = self._states.get(memo.key)
        if found is None:
            with self._lock:
                found = self._states.setdefault(memo.key, (memo, memo.make()))
                self._used.add(memo.key)
        if found[0] is not memo:
            raise ValueError(f"two memos are declared with the key {memo.key!r}")
        return cast(S, found[1])

    @property
    def used(self) -> frozenset[str]:
        """The keys of the memos the evaluations of this document (and of those made
        from it) used."""
        return frozenset(self._used)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Memos)

    __hash__ = None  # type: ignore[assignment]  # equal to every other: not hashable

    def __copy__(self) -> Memos:
        return self  # a shallow copy of a document is the same character: it shares

    def __deepcopy__(self, memo: dict[int, Any]) -> Memos:
        return Memos()  # a deep copy shares nothing with the original

    def __reduce__(self) -> tuple[type[Memos], tuple[()]]:
        return (Memos, ())


class KeepsMemos(Protocol):
    """A document that holds its :class:`Memos`
    (:class:`~sheetapp.core.document.CharacterDocument`)."""

    @property
    def memos(self) -> Memos: ...


_ACTIVE: ContextVar[Memos | None] = ContextVar("sheetapp.memos", default=None)


def _memos_of(document: object) -> Memos:
    found = getattr(document, "memos", None)
    return found if isinstance(found, Memos) else Memos()


@contextmanager
def memos_of(document: object) -> Iterator[Memos]:
    """Within: every :meth:`Memo.current` is ``document``'s (a document that holds no
    :class:`Memos` gets new, empty ones)."""
    memos = _memos_of(document)
    token = _ACTIVE.set(memos)
    try:
        yield memos
    finally:
        _ACTIVE.reset(token)


def evaluates_with_memos(method: Callable[[Self_, Doc], R]) -> Callable[[Self_, Doc], R]:
    """A system's ``evaluate(document)`` (or any method of one document) run inside
    :func:`memos_of` the document."""

    @wraps(method)
    def run(self: Self_, document: Doc) -> R:
        with memos_of(document):
            return method(self, document)

    return run


def carry_memos(source: object, made: T) -> T:
    """``made`` (a document an edit made from ``source``) keeping ``source``'s memos."""
    memos = getattr(source, "memos", None)
    if isinstance(memos, Memos) and made is not source and hasattr(made, "memos"):
        made.__pydantic_private__["_memos"] = memos  # type: ignore[attr-defined]
    return made


class ByValue(Generic[R]):
    """Results keyed by plain, hashable values (a snapshot of a model's choices, a row's
    inputs), the least recently used dropped past ``max_entries``. Values, not
    identities: a key stays right when a model is later changed in place."""

    __slots__ = ("_entries", "_lock", "_max")

    def __init__(self, max_entries: int = MAX_VALUES) -> None:
        self._entries: OrderedDict[Hashable, R] = OrderedDict()
        self._max = max_entries
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> R | None:
        found = self._entries.get(key)  # a miss takes no lock (a cold evaluation misses all)
        if found is not None:
            with self._lock:
                if key in self._entries:
                    self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, result: R) -> None:
        with self._lock:
            self._entries[key] = result
            self._entries.move_to_end(key)
            if len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def get_or_make(self, key: Hashable, work: Callable[[], R]) -> R:
        found = self.get(key)
        if found is None:
            found = work()
            self.put(key, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class Latest(Generic[T]):
    """The one last result of something (the sheet last built, the values last derived),
    with what it was made from: the next call compares its inputs with it. One slot,
    replaced as a whole (a reader on another thread sees the old or the new one)."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: T | None = None

    def get(self) -> T | None:
        return self._kept

    def keep(self, value: T) -> None:
        self._kept = value

    def clear(self) -> None:
        self._kept = None
