"""Errors never kill the window; themes, recent files, drag and drop, export, dirty marker."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from tests.ui.conftest import SAMPLE
from ui.error_dialog import CrashDialog, report_exception
from ui.main_window import MainWindow
from ui.settings import THEME


@pytest.mark.crash_dialog_expected
def test_exception_shows_a_dialog_and_the_window_lives_on(window: MainWindow, qtbot: QtBot) -> None:
    try:
        raise RuntimeError("boom in a slot")
    except RuntimeError as error:
        dialog = report_exception(type(error), error, error.__traceback__)
    assert isinstance(dialog, CrashDialog)
    assert dialog.isVisible() and window.isVisible()
    assert "boom in a slot" in dialog.text()
    dialog.copy_button.click()
    assert "RuntimeError: boom in a slot" in QApplication.clipboard().text()
    assert dialog.isVisible()  # copying does not close it
    dialog.close()


def test_standard_shortcuts_are_set(window: MainWindow) -> None:
    keys = QKeySequence.StandardKey
    for action, key in (
        (window.new_action, keys.New),
        (window.open_action, keys.Open),
        (window.save_action, keys.Save),
        (window.undo_action, keys.Undo),
        (window.redo_action, keys.Redo),
        (window.quit_action, keys.Quit),
    ):
        assert action.shortcut() == QKeySequence(key)


def test_theme_override_is_applied_and_remembered(window: MainWindow) -> None:
    window.set_theme("dark")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    assert window.settings.get(THEME) == "dark"
    window.set_theme("light")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 128


def test_dropping_a_file_opens_it(window: MainWindow, qtbot: QtBot) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(SAMPLE))])
    event = QDropEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    qtbot.waitUntil(lambda: window.tabs.count() == 1, timeout=10_000)  # opened off-thread
    assert window.open_path(SAMPLE) is window.current_view()  # not opened twice
    assert window.open_in_background(SAMPLE) is None
    assert window.tabs.count() == 1
    assert window.tabs.count() == 1


def test_export_json_reopens_as_an_unsaved_character(window: MainWindow, tmp_path: Path) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    target = tmp_path / "owl.export.json"
    assert window.export_json(target)
    assert load_document(target, installed_systems()).document.meta.name == "Night Owl"
    imported = window.open_path(target)
    assert imported is not None and imported.document.path is None


def test_editing_marks_dirty_and_refused_edits_change_nothing(window: MainWindow) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    assert not window.isWindowModified()
    before = view.document.document.model_dump()
    from sheetapp.core.changes import Change

    assert not view.document.push([Change("set", ("campaign", "gp_budget"), 40, -1)])
    assert view.document.document.model_dump() == before
    assert "gp_budget" in window.statusBar().currentMessage()
    view.campaign.campaign.editors["gp_budget"].setValue(50)  # type: ignore[attr-defined]
    assert view.document.document.campaign.gp_budget == 50
    assert window.isWindowModified() and window.tabs.tabText(0) == "Night Owl*"
    assert "28 / 50 GP" in view.totals.text()


def test_issue_on_the_campaign_selects_its_setting(window: MainWindow) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    issue = next(i for i in view.document.evaluation.issues if i.path[0] == "campaign")
    assert window.show_issue(issue)
    assert view.tabs.currentWidget() is view.campaign


def test_portrait_is_scaled_and_stored(window: MainWindow, tmp_path: Path) -> None:
    from PySide6.QtGui import QColor, QImage

    image = QImage(1600, 900, QImage.Format.Format_RGB32)
    image.fill(QColor("teal"))
    source = tmp_path / "big.png"
    image.save(str(source))
    view = window.open_path(SAMPLE)
    assert view is not None
    assert view.header.choose_portrait(source)
    import base64

    stored = QImage.fromData(base64.b64decode(view.document.document.meta.portrait or ""))
    assert (stored.width(), stored.height()) == (512, 288)


@pytest.mark.parametrize("name", ["", "Fancy <Hero> & Co"])
def test_titles_never_break(window: MainWindow, name: str) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    view.header.edits["name"].textEdited.emit(name)
    assert window.tabs.tabText(0).rstrip("*") == (name or "night-owl.json")


@pytest.mark.crash_dialog_expected
@pytest.mark.qt_no_exception_capture
def test_uncaught_exception_in_a_slot_reaches_the_dialog(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from PySide6.QtCore import QTimer

    from ui.error_dialog import install_excepthook

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    install_excepthook()

    def broken_slot() -> None:
        raise ValueError("a slot failed")

    QTimer.singleShot(0, broken_slot)

    def dialog_shown() -> None:
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, CrashDialog)]
        assert dialogs and dialogs[-1].isVisible()
        assert "a slot failed" in dialogs[-1].text()

    qtbot.waitUntil(dialog_shown)
    assert window.isVisible()
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, CrashDialog):
            widget.close()


def test_emitting_signals_keeps_the_interpreter_alive() -> None:
    """PySide6 6.12.0 on Python 3.11 leaks a reference to True per Python emit() and
    aborts after a few thousand; pyproject.toml pins it out (<6.12). This fails if the
    installed bindings leak, i.e. if the pin is lifted before a fixed release."""
    import sys

    from PySide6.QtCore import QObject, Signal

    class Source(QObject):
        fired = Signal(object)

    source = Source()
    received: list[int] = []
    source.fired.connect(received.append)
    before = sys.getrefcount(True)
    for number in range(2000):
        source.fired.emit(number)
    assert len(received) == 2000
    assert abs(sys.getrefcount(True) - before) <= 2
