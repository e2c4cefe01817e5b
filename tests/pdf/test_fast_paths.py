"""Issue 23's shortcuts in the PDF's long tables change nothing on the page: the PDF is
the same, byte for byte (but for its /ID and dates), with them on and off —

- a plain cell's piece made without reportlab's parser (:func:`flowables.plain_piece`),
- a repeated cell's lines broken once per width (``flowables._BROKEN``),
- a long table's row heights measured once (``renderer.FIXED_HEIGHTS``),
- a string drawn again encoded into the font's subsets once (:mod:`split_strings`) —

on every shipped example, on long characters whose tables run over many pages, and on
one whose cells mix markup characters, right-to-left and italic-less scripts and words
longer than their column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.paraparser import ParaParser

from sheetapp.core.system import installed_systems
from sheetapp.pdf import flowables, renderer, split_strings
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.flowables import CellParagraph, plain_piece
from sheetapp.pdf.fonts import BOLD_OBLIQUE, OBLIQUE, REGULAR, register_fonts, upright_only
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.storage.files import load_document, parse_document
from tests.pdf.test_parse_cache import _comparable

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
NIGHT_OWL = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"
LODESTAR = REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json"

TEXTS = [
    "Direct",
    "Always On",
    "  two   spaces  and\ttab  ",
    "a-word-far-too-long-for-any-column-of-the-sheet-" * 3,
    "<b>not bold</b> & &amp; > <",
    "שלום עולם",
    "مرحبا بالعالم",
    "Ωμέγα 漢字 mixed",
    "",
    "   ",
]


def _reportlabs_split_string(font: TTFont, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
    return split_strings.REPORTLAB_SPLIT_STRING(font, text, doc, encoding)


def _both_ways(monkeypatch: pytest.MonkeyPatch, loaded: object) -> tuple[bytes, bytes]:
    system, document = loaded.system, loaded.document  # type: ignore[attr-defined]
    # the tables as LongTables of paragraphs, where these shortcuts work (the row
    # tables draw the same pages differently: tests/pdf/test_row_tables.py)
    monkeypatch.setattr(renderer, "ROW_TABLES", False)
    evaluation = system.evaluate(document)
    with monkeypatch.context() as off:
        off.setattr(flowables, "PLAIN_PIECES", False)
        off.setattr(flowables, "MAX_BROKEN", 0)
        off.setattr(renderer, "FIXED_HEIGHTS", False)
        # reportlab's own method behind another function object: an export then finds
        # a method it does not know and leaves it (split_strings.installed)
        off.setattr(TTFont, "splitString", _reportlabs_split_string)
        flowables._BROKEN.clear()
        plain = render_pdf(system, document, evaluation)
    fast = render_pdf(system, document, evaluation)
    again = render_pdf(system, document, evaluation)  # with the caches filled
    assert _comparable(fast) == _comparable(again)
    return _comparable(plain), _comparable(fast)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_is_the_same(example: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain, fast = _both_ways(monkeypatch, load_document(example, installed_systems()))
    assert plain == fast


def _long(path: Path, key: str, times: int, texts: list[str] | None = None) -> object:
    raw = json.loads(path.read_text(encoding="utf-8"))
    items = raw["character"][key]
    many = [dict(item) for _ in range(times) for item in items]
    if texts:
        for index, item in enumerate(many):
            item["label"] = texts[index % len(texts)]
            item["note"] = texts[(index + 3) % len(texts)]
    raw["character"][key] = many
    return parse_document(json.dumps(raw).encode(), installed_systems())


def test_a_long_gladiator_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    plain, fast = _both_ways(monkeypatch, _long(NIGHT_OWL, "abilities", 12))
    assert plain == fast


def test_mixed_scripts_markup_and_long_words_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain, fast = _both_ways(monkeypatch, _long(NIGHT_OWL, "abilities", 4, TEXTS))
    assert plain == fast


def test_a_long_hero_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    plain, fast = _both_ways(monkeypatch, _long(LODESTAR, "powers", 10))
    assert plain == fast


@pytest.mark.parametrize("monochrome", [False, True])
@pytest.mark.parametrize("compact", [False, True])
def test_a_plain_piece_is_the_parsers_piece(monochrome: bool, compact: bool) -> None:
    """For every style of the sheet and plain text, the piece made without the parser
    has the same attributes as the parser's; markup and empty text are parsed."""
    register_fonts()
    styles = SheetStyles(monochrome, compact)
    for name in ("Cell", "CellRight", "CellCenter", "CellStrong", "CellDetail", "BoxNote"):
        style = styles[name]
        for text in TEXTS:
            marked = markup(text)
            piece = plain_piece(marked, style)
            if "<" in marked or "&" in marked or not marked.strip():
                assert piece is None, (name, text)
                continue
            parsed_style, frags, _bullet = ParaParser().parse(" ".join(marked.split()), style)
            assert parsed_style is style
            assert piece is not None and len(frags) == 1, (name, text)
            assert piece.__dict__ == frags[0].__dict__, (name, text)


def test_markup_takes_the_parser() -> None:
    style = ParagraphStyle("t", fontName="Helvetica")
    assert plain_piece("a<br/>b", style) is None
    assert plain_piece("x &amp; y", style) is None
    transforming = ParagraphStyle("u", fontName="Helvetica", textTransform="uppercase")
    assert plain_piece("abc", transforming) is None


def test_repeated_cells_share_their_lines_only_when_safe() -> None:
    register_fonts()
    style = SheetStyles(False, False)["Cell"]
    flowables._BROKEN.clear()

    def pair(text: str, width: float) -> tuple[CellParagraph, CellParagraph]:
        first, second = CellParagraph(markup(text), style), CellParagraph(markup(text), style)
        first.wrap(width, 1000)
        second.wrap(width, 1000)
        return first, second

    first, second = pair("Always On and on and on", 40)
    assert second.blPara is first.blPara
    assert (second.width, second.height) == (first.width, first.height)
    wider, _ = pair("Always On and on and on", 400)
    assert len(wider.blPara.lines) < len(first.blPara.lines)
    # a word split to fit, and right-to-left text: each paragraph breaks its own lines
    long_word = "x" * 80
    first, second = pair(long_word, 40)
    assert second.blPara is not first.blPara
    assert "".join("".join(words) for _, words in second.blPara.lines) == long_word
    first, second = pair("שלום עולם שלום עולם", 30)
    assert second.blPara is not first.blPara


def test_the_italic_faces_have_every_ascii_letter() -> None:
    """The italic face is kept for ASCII text without looking at each letter."""
    register_fonts()
    assert not any(code < 128 for code in upright_only())
    for face in (OBLIQUE, BOLD_OBLIQUE):
        glyphs = pdfmetrics.getFont(face).face.charToGlyph
        assert all(code in glyphs for code in range(32, 127)), face


def test_a_kept_string_encodes_as_reportlab_encodes_it() -> None:
    """Strings encoded in turn, new letters among repeated ones, in a fresh document
    each way: the kept results are reportlab's."""
    register_fonts()
    font = pdfmetrics.getFont(REGULAR)
    texts = ["Direct", "Always On", "Direct", "Ωμέγα", "漢字 — x", "Always On", "Ωμέγα", "Direct"]
    texts += [chr(code) * 3 for code in range(0x400, 0x520)] + ["Direct", "Ωμέγα"]

    class Doc:  # reportlab keys its per-document state by the document object
        pass

    kept_doc, plain_doc = Doc(), Doc()
    with split_strings.installed() as active:
        assert active
        assert TTFont.splitString is split_strings.split_string
        kept = [list(font.splitString(text, kept_doc)) for text in texts]
    plain = [split_strings.REPORTLAB_SPLIT_STRING(font, text, plain_doc) for text in texts]
    assert kept == plain
    assert font.state[kept_doc].assignments == font.state[plain_doc].assignments
