"""User text made safe for reportlab paragraphs: printed literally, never as markup."""

from __future__ import annotations

import re

from sheetapp.pdf.direction import base_is_right_to_left, has_right_to_left, joined

# C0/C1 control characters other than tab and newline, and lone surrogates (a JSON
# file may hold "\ud800"): neither can be drawn, and both upset the PDF writer. The
# noncharacters U+FDD0-U+FDEF have no glyph either; three of them carry "<", "&" and ">"
# through the paragraph parser (see LITERAL).
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _SURROGATE.sub("\ufffd", text)
    return _UNPRINTABLE.sub("", text)


#: The characters reportlab's paragraph parser reads as markup, carried through it as
#: noncharacters and put back in the parsed pieces (:func:`restored`, called by
#: :class:`~sheetapp.pdf.flowables.CellParagraph`). Written as entities, each ``&lt;``
#: became a piece of its own: 1 MB of "<b>" typed into notes took over a minute to print.
LITERAL = {"<": "\ufdd0", "&": "\ufdd1", ">": "\ufdd2"}
_CARRY = str.maketrans(LITERAL)
_RESTORE = str.maketrans({carried: char for char, carried in LITERAL.items()})
_CARRIED = re.compile("[\ufdd0-\ufdd2]")


def literal(text: str) -> str:
    """``text`` as paragraph markup that prints it as typed (no tag or entity in it)."""
    return text.translate(_CARRY)


def restored(text: str) -> str:
    """A parsed piece's text with the carried characters put back."""
    return text.translate(_RESTORE) if _CARRIED.search(text) else text


#: characters that need no glyph (spacing, joiners, variation selectors)
_INVISIBLE = frozenset(" \t\n\u00a0\u200b\u200c\u200d\u2060\ufe0e\ufe0f")


class MissingGlyphs:
    """The characters no font of the sheet can draw, collected while a sheet is laid out
    (see :func:`collecting_missing`): the export names them instead of printing boxes
    silently."""

    active: set[str] | None = None


def collecting_missing() -> set[str]:
    """Start collecting; the returned set fills as text is marked up."""
    MissingGlyphs.active = set()
    return MissingGlyphs.active


def stop_collecting() -> None:
    MissingGlyphs.active = None


def markup(text: str) -> str:
    """``text`` as paragraph markup that prints exactly the characters of ``text``:
    ``<b>``, ``&amp;`` and ``<img src=...>`` appear as typed; newlines break lines.
    Runs of characters only the fallback font has (Chinese, Japanese, Korean) are set
    in it; Arabic letters are joined (the paragraph puts right-to-left lines in visual
    order when it draws them: :mod:`sheetapp.pdf.direction`).

    Short texts are marked up once (a long sheet repeats "Direct", "—", its Levels
    thousands of times), with the characters no font has noted again each time."""
    if len(text) > MAX_KEPT_MARKUP:
        return _markup(text)
    known = _MARKUP.get(text)
    if known is None:
        noted = MissingGlyphs.active
        missing: set[str] = set()
        MissingGlyphs.active = missing
        try:
            result = _markup(text)
        finally:
            MissingGlyphs.active = noted
        known = _MARKUP[text] = (result, frozenset(missing))
        while len(_MARKUP) > MAX_MARKUP:
            _MARKUP.pop(next(iter(_MARKUP)), None)
    if known[1] and MissingGlyphs.active is not None:
        MissingGlyphs.active.update(known[1])
    return known[0]


#: marked-up texts, with the characters no font has: bounded, the oldest first
_MARKUP: dict[str, tuple[str, frozenset[str]]] = {}
MAX_MARKUP = 20_000
MAX_KEPT_MARKUP = 200


def _markup(text: str) -> str:
    cleaned = clean(text)
    escaped = literal(cleaned) if cleaned.isascii() else _with_fonts(joined(cleaned))
    return escaped.replace("\t", "    ").replace("\n", "<br/>")


def _with_fonts(text: str) -> str:
    """Escaped ``text`` with each run of characters only the fallback font has in a
    ``<font face>`` tag."""
    from sheetapp.pdf.fonts import FALLBACK, glyphs

    main, extra = glyphs()
    missing = MissingGlyphs.active
    out: list[str] = []
    run: list[str] = []
    run_face = ""

    def flush() -> None:
        if run:
            piece = literal("".join(run))
            out.append(f'<font face="{run_face}">{piece}</font>' if run_face else piece)
            run.clear()

    for char in text:
        code = ord(char)
        face = FALLBACK if code in extra else ""
        if face != run_face:
            flush()
            run_face = face
        if missing is not None and not face and code not in main and char not in _INVISIBLE:
            missing.add(char)
        run.append(char)
    flush()
    return "".join(out)


#: the longest piece of text one paragraph holds: reportlab re-wraps what is left of a
#: paragraph at every page break, so one paragraph of a megabyte took minutes to print;
#: pieces of this size keep the work proportional to the text
CHUNK = 2_000


def paragraphs(text: str) -> list[str]:
    """Blocks of ``text`` separated by blank lines, each as markup; a long block in
    pieces of at most :data:`CHUNK` characters, cut at line ends, else between words."""
    blocks = re.split(r"\n\s*\n", clean(text).strip())
    return [
        markup(piece)
        for block in blocks
        if block.strip()
        for part in by_direction(block)
        for piece in _pieces(part)
    ]


def by_direction(block: str) -> list[str]:
    """A block cut where its lines change direction. A line break ends a paragraph for
    the bidirectional algorithm (Unicode UAX #9, rule P1), so a right-to-left note under
    a left-to-right line starts at the right, in a paragraph of its own; a line with no
    letters keeps the direction of the line before it. A block with no right-to-left
    letter is returned whole."""
    if not has_right_to_left(block):
        return [block]
    parts: list[list[str]] = []
    direction: bool | None = None
    for line in block.split("\n"):
        own = base_is_right_to_left(line) if any(c.isalpha() for c in line) else direction
        if parts and own == direction:
            parts[-1].append(line)
        else:
            parts.append([line])
            direction = own
    return ["\n".join(lines) for lines in parts]


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
