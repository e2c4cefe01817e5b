"""A system's catalogs read from an edited copy, to show a computed value follows the
catalog (it is not a copy of it kept in the code)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pytest

import sheetapp.core.catalog as core_catalog
from sheetapp.core.resources import DataKind, data_file

Edit = Callable[[dict[str, Any]], None]
EditFile = Callable[[str, Edit], None]


def catalog_copy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, folder: str, reload: Callable[[], None]
) -> EditFile:
    """``resources/<folder>`` copied to ``tmp_path`` and read from there; the function
    returned edits one of its files and calls ``reload`` (the system's cache_clear)."""
    shutil.copytree(Path(str(data_file("resources", folder))), tmp_path / folder)

    def read_from_copy(kind: DataKind, relative: str) -> Traversable:
        if kind == "resources" and relative.startswith(f"{folder}/"):
            return tmp_path / relative
        return data_file(kind, relative)

    def edit(file: str, change: Edit) -> None:
        path = tmp_path / folder / file
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        reload()

    monkeypatch.setattr(core_catalog, "data_file", read_from_copy)
    reload()
    return edit
