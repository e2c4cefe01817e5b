"""Sheet layouts are data: ``templates/<system-id>.json``, validated here at load.

A layout says which sections a sheet prints, in what order, with which columns and
widths, what to hide when empty, and which sections a user may switch off (and
whether they are on by default). A system without a layout uses
``templates/default.json``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from sheetapp.core.resources import data_file, data_root

DEFAULT_LAYOUT = "default"
LAYOUT_FORMAT = "sheetapp.layout"
KEY_PATTERN = r"^[a-z][a-z0-9_]*$"


class LayoutError(ValueError):
    """A layout file is missing, not JSON, or does not follow the layout model."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ColumnLayout(_Strict):
    """A column of a table section: the cell key, its relative width, its heading."""

    key: str = Field(pattern=KEY_PATTERN)
    width: float = Field(default=1.0, gt=0, le=100)
    label: str | None = None


class SectionLayout(_Strict):
    key: str = Field(pattern=KEY_PATTERN)
    title: str | None = Field(default=None, description="replaces the section's own title")
    columns: tuple[ColumnLayout, ...] | None = Field(
        default=None, description="table columns in order; all of the section's when absent"
    )
    hide_when_empty: bool = True
    optional: bool = Field(default=False, description="the user may switch the section off")
    default: bool = Field(default=True, description="printed unless switched off")
    display: Literal["auto", "boxes", "list"] = Field(
        default="auto", description="key/value sections: boxes in a grid, or a list"
    )
    boxes_per_row: int = Field(default=4, ge=1, le=8)
    card: Literal["fight", "useful", "spare"] | None = Field(
        default=None,
        description="how much the one-page play card needs the section: 'fight' is given up "
        "last, 'spare' first; unset, the section's name decides",
    )

    card_detail_sentences: int = Field(
        default=0,
        ge=0,
        le=6,
        description="how many sentences of each row's explanation the play card keeps (what a "
        "Capital System does in play); the card prints rows without it by default",
    )

    @field_validator("columns", mode="before")
    @classmethod
    def _plain_keys(cls, value: Any) -> Any:
        """``"level"`` is short for ``{"key": "level"}``."""
        if isinstance(value, list):
            return [{"key": item} if isinstance(item, str) else item for item in value]
        return value

    @model_validator(mode="after")
    def _consistent(self) -> SectionLayout:
        if not self.default and not self.optional:
            raise ValueError(f"the section '{self.key}' is off by default, so it must be optional")
        if self.columns is not None:
            keys = [column.key for column in self.columns]
            duplicated = sorted({key for key in keys if keys.count(key) > 1})
            if duplicated:
                raise ValueError(f"the section '{self.key}' repeats the column(s) {duplicated}")
            if not keys:
                raise ValueError(f"the section '{self.key}' lists no columns")
        return self


class CardTrack(_Strict):
    """A track the play card gives boxes to tick: ``value`` names a derived value, a
    number (that many boxes) or, with ``steps``, steps written "4+ / 7+ / 10+" (a box
    labelled with each)."""

    label: str = Field(min_length=1)
    value: str = Field(min_length=1)
    steps: bool = False


class Layout(_Strict):
    format: Literal["sheetapp.layout"]
    layout_version: Literal[1]
    system: str = Field(description="the system id, or 'default'")
    sections: tuple[SectionLayout, ...] = Field(min_length=1)
    card_tracks: tuple[CardTrack, ...] = Field(
        default=(), description="the play card's boxes to tick, first on the card"
    )
    card_first: tuple[str, ...] = Field(
        default=(), description="sections the play card prints first, in this order"
    )

    @model_validator(mode="after")
    def _unique_sections(self) -> Layout:
        keys = [section.key for section in self.sections]
        duplicated = sorted({key for key in keys if keys.count(key) > 1})
        if duplicated:
            raise ValueError(f"the section(s) {duplicated} appear more than once")
        return self

    def section(self, key: str) -> SectionLayout | None:
        for section in self.sections:
            if section.key == key:
                return section
        return None

    def optional_sections(self) -> list[SectionLayout]:
        return [section for section in self.sections if section.optional]

    def enabled(self, key: str, include: frozenset[str], exclude: frozenset[str]) -> bool:
        """Whether a section prints. Sections a layout does not name always print."""
        section = self.section(key)
        if section is None or not section.optional:
            return True
        if key in exclude:
            return False
        return section.default or key in include


def parse_layout(data: bytes | str, source: str) -> Layout:
    """Validate the text of a layout file; errors name the file and the place."""
    try:
        raw = json.loads(data)
    except json.JSONDecodeError as exc:
        raise LayoutError(
            f"The sheet layout {source} is not valid JSON: {exc.msg} "
            f"(line {exc.lineno}, column {exc.colno})"
        ) from None
    except UnicodeDecodeError:
        raise LayoutError(f"The sheet layout {source} is not UTF-8 text") from None
    try:
        return Layout.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for error in exc.errors(include_url=False)[:5]:
            where = ".".join(str(part) for part in error["loc"]) or "(top level)"
            problems.append(f"{where}: {error['msg']}")
        more = exc.error_count() - len(problems)
        tail = f"; and {more} more problem(s)" if more > 0 else ""
        raise LayoutError(
            f"The sheet layout {source} is not valid: {'; '.join(problems)}{tail}"
        ) from None


def load_layout_file(path: Path | Traversable) -> Layout:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LayoutError(f"The sheet layout {path} cannot be read ({exc})") from None
    return parse_layout(data, f"'{path.name}'")


def _template(name: str) -> Traversable:
    return data_file("templates", f"{name}.json")


@cache
def layout_for(system_id: str) -> Layout:
    """The layout of ``system_id`` (``templates/<id>.json``), or the default layout."""
    source = _template(system_id)
    if not source.is_file():
        source = _template(DEFAULT_LAYOUT)
    layout = load_layout_file(source)
    if layout.system not in (system_id, DEFAULT_LAYOUT):
        raise LayoutError(
            f"The sheet layout '{source.name}' says it is for '{layout.system}', not '{system_id}'"
        )
    return layout


def shipped_layouts() -> list[Layout]:
    """Every valid layout in ``templates/`` (for listing the sections a user may switch)."""
    root = data_root("templates")
    found = []
    for entry in sorted(root.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".json"):
            try:
                found.append(load_layout_file(entry))
            except LayoutError:
                continue
    return found
