"""Reading an ``.hdc`` file from disk and turning a character file into ``.hdc`` bytes:
what the command line and the window share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.systems.hero_xmen.hdc.exporter import export_hdc
from sheetapp.systems.hero_xmen.hdc.importer import import_hdc
from sheetapp.systems.hero_xmen.hdc.report import MappingReport
from sheetapp.systems.hero_xmen.hdc.safe_xml import MAX_HDC_BYTES, HdcError
from sheetapp.systems.hero_xmen.model import HeroDocument


def read_hdc(path: Path) -> tuple[HeroDocument, MappingReport]:
    """The character in ``path`` and its mapping report; :class:`HdcError` says why a
    file cannot be taken (its size is checked before it is read)."""
    try:
        size = os.stat(path).st_size
        if size > MAX_HDC_BYTES:
            raise HdcError(
                f"the file is {size / 1024 / 1024:.0f} MB; a Hero Designer character is far "
                f"smaller (at most {MAX_HDC_BYTES // 1024 // 1024} MB is read)"
            )
        with open(path, "rb") as handle:
            data = handle.read(MAX_HDC_BYTES + 1)
    except OSError as exc:
        raise HdcError(f"it cannot be read: {exc.strerror or exc}") from None
    document, report = import_hdc(data, path.name)
    return document, report


def hdc_bytes(document: CharacterDocument[Any, Any]) -> bytes:
    """The ``.hdc`` export of an X-Men HERO character; :class:`HdcError` for another
    system's character."""
    if not isinstance(document, HeroDocument):
        raise HdcError(
            "only X-Men HERO characters can be exported to Hero Designer; this one is of "
            f"the system '{document.system}'"
        )
    return export_hdc(document)
