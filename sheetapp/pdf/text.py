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


#: the longest piece of text one paragraph holds: reportlab re-wraps what is left of a
#: paragraph at every page break, so one paragraph of a megabyte took minutes to print;
#: pieces of this size keep the work proportional to the text
CHUNK = 2_000


def paragraphs(text: str) -> list[str]:
    """Blocks of ``text`` separated by blank lines, each as markup; a long block in
    pieces of at most :data:`CHUNK` characters, cut at line ends, else between words."""
    blocks = re.split(r"\n\s*\n", clean(text).strip())
    return [markup(piece) for block in blocks if block.strip() for piece in _pieces(block)]


def _pieces(block: str) -> list[str]:
    if len(block) <= CHUNK:
        return [block]
    pieces: list[str] = []
    current = ""
    for whole in block.split("\n"):
        line = whole
        while len(line) > CHUNK:
            cut = line.rfind(" ", 0, CHUNK)
            cut = cut if cut > CHUNK // 2 else CHUNK
            head, line = line[:cut], line[cut:].lstrip(" ")
            if current:
                pieces.append(current)
                current = ""
            pieces.append(head)
        if current and len(current) + 1 + len(line) > CHUNK:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        pieces.append(current)
    return pieces
