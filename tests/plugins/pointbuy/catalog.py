"""The list of skills (``skills.json`` beside this module), validated by pydantic when
the system loads: a broken entry stops with the file and the entry's id."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Literal

from sheetapp.core.catalog import CatalogEntry, CatalogFile, index_entries, load_catalog

FILE = "skills.json"
AttributeId = Literal["body", "mind", "grace", "heart"]
ATTRIBUTES: tuple[AttributeId, ...] = ("body", "mind", "grace", "heart")


class SkillDef(CatalogEntry):
    attribute: AttributeId


class SkillsFile(CatalogFile):
    skills: tuple[SkillDef, ...]


@cache
def skills() -> dict[str, SkillDef]:
    """The skills by id (read once; the catalog is data that does not change while the
    program runs)."""
    loaded = load_catalog(FILE, SkillsFile, root=files(__package__))
    return index_entries(FILE, loaded.skills)


def skill_name(ref: str) -> str:
    """A skill's name as the user reads it (an id the catalog lacks, as it is)."""
    known = skills().get(ref)
    return known.name if known is not None else ref
