"""Plain cell text broken into lines as reportlab's Paragraph breaks it, without one.

A long sheet's table cells are mostly plain text in one style: no tag, no entity, no
right-to-left letter, no character only the fallback font has. For those,
:func:`plain_lines` reads the words of the cell's markup and :func:`break_lines` breaks
them as ``Paragraph.breakLines`` does for one piece of text (its "kind 0": a word goes on
the line while the line plus a space plus the word is no wider than the line, each space
allowed to shrink by the style's ``spaceShrinkage``; the widths added in the same order,
so the floats are the same). Anything else — a word wider than
its line (reportlab splits it), soft hyphens, no-break spaces, styles with hyphenation,
bullets, justification — answers None and the cell stays a Paragraph.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from sheetapp.pdf.direction import has_right_to_left
from sheetapp.pdf.flowables import UPRIGHT_OF, plain_piece
from sheetapp.pdf.fonts import upright_only
from sheetapp.pdf.text import restored

#: a line: the width left over, and its words
Line = tuple[float, list[str]]

#: what the markup of one paragraph uses to break lines (:func:`~sheetapp.pdf.text.markup`)
BREAK = "<br/>"
#: whitespace other than a plain space, soft hyphens: reportlab treats them specially
_ODD_SPACE = re.compile(r"[^\S ]|\xad")
_ALIGNMENTS = (TA_LEFT, TA_RIGHT, TA_CENTER)


class PlainStyle:
    """What drawing plain lines needs of a paragraph style (the parser's piece for it)."""

    __slots__ = (
        "alignment",
        "color",
        "font",
        "font_size",
        "leading",
        "left_indent",
        "right_indent",
        "shrink",
        "space_after",
        "space_before",
        "upright_only",
        "writable",
    )

    def __init__(self, style: Any, piece: Any) -> None:
        self.font: str = piece.fontName
        self.font_size: float = piece.fontSize
        self.color: Any = piece.textColor
        self.leading: float = style.leading
        self.alignment: int = style.alignment
        self.left_indent: float = style.leftIndent
        self.right_indent: float = style.rightIndent
        #: how much a space may shrink for one more word on the line (of its width)
        self.shrink: float = style.spaceShrinkage or 0.0
        self.space_before: float = style.spaceBefore
        self.space_after: float = style.spaceAfter
        #: an italic face that lacks some letters: text with those keeps its Paragraph
        self.upright_only = self.font in UPRIGHT_OF
        font = getFont(self.font)
        #: an embedded TrueType font and an RGB colour: its lines' operators can be written
        #: directly (:mod:`sheetapp.pdf.linecode`)
        self.writable: bool = (
            bool(getattr(font, "_dynamicFont", False))
            and not getattr(font, "shapable", False)
            and isinstance(self.color, Color)
            and not isinstance(self.color, CMYKColor)
        )


_STYLES: dict[int, tuple[Any, PlainStyle | None]] = {}


def plain_style(style: Any) -> PlainStyle | None:
    """The style's :class:`PlainStyle`, or None when its paragraphs do more than break
    plain words (hyphenation, bullets, justification, borders, a first-line indent...)."""
    known = _STYLES.get(id(style))
    if known is None or known[0] is not style:
        known = (style, _plain_style(style))
        _STYLES[id(style)] = known
    return known[1]


def _plain_style(style: Any) -> PlainStyle | None:
    piece = plain_piece("x", style)
    if (
        piece is None
        or style.alignment not in _ALIGNMENTS
        or style.firstLineIndent
        or style.wordWrap
        or getattr(style, "hyphenationLang", None)
        or style.uriWasteReduce
        or style.embeddedHyphenation
        or style.endDots
        or style.backColor
        or style.borderWidth
        or getattr(style, "shaping", None)
        or getattr(style, "autoLeading", "") not in ("", "off", None)
        or getattr(piece, "us_lines", None)
        or getattr(piece, "link", None)
        or getattr(piece, "backColor", None)
    ):
        return None
    return PlainStyle(style, piece)


def plain_lines(markup: str, style: PlainStyle) -> list[list[str]] | None:
    """The words of each forced line of ``markup`` (lines end at ``<br/>``), or None when
    it is not plain text: any other tag or entity, right-to-left letters, special spaces,
    or letters the style's italic face lacks. Several lines only when left-aligned."""
    segments = markup.split(BREAK) if BREAK in markup else [markup]
    if len(segments) > 1 and style.alignment != TA_LEFT:
        return None
    result: list[list[str]] = []
    for segment in segments:
        if "<" in segment or "&" in segment:
            return None
        text = segment  # ASCII: no carried markup character (they are not ASCII)
        if not segment.isascii():
            text = restored(segment)
            if _ODD_SPACE.search(text) or has_right_to_left(text):
                return None
            if style.upright_only and _lacks_italic(text):
                return None
        words = text.split()
        if not words and len(segments) > 1:
            return None
        result.append(words)
    return result


def _lacks_italic(text: str) -> bool:
    """A letter the italic face lacks (the Paragraph sets it in the upright face)."""
    return not _upright_letters().isdisjoint(text)


@cache
def _upright_letters() -> frozenset[str]:
    return frozenset(map(chr, upright_only()))


_WIDTHS: dict[tuple[str, float], dict[str, float]] = {}


def _word_widths(font: str, size: float) -> dict[str, float]:
    widths = _WIDTHS.get((font, size))
    if widths is None:
        widths = _WIDTHS[(font, size)] = {}
    return widths


def break_lines(
    words: list[str], font: str, size: float, max_width: float, shrink: float = 0.0
) -> list[Line] | None:
    """``words`` broken into lines of at most ``max_width`` points (plus ``shrink`` of a
    space per word on the line) as reportlab breaks one piece of text; None when a word
    is wider than the line (reportlab splits it). A line's width left over is negative
    when its spaces shrink."""
    if not words:
        return []
    widths = _word_widths(font, size)
    space = stringWidth(" ", font, size)
    shrink_space = shrink * space
    lines: list[Line] = []
    line: list[str] = []
    current = -space  # reportlab's start: no space before the first word
    for word in words:
        width = widths.get(word)
        if width is None:
            width = widths[word] = stringWidth(word, font, size)
        if width > max_width:
            return None
        wider = current + space + width
        if wider <= max_width + shrink_space * len(line) or not line:
            line.append(word)
            current = wider
        else:
            lines.append((max_width - current, line))
            line = [word]
            current = width
    lines.append((max_width - current, line))
    return lines
