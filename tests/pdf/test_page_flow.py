"""Page flow and structure of the printed sheet (the PDF issue, items 1 and 6): a table's
heading keeps with its first rows only, so a page is not left mostly empty; a row moves
whole to the next page unless it is taller than a page; bookmarks per character and
section, the document language and a "sheetapp VERSION · date" stamp on every page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp import __version__
from sheetapp.core.system import installed_systems
from sheetapp.pdf import renderer as renderer_module
from sheetapp.pdf.layout import layout_for
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.renderer import SheetRenderer
from sheetapp.sheet import Column, Row, Sheet, SheetHeader, TableSection, build_sheet
from sheetapp.storage.files import load_document

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
MOST_EMPTY = 0.15


def _render(path: Path, paper: str) -> tuple[SheetRenderer, bytes]:
    systems = installed_systems()
    loaded = load_document(path, systems)
    system = systems.get(loaded.document.system)
    sheet = build_sheet(system, loaded.document, system.evaluate(loaded.document))
    renderer = SheetRenderer(
        layout_for(system.id), PdfOptions(paper=paper, printed_on="2026-11-24")
    )  # type: ignore[arg-type]
    return renderer, renderer.render(sheet)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_no_page_but_the_last_is_left_mostly_empty(example: Path, paper: str) -> None:
    renderer, _data = _render(example, paper)
    empty = [left / height for left, height in renderer.page_fill[:-1]]
    assert all(fraction <= MOST_EMPTY for fraction in empty), [round(f, 2) for f in empty]


def _one_table(note: str, rows: int = 1) -> Sheet:
    section = TableSection(
        "things",
        "Things",
        (Column("name", "Name"), Column("value", "Value")),
        tuple(Row({"name": f"Thing {i}", "value": "1"}, detail=note) for i in range(rows)),
    )
    return Sheet(header=SheetHeader("Test", "", "fake", "Fake"), sections=(section,))


def test_a_row_that_fits_a_page_is_never_split() -> None:
    renderer = SheetRenderer(layout_for("fake"), PdfOptions())
    words = "word " * 400  # a tall row, shorter than a page
    flow = renderer.flowables(_one_table(words, rows=6))
    # a row table splits only between rows
    assert [f for f in flow if type(f).__name__ == "RowTable"]
    assert not [f for f in flow if type(f).__name__ == "LongTable"]
    huge = renderer.flowables(_one_table("word " * 6000))
    tables = [f for f in huge if type(f).__name__ == "LongTable"]
    assert tables[-1].splitInRow == 1  # taller than a page: it must split
    renderer.render(_one_table(words, rows=6))  # and it lays out


def test_a_long_table_keeps_a_row_that_fits_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without row tables (every table a LongTable) the same holds."""
    monkeypatch.setattr(renderer_module, "ROW_TABLES", False)
    renderer = SheetRenderer(layout_for("fake"), PdfOptions())
    flow = renderer.flowables(_one_table("word " * 400, rows=6))
    tables = [f for f in flow if type(f).__name__ == "LongTable"]
    assert tables and tables[-1].splitInRow == 0


def test_bookmarks_language_and_stamp() -> None:
    _renderer, data = _render(REPO / "resources/examples/gladiators/night-owl.json", "a4")
    reader = PdfReader(io.BytesIO(data))
    outline = reader.outline
    assert outline[0].title == "Night Owl"
    sections = [entry.title for entry in outline[1]]
    assert "Abilities" in sections and "Advantages" in sections
    assert reader.trailer["/Root"]["/Lang"] == "en"
    for page in reader.pages:
        assert f"sheetapp {__version__} · 2026-11-24" in page.extract_text()
