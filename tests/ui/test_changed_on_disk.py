"""Saving over a file another program changed since it was opened asks first: reload,
overwrite or save as; nothing is lost without the user's word."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sheetapp.cli import main
from sheetapp.core.changes import Change
from tests.ui.conftest import SAMPLE
from ui.main_window import CANCEL, OVERWRITE, RELOAD, MainWindow


@pytest.fixture
def owl(tmp_path: Path) -> Path:
    path = tmp_path / "owl.json"
    shutil.copy(SAMPLE, path)
    return path


def open_and_edit(window: MainWindow, owl: Path) -> None:
    view = window.open_path(owl)
    assert view is not None
    assert main(["advance", str(owl), "--earn", "3", "--label", "From the command line"]) == 0
    name = view.document.document.meta.name
    assert view.document.push([Change("set", ("meta", "name"), name, "Night Owl (mine)")])


def entries(path: Path) -> list[str]:
    return [entry["label"] for entry in json.loads(path.read_text())["history"]]


def test_a_file_changed_meanwhile_is_not_overwritten_unasked(window: MainWindow, owl: Path) -> None:
    open_and_edit(window, owl)
    asked: list[str] = []
    window.ask_changed_on_disk = lambda view: asked.append(view.title) or CANCEL  # type: ignore[method-assign]
    assert not window.save_current()
    assert asked == ["Night Owl (mine)"]
    assert "From the command line" in entries(owl)


def test_overwrite_keeps_the_windows_version(window: MainWindow, owl: Path) -> None:
    open_and_edit(window, owl)
    window.ask_changed_on_disk = lambda _view: OVERWRITE  # type: ignore[method-assign]
    assert window.save_current()
    assert json.loads(owl.read_text())["meta"]["name"] == "Night Owl (mine)"
    window.ask_changed_on_disk = lambda _view: pytest.fail("asked again")  # type: ignore[method-assign]
    assert window.save_current()  # the file is the window's own now


def test_reload_shows_the_other_programs_version(window: MainWindow, owl: Path) -> None:
    open_and_edit(window, owl)
    window.ask_changed_on_disk = lambda _view: RELOAD  # type: ignore[method-assign]
    assert window.save_current()
    view = window.current_view()
    assert view is not None and window.tabs.count() == 1
    assert [e.label for e in view.document.document.history][-1] == "From the command line"
    assert view.document.document.meta.name == "Night Owl"
