"""An editor never keeps less than it shows: a field takes no more text than the file
keeps, and pasting past the limit of the notes is cut at the limit with a word to the
user, the document keeping exactly what the editor shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox, QPlainTextEdit

from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH
from tests.ui.conftest import SAMPLE
from ui.main_window import MainWindow


def test_notes_past_the_limit_are_cut_where_the_file_cuts_them(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, title, _t: told.append(title))
    view = window.open_path(SAMPLE)
    assert view is not None
    notes = view.findChild(QPlainTextEdit, "notes")
    assert isinstance(notes, QPlainTextEdit)
    notes.setPlainText("x" * (MAX_TEXT_LENGTH + 500))
    assert len(notes.toPlainText()) == MAX_TEXT_LENGTH
    assert view.document.document.meta.notes == notes.toPlainText()
    assert view.document.dirty and told == ["Notes are full"]


def test_the_name_takes_no_more_than_the_file_keeps(window: MainWindow) -> None:
    view = window.open_path(SAMPLE)
    assert view is not None
    name = view.findChild(QLineEdit, "meta_name")
    assert isinstance(name, QLineEdit) and name.maxLength() == MAX_NAME_LENGTH
    name.setText("n" * (MAX_NAME_LENGTH + 100))
    name.textEdited.emit(name.text())
    assert view.document.document.meta.name == name.text()
    assert len(name.text()) == MAX_NAME_LENGTH


def test_issues_say_where_in_the_windows_words(window: MainWindow) -> None:
    """The Issues panel's "Where" reads like the window ("Sonic Blaster › Level",
    "Campaign › GP budget"); the code and the file path are only in the tooltip."""
    view = window.open_path(SAMPLE)
    assert view is not None
    model = window.issues_view.model()
    places = [model.index(row, 1).data() for row in range(model.rowCount())]
    assert "Sonic Blaster › Level" in places and "Campaign › GP budget" in places
    assert not any("character." in place or "[" in place for place in places)
    tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "gladiators." in tip.split("\n\n")[-1]


def test_unbroken_notes_wrap_anywhere(window: MainWindow) -> None:
    """Notes of 1 MB without a space took 109 s to show: Qt looked for a word boundary
    in a million characters. Such notes wrap anywhere; ordinary notes at words."""
    from PySide6.QtGui import QTextOption

    from sheetapp.editing.fields import set_meta
    from tests.ui.conftest import SAMPLE

    assert window.open_path(SAMPLE)
    view = window.current_view()
    assert view is not None
    notes = view.campaign.notes
    assert notes.wordWrapMode() == QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    document = view.document
    document.push(set_meta(document.document, "notes", "x" * 50_000))
    assert notes.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
    notes.setPlainText("Back to plain words.")
    assert notes.wordWrapMode() == QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
