"""reportlab's splitting of a word too long for its line, with each character's width
looked up once.

``reportlab.platypus.paragraph._splitWord`` asks the font for the width of every
character of the word in turn: a note of 1 MB without a space (or made of markup
characters) costs over a million font calls, most of an export's time. This is the
same algorithm, line for line, with the width of each distinct character asked once,
so the result is the same split; :func:`installed` puts it in place of reportlab's for
the length of an export (:func:`sheetapp.pdf.shortcuts.during_export`) when the function
it replaces has the expected signature (a reportlab that changed it keeps its own).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.lib.utils import isBytes
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.textobject import bidiStrWrap, isBidiStr
from reportlab.platypus import paragraph

#: reportlab's own function, kept for the tests that compare the two
REPORTLAB_SPLIT_WORD = paragraph._splitWord

_EXPECTED = ["w", "lineWidth", "maxWidths", "lineno", "fontName", "fontSize", "encoding"]


def split_word(  # noqa: PLR0917  # reportlab calls it with positional arguments
    w: Any,
    lineWidth: float,  # reportlab's names: a drop-in replacement
    maxWidths: list[float],
    lineno: int,
    fontName: str,
    fontSize: float,
    encoding: str = "utf8",
) -> list[Any]:
    result: list[Any] = []
    add = result.append
    last = len(maxWidths) - 1
    text = ""
    max_width = maxWidths[min(last, lineno)]
    max_width_next = maxWidths[min(last, lineno + 1)]
    if isBytes(w):
        w = w.decode(encoding)
    bidi = isBidiStr(w)
    widths = {c: stringWidth(c, fontName, fontSize, encoding) for c in set(w)}
    split_word_type = paragraph._SplitWord
    for c in w:
        cw = widths[c]
        new_width = lineWidth + cw
        if new_width > max_width and (text or (not text and cw <= max_width_next)):
            add(bidiStrWrap(split_word_type(text), w) if bidi else split_word_type(text))
            lineno += 1
            max_width = maxWidths[min(last, lineno)]
            new_width = cw
            text = ""
        text += c
        lineWidth = new_width
    end = paragraph._SplitWordEnd(text)
    add(bidiStrWrap(end, w) if bidi else end)
    return result


@contextmanager
def installed() -> Iterator[bool]:
    """Within: :func:`split_word` splits reportlab's paragraphs' long words (True), unless
    reportlab's own function is not the one this replaces (False). Put back on leaving
    by the one who put it in place (see :func:`sheetapp.pdf.split_strings.installed`)."""
    current = getattr(paragraph, "_splitWord", None)
    if current is split_word:
        yield True
        return
    if current is None or list(inspect.signature(current).parameters) != _EXPECTED:
        yield False
        return
    paragraph._splitWord = split_word
    try:
        yield True
    finally:
        paragraph._splitWord = current
