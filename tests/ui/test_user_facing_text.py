"""No user-facing string holds a JSON path, a file name from resources/, or a note to
ourselves ("developer", "TODO") — issue 17. Covered: every example's issues (message,
place, hint), every cell's text and tooltips on every page, the window's labels and
tooltips, every picker entry's text, and the PDF's text (pypdf)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from sheetapp.core.system import installed_systems
from sheetapp.systems.gladiators.catalog import catalogs as gladiators_catalogs
from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.picker import entry_html
from ui.roles import RULE_TEXT_ROLE
from ui.systems.gladiators.entries import ability_entries, modifier_entries, trait_entries

EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
RESOURCE_FILES = sorted(
    {p.name for p in (REPO / "resources").rglob("*") if p.is_file() and p.suffix == ".json"}
    - {p.name for p in EXAMPLES}
)
FORBIDDEN = re.compile(
    r"\b(?:character|campaign)\.[a-z_]+|\b[a-z_]+\[\d+\]|\bdeveloper\b|\bTODO\b|"
    + "|".join(re.escape(name) for name in RESOURCE_FILES),
    re.IGNORECASE,
)
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, RULE_TEXT_ROLE)


def offending(texts: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(where, text) for where, text in texts if text and FORBIDDEN.search(text)]


def _model_texts(model: QAbstractItemModel, name: str) -> Iterator[tuple[str, str]]:
    def walk(parent: QModelIndex) -> Iterator[tuple[str, str]]:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in ROLES:
                    value = index.data(role)
                    if isinstance(value, str):
                        yield f"{name} ({row}, {column})", value
            yield from walk(model.index(row, 0, parent))

    yield from walk(QModelIndex())


def _widget_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    for widget in [root, *root.findChildren(QWidget)]:
        where = type(widget).__name__
        yield where, widget.toolTip()
        if isinstance(widget, QLabel | QAbstractButton):
            yield where, widget.text()


def test_the_pattern_catches_what_it_should() -> None:
    for bad in ("character.abilities", "abilities[5]", "Developer to confirm", "TODO"):
        assert FORBIDDEN.search(bad), bad
    assert any(FORBIDDEN.search(f"see {name}") for name in RESOURCE_FILES)
    assert not FORBIDDEN.search("Energy Blast › Level")


def _shown_texts(window: MainWindow, example: Any) -> tuple[Any, list[tuple[str, str]]]:
    """Everything the window shows of ``example``: its page's models, the issues panel
    and every widget's text and tooltip."""
    view = window.open_path(example)
    assert view is not None
    texts: list[tuple[str, str]] = []
    for model in view.page.findChildren(QAbstractItemModel):
        texts += _model_texts(model, type(model).__name__)
    # The issues' tooltips end with their details (code and data path), allowed there.
    texts += [
        (where, text.split("\n\nDetails:")[0])
        for where, text in _model_texts(window.issues_view.model_, "issues")
    ]
    texts += _widget_texts(window)
    return view, texts


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_window_text_is_in_the_users_words(window: MainWindow, example: Any) -> None:
    view, texts = _shown_texts(window, example)
    for issue in view.document.evaluation.issues:
        texts += [("issue", issue.message), ("hint", issue.hint)]
    assert offending(iter(texts)) == []


def test_picker_text_is_in_the_users_words() -> None:
    cats = gladiators_catalogs()
    entries = [*ability_entries(cats), *modifier_entries(cats)]
    entries += trait_entries(cats, "advantages") + trait_entries(cats, "disadvantages")
    systems = installed_systems()
    from sheetapp.core.system import collections_of

    for system_id in ("capital", "gladiators"):
        for collection in collections_of(systems.get(system_id)):
            if collection.entries is not None:
                entries += collection.entries()
    assert len(entries) > 100
    assert offending((entry.name, entry_html(entry)) for entry in entries) == []


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_pdf_text_is_in_the_users_words(example: Any) -> None:
    from pypdf import PdfReader

    from sheetapp.pdf.export import render_pdf
    from sheetapp.pdf.options import PdfOptions
    from sheetapp.storage.files import load_document

    systems = installed_systems()
    loaded = load_document(example, systems)
    system = systems.get(loaded.document.system)
    data = render_pdf(system, loaded.document, system.evaluate(loaded.document), PdfOptions())
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert offending(iter([("pdf", line) for line in text.splitlines()])) == []
    assert LINE_NOTE.search(text) is None, LINE_NOTE.search(text)


#: "(line 345)", "(Companion keyword, line 2522)"; not an Area's "Line 4"
LINE_NOTE = re.compile(r"\((?:[^()]*\b)?lines? \d+")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_window_shows_no_rulebook_line_numbers(window: MainWindow, example: Any) -> None:
    """ "(line 345)" is for the README and the code; the window shows the rule itself."""
    _view, texts = _shown_texts(window, example)
    texts.append(("explain", window.explain.toPlainText()))
    assert [(where, text) for where, text in texts if LINE_NOTE.search(text)] == []
