"""Saving takes the file's lock, then checks whether another program changed the file,
then writes (issue 21): the check used to come before the lock, so a change landing in
between was overwritten. The question is asked without the lock, and a change made while
it is open is asked about again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sheetapp.cli import main
from sheetapp.core.changes import Change
from sheetapp.storage.fingerprint import Fingerprint
from sheetapp.storage.locking import FileBusy, locked
from tests.ui.conftest import SAMPLE
from ui import save_actions
from ui.editor_view import EditorView
from ui.main_window import CANCEL, OVERWRITE, MainWindow


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    shutil.copy(SAMPLE, path)
    return path


def is_locked(path: Path) -> bool:
    try:
        with locked(path, wait=0):
            return False
    except FileBusy:
        return True


def advance(path: Path, label: str) -> None:
    assert main(["advance", str(path), "--earn", "1", "--label", label]) == 0


def labels(path: Path) -> list[str]:
    return [entry["label"] for entry in json.loads(path.read_text())["history"]]


def open_and_rename(window: MainWindow, owl: Path) -> EditorView:
    view = window.open_path(owl)
    assert view is not None
    name = view.document.document.meta.name
    assert view.document.push([Change("set", ("meta", "name"), name, "Night Owl (mine)")])
    return view


def test_the_file_is_checked_under_its_lock(
    window: MainWindow, owl: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_and_rename(window, owl)
    held: list[bool] = []
    real = save_actions.changed_since

    def checking(path: Path, seen: Fingerprint | None) -> bool:
        held.append(is_locked(path))
        return real(path, seen)

    monkeypatch.setattr(save_actions, "changed_since", checking)
    assert window.save_current()
    assert held == [True]
    assert not is_locked(owl)


def test_a_change_made_while_the_question_is_open_is_asked_about_again(
    window: MainWindow, owl: Path
) -> None:
    """The user answers Overwrite about the first change; a second one lands while the
    question is open (the lock is free meanwhile): it is not overwritten unasked."""
    open_and_rename(window, owl)
    advance(owl, "First")
    asked: list[bool] = []

    def ask(_view: EditorView) -> str:
        asked.append(is_locked(owl))
        if len(asked) == 1:
            advance(owl, "Second")  # needs the lock: the window must not hold it
            return OVERWRITE
        return CANCEL

    window.ask_changed_on_disk = ask  # type: ignore[method-assign]
    assert not window.save_current()
    assert asked == [False, False]
    assert labels(owl)[-2:] == ["First", "Second"]
    assert json.loads(owl.read_text())["meta"]["name"] == "Night Owl"


def test_overwrite_after_the_question_writes_the_windows_version(
    window: MainWindow, owl: Path
) -> None:
    open_and_rename(window, owl)
    advance(owl, "First")
    window.ask_changed_on_disk = lambda _view: OVERWRITE  # type: ignore[method-assign]
    assert window.save_current()
    assert json.loads(owl.read_text())["meta"]["name"] == "Night Owl (mine)"
    assert "First" not in labels(owl)
