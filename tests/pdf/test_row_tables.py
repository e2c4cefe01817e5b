"""Issue 23's row tables (:mod:`sheetapp.pdf.rows`) print the pages a LongTable of
paragraphs printed: the same pages, every piece of text in the same font and size at
the same place, the same fills and rules — on every shipped example, on long characters
whose tables run over many pages, in A4 and Letter, full sheet and play card, and on
cells that mix markup characters, right-to-left and italic-less scripts and words longer
than their column (those keep their paragraphs). The PDFs are not the same byte for byte:
a row table sets its plain cells' lines in one text object per page.

The line breaking that makes this possible (:mod:`sheetapp.pdf.plain`) is checked
against reportlab's own, line by line."""

from __future__ import annotations

import re
import shutil
import subprocess
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from sheetapp.core.system import installed_systems
from sheetapp.pdf import linecode, renderer, split_strings
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.fonts import REGULAR, register_fonts
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.plain import break_lines, plain_lines, plain_style
from sheetapp.pdf.rows import PlainBlock, RowTable
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup, paragraphs
from sheetapp.storage.files import load_document
from tests.pdf.test_fast_paths import EXAMPLES, LODESTAR, NIGHT_OWL, TEXTS, _long

#: what a page shows: every word with its box (poppler's ``pdftotext -bbox``), and the
#: rectangles and lines drawn (in the table's own coordinates, as both draw them)
Word = tuple[float, float, float, float, str]
Page = tuple[list[Word], list[str]]
#: how far apart the same word may be (points): the two ways add the same offsets in
#: other orders, and the PDF writes positions rounded
NEAR = 0.02

PDFTOTEXT = shutil.which("pdftotext")
pytestmark = pytest.mark.skipif(PDFTOTEXT is None, reason="needs poppler's pdftotext")

_SHAPES = re.compile(rb"^n? ?[-\d. ]+ (re f\*|m [-\d. ]+ l S)$", re.MULTILINE)
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
_PAGE = re.compile(r"<page .*?</page>", re.DOTALL)


def _words(pdf: bytes) -> list[list[Word]]:
    html = subprocess.run(
        [str(PDFTOTEXT), "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return [
        sorted(
            (float(m[2]), float(m[1]), float(m[4]), float(m[3]), m[5]) for m in _WORD.finditer(page)
        )
        for page in _PAGE.findall(html)
    ]


def _pages(pdf: bytes) -> list[Page]:
    shapes = [
        [m.group(0).decode() for m in _SHAPES.finditer(page.get_contents().get_data())]
        for page in PdfReader(BytesIO(pdf)).pages
    ]
    words = _words(pdf)
    assert len(words) == len(shapes)
    return list(zip(words, shapes, strict=True))


def _fonts(pdf: bytes) -> list[set[str]]:
    return [
        {str(font["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
        for page in PdfReader(BytesIO(pdf)).pages
    ]


def _both_ways(
    monkeypatch: pytest.MonkeyPatch, loaded: Any, options: PdfOptions | None = None
) -> tuple[list[Page], list[Page]]:
    system, document = loaded.system, loaded.document
    evaluation = system.evaluate(document)
    with monkeypatch.context() as off:
        off.setattr(renderer, "ROW_TABLES", False)
        tables = render_pdf(system, document, evaluation, options)
    rows = render_pdf(system, document, evaluation, options)
    assert _fonts(tables) == _fonts(rows)
    return _pages(tables), _pages(rows)


def _assert_same_pages(tables: list[Page], rows: list[Page]) -> None:
    assert len(tables) == len(rows)
    for number, (old, new) in enumerate(zip(tables, rows, strict=True), start=1):
        assert [w[-1] for w in old[0]] == [w[-1] for w in new[0]], f"page {number}: text"
        for before, after in zip(old[0], new[0], strict=True):
            assert all(abs(a - b) <= NEAR for a, b in zip(before[:4], after[:4], strict=True)), (
                f"page {number}: {before} moved to {after}"
            )
        assert old[1] == new[1], f"page {number}: fills and rules"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_looks_the_same(example: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_same_pages(*_both_ways(monkeypatch, load_document(example, installed_systems())))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("compact", [False, True], ids=["sheet", "card"])
def test_a_long_gladiator_looks_the_same(
    paper: str, compact: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = PdfOptions(paper=paper, compact=compact, monochrome=compact)
    loaded = _long(NIGHT_OWL, "abilities", 12)
    tables, rows = _both_ways(monkeypatch, loaded, options)
    assert len(tables) > 5  # the table runs over many pages
    _assert_same_pages(tables, rows)


def test_a_long_hero_looks_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_same_pages(*_both_ways(monkeypatch, _long(LODESTAR, "powers", 10)))


def test_mixed_scripts_markup_and_long_words_look_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [*TEXTS, "ᚁᚂᚃ Ogham, which the italic face lacks", "Power × 2 − 3 “quoted” café"]
    tables, rows = _both_ways(monkeypatch, _long(NIGHT_OWL, "abilities", 4, texts))
    _assert_same_pages(tables, rows)
    printed = " ".join(word[-1] for page in rows for word in page[0])
    assert "&lt;b&gt;not" in printed and "&amp;amp;" in printed  # as typed (in XHTML)


def test_only_plain_text_skips_the_paragraph() -> None:
    """Markup, right-to-left letters, letters the italic face lacks and special spaces
    keep their Paragraph; markup characters the user typed are plain text."""
    register_fonts()
    styles = SheetStyles(False, False)
    cell, detail = plain_style(styles["Cell"]), plain_style(styles["CellDetail"])
    assert cell is not None and detail is not None
    assert plain_lines(markup("<b>not bold</b> & x"), cell) == [["<b>not", "bold</b>", "&", "x"]]
    assert plain_lines(markup("Ωμέγα × 2"), detail) == [["Ωμέγα", "×", "2"]]
    assert plain_lines(markup("one\ntwo  three"), cell) == [["one"], ["two", "three"]]
    assert plain_lines("<b>bold</b>", cell) is None
    assert plain_lines(markup("שלום עולם"), cell) is None
    assert plain_lines(markup("漢字"), cell) is None  # the fallback font's <font> tag
    assert plain_lines(markup("مرحبا"), detail) is None
    assert plain_lines(markup("ᚁᚂᚃ beith"), detail) is None  # the italic face lacks Ogham
    assert plain_lines(markup("ᚁᚂᚃ beith"), cell) == [["ᚁᚂᚃ", "beith"]]
    assert plain_lines(markup("no\u00a0break"), cell) is None
    assert plain_lines(markup("soft\u00adhyphen"), cell) is None
    assert plain_lines(markup("right\naligned"), plain_style(styles["CellRight"])) is None  # type: ignore[arg-type]


WIDTHS = [18.0, 40.0, 61.3, 97.5, 150.0, 400.0]
WORDS = (
    "Power 44: Movement L4, Energy, Undetectable Effect Others 1 each, Hardened, "
    "Reliable, Lethal Not Human, Cosmic — To hit: Area Blast: 6 − 2 + the target's Move; "
    "no roll for the hex (no range: centred on the user) iii WWW mmm ... ,,, a b c d e f"
)


def _reportlab_lines(paragraph: CellParagraph) -> list[tuple[float, list[str]]]:
    broken = paragraph.blPara
    if broken.kind == 0:
        return [(extra, list(words)) for extra, words in broken.lines]
    return [(line.extraSpace, "".join(f.text for f in line.words).split()) for line in broken.lines]


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize(
    "name", ["Cell", "CellRight", "CellCenter", "CellStrong", "CellDetail", "TableHead"]
)
def test_lines_break_where_reportlab_breaks_them(name: str, compact: bool) -> None:
    """Every prefix of a long text, at many widths: the same words on the same lines, the
    same room left over (for right and centred text, and squeezed spaces), the same
    height; a word wider than its line answers None (reportlab splits it)."""
    register_fonts()
    style = SheetStyles(False, compact).indented(name, 2 if name == "Cell" else 0)
    plain = plain_style(style)
    assert plain is not None
    words = WORDS.split(" ")
    texts = [" ".join(words[:count]) for count in range(1, len(words) + 1)]
    texts += [f"{text}\nsecond line of {text}" for text in texts[::7]]
    checked = squeezed = 0
    for text in texts:
        for source in [markup(text), *paragraphs(text)]:
            lines = plain_lines(source, plain)
            if lines is None:
                continue
            for width in WIDTHS:
                room = width - plain.left_indent - plain.right_indent
                mine = [
                    line
                    for words_of_line in lines
                    for line in break_lines(
                        words_of_line, plain.font, plain.font_size, room, plain.shrink
                    )
                    or [(0.0, ["<too wide>"])]
                ]
                paragraph = CellParagraph(source, style)
                _width, height = paragraph.wrap(width, 10_000)
                if ["<too wide>"] in [words for _, words in mine]:
                    assert paragraph._splitLongWordCount, (text, width)
                    continue
                theirs = _reportlab_lines(paragraph)
                assert [w for _, w in mine] == [w for _, w in theirs], (source, width)
                if paragraph.blPara.kind == 0:
                    assert [e for e, _ in mine] == [e for e, _ in theirs], (source, width)
                assert len(mine) * plain.leading == height
                checked += 1
                squeezed += any(extra < 0 for extra, _ in mine)
    assert checked > 300 and squeezed > 0


def test_a_word_too_wide_for_its_column_keeps_its_paragraph(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The row table measures and draws that cell as the Paragraph, which splits it."""
    loaded = _long(NIGHT_OWL, "abilities", 1, ["x" * 200])
    system, document = loaded.system, loaded.document  # type: ignore[attr-defined]
    from sheetapp.pdf.layout import layout_for
    from sheetapp.sheet import build_sheet

    sheet = build_sheet(system, document, system.evaluate(document))
    flow = renderer.SheetRenderer(layout_for(system.id)).flowables(sheet)
    blocks = [
        item.flowable or item.plain
        for table in flow
        if isinstance(table, RowTable)
        for row in table._placed
        for cell in row
        for item in cell
    ]
    assert any(isinstance(b, CellParagraph) and "x" * 200 in b.text for b in blocks)
    assert any(isinstance(b, PlainBlock) for b in blocks)


@pytest.mark.parametrize("name", ["Cell", "CellRight", "CellCenter", "CellDetail", "TableHead"])
def test_lines_are_written_as_reportlabs_text_object_writes_them(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The operators written without a text object are the text object's, character for
    character: origins, colours, squeezed spaces, subset switches (Greek and Cyrillic
    letters fill a second subset), escaped parentheses and backslashes; strings kept
    per document are encoded as in a fresh one."""
    register_fonts()
    style = SheetStyles(False, False)[name]
    plain = plain_style(style)
    assert plain is not None
    texts = [
        "Direct (Always On) \\ back",
        "Ωμέγα Привет " + " ".join(chr(c) * 3 for c in range(0x400, 0x530)),
        WORDS,
        "Direct (Always On) \\ back",
    ]
    blocks = [
        break_lines(t.split(), plain.font, plain.font_size, 90.0, plain.shrink) for t in texts
    ]
    assert any(extra < 0 for block in blocks for extra, _ in block or [])

    def written(direct: bool) -> list[str]:
        canvas = Canvas(BytesIO())
        if not direct:
            monkeypatch.setattr(linecode, "_writable", lambda *_: False)
        for number, lines in enumerate(blocks * 3):
            assert lines is not None
            linecode.draw_block(canvas, plain, lines, 10.5 + number, 700.25 - 40 * number)
        monkeypatch.undo()
        return list(canvas._code)

    direct, reportlab = written(True), written(False)
    assert direct == reportlab
    assert any("+1 " in code for code in direct)  # a second subset


def test_known_characters_encode_as_reportlab_encodes_them() -> None:
    """Strings in turn, new letters among known ones, past the first subset, in a
    fresh document each way: the same pieces and the same codes given."""
    register_fonts()
    font = pdfmetrics.getFont(REGULAR)
    texts = ["Direct", "Always On", "Direct (x) \\", "Ωμέγα", "Always On Ωμέγα", "Direct"]
    texts += [chr(code) * 2 + " On" for code in range(0x400, 0x530)] + ["Ωμέγα On", "Direct"]

    class Doc:  # reportlab keys its per-document state by the document object
        pass

    ours, theirs = Doc(), Doc()
    font.splitString("", ours)  # the document's state, as drawing makes it first
    mine = [linecode._split(font, ours, text) for text in texts]
    reportlab = [split_strings.REPORTLAB_SPLIT_STRING(font, text, theirs) for text in texts]
    assert mine == reportlab
    assert font.state[ours].assignments == font.state[theirs].assignments
    assert any(subset for pieces in mine for subset, _ in pieces)  # a second subset
