"""The PDF operators of a plain cell's lines, written as reportlab's text object writes
them, without one.

A text object per cell costs a Python call per operator (its origin, font, colour and
each string through ``_formatText``). :func:`block_code` writes the same string —
``BT``, the origin, the colour, each line's origin, font subset switches and strings,
``ET`` — from what reportlab's own functions give (``fp_str``, the font's subsets, the
canvas's escaping), and keeps each string's encoding per document (a subset code once
given never changes). A font that is not an embedded TrueType font, a colour that is not
plain RGB or a top-down canvas use reportlab's text object (:func:`draw_block` decides).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont

from sheetapp.pdf.plain import Line, PlainStyle

#: reportlab's ``canvas.beginText()``: a text object starts at the origin
_OPEN = "BT 1 0 0 1 0 0 Tm"


def line_offset(extra: float, words: list[str], alignment: int) -> tuple[float, float]:
    """Where a line starts after the indent, and the space added between its words:
    reportlab's ``_leftDrawParaLine``, ``_rightDrawParaLine``, ``_centerDrawParaLine`` (a
    line whose spaces shrank, less than nothing left over, gets narrower spaces)."""
    spaces = len(words) - 1
    if extra <= -1e-8 and spaces > 0:
        return 0.0, extra / spaces
    if alignment == TA_RIGHT:
        return extra, 0.0
    if alignment == TA_CENTER:
        return 0.5 * extra, 0.0
    return 0.0, 0.0


def draw_block(canvas: Any, style: PlainStyle, lines: list[Line], x: float, top: float) -> None:
    """Draw ``lines`` as Paragraph.drawPara draws one piece of text whose box starts at
    ``x`` with its top at ``top``: the first baseline a font size below the top, then one
    leading per line."""
    if _writable(canvas, style):
        canvas._code.append(block_code(canvas, style, lines, x, top))
        return
    text = canvas.beginText()
    text.setFont(style.font, style.font_size, style.leading)
    text.setFillColor(style.color)
    baseline = top - style.font_size
    for extra, words in lines:
        offset, word_space = line_offset(extra, words, style.alignment)
        text.setTextOrigin(x + style.left_indent + offset, baseline)
        if word_space:
            text.setWordSpace(word_space)
        text.textOut(" ".join(words))
        if word_space:
            text.setWordSpace(0)
        baseline -= style.leading
    canvas.drawText(text)


def _writable(canvas: Any, style: PlainStyle) -> bool:
    return (
        style.writable
        and bool(getattr(canvas, "bottomup", 0))
        and isinstance(getattr(canvas, "_code", None), list)
        and getattr(canvas, "_enforceColorSpace", None) is None
    )


def block_code(canvas: Any, style: PlainStyle, lines: list[Line], x: float, top: float) -> str:
    """The operators :func:`draw_block`'s text object would write, as one string."""
    doc = canvas._doc
    font = getFont(style.font)
    kept = _kept(doc, style)
    color = style.color
    code = [_OPEN, f"{fp_str(color.red, color.green, color.blue)} rg"]
    add = code.append
    subset = -1
    baseline = top - style.font_size
    start = x + style.left_indent
    for extra, words in lines:
        offset, word_space = line_offset(extra, words, style.alignment)
        add(f"1 0 0 1 {fp_str(start + offset, baseline)} Tm")
        if word_space:
            add(f"{fp_str(word_space)} Tw")
        subset = _text_code(canvas, font, kept, " ".join(words), subset=subset, add=add)
        if word_space:
            add("0 Tw")
        baseline -= style.leading
    add("ET")
    return " ".join(code)


class _Kept:
    """Per document and style: each string's pieces (subset, ``(bytes) Tj``), and the
    operator that selects each subset at the style's size."""

    __slots__ = ("pieces", "select", "size_and_leading")

    def __init__(self, size: float, leading: float) -> None:
        self.pieces: dict[str, tuple[tuple[int, str], ...]] = {}
        self.select: dict[int, str] = {}
        self.size_and_leading = f"{fp_str(size)} Tf {fp_str(leading)} TL"


def _kept(doc: Any, style: PlainStyle) -> _Kept:
    per_doc: dict[tuple[str, float, float], _Kept] | None = getattr(doc, "_sheet_line_code", None)
    if per_doc is None:
        per_doc = {}
        doc._sheet_line_code = per_doc
    key = (style.font, style.font_size, style.leading)
    kept = per_doc.get(key)
    if kept is None:
        kept = per_doc[key] = _Kept(style.font_size, style.leading)
    return kept


#: longer strings are not kept (rarely repeated)
MAX_KEPT_TEXT = 200


def _text_code(canvas: Any, font: Any, kept: _Kept, text: str, *, subset: int, add: Any) -> int:
    """reportlab's ``PDFTextObject._formatText`` for an embedded TrueType font: each
    piece's string, after a font selection where the subset changes. Returns the subset
    in use after ``text``."""
    pieces = kept.pieces.get(text)
    if pieces is None:
        doc = canvas._doc
        pieces = tuple(
            (piece_subset, f"({canvas._escape(piece)}) Tj")
            for piece_subset, piece in _split(font, doc, text)
        )
        if len(text) <= MAX_KEPT_TEXT:
            kept.pieces[text] = pieces
    for piece_subset, shown in pieces:
        if piece_subset != subset:
            select = kept.select.get(piece_subset)
            if select is None:
                name = font.getSubsetInternalName(piece_subset, canvas._doc)
                select = kept.select[piece_subset] = f"{name} {kept.size_and_leading}"
            add(select)
            subset = piece_subset
        add(shown)
    return subset


class _Codes:
    """A font's codes in a document as a translation table: the characters it has given
    a code in the first subset (reportlab's ``TTFont.State.assignments``), remade when
    it gives more."""

    __slots__ = ("known", "seen", "table")

    def __init__(self) -> None:
        self.seen = -1
        self.known: frozenset[str] = frozenset()
        self.table: dict[int, str] = {}

    def update(self, assignments: dict[int, int]) -> None:
        if len(assignments) == self.seen:
            return
        first = {code: chr(n) for code, n in assignments.items() if n < 256}
        self.table = first
        self.known = frozenset(map(chr, first))
        self.seen = len(assignments)


def _split(font: Any, doc: Any, text: str) -> list[tuple[int, bytes]]:
    """``font.splitString(text, doc)``: a string whose characters all have their codes
    in the first subset already is translated in one go (reportlab loops over its
    characters in Python); any other goes to reportlab, which gives the new codes."""
    state = font.state.get(doc)
    if state is None or "\xa0" in text:  # reportlab prints a no-break space as a space
        return list(font.splitString(text, doc))
    codes: _Codes | None = getattr(state, "sheet_codes", None)
    if codes is None:
        codes = state.sheet_codes = _Codes()
    codes.update(state.assignments)
    if not codes.known.issuperset(text):
        return list(font.splitString(text, doc))
    return [(0, text.translate(codes.table).encode("latin-1"))]
