"""The character file envelope (docs/architecture.md, "The file") as pydantic models.

Every model keeps keys it does not know (``extra="allow"``): a file written by a
newer minor version or edited by another tool loses nothing on a load/save cycle,
and the loader reports such keys as info issues.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Generic, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from sheetapp.core.census import CENSUS, Census
from sheetapp.core.issues import DataPath, Issue, Severity
from sheetapp.core.memo import Memos

FORMAT_ID = "sheetapp.character"

#: The schema version this sheetapp writes. Rules for bumping it:
#: - bump it whenever a stored key is renamed, moved, removed or changes meaning;
#: - add a step ``migrate_<old>_to_<new>`` to sheetapp.storage.migrations and a
#:   fixture ``tests/data/migrations/v<old>.json`` (a meta-test enforces both);
#: - adding an optional key with a default does not need a bump.
SCHEMA_VERSION = 2

MAX_NAME_LENGTH = 500
MAX_TEXT_LENGTH = 1_000_000


class FileModel(BaseModel):
    """Base of every stored model: unknown keys survive, values are checked on edit.

    Float fields refuse NaN and infinity, also when written as strings ("NaN",
    "inf"): pydantic accepts those by default, and a NaN poisons every total it
    touches while an infinity cannot be written back as JSON.
    """

    model_config = ConfigDict(extra="allow", validate_assignment=True, allow_inf_nan=False)

    def model_post_init(self, context: Any, /) -> None:
        """Count the keys no model knows while a file is validated (see
        :func:`unknown_keys_counted`), or report to the loader's :class:`Census`.
        pydantic calls this after validating each model, with the validation's context
        (more cheaply than an ``after`` model validator); walking 5,000 models again
        afterwards cost more than validating a 1,000-ability character's abilities."""
        if context is None:
            return
        census: Census | None = context.get(CENSUS)
        if census is not None:
            plan = census.plans.get(type(self)) or census.plan_of(type(self))
            given = self.__pydantic_fields_set__
            keys = len(given)
            if plan.sized:
                values = self.__dict__
                for name in plan.sized:
                    sized = values[name]
                    # a default the text did not give has no keys in the text either
                    if sized and name in given:
                        keys += len(sized)
            census.keys += keys
            if plan.walked or self.__pydantic_extra__:
                census.walk_model(self, plan, given)
            return
        extra = self.__pydantic_extra__
        counted = context.get(UNKNOWN_KEYS)
        if extra and counted is not None:
            counted[0] += len(extra)

    def detached_copy(self) -> Self:
        """A deep copy that shares nothing mutable with this model.

        Dumped and validated again: pydantic-core does that about three times faster
        than ``model_copy(deep=True)`` (Python's ``copy.deepcopy``), and every stored
        model holds valid values (``validate_assignment``), so the copy is equal.
        """
        return self.model_validate(self.model_dump())


class Meta(FileModel):
    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    player: str = Field(default="", max_length=MAX_NAME_LENGTH)
    portrait: str | None = Field(
        default=None, description="A base64-encoded PNG or JPEG image", max_length=8_000_000
    )
    notes: str = Field(default="", max_length=MAX_TEXT_LENGTH)


#: far beyond any table's count: a guard against absurd input, never a rule
MAX_PLAY_COUNT = 1_000_000


class Condition(FileModel):
    """A state the character is in at the table (Stunned, Awed, Knocked down...)."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    effect: str = Field(default="", max_length=MAX_TEXT_LENGTH, description="what it does")
    source: str = Field(default="", max_length=MAX_NAME_LENGTH, description="what caused it")


class Contact(FileModel):
    """Someone the character's power is affecting (a psion's 'contact')."""

    target: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    power: str = Field(default="", max_length=MAX_NAME_LENGTH)
    target_spirit: int | None = Field(default=None, ge=-MAX_PLAY_COUNT, le=MAX_PLAY_COUNT)
    distance_m: int | None = Field(default=None, ge=0, le=10**12)
    line_of_sight: bool = True
    dropping: Literal["", "dropped", "ending"] = Field(
        default="",
        description="dropped: ends at the end of the next phase ('ending': this phase)",
    )


class SpentUse(FileModel):
    """Something used up or gained in play, counted: power points spent, Grit gained..."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    spent: int = Field(default=0, ge=-MAX_PLAY_COUNT, le=MAX_PLAY_COUNT)


class PlayState(FileModel):
    """What happened to the character at the table, beside (never in) the advancement
    ledger. A system's own play data (a 2d10 wound) stays in its character model; this is
    what every system can hold. Optional with a default: older files load unchanged."""

    conditions: list[Condition] = Field(default_factory=list)
    contacts: list[Contact] = Field(default_factory=list)
    uses: list[SpentUse] = Field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.conditions or self.contacts or self.uses)


EntryKind = Literal["creation", "advance"]


#: what one ledger entry may earn: sums of them stay far inside what a window's 32-bit
#: integers and the sheet's numbers hold (a billion entries of a million would not)
MAX_EARNED = 1_000_000
EarnedAmount = Annotated[int, Field(ge=-MAX_EARNED, le=MAX_EARNED)]


class HistoryEntry(FileModel):
    """One ledger entry: when, what was earned, and the exact changes made.

    Entry zero (``kind="creation"``) holds the starting build in ``snapshot`` (the
    ``campaign`` and ``character`` parts); every later entry (``kind="advance"``)
    holds its changes as ``Change.to_json()`` dicts, each with the ``label`` it was
    shown under and its ``cost`` per total (e.g. ``{"gp": 4}``), so the ledger can
    be replayed from entry zero (see ``sheetapp.advancement``). ``id``, ``kind`` and
    ``snapshot`` are optional with defaults: files written before them still load.
    """

    id: str = Field(default="", max_length=64, description="stable id of the entry")
    kind: EntryKind = Field(default="advance", description="'creation' for entry zero")
    date: str = Field(description="ISO date (YYYY-MM-DD) of the session")
    label: str = Field(default="", max_length=MAX_NAME_LENGTH)
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    earned: dict[str, EarnedAmount] = Field(
        default_factory=dict,
        description="what was earned, by total, e.g. {'gp': 5} (at most a million per entry)",
    )
    changes: list[dict[str, Any]] = Field(
        default_factory=list,
        description="the edits: op, path, before/after/to, label, cost (by total)",
    )
    snapshot: dict[str, Any] | None = Field(
        default=None,
        description="entry zero only: the starting 'campaign' and 'character' data",
    )


CampaignT = TypeVar("CampaignT", bound=BaseModel)
CharacterT = TypeVar("CharacterT", bound=BaseModel)


class CharacterDocument(FileModel, Generic[CampaignT, CharacterT]):
    """A whole character file. Each system parametrises it with its own models."""

    format: Literal["sheetapp.character"] = "sheetapp.character"
    # strict: the loader refuses a version written as "2" or 2.0, and its quick path
    # relies on pydantic doing the same
    schema_version: int = Field(default=SCHEMA_VERSION, strict=True)
    system: str
    system_version: str
    meta: Meta = Field(default_factory=Meta)
    campaign: CampaignT
    character: CharacterT
    history: list[HistoryEntry] = Field(default_factory=list)
    # Left out of the file while nothing happened at the table: a character never played
    # is written as before.
    play: PlayState = Field(
        default_factory=PlayState,
        description="conditions, contacts and uses at the table",
        exclude_if=PlayState.is_empty,
    )
    #: what the rules keep between evaluations of this character (sheetapp.core.memo),
    #: shared with the documents edits make from it; not part of its value
    _memos: Memos = PrivateAttr(default_factory=Memos)

    @property
    def memos(self) -> Memos:
        return self._memos


#: keys sheetapp does not know that a file may carry (kept as they are); a file with more
#: is refused: it is not a character another tool annotated but something else, and a
#: million of them would cost minutes and gigabytes to keep and list
MAX_UNKNOWN_KEYS = 1_000

#: what the values of those keys may hold in all, counted in nodes (each object, list,
#: text, number, true/false or null is one): one key holding a list of 1.3 million small
#: objects (17 MB, under the file-size cap) made ``export-json`` take 23 s and 1.1 GB
MAX_UNKNOWN_NODES = 100_000


def unknown_values(model: BaseModel, path: DataPath = ()) -> Iterator[tuple[DataPath, object]]:
    """Every key the models do not know, anywhere in ``model``: its path and its value."""
    for key, value in (model.model_extra or {}).items():
        yield (*path, key), value
    for name in type(model).model_fields:
        for sub_path, child in _child_models(getattr(model, name), (*path, name)):
            yield from unknown_values(child, sub_path)


#: the validation context key under which FileModel counts unknown keys
UNKNOWN_KEYS = "sheetapp.unknown_keys"


def unknown_keys_counted() -> dict[str, list[int]]:
    """A validation context in which every FileModel validated adds its unknown keys to
    ``context[UNKNOWN_KEYS][0]``, so the count is known when validation ends."""
    return {UNKNOWN_KEYS: [0]}


def count_unknown_keys(model: BaseModel) -> int:
    """How many keys the models do not know, anywhere in ``model``. Nothing is built, so
    the usual answer, none, costs one quick pass over the models."""
    found = len(model.__pydantic_extra__ or ())
    for value in model.__dict__.values():
        if type(value) not in _PLAIN:
            found += _count_inside(value)
    return found


#: values that hold no model (a list of them is still looked through)
_PLAIN = frozenset({str, int, float, bool, type(None)})


def _count_inside(value: object) -> int:
    if isinstance(value, BaseModel):
        return count_unknown_keys(value)
    found = 0
    if isinstance(value, list | tuple):
        for item in value:
            if type(item) not in _PLAIN:
                found += _count_inside(item)
    elif isinstance(value, dict):
        for item in value.values():
            if type(item) not in _PLAIN:
                found += _count_inside(item)
    return found


def count_nodes(value: object, stop: int) -> int:
    """How many nodes ``value`` is made of, itself included; the count stops once it
    passes ``stop``, so a huge value costs no more than a small one."""
    found = 0
    pending = [value]
    while pending and found <= stop:
        item = pending.pop()
        found += 1
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return found


def unknown_key_issues(model: BaseModel, path: DataPath = ()) -> list[Issue]:
    """Info issues for every key the models do not know, anywhere in ``model``."""
    if not count_unknown_keys(model):
        return []
    return [
        Issue(
            Severity.INFO,
            "file.unknown_key",
            f"The key '{key_path[-1]}' is not used by this version of sheetapp; it is kept "
            "as it is.",
            key_path,
            "Another tool or a newer sheetapp may have written it.",
        )
        for key_path, _value in unknown_values(model, path)
    ]


def _child_models(value: object, path: DataPath) -> Iterator[tuple[DataPath, BaseModel]]:
    if isinstance(value, BaseModel):
        yield path, value
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _child_models(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, BaseModel | list | dict):
                yield from _child_models(item, (*path, str(key)))


def earned_total(history: Sequence[HistoryEntry], key: str) -> int:
    """Everything earned in ``key`` (e.g. ``"gp"``) over the whole ledger."""
    if type(history) is SummedHistory:
        return history.earned.get(key, 0)
    return sum(entry.earned.get(key, 0) for entry in history)


class SummedHistory(list[HistoryEntry]):
    """The first entries of a ledger with what they earned already summed.

    Replaying a ledger evaluates the character after each entry, and each evaluation
    adds up what its history earned: n²/2 entries read for a ledger of n. The replay
    keeps a running sum instead and hands each step's history over in this form.
    """

    __slots__ = ("earned",)

    def __init__(self, entries: Sequence[HistoryEntry], earned: dict[str, int]) -> None:
        super().__init__(entries)
        self.earned = earned
