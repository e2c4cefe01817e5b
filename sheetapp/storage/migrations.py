"""Stepwise schema migrations, applied to the raw JSON before validation.

Each step turns a document of version N into version N+1 and is registered in
``STEPS``; a meta-test checks that every step has a fixture and a test. A document
newer than :data:`SCHEMA_VERSION` is refused, never half-read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheetapp.core.document import SCHEMA_VERSION
from sheetapp.storage.errors import shown

RawDocument = dict[str, Any]
Migration = Callable[[RawDocument], RawDocument]


class NewerSchemaError(Exception):
    def __init__(self, found: int) -> None:
        self.found = found
        super().__init__(
            f"it was written by a newer sheetapp (file schema version {shown(found)}; "
            f"this version reads up to {SCHEMA_VERSION})"
        )


class MigrationError(ValueError):
    """A document of an old version is too damaged to upgrade; ``path`` says where."""

    def __init__(self, problem: str, path: tuple[str | int, ...]) -> None:
        self.problem = problem
        self.path = path
        super().__init__(problem)


def migrate_1_to_2(document: RawDocument) -> RawDocument:
    """Version 1 kept ``name``, ``player`` and ``notes`` at the top level and had no
    ``history``; version 2 groups them under ``meta`` and always has a history list."""
    migrated = dict(document)
    found = migrated.pop("meta", None)
    if found is not None and not isinstance(found, dict):
        raise MigrationError("'meta' must be an object", ("meta",))
    meta = dict(found or {})
    for key in ("name", "player", "notes"):
        if key in migrated:
            meta.setdefault(key, migrated.pop(key))
    migrated["meta"] = meta
    migrated.setdefault("history", [])
    migrated["schema_version"] = 2
    return migrated


#: from-version -> the step that produces from-version + 1
STEPS: dict[int, Migration] = {1: migrate_1_to_2}


def migrate(document: RawDocument, version: int) -> RawDocument:
    """Bring ``document`` (of schema ``version``) up to :data:`SCHEMA_VERSION`."""
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(version)
    while version < SCHEMA_VERSION:
        document = STEPS[version](document)
        version += 1
    return document
