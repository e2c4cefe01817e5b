"""Entry points are read once per process: a start-up with a file asks for three groups
(the window, the systems, the pages) and each read opens every installed package."""

from __future__ import annotations

from importlib import metadata
from typing import Any

import pytest

from sheetapp.core import plugins


@pytest.fixture
def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    real = metadata.entry_points

    def counting(**params: Any) -> metadata.EntryPoints:
        reads.append(1)
        return real(**params)

    monkeypatch.setattr(metadata, "entry_points", counting)
    plugins.forget_installed()
    yield reads
    plugins.forget_installed()


def test_three_groups_cost_one_read(counted_reads: list[int]) -> None:
    for group in ("sheetapp.gui", "sheetapp.systems", "sheetapp.pages"):
        plugins.entry_points(group=group)
    assert len(counted_reads) == 1


@pytest.mark.parametrize("group", ["sheetapp.gui", "sheetapp.systems", "sheetapp.pages"])
def test_a_group_is_what_importlib_gives(group: str) -> None:
    plugins.forget_installed()
    assert sorted(plugins.entry_points(group=group)) == sorted(metadata.entry_points(group=group))
    assert plugins.entry_points(group=group), "the built-in entry points are installed"
