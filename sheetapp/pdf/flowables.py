"""Flowables tuned for long tables."""

from __future__ import annotations

import copy
from itertools import groupby
from typing import Any

from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText
from reportlab.platypus.paraparser import ParaParser

from sheetapp.pdf.direction import base_is_right_to_left, has_right_to_left, visual_runs
from sheetapp.pdf.fonts import BOLD, BOLD_OBLIQUE, OBLIQUE, REGULAR, upright_only
from sheetapp.pdf.text import restored

#: the upright face an italic run falls back to for letters its own face lacks
UPRIGHT_OF = {OBLIQUE: REGULAR, BOLD_OBLIQUE: BOLD}


class CellParagraph(Paragraph):  # type: ignore[misc]  # reportlab has no type hints
    """A paragraph that remembers its last wrap.

    A long table that runs over many pages asks every remaining cell for its height
    again at each page break; wrapping is the same for the same width, so the lines are
    broken once per width instead of once per page (the 300-ability sheet: 0.5 s ->
    0.34 s, byte-identical output). The cache is used only while reportlab still holds
    the broken lines (``blPara``), which drawing and splitting may discard.
    """

    _wrapped_width: float | None = None
    #: the paragraph's direction when it has right-to-left letters (True: right to left)
    _right_to_left: bool | None = None
    _wrapped: tuple[float, float] = (0.0, 0.0)
    #: (markup, id(style)) when built from markup alone: the key of the shared caches
    _key: tuple[str, int] | None = None

    def __init__(self, text: str, style: Any, *args: Any, **kwargs: Any) -> None:
        key = (text, id(style))
        if not args and not kwargs:
            self._key = key
        known = None if args or kwargs else _PARSED.get(key)
        if known is not None and known.style_in is style:
            # the same markup in the same style: reportlab's parse (an HTML parser run,
            # half the time of a 1,000-ability sheet's cells) is not done again; the
            # pieces are copied, as reportlab may change them while it lays them out
            super().__init__(text, style, frags=[frag.clone() for frag in known.frags])
            self.style = known.style
            self.bulletText = known.bullet_text
            self._right_to_left = known.right_to_left
            return
        frag = None if args or kwargs else plain_piece(text, style)
        if frag is not None:
            # plain text (no tag, no entity): one piece like the parser's, without it
            super().__init__(frag.text, style, frags=[frag])
        else:
            super().__init__(text, style, *args, **kwargs)
        self._finish_pieces(style)
        if not args and not kwargs:
            _remember_parse(key, style, self)

    def _finish_pieces(self, style: Any) -> None:
        frags: list[Any] = getattr(self, "frags", [])
        for frag in frags:
            if isinstance(getattr(frag, "text", None), str):
                frag.text = restored(frag.text)
        if any(getattr(frag, "fontName", "") in UPRIGHT_OF for frag in frags):
            self.frags = upright_where_italic_lacks(frags)
        text = "".join(
            piece
            for frag in getattr(self, "frags", [])
            if isinstance(piece := getattr(frag, "text", ""), str)
        )
        # reportlab may let go of the pieces once it has broken the lines: the
        # direction is read now, for drawing
        self._right_to_left = base_is_right_to_left(text) if has_right_to_left(text) else None
        self.style = aligned_for_direction(style, text)

    def drawPara(self, debug: int = 0) -> None:
        """Right-to-left text is broken into lines in reading order and each line drawn
        in visual order (the lines themselves are kept: splitting at a page break and
        wrapping again read them)."""
        original: Any = getattr(self, "blPara", None)
        if not getattr(original, "lines", None) or self._right_to_left is None:
            super().drawPara(debug)
            return
        self.blPara = visual_lines(original, self._right_to_left)
        try:
            super().drawPara(debug)
        finally:
            self.blPara = original

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if self._wrapped_width == availWidth and getattr(self, "blPara", None) is not None:
            self.width, self.height = self._wrapped
            return self._wrapped
        key = self._key
        if key is not None and getattr(self, "blPara", None) is None:
            known = _BROKEN.get((*key, availWidth))
            if known is not None and known[0] is self.style:
                self.__dict__.update(known[1])
                self._wrapped_width = availWidth
                self._wrapped = (float(self.width), float(self.height))
                return self._wrapped
        width, height = super().wrap(availWidth, availHeight)
        self._wrapped_width = availWidth
        self._wrapped = (float(self.width), float(self.height))
        if key is not None:
            _remember_lines(key, availWidth, self)
        return float(width), float(height)


#: plain text is made into a piece without the parser (False: always parsed)
PLAIN_PIECES = True
#: per style, the one piece reportlab's parser makes of a plain word (None when it
#: makes something else, e.g. a style that transforms text)
_TEMPLATES: dict[int, tuple[Any, Any]] = {}


def plain_piece(text: str, style: Any) -> Any:
    """The piece reportlab's parser would make of ``text`` when it holds no markup (no
    ``<`` or ``&``: :func:`~sheetapp.pdf.text.markup` carries the user's as other
    characters), made without the parser (an HTML parser run per cell: a fifth of a
    1,000-ability sheet's cells' time); None for markup, or text with nothing to print.
    """
    if not PLAIN_PIECES or "<" in text or "&" in text:
        return None
    cleaned = cleanBlockQuotedText(text)
    if not cleaned:
        return None
    known = _TEMPLATES.get(id(style))
    if known is None or known[0] is not style:
        known = (style, _template(style))
        _TEMPLATES[id(style)] = known
    template = known[1]
    return None if template is None else template.clone(text=cleaned)


def _template(style: Any) -> Any:
    if getattr(style, "textTransform", None) or getattr(style, "bulletText", None):
        return None
    parsed_style, frags, bullet = ParaParser().parse("x", style)
    if parsed_style is not style or bullet or not frags or len(frags) != 1:
        return None
    if getattr(frags[0], "text", None) != "x":
        return None
    return frags[0]


class _Parsed:
    """A paragraph's pieces as parsing and :class:`CellParagraph` left them."""

    __slots__ = ("bullet_text", "frags", "right_to_left", "style", "style_in")
    style_in: Any
    style: Any
    bullet_text: Any
    right_to_left: bool | None
    frags: list[Any]

    def __init__(self, style_in: Any, paragraph: CellParagraph) -> None:
        self.style_in = style_in
        self.style = paragraph.style
        self.bullet_text = paragraph.bulletText
        self.right_to_left = paragraph._right_to_left
        self.frags = [frag.clone() for frag in paragraph.frags]


#: parsed paragraphs by (markup, style): a long sheet repeats its words ("Direct",
#: "Always On", a modifier's name) thousands of times; bounded, the oldest first
_PARSED: dict[tuple[str, int], _Parsed] = {}
MAX_PARSED = 4_000
#: longer markup is not kept (a note is rarely repeated; its pieces are many)
MAX_PARSED_TEXT = 400


def _remember_parse(key: tuple[str, int], style: Any, paragraph: CellParagraph) -> None:
    if len(key[0]) > MAX_PARSED_TEXT or not isinstance(getattr(paragraph, "frags", None), list):
        return
    _PARSED[key] = _Parsed(style, paragraph)
    while len(_PARSED) > MAX_PARSED:
        _PARSED.pop(next(iter(_PARSED)), None)


#: the lines a paragraph broke into, by (markup, style, width): a long sheet's repeated
#: cells ("Direct", "Always On") are broken into lines once, not once per cell. Only
#: one-piece paragraphs (reportlab's "kind 0": a plain list of lines of words, which
#: drawing and splitting read and never change) in left-to-right text are kept;
#: bounded like :data:`_PARSED` (0: nothing is kept).
_BROKEN: dict[tuple[str, int, float], tuple[Any, dict[str, Any]]] = {}
MAX_BROKEN = 4_000
#: what :meth:`Paragraph.wrap` and ``breakLines`` leave on the paragraph
_WRAP_STATE = (
    "width",
    "height",
    "blPara",
    "_wrapWidths",
    "_width_max",
    "_splitLongWordCount",
    "_hyphenations",
)


def _remember_lines(key: tuple[str, int], width: float, paragraph: CellParagraph) -> None:
    broken = getattr(paragraph, "blPara", None)
    if (
        len(key[0]) > MAX_PARSED_TEXT
        or paragraph._right_to_left is not None
        or getattr(broken, "kind", None) != 0
        or not all(hasattr(paragraph, name) for name in _WRAP_STATE)
        # a word split to fit, underlines and links: reportlab's splitting and drawing
        # may change those pieces in place
        or paragraph._splitLongWordCount
        or paragraph._hyphenations
        or getattr(broken, "us_lines", None)
        or getattr(broken, "link", None)
    ):
        return
    state = {name: getattr(paragraph, name) for name in _WRAP_STATE}
    _BROKEN[(*key, width)] = (paragraph.style, state)
    while len(_BROKEN) > MAX_BROKEN:
        _BROKEN.pop(next(iter(_BROKEN)), None)


class Bookmark(Flowable):  # type: ignore[misc]
    """An outline entry (a PDF bookmark) at this place: the character at level 0, each
    section at level 1. Takes no room."""

    def __init__(self, key: str, title: str, level: int) -> None:
        super().__init__()
        self.key = key
        self.title = title
        self.level = level
        self.width = self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.title, self.key, level=self.level, closed=False)


def aligned_for_direction(style: Any, text: str) -> Any:
    """A paragraph whose base direction is right to left (its first letter with a
    direction is Hebrew or Arabic) starts at the right: a left-aligned style becomes
    right-aligned (a copy; centred and right-aligned styles stay as they are)."""
    if style.alignment != TA_LEFT or not base_is_right_to_left(text):
        return style
    return _right_aligned(style)


_RIGHT_ALIGNED: dict[int, tuple[Any, Any]] = {}


def _right_aligned(style: Any) -> Any:
    """One right-aligned copy per style (a sheet makes thousands of paragraphs)."""
    found = _RIGHT_ALIGNED.get(id(style))
    if found is None or found[0] is not style:
        copied = copy.copy(style)
        copied.alignment = TA_RIGHT
        found = (style, copied)
        _RIGHT_ALIGNED[id(style)] = found
    return found[1]


def upright_where_italic_lacks(frags: list[Any]) -> list[Any]:
    """The paragraph's pieces with each run of letters the italic face cannot draw
    (DejaVu Sans Oblique has no Arabic) set in the upright face instead of as boxes."""
    upright = upright_only()
    pieces: list[Any] = []
    for frag in frags:
        text = getattr(frag, "text", "")
        face = UPRIGHT_OF.get(getattr(frag, "fontName", ""))
        if (
            face is None
            or not isinstance(text, str)
            # the italic faces have every ASCII letter (tested)
            or text.isascii()
            or not any(ord(c) in upright for c in text)
        ):
            pieces.append(frag)
            continue
        for lacking, run in groupby(text, key=lambda char: ord(char) in upright):
            piece = "".join(run)
            pieces.append(frag.clone(text=piece, fontName=face if lacking else frag.fontName))
    return pieces


def visual_lines(broken: Any, right_to_left: bool) -> Any:
    """A copy of a broken paragraph (reportlab's ``blPara``) with each line's text in
    visual order: plain lines are lists of words, styled lines lists of pieces."""
    lines: list[Any] = []
    for line in broken.lines:
        if isinstance(line, tuple):  # one style: (extra space, words)
            extra, words = line
            words_runs = visual_runs([(" ".join(words), None)], right_to_left)
            lines.append((extra, "".join(text for text, _none in words_runs).split(" ")))
            continue
        pieces = [(frag.text, frag) for frag in line.words if isinstance(frag.text, str)]
        if len(pieces) != len(line.words):  # images or callbacks in the line: as it is
            lines.append(line)
            continue
        runs: list[tuple[str, Any]] = visual_runs(pieces, right_to_left)
        lines.append(line.clone(words=[piece.clone(text=text) for text, piece in runs]))
    return broken.clone(lines=lines)
