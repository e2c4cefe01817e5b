"""Catalogs: the content of a system (abilities, modifiers, traits, ...) as validated data.

A catalog file is JSON under ``resources/`` (a plug-in outside this package keeps its
own beside its code and passes their folder as ``root``); it is validated by a pydantic
model at start-up. A broken entry stops the program with the file and the entry id, so a bad
edit of the data can never reach a user as a wrong cost.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from sheetapp.core.resources import data_file

ID_PATTERN = r"^[a-z0-9][a-z0-9_]*$"
#: a catalog id, or a field that refers to one
CatalogId = Annotated[str, Field(pattern=ID_PATTERN)]

Certainty = Literal["clear", "reconstructed", "uncertain"]


class CatalogError(Exception):
    """A shipped catalog is broken. Raised at start-up, never silently ignored."""

    def __init__(self, file: str, entry_id: str | None, detail: str) -> None:
        self.file = file
        self.entry_id = entry_id
        self.detail = detail
        where = f"{file}, entry '{entry_id}'" if entry_id else file
        super().__init__(f"Broken catalog {where}: {detail}")


class CatalogModel(BaseModel):
    """Base for catalog files: unknown keys are refused (a typo must not pass)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CatalogFile(CatalogModel):
    """A whole catalog file: its lists, plus an optional ``_meta`` block about its
    sources (reconstruction notes, seed lines) that the code does not read."""

    meta: JsonValue = Field(default=None, alias="_meta")


class CatalogEntry(CatalogModel):
    """Fields every catalog entry has."""

    id: str = Field(pattern=ID_PATTERN)
    name: str = Field(min_length=1)
    text: str = ""
    certainty: Certainty = "clear"
    certainty_note: str = ""
    seed_lines: tuple[int, ...] = ()


CatalogT = TypeVar("CatalogT", bound=BaseModel)
EntryT = TypeVar("EntryT", bound=CatalogEntry)


def load_catalog(relative: str, model: type[CatalogT], root: Traversable | None = None) -> CatalogT:
    """Read ``resources/<relative>`` (or ``root/<relative>``: a plug-in's own folder,
    ``importlib.resources.files(__package__)``) and validate it with ``model``."""
    source = data_file("resources", relative) if root is None else root.joinpath(relative)
    try:
        raw = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(relative, None, f"cannot be read ({exc})") from exc
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CatalogError(
            relative, None, f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        location = first["loc"]
        entry_id = _entry_id_at(data, location)
        field = ".".join(str(part) for part in location)
        raise CatalogError(relative, entry_id, f"{field}: {first['msg']}") from exc


def _entry_id_at(data: Any, location: Sequence[int | str]) -> str | None:
    """The id of the innermost entry on the error's path, for the message."""
    found: str | None = None
    node = data
    for part in location:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, Mapping) and isinstance(node.get("id"), str):
            found = node["id"]
    return found


def index_entries(file: str, entries: Iterable[EntryT]) -> dict[str, EntryT]:
    """Entries by id; a duplicate id is a broken catalog."""
    index: dict[str, EntryT] = {}
    for entry in entries:
        if entry.id in index:
            raise CatalogError(file, entry.id, "the id is used twice")
        index[entry.id] = entry
    return index


def require_known(file: str, entry_id: str, field: str, ref: str, known: Mapping[str, Any]) -> None:
    """Fail when an entry refers to an id that does not exist, naming the known ones."""
    if ref not in known:
        names = ", ".join(sorted(known)) or "none"
        raise CatalogError(file, entry_id, f"{field} refers to unknown id '{ref}' (known: {names})")
