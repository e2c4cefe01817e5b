"""Load and save character files.

Loading is defensive: only regular files are read, the size is checked before
reading, and the text goes through :mod:`sheetapp.storage.jsontext` (nesting depth
before parsing; NaN, overflowing numbers and broken escapes refused). Nothing can
execute code (plain JSON parsers only). Every failure becomes one
:class:`CharacterFileError` with a user message and a location.

A current, well-formed file takes a quick path first: pydantic-core parses and
validates the bytes in one pass while a :class:`~sheetapp.core.census.Census` gathers
what proves that no rule of the careful path was broken (no key twice, the nesting,
finite numbers, the header). Anything it cannot prove goes the careful way, so every
refusal keeps its message.
"""

from __future__ import annotations

import json
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from sheetapp.core.catalog import CatalogError
from sheetapp.core.census import CENSUS, Census, typed_depth
from sheetapp.core.document import (
    FORMAT_ID,
    MAX_UNKNOWN_KEYS,
    MAX_UNKNOWN_NODES,
    SCHEMA_VERSION,
    UNKNOWN_KEYS,
    CharacterDocument,
    count_nodes,
    count_unknown_keys,
    unknown_key_issues,
    unknown_keys_counted,
    unknown_values,
)
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import (
    GameSystem,
    SystemLoadError,
    SystemRegistry,
    UnknownSystemError,
    system_data_steps_of,
)
from sheetapp.storage import jsontext
from sheetapp.storage.atomic import atomic_write
from sheetapp.storage.errors import CharacterFileError, shorten, shown
from sheetapp.storage.migrations import (
    MigrationError,
    NewerSchemaError,
    UnknownSystemVersionError,
    migrate,
    migrate_system_data,
)

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_NESTING = jsontext.MAX_NESTING
EXPORT_FORMAT_ID = "sheetapp.export"


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """A document read from disk with what the loader noticed (e.g. unknown keys)."""

    document: CharacterDocument[Any, Any]
    system: GameSystem[Any]
    notes: tuple[Issue, ...] = ()
    migrated_from: int | None = None

    def evaluate(self) -> Evaluation:
        """The system's evaluation plus what the loader noticed (e.g. unknown keys)."""
        return self.system.evaluate(self.document).with_issues(list(self.notes))


def load_document(path: Path, registry: SystemRegistry) -> LoadedDocument:
    path = Path(path)
    if not str(path).strip() or str(path) == ".":
        raise CharacterFileError("the file", "no file name was given")
    source = f"'{path.name}'"
    try:
        status = path.stat()
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(status.st_mode):
            # a pipe or a device would block the read or never end
            raise CharacterFileError(source, "it is not a regular file (a pipe or a device?)")
        size = status.st_size
        if size > MAX_FILE_BYTES:
            raise CharacterFileError(
                source, _too_large(size), hint="Is this really a character file?"
            )
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CharacterFileError(source, "the file does not exist") from None
    except IsADirectoryError:
        raise CharacterFileError(source, "it is a folder, not a file") from None
    except PermissionError:
        raise CharacterFileError(source, "permission to read it was denied") from None
    except OSError as exc:
        raise CharacterFileError(source, f"it could not be read ({exc.strerror})") from None
    return parse_document(data, registry, source=source)


def _too_large(size: int) -> str:
    return (
        f"the file is {size / 1024 / 1024:.1f} MB; character files are refused above "
        f"{MAX_FILE_BYTES // 1024 // 1024} MB"
    )


def parse_document(
    data: bytes, registry: SystemRegistry, *, source: str = "the file"
) -> LoadedDocument:
    """Turn the bytes of a native file or a portable export into a validated document."""
    if len(data) > MAX_FILE_BYTES:
        raise CharacterFileError(source, _too_large(len(data)))
    quick = _parse_quickly(data, registry)
    if quick is not None:
        document, system, census = quick
        return _checked(document, system, source, census.unknown_keys, None)
    return _parse_carefully(data, registry, source)


def _parse_carefully(data: bytes, registry: SystemRegistry, source: str) -> LoadedDocument:
    """Every check in turn, each refusal with its message: the text, its nesting, the JSON
    (duplicate keys, numbers), the header, the migrations, the models."""
    text = jsontext.decode(data, source)
    jsontext.check_nesting(text, source)
    raw = jsontext.parse_object(text, source)
    raw = _unwrap_export(raw, source)
    version = _header(raw, source)
    system = _system(raw, registry, source)
    try:
        raw = migrate(raw, version)
    except NewerSchemaError as exc:
        raise CharacterFileError(
            source, str(exc), path=("schema_version",), hint="Update sheetapp to open it."
        ) from None
    except MigrationError as exc:
        raise CharacterFileError(
            source,
            f"it could not be upgraded from schema version {version} ({exc.problem})",
            path=exc.path,
        ) from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise CharacterFileError(
            source,
            f"it could not be upgraded from schema version {version} ({exc})",
            path=(),
        ) from None
    raw = _migrate_system_data(raw, system, source)
    context = unknown_keys_counted()
    document = _validate(raw, system, source, context)
    migrated_from = version if version != SCHEMA_VERSION else None
    return _checked(document, system, source, context[UNKNOWN_KEYS][0], migrated_from)


def _checked(
    document: CharacterDocument[Any, Any],
    system: GameSystem[Any],
    source: str,
    counted: int,
    migrated_from: int | None,
) -> LoadedDocument:
    """The validated document, refused if it names catalog entries the system does not
    have or carries too much the models do not know."""
    unknown = system.unknown_references(document)
    if unknown:
        first = unknown[0]
        more = f" and {len(unknown) - 1} more" if len(unknown) > 1 else ""
        raise CharacterFileError(
            source,
            f"it uses the {first.kind} '{shorten(first.ref)}', which the {system.name} catalog "
            f"does not have{more}",
            path=first.path,
            catalog_id=first.ref,
            hint="It may come from a newer sheetapp or a custom catalog.",
        )
    notes = (
        tuple(unknown_key_issues(document)) if check_unknown_keys(document, source, counted) else ()
    )
    return LoadedDocument(document, system, notes, migrated_from)


_UTF8_BOM = b"\xef\xbb\xbf"
#: the longest integer pydantic-core's JSON parser reads (Python's own default limit)
_JSON_INT_DIGITS = 4300


def _parse_quickly(
    data: bytes, registry: SystemRegistry
) -> tuple[CharacterDocument[Any, Any], GameSystem[Any], Census] | None:
    """The document of a current, well-formed file, parsed and validated by pydantic-core
    in one pass; None for anything else (an export, an older version, a broken or
    doubtful file), which the careful path then reads and, if need be, refuses with its
    message. Whatever this accepts, the careful path accepts too, as the same document.
    (About twice as fast: no Python dict of the file, no Python hook per JSON object.)"""
    digits = sys.get_int_max_str_digits()
    if 0 < digits < _JSON_INT_DIGITS:
        return None  # the careful path refuses integers pydantic-core would read
    data = data.removeprefix(_UTF8_BOM)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    # sheetapp writes the system's id at the top, before any other object
    found = jsontext.SYSTEM_FIELD.search(data)
    if found is None or data.count(b"{", 0, found.start()) != 1:
        return None  # no "system" id, or the first one is not at the top level
    try:
        system = registry.get(found.group(1).decode("utf-8"))
    except (UnknownSystemError, SystemLoadError, CatalogError):
        return None  # the careful path says what is wrong
    model = system.document_model()
    depth = typed_depth(model)
    if depth is None or depth > MAX_NESTING:
        return None
    census = Census()
    try:
        document: CharacterDocument[Any, Any] = model.model_validate_json(
            data, context={CENSUS: census}
        )
    except (ValidationError, ValueError, RecursionError):
        return None
    if census.doubtful or depth + census.deepest > MAX_NESTING:
        return None
    if not _current_header(document, system) or not _no_key_twice(data, census):
        return None
    return document, system, census


def _no_key_twice(data: bytes, census: Census) -> bool:
    """Whether the document kept every key the text holds: pydantic-core keeps the last of
    two equal keys, and the census counts what it kept."""
    # The text's colons are its keys' and those inside its strings; the census counts
    # the keys less those lost. So when the colons beyond the census's count are all
    # found inside strings, no key was lost. (A census counting more keys than there are
    # colons would be a bug: the careful path then reads the file.)
    beyond = data.count(b":") - census.keys
    return beyond >= 0 and jsontext.colons_in_strings(data, beyond)


def _current_header(document: CharacterDocument[Any, Any], system: GameSystem[Any]) -> bool:
    """Whether the file gave its header and is of the current versions (no migration)."""
    given = document.model_fields_set
    return (
        {"format", "schema_version", "system", "system_version"} <= given
        and type(document.schema_version) is int
        and document.schema_version == SCHEMA_VERSION
        and document.system_version == system.system_version
    )


def check_unknown_keys(
    document: CharacterDocument[Any, Any], source: str, counted: int | None = None
) -> int:
    """Refuse a file whose keys sheetapp does not know are too many or hold too much:
    each is kept and written back, so their size is work every later step repeats.
    Returns how many there are. ``counted``: the count made while the document was
    validated (:func:`unknown_keys_counted`), else the models are walked."""
    unknown_keys = count_unknown_keys(document) if counted is None else counted
    if not unknown_keys:
        return 0
    if unknown_keys > MAX_UNKNOWN_KEYS:
        raise CharacterFileError(
            source,
            f"it holds {unknown_keys:,} keys sheetapp does not know; a character file may "
            f"carry at most {MAX_UNKNOWN_KEYS:,} (they are kept as they are)",
            path=("character",),
            hint="It may be another kind of file, or damaged.",
        )
    nodes = 0
    for path, value in unknown_values(document):
        nodes += count_nodes(value, MAX_UNKNOWN_NODES - nodes)
        if nodes > MAX_UNKNOWN_NODES:
            raise CharacterFileError(
                source,
                f"the key '{shorten(str(path[-1]))}', which sheetapp does not use, holds too "
                f"much: keys sheetapp does not know may hold at most {MAX_UNKNOWN_NODES:,} "
                "values in all (objects, lists, texts, numbers)",
                path=path,
                hint="It may be another kind of file, or damaged.",
            )
    return unknown_keys


def _migrate_system_data(
    raw: dict[str, Any], system: GameSystem[Any], source: str
) -> dict[str, Any]:
    steps = system_data_steps_of(system)
    if raw.get("system_version") is None:
        raise CharacterFileError(
            source,
            f"it does not say which version of the {system.name} rules its character follows",
            path=("system_version",),
            hint='A file saved by sheetapp says so on its "system_version" line; if this '
            "one was written by hand or by another program, add "
            f'"system_version": "{system.system_version}" under its "system" line.',
        )
    try:
        migrated, _old = migrate_system_data(raw, system.system_version, steps, system.name)
    except UnknownSystemVersionError as exc:
        raise CharacterFileError(
            source,
            str(exc),
            path=("system_version",),
            hint=(
                "It may come from a newer sheetapp: update sheetapp to open it."
                if isinstance(exc.found, str) and exc.found.strip()
                else "The file may be damaged: a file saved by sheetapp names its version."
            ),
        ) from None
    except MigrationError as exc:
        raise CharacterFileError(
            source, f"its {system.name} data could not be upgraded ({exc.problem})", path=exc.path
        ) from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise CharacterFileError(
            source, f"its {system.name} data could not be upgraded ({exc})", path=()
        ) from None
    return migrated


def _unwrap_export(raw: dict[str, Any], source: str) -> dict[str, Any]:
    """Accept sheetapp's portable export too: its ``document`` is the character."""
    if raw.get("format") != EXPORT_FORMAT_ID:
        return raw
    inner = raw.get("document")
    if not isinstance(inner, dict):
        raise CharacterFileError(
            source, "the export holds no character document", path=("document",)
        )
    return inner


def _header(raw: dict[str, Any], source: str) -> int:
    found = raw.get("format")
    if found != FORMAT_ID:
        what = "has no 'format' key" if found is None else f"has the format {shown(found)}"
        raise CharacterFileError(
            source,
            f'it {what}; sheetapp character files have "format": "{FORMAT_ID}"',
            path=("format",),
        )
    version = raw.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CharacterFileError(
            source, "'schema_version' must be a whole number from 1 up", path=("schema_version",)
        )
    return version


def _system(raw: dict[str, Any], registry: SystemRegistry, source: str) -> GameSystem[Any]:
    system_id = raw.get("system")
    if not isinstance(system_id, str):
        raise CharacterFileError(
            source, "it does not say which game system it is for", path=("system",)
        )
    try:
        return registry.get(system_id)
    except UnknownSystemError as exc:
        raise CharacterFileError(source, str(exc), path=("system",)) from None


def _validate(
    raw: dict[str, Any], system: GameSystem[Any], source: str, context: dict[str, Any] | None = None
) -> CharacterDocument[Any, Any]:
    try:
        model = system.document_model()
        document: CharacterDocument[Any, Any] = model.model_validate(raw, context=context)
        return document
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        path: DataPath = tuple(first["loc"])
        problem = f"{first['msg'][0].lower()}{first['msg'][1:]}"
        found = first.get("input")
        if first["type"] != "missing" and isinstance(found, str | int | float | bool):
            problem += f" (found {shown(found)})"
        if len(errors) > 1:
            problem += f"; {len(errors) - 1} more problem(s) after this one"
        raise CharacterFileError(source, problem, path=path) from None


def dump_document(document: CharacterDocument[Any, Any]) -> bytes:
    """The stable on-disk form: UTF-8, two-space indent, declared key order."""
    data = document.model_dump(mode="json")
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def save_document(document: CharacterDocument[Any, Any], path: Path) -> None:
    atomic_write(Path(path), dump_document(document))
