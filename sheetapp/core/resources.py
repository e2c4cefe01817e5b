"""Where the shipped data (catalogs, fonts, samples, sheet layouts) is read from.

In an installed wheel the top-level ``resources/`` and ``templates/`` folders live
inside the package as ``sheetapp/_data/...`` and are read through
``importlib.resources``; in a source checkout (editable install) they are the
folders at the top of the repository.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Literal

DataKind = Literal["resources", "templates", "docs"]


def data_root(kind: DataKind) -> Traversable:
    packaged = files("sheetapp") / "_data" / kind
    if packaged.is_dir():
        return packaged
    source_tree = Path(__file__).resolve().parents[2] / kind
    if source_tree.is_dir():
        return source_tree
    raise FileNotFoundError(f"sheetapp's {kind} folder is missing from this installation")


def data_file(kind: DataKind, relative: str) -> Traversable:
    """A file below ``resources/`` or ``templates/``, e.g. ``gladiators/abilities.json``."""
    node = data_root(kind)
    for part in relative.split("/"):
        node = node / part
    return node
