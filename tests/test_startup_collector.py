"""The garbage collector pause around start-up (sheetapp.startup)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp import cli
from sheetapp.startup import (
    collector_paused,
    pause_collector,
    resume_collector,
    thaw_collector,
)


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    yield
    resume_collector()
    gc.enable()


def test_pause_then_resume_restores_the_collector() -> None:
    frozen_before = gc.get_freeze_count()
    pause_collector()
    assert not gc.isenabled() and collector_paused()
    kept = [object() for _ in range(10)]
    resume_collector()
    assert gc.isenabled() and not collector_paused()
    # what start-up created is in the permanent generation now
    assert gc.get_freeze_count() > frozen_before
    assert kept
    gc.unfreeze()


def test_resume_without_pause_leaves_a_disabled_collector_alone() -> None:
    gc.disable()
    resume_collector()
    assert not gc.isenabled()


def test_a_command_line_run_never_leaves_the_collector_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["systems"]) == 0
    assert gc.isenabled()


def test_the_window_path_resumes_the_collector_even_when_launching_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[bool] = []
    monkeypatch.chdir(tmp_path)
    (tmp_path / "some-file.json").write_text("{}")  # a word that is no file is refused first

    def failing_launch(_argv: list[str]) -> int:
        seen.append(gc.isenabled())
        raise cli.CommandError("no window here", cli.EXIT_UNAVAILABLE)

    monkeypatch.setattr(cli, "launch_gui", failing_launch)
    assert cli.main(["some-file.json"]) == cli.EXIT_UNAVAILABLE
    assert seen == [False]  # paused while the window would start
    assert gc.isenabled()


def test_thawing_hands_frozen_objects_back_to_the_collector() -> None:
    pause_collector()
    resume_collector()
    assert gc.get_freeze_count() > 0
    thaw_collector()
    assert gc.get_freeze_count() == 0
    thaw_collector()  # nothing frozen: nothing to do
    assert gc.isenabled()
