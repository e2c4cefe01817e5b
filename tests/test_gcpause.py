"""The collector off for one burst of work (sheetapp.core.gcpause, used by the PDF export)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from sheetapp.core.gcpause import collector_paused_during


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    was_enabled = gc.isenabled()
    yield
    if was_enabled:
        gc.enable()


def test_off_during_the_work_and_back_after() -> None:
    gc.enable()
    with collector_paused_during():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_back_after_an_error() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), collector_paused_during():
        raise RuntimeError("export failed")
    assert gc.isenabled()


def test_left_off_when_it_was_off() -> None:
    gc.disable()
    with collector_paused_during():
        assert not gc.isenabled()
    assert not gc.isenabled()
