"""Stepwise schema migrations, applied to the raw JSON before validation.

Each step turns a document of version N into version N+1 and is registered in
``STEPS``; a meta-test checks that every step has a fixture and a test. A document
newer than :data:`SCHEMA_VERSION` is refused, never half-read.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetapp.core.document import SCHEMA_VERSION
from sheetapp.core.system import Migration, RawDocument, SystemDataStep
from sheetapp.storage.errors import shown

__all__ = [
    "STEPS",
    "Migration",
    "MigrationError",
    "NewerSchemaError",
    "RawDocument",
    "UnknownSystemVersionError",
    "migrate",
    "migrate_1_to_2",
    "migrate_system_data",
]


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


# --- a system's own data -----------------------------------------------------------------
#
# The file's schema version covers the envelope (format, meta, history); each system
# versions its own ``character`` and ``campaign`` data with ``system_version`` and
# declares the steps from each older version (the MigratesSystemData capability and its
# SystemDataStep records are part of the plug-in contract, sheetapp.core.system). Bumping a
# system's version: add the step from the old version, its fixture and its test, and
# change the system's ``system_version``; never edit a step that has shipped.


class UnknownSystemVersionError(ValueError):
    def __init__(self, found: object, system_name: str, known: Sequence[str]) -> None:
        self.found = found
        names = ", ".join(repr(v) for v in known)
        super().__init__(
            f"its {system_name} data is of version {shown(found)}, which this sheetapp does "
            f"not know (it reads {names})"
        )


def migrate_system_data(
    document: RawDocument, current: str, steps: Sequence[SystemDataStep], system_name: str
) -> tuple[RawDocument, str | None]:
    """Bring the system data of ``document`` up to the ``current`` system version; the
    version it was upgraded from (None when it was current). A version that neither is
    current nor has a step is refused (a newer sheetapp's file, or a damaged one)."""
    found = document.get("system_version")
    start = found
    by_version = {step.from_version: step for step in steps}
    known = [*by_version, current]
    seen: set[object] = set()
    while found != current:
        step = by_version.get(found) if isinstance(found, str) else None
        if step is None or found in seen:
            raise UnknownSystemVersionError(start, system_name, known)
        seen.add(found)
        document = step.step(dict(document))
        document["system_version"] = step.to_version
        found = step.to_version
    return document, (None if start == current else str(start))
