"""Shared builders for the 2d10 tests (seed ../shared/seeds/002_2465630f321cfb59.txt)."""

from __future__ import annotations

from sheetapp.systems.twod10.catalog import Catalogs, catalogs
from sheetapp.systems.twod10.model import Twod10Document
from sheetapp.systems.twod10.system import SYSTEM

SEED = "002_2465630f321cfb59.txt"


def cats() -> Catalogs:
    return catalogs()


def new() -> Twod10Document:
    return SYSTEM.new_document("Test")


def codes(document: Twod10Document) -> list[str]:
    return [issue.code for issue in SYSTEM.evaluate(document).issues]


def derived(document: Twod10Document, key: str) -> int | float | str:
    return SYSTEM.evaluate(document).derived_value(key).value
