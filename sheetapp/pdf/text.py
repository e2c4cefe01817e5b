"""User text made safe for reportlab paragraphs: printed literally, never as markup."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

# C0/C1 control characters other than tab and newline, and lone surrogates (a JSON
# file may hold "\ud800"): neither can be drawn, and both upset the PDF writer.
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _SURROGATE.sub("\ufffd", text)
    return _UNPRINTABLE.sub("", text)


def markup(text: str) -> str:
    """``text`` as paragraph markup that prints exactly the characters of ``text``:
    ``<b>``, ``&amp;`` and ``<img src=...>`` appear as typed; newlines break lines."""
    escaped = escape(clean(text))
    return escaped.replace("\t", "    ").replace("\n", "<br/>")


def paragraphs(text: str) -> list[str]:
    """Blocks of ``text`` separated by blank lines, each as markup."""
    blocks = re.split(r"\n\s*\n", clean(text).strip())
    return [markup(block) for block in blocks if block.strip()]
