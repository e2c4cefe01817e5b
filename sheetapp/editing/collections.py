"""Editable lists declared once: a system says what each list of its character is, and
the generic edits, the window's table and page come from that declaration.

A :class:`Collection` names one list of the character file (its document-rooted path),
the model of one item, the catalog entries a picker offers and how an entry becomes an
item, whether custom entries are allowed, and its columns as :class:`Column` descriptors.
From it :mod:`sheetapp.editing.collections` builds the add, add-custom, remove, move,
duplicate and set edits as plain :class:`~sheetapp.core.changes.Change` lists (undo is
their inverse), and :func:`cell` describes what each cell shows and how it is edited —
so the window's table model (``ui.tables``), the tests and any other editor read the same
thing. Nothing here imports Qt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from sheetapp.core.catalog import CatalogEntry
from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.core.memo import memos_of
from sheetapp.editing.bounds import format_bounds
from sheetapp.editing.builders import EditError, FieldError, as_json, set_change

#: "optional_int": a whole number that may be left unset (None in the file)
EditKind = Literal["text", "int", "optional_int", "choice", "bool"]
Choices = list[tuple[Any, str]]
DocT = TypeVar("DocT")


@dataclass(frozen=True, slots=True)
class CellView:
    """What one cell shows and how it is edited. ``path`` is the value's place in the
    file: the issues at (or below) it mark the cell. ``edit`` is the editor kind or None
    (read-only); ``check`` makes a check box instead of text."""

    text: str = ""
    path: DataPath = ()
    edit: EditKind | None = None
    value: Any = None
    choices: Choices | None = None
    bounds: tuple[int, int] | None = None
    check: bool | None = None
    tooltip: str = ""
    rule_text: str = ""
    align_right: bool = False


@dataclass(frozen=True, slots=True)
class PickEntry:
    """One row of a catalog picker: the entry's id and what a user reads about it."""

    id: str
    name: str
    group: str = ""
    cost: str = ""
    text: str = ""
    certainty: str = "clear"
    certainty_note: str = ""
    seed_lines: tuple[int, ...] = ()
    #: other words that find this entry (synonyms, option names)
    keywords: tuple[str, ...] = ()

    def search_text(self) -> str:
        return " ".join((self.name, self.group, *self.keywords, self.text)).casefold()


def catalog_pick_entry(
    entry: CatalogEntry, group: str, cost: str, keywords: tuple[str, ...] = ()
) -> PickEntry:
    """A catalog entry as a picker row: its text, how sure its reading is, and where the
    rulebook has it."""
    return PickEntry(
        entry.id,
        entry.name,
        group,
        cost,
        entry.text,
        entry.certainty,
        entry.certainty_note,
        entry.seed_lines,
        keywords=keywords,
    )


#: (document, row, item) -> a cell
CellFn = Callable[[Any, int, Any], CellView]
#: (document, row, value) -> the changes of setting the cell
EditFn = Callable[[Any, int, Any], list[Change]]


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a collection's table.

    A plain column names a ``field`` of the item and an ``edit`` kind: it shows the value
    (through ``format``), edits it with a set-change and marks the issues at the field's
    path. A column whose game needs more gives ``cell`` (what it shows) and, when it is
    editable in another way than setting its field, ``on_edit``.
    """

    title: str
    field: str | None = None
    edit: EditKind | None = None
    format: Callable[[Any], str] | None = None
    bounds: tuple[int, int] | None = None
    choices: Callable[[Any, Any], Choices] | None = None  # (document, item) -> choices
    tooltip: str = ""
    align_right: bool = False
    cell: CellFn | None = None
    on_edit: EditFn | None = None


@dataclass(frozen=True, slots=True)
class CustomField:
    """One field of the dialog that adds a custom entry."""

    key: str
    label: str
    kind: Literal["text", "bool", "int", "choice"] = "text"
    default: Any = ""
    required: bool = False
    choices: tuple[str, ...] = ()
    low: int = -999
    high: int = 999
    #: what a user reads for each of ``choices``: (value, words) pairs, worked out when
    #: the dialog opens (from a catalog); the value itself where absent
    choice_labels: Callable[[], tuple[tuple[str, str], ...]] | None = None


@dataclass(frozen=True, slots=True)
class CustomEntries:
    """How a custom entry (one the catalog does not list) is made: the dialog's fields
    and the item they build; ``intro`` tells the user what a custom entry is."""

    title: str
    fields: tuple[CustomField, ...]
    build: Callable[[dict[str, Any]], Any]
    intro: str = ""


@dataclass(frozen=True, slots=True)
class ListAction:
    """An action of a list beyond add, remove and move (rolling for it, say): on the
    list's tool bar and in the Character menu. ``build(document, row, rng)`` gives the
    changes (``row`` is the selected item, None when ``needs_row`` is False) or raises
    :class:`EditError` saying why it cannot; ``rng`` is the dice."""

    title: str
    build: Callable[[Any, int | None, random.Random], list[Change]]
    needs_row: bool = True
    tooltip: str = ""


@dataclass(frozen=True)
class Collection(Generic[DocT]):
    """One editable list of a character, declared once.

    - ``key``: stable id (also the page's tab object name); ``title``: the tab title;
      ``noun``: one item, for labels ("System", "item", "Strength").
    - ``path``: the list's document-rooted path; ``item_model``: one item's model
      (``str`` for a list of text).
    - ``columns``: the table's columns.
    - ``entries``/``new_item``: the picker's catalog entries and how an entry becomes an
      item; ``document_entries``: the entries as one character's campaign prices them
      (when set, the picker shows these); ``offered``: which of them the picker offers a
      character; ``pick_note``: a line over the picker; ``blank``: how a plain "Add"
      makes an item when there is no catalog.
    - ``custom``: how a custom entry is made (None: no custom entries).
    - ``name``: the name a user knows an item by (for undo labels and issue places).
    - ``reads``: paths outside the list that the rows also show (an edit there changes
      every row); None means a row may show anything.
    - ``actions``: what else the list offers (:class:`ListAction`).
    """

    key: str
    title: str
    noun: str
    path: DataPath
    item_model: type[Any]
    columns: tuple[Column, ...]
    entries: Callable[[], list[PickEntry]] | None = None
    document_entries: Callable[[DocT], list[PickEntry]] | None = None
    #: which entries the picker offers for this character (all when None): a skill the
    #: sheet already has is not offered again
    offered: Callable[[DocT, str], bool] | None = None
    #: a line over the picker's list (what it offers, what else there is)
    pick_note: str = ""
    new_item: Callable[[DocT, str], Any] | None = None
    blank: Callable[[DocT], Any] | None = None
    custom: CustomEntries | None = None
    name: Callable[[DocT, int], str] | None = None
    reads: tuple[DataPath, ...] | None = ()
    movable: bool = True
    duplicable: bool = True
    help: str = ""
    shortcut: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    actions: tuple[ListAction, ...] = ()

    # --- reading ------------------------------------------------------------------------

    def entries_for(self, document: Any) -> list[PickEntry]:
        """The picker's entries for ``document`` (its campaign's prices when the list
        declares ``document_entries``)."""
        if self.document_entries is not None:
            return self.document_entries(document)
        return self.entries() if self.entries else []

    def items(self, document: Any) -> list[Any]:
        """The list in ``document`` (the model objects, not copies)."""
        node: Any = document
        for part in self.path:
            node = node[part] if isinstance(part, int) else getattr(node, part)
        if not isinstance(node, list):
            raise EditError(f"{self.title} is not a list in this character")
        return node

    def item(self, document: Any, index: int) -> Any:
        items = self.items(document)
        if not 0 <= index < len(items):
            raise EditError(f"There is no {self.noun} number {index + 1}")
        return items[index]

    def item_name(self, document: Any, index: int) -> str:
        """The name a user knows the item by: the declared one, else its ``name``/
        ``label`` field, else its text, else its number."""
        if self.name is not None:
            return self.name(document, index)
        item = self.item(document, index)
        if isinstance(item, str):
            return _short(item) or self._numbered(index)
        for attr in ("label", "name"):
            text = getattr(item, attr, None)
            if isinstance(text, str) and text.strip():
                return text.strip()
        return self._numbered(index)

    def _numbered(self, index: int) -> str:
        """ "Wound 3": an item known by nothing else, as the start of a place name."""
        return f"{self.noun[:1].upper()}{self.noun[1:]} {index + 1}"

    def row_path(self, index: int) -> DataPath:
        return (*self.path, index)

    # --- edits -------------------------------------------------------------------------

    def insert(
        self, document: Any, item: Any, at: int | None = None, what: str = ""
    ) -> list[Change]:
        """Insert ``item`` at ``at`` (None or past the end: at the end)."""
        count = len(self.items(document))
        position = count if at is None else max(0, min(at, count))
        data = as_json(self._validated(item))
        label = f"Add {what or _item_title(data, self.noun)}"
        return [Change("insert", self.row_path(position), after=data, label=label)]

    def offered_entries(self, document: Any) -> list[PickEntry]:
        """The picker's entries for ``document``: as its campaign prices them, less those
        the list does not offer it."""
        found = self.entries_for(document)
        if self.offered is None:
            return found
        return [entry for entry in found if self.offered(document, entry.id)]

    def add(self, document: Any, entry_id: str, at: int | None = None) -> list[Change]:
        """Add the catalog entry ``entry_id`` (the picker's choice)."""
        if self.new_item is None:
            raise EditError(f"{self.title} has no catalog to pick from")
        item = self.new_item(document, entry_id)
        entry = next((e for e in self.entries_for(document) if e.id == entry_id), None)
        return self.insert(document, item, at, entry.name if entry else "")

    def add_blank(self, document: Any, at: int | None = None) -> list[Change]:
        """Add an empty item (lists without a catalog, e.g. Strengths)."""
        if self.blank is None:
            raise EditError(f"Add {self.noun}s from the catalog")
        return self.insert(document, self.blank(document), at, self.noun)

    def add_custom(
        self, document: Any, values: dict[str, Any], at: int | None = None
    ) -> list[Change]:
        """Add a custom entry from the custom dialog's ``values``."""
        custom = self.custom
        if custom is None:
            raise EditError(f"{self.title} takes no custom entries")
        for spec in custom.fields:
            value = values.get(spec.key, spec.default)
            if spec.required and (value is None or not str(value).strip()):
                raise FieldError(f"A custom {self.noun} needs a {spec.label.lower()}", spec.key)
        try:
            item = custom.build(values)
        except FieldError:
            raise
        except EditError as exc:
            raise FieldError(str(exc), self._refused_field(values)) from None
        return self.insert(document, item, at)

    def _refused_field(self, values: dict[str, Any]) -> str | None:
        """The custom field to blame for a refused entry: the first whose default,
        in its place, makes the entry build."""
        assert self.custom is not None
        for spec in self.custom.fields:
            try:
                self.custom.build({**values, spec.key: spec.default})
            except EditError:
                continue
            return spec.key
        return None

    def remove(self, document: Any, index: int) -> list[Change]:
        item = self.item(document, index)
        label = f"Remove {self.item_name(document, index)}"
        return [Change("remove", self.row_path(index), before=as_json(item), label=label)]

    def move(self, document: Any, index: int, to: int) -> list[Change]:
        self.item(document, index)
        self.item(document, to)
        if index == to:
            return []
        label = f"Move {self.item_name(document, index)}"
        return [Change("move", self.row_path(index), to=to, label=label)]

    def duplicate(self, document: Any, index: int) -> list[Change]:
        """A copy of the item right after it."""
        item = self.item(document, index)
        label = f"Duplicate {self.item_name(document, index)}"
        return [Change("insert", self.row_path(index + 1), after=as_json(item), label=label)]

    def set_field(self, document: Any, index: int, field_name: str, value: Any) -> list[Change]:
        """Set one field of an item (the whole item for a list of text: ``field_name``
        is then "")."""
        item = self.item(document, index)
        name = self.item_name(document, index)
        if isinstance(item, str) or not field_name:
            return set_change(self.row_path(index), item, value, f"Edit {name}")
        if field_name not in type(item).model_fields:
            raise EditError(f"A {self.noun} has no field '{field_name}'")
        title = _field_title(self, field_name)
        _check_field(item, field_name, value, title)
        label = f"Set {name} › {title}"
        return set_change(
            (*self.row_path(index), field_name), getattr(item, field_name), value, label
        )

    def set_cell(self, document: Any, index: int, column: int, value: Any) -> list[Change]:
        """The changes of setting the cell in ``column`` of row ``index`` to ``value``."""
        spec = self.columns[column]
        if spec.on_edit is not None:
            return spec.on_edit(document, index, value)
        kind = spec.edit
        if kind is None and spec.field is not None and spec.cell is not None:
            # a field shown by its own cell function, which says how it is edited (Power
            # Sets' superpower Choice: a list or typed text by power); its edits were dropped
            kind = cell(self, document, index, column).edit
        if kind is None:
            return []
        return self.set_field(document, index, spec.field or "", coerce(kind, value))

    def _validated(self, item: Any) -> Any:
        if isinstance(item, BaseModel) or self.item_model is str:
            return item
        try:
            return self.item_model.model_validate(item)
        except ValidationError as exc:
            raise EditError(f"This {self.noun} is not valid: {exc.errors()[0]['msg']}") from None


def _check_field(item: BaseModel, field_name: str, value: Any, title: str) -> None:
    """Refuse a value the file format does not accept (a rule's limit is not checked
    here: a value over it goes in and the issue says so)."""
    data = item.model_dump(mode="json")
    data[field_name] = as_json(value)
    try:
        type(item).model_validate(data)
    except ValidationError as exc:
        message = next(
            (e["msg"] for e in exc.errors() if e["loc"][:1] == (field_name,)),
            exc.errors()[0]["msg"],
        )
        raise EditError(f"{title}: {message}") from None


def coerce(kind: EditKind, value: Any) -> Any:
    """An editor's value as the file keeps it."""
    if kind == "optional_int" and value in (None, ""):
        return None
    if kind in ("int", "optional_int"):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise EditError(f"'{value}' is not a whole number") from None
    if kind == "bool":
        return bool(value)
    if kind == "text":
        return "" if value is None else str(value)
    return value


def cell(collection: Collection[Any], document: Any, row: int, column: int) -> CellView:
    """What the cell shows: the column's own ``cell`` or its field's value."""
    spec = collection.columns[column]
    item = collection.item(document, row)
    if spec.cell is not None:
        with memos_of(document):  # what its evaluation kept (a row's price) is reused
            shown = spec.cell(document, row, item)
        if column == 0 and not shown.path:
            # The row's name: its issues are the row's own (without a path it carried the
            # whole character's worst issue, and Explain had nothing to follow).
            return replace(shown, path=collection.row_path(row))
        return shown
    path = collection.row_path(row)
    if spec.field is None:
        value = item
    else:
        value = getattr(item, spec.field)
        path = (*path, spec.field)
    if spec.edit == "bool":
        text = spec.format(value) if spec.format else ""
        return CellView(text, path, None, value, check=bool(value), tooltip=spec.tooltip)
    text = spec.format(value) if spec.format else ("" if value is None else str(value))
    choices = spec.choices(document, item) if spec.choices else None
    bounds = spec.bounds
    if bounds is None and spec.edit in ("int", "optional_int") and spec.field is not None:
        # the file format's limits, never a rule's (which the issues report)
        bounds = format_bounds(type(item), spec.field)
    return CellView(
        text,
        path,
        spec.edit,
        value,
        choices,
        bounds,
        tooltip=spec.tooltip,
        align_right=spec.align_right,
    )


def _field_title(collection: Collection[Any], field_name: str) -> str:
    for column in collection.columns:
        if column.field == field_name:
            return column.title
    return field_name.replace("_", " ").capitalize()


def _item_title(data: Any, noun: str) -> str:
    if isinstance(data, str):
        return _short(data) or noun
    if isinstance(data, dict):
        for key in ("label", "name"):
            text = data.get(key)
            if isinstance(text, str) and text.strip():
                return text.strip()
    return noun


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def find(collections: Sequence[Collection[Any]], key: str) -> Collection[Any]:
    """The collection declared with ``key`` (a bad key names the known ones)."""
    for collection in collections:
        if collection.key == key:
            return collection
    known = ", ".join(c.key for c in collections) or "none"
    raise KeyError(f"No collection '{key}' (declared: {known})")


def collection_at(
    collections: Sequence[Collection[Any]], path: DataPath
) -> tuple[Collection[Any], int] | None:
    """The collection whose row ``path`` lies in, with the row; None when none does."""
    for collection in collections:
        size = len(collection.path)
        if len(path) > size and tuple(path[:size]) == collection.path:
            row = path[size]
            if isinstance(row, int):
                return collection, row
    return None


def choice_list(pairs: Sequence[tuple[Any, str]], blank: str | None = None) -> Choices:
    """A combo's (value, label) list, with an optional blank (None) entry first."""
    found: Choices = [(None, blank)] if blank is not None else []
    found.extend(pairs)
    return found
