"""The embedded TrueType fonts (DejaVu Sans, shipped in resources/fonts/ with its licence).

Registered once per process as reportlab ``TTFont`` objects, which reportlab embeds
as subsets, so every character a player types (½, ×, é, Cyrillic, Greek) prints the
same on any machine. DejaVu has no Chinese, Japanese or Korean: for those a system
fallback font is used when one is installed (Debian's fonts-droid-fallback, a TrueType
font reportlab can embed; ``packaging/dev.py`` installs it), and a character no font
has is reported by the export instead of printing as an empty box.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from io import BytesIO

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from sheetapp.core.resources import data_file

FAMILY = "DejaVuSans"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
BOLD_OBLIQUE = "DejaVuSans-BoldOblique"

FALLBACK = "SheetFallback"
#: TrueType fonts with the CJK characters DejaVu lacks, tried in order
FALLBACK_FILES = (
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallback.ttf",
)

FILES = {
    REGULAR: "fonts/DejaVuSans.ttf",
    BOLD: "fonts/DejaVuSans-Bold.ttf",
    OBLIQUE: "fonts/DejaVuSans-Oblique.ttf",
    BOLD_OBLIQUE: "fonts/DejaVuSans-BoldOblique.ttf",
}


class FontError(RuntimeError):
    """A shipped font is missing or unreadable (a broken installation)."""


_REPORTLAB_CMAP = ttfonts.makeToUnicodeCMap


#: Arabic presentation forms A and B: the shapes a joined letter prints in
_SHAPES = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))


def letters(code: int) -> str:
    """What a drawn character stands for when copied or searched: an Arabic letter's
    printed shape (initial, medial, final, alone; the lam-alef ligature) stands for the
    letter(s) a user types (Unicode's compatibility decomposition), anything else for
    itself."""
    char = chr(code)
    if any(low <= code <= high for low, high in _SHAPES):
        return unicodedata.normalize("NFKC", char) or char
    return char


def _utf16_hex(text: str) -> str:
    return text.encode("utf-16-be", "surrogatepass").hex().upper()


def _rewritten(code: int) -> bool:
    return code > 0xFFFF or any(low <= code <= high for low, high in _SHAPES)


def to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's ToUnicode CMap, with characters beyond U+FFFF written as UTF-16
    surrogate pairs (reportlab writes them as ``<1F600>``, an odd-length hex string
    that PDF readers reject: an emoji then copies and searches as NULs instead of
    itself), and Arabic shapes mapped to their letters (issue 37: Arabic copied from a
    sheet read as presentation-form codes that search does not match)."""
    cmap: str = _REPORTLAB_CMAP(fontname, subset)
    if not any(_rewritten(code) for code in subset):
        return cmap
    wide = {
        f"<{code:04X}>": f"<{_utf16_hex(letters(code))}>" for code in subset if _rewritten(code)
    }
    lines = []
    for line in cmap.split("\n"):
        code, _space, target = line.partition(" ")
        lines.append(f"{code} {wide[target]}" if target in wide else line)
    return "\n".join(lines)


@cache
def register_fonts() -> str:
    """Register the family (once) and return its name for paragraph styles."""
    ttfonts.makeToUnicodeCMap = to_unicode_cmap
    for name, relative in FILES.items():
        source = data_file("resources", relative)
        try:
            data = source.read_bytes()
            pdfmetrics.registerFont(TTFont(name, BytesIO(data)))
        except (OSError, ValueError) as exc:
            raise FontError(
                f"The font file resources/{relative} is missing or damaged ({exc}); "
                "reinstall sheetapp."
            ) from exc
    addMapping(FAMILY, 0, 0, REGULAR)
    addMapping(FAMILY, 1, 0, BOLD)
    addMapping(FAMILY, 0, 1, OBLIQUE)
    addMapping(FAMILY, 1, 1, BOLD_OBLIQUE)
    fallback = _fallback_font()
    if fallback is not None:
        pdfmetrics.registerFont(fallback)
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(FALLBACK, bold, italic, FALLBACK)
    return FAMILY


def _fallback_font() -> TTFont | None:
    for path in FALLBACK_FILES:
        try:
            return TTFont(FALLBACK, path)
        except (OSError, ValueError):
            continue
    return None


@cache
def glyphs() -> tuple[frozenset[int], frozenset[int]]:
    """The characters the main font draws, and those only the fallback draws."""
    register_fonts()
    main = frozenset(pdfmetrics.getFont(REGULAR).face.charToGlyph)
    try:
        extra = frozenset(pdfmetrics.getFont(FALLBACK).face.charToGlyph) - main
    except KeyError:
        extra = frozenset()
    return main, extra


@cache
def upright_only() -> frozenset[int]:
    """The characters the regular face draws and the oblique face does not (Arabic):
    an italic line sets them upright rather than as empty boxes."""
    register_fonts()
    regular = pdfmetrics.getFont(REGULAR).face.charToGlyph
    oblique = pdfmetrics.getFont(OBLIQUE).face.charToGlyph
    return frozenset(code for code in regular if code not in oblique)
