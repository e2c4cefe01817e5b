"""The window's exports refuse the targets the command line refuses (issue 32): Export
PDF / Export JSON onto the open character's own file (by its name, a symbolic link or a
hard link), onto another open character, a device or a folder used to turn the character
into a PDF with no backup; only the file dialog's replace prompt stood in the way. Driven
through the real menu actions with the file dialog answered."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tests.ui.conftest import SAMPLE
from ui import export_actions
from ui.main_window import MainWindow


class Dialogs:
    """The file dialog answered with a chosen path; the error dialogs recorded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []
        self.target = Path()
        monkeypatch.setattr(
            export_actions,
            "show_error",
            lambda _p, title, text: self.errors.append((title, text)),
        )
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(self._answer))

    def _answer(self, *args: object, **_kwargs: object) -> tuple[str, str]:
        self.asked.append(str(args[1]) if len(args) > 1 else "")
        return str(self.target), ""


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    return Dialogs(monkeypatch)


def targets(folder: Path, owl: Path, hero: Path) -> dict[str, Callable[[], Path]]:
    def symlink() -> Path:
        link = folder / "current.json"
        link.symlink_to(owl)
        return link

    def hard_link() -> Path:
        link = folder / "linked.json"
        os.link(owl, link)
        return link

    return {
        "its own file": lambda: owl,
        "a symbolic link to it": symlink,
        "a hard link to it": hard_link,
        "another open character": lambda: hero,
        "a device": lambda: Path(os.devnull),
        "a folder": lambda: folder,
    }


CASES = [
    "its own file",
    "a symbolic link to it",
    "a hard link to it",
    "another open character",
    "a device",
    "a folder",
]


@pytest.mark.parametrize("action", ["export_pdf_action", "export_json_action"])
@pytest.mark.parametrize("case", CASES)
def test_an_export_onto_an_open_character_or_a_special_file_is_refused(
    window: MainWindow,
    tmp_path: Path,
    dialogs: Dialogs,
    action: str,
    case: str,
) -> None:
    owl, hero = tmp_path / "owl.json", tmp_path / "hero.json"
    shutil.copy(SAMPLE, owl)
    shutil.copy(SAMPLE, hero)
    assert window.open_path(hero) is not None
    assert window.open_path(owl) is not None  # the current one
    before = {path: path.read_bytes() for path in (owl, hero)}
    dialogs.target = targets(tmp_path, owl, hero)[case]()
    menu_action = getattr(window, action)
    assert menu_action.isEnabled()
    menu_action.trigger()
    assert dialogs.asked, "the file dialog was not asked"
    assert window.pdf_job is None, "an export was started"
    assert len(dialogs.errors) == 1, dialogs.errors
    title, message = dialogs.errors[0]
    assert title.startswith("Cannot")
    wanted = {
        "a device": "not a regular file",
        "a folder": "is a folder",
    }.get(case, "would replace the character")
    assert wanted in message
    assert {path: path.read_bytes() for path in (owl, hero)} == before
    assert not (tmp_path / "owl.json.bak").exists()


def test_an_export_to_a_new_file_is_written(
    window: MainWindow, tmp_path: Path, qtbot: QtBot, dialogs: Dialogs
) -> None:
    owl = tmp_path / "owl.json"
    shutil.copy(SAMPLE, owl)
    assert window.open_path(owl) is not None
    pdf, export = tmp_path / "owl.pdf", tmp_path / "owl.export.json"
    dialogs.target = export
    window.export_json_action.trigger()
    assert export.read_bytes().startswith(b"{")
    dialogs.target = pdf
    window.export_pdf_action.trigger()
    qtbot.waitUntil(lambda: window.pdf_job is None, timeout=60_000)
    assert pdf.read_bytes().startswith(b"%PDF")
    assert dialogs.errors == []
