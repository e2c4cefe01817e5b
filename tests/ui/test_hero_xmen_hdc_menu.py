"""File ▸ Import ▸ Hero Designer character… and File ▸ Export ▸ Hero Designer character,
driven through the window's menus (issue 39)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu

import ui.hdc_actions
from sheetapp.systems.hero_xmen.hdc.importer import import_hdc
from tests.ui.conftest import REPO
from ui.hdc_actions import HdcReportDialog
from ui.main_window import MainWindow

FIXTURE = REPO / "tests" / "hero_xmen" / "hdc" / "storm_front.hdc"


def menu_action(window: MainWindow, submenu: str, name: str) -> QAction:
    """The action as a user reaches it: File, then the submenu, then the entry."""
    file_menu = next(
        a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File"
    )
    assert isinstance(file_menu, QMenu)
    sub = next(a.menu() for a in file_menu.actions() if a.text().replace("&", "") == submenu)
    assert isinstance(sub, QMenu)
    return next(a for a in sub.actions() if a.objectName() == name)


def test_import_through_the_menu_opens_the_character_and_shows_the_report(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ui.hdc_actions, "choose_hdc_file", lambda _window: FIXTURE)
    menu_action(window, "Import", "import_hdc").trigger()
    QApplication.processEvents()
    view = window.current_view()
    assert view is not None
    assert view.document.document.meta.name == "Storm Front"
    assert view.document.path is None  # unsaved: the user saves it as a character file
    dialog = window.findChild(HdcReportDialog)
    assert dialog is not None and dialog.isVisible()
    text = dialog.text.toPlainText()
    assert "INT +3: Costs differ" in text
    assert "Importance" in text
    assert "did not map" in dialog.summary.text()
    errors = [i for i in view.document.evaluation.issues if i.severity.value == "error"]
    assert errors  # the house rules make the Hero Designer build overspend: flagged


def test_a_refused_file_is_an_error_dialog_and_no_tab(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "laughs.hdc"
    bad.write_bytes(b'<!DOCTYPE a [<!ENTITY x "y">]><CHARACTER>&x;</CHARACTER>')
    shown: list[str] = []
    monkeypatch.setattr(ui.hdc_actions, "choose_hdc_file", lambda _window: bad)
    monkeypatch.setattr(ui.hdc_actions, "show_error", lambda _w, _t, text: shown.append(text))
    tabs = window.tabs.count()
    menu_action(window, "Import", "import_hdc").trigger()
    assert window.tabs.count() == tabs
    assert shown and "document type" in shown[0]


def test_export_through_the_menu_writes_a_file_that_imports_back(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = REPO / "resources" / "examples" / "hero-xmen" / "sable-storm.json"
    assert window.open_path(example) is not None
    target = tmp_path / "sable.hdc"
    monkeypatch.setattr(window, "choose_save_path", lambda *_args: target)
    menu_action(window, "Export", "export_hdc").trigger()
    document, _report = import_hdc(target.read_bytes())
    assert document.meta.name == "Sable Storm"
    assert [f.name for f in document.character.frameworks] == ["Storm Powers", "Psionics"]


def test_export_never_writes_over_an_open_character(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    character = tmp_path / "sable.json"
    character.write_bytes(
        (REPO / "resources" / "examples" / "hero-xmen" / "sable-storm.json").read_bytes()
    )
    assert window.open_path(character) is not None
    before = character.read_bytes()
    shown: list[str] = []
    monkeypatch.setattr(ui.hdc_actions, "show_error", lambda _w, _t, text: shown.append(text))
    monkeypatch.setattr(window, "choose_save_path", lambda *_args: character)
    menu_action(window, "Export", "export_hdc").trigger()
    assert shown and "replace the character" in shown[0]
    assert character.read_bytes() == before
