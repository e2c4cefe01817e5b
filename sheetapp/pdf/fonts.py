"""The embedded TrueType fonts (DejaVu Sans, shipped in resources/fonts/ with its licence).

Registered once per process as reportlab ``TTFont`` objects, which reportlab embeds
as subsets, so every character a player types (½, ×, é, Cyrillic, Greek) prints the
same on any machine.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from sheetapp.core.resources import data_file

FAMILY = "DejaVuSans"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
BOLD_OBLIQUE = "DejaVuSans-BoldOblique"

FILES = {
    REGULAR: "fonts/DejaVuSans.ttf",
    BOLD: "fonts/DejaVuSans-Bold.ttf",
    OBLIQUE: "fonts/DejaVuSans-Oblique.ttf",
    BOLD_OBLIQUE: "fonts/DejaVuSans-BoldOblique.ttf",
}


class FontError(RuntimeError):
    """A shipped font is missing or unreadable (a broken installation)."""


@cache
def register_fonts() -> str:
    """Register the family (once) and return its name for paragraph styles."""
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
    return FAMILY
