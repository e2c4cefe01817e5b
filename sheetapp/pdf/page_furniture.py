"""The printed sheet's pages: their size and margins, the document with its two page
templates (the first page without a running header), and what is drawn on each page
by hand: the footer (name, version, date, page number) and, from page 2, the running
header (name and system)."""

from __future__ import annotations

import datetime as dt
from io import BytesIO
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from sheetapp import __version__
from sheetapp.pdf.direction import visual_order
from sheetapp.pdf.fonts import BOLD, FALLBACK, REGULAR, glyphs
from sheetapp.pdf.pages import fit
from sheetapp.pdf.styles import Palette
from sheetapp.pdf.text import clean
from sheetapp.sheet import SheetHeader

PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 14 * mm
FOOTER_SPACE = 9 * mm
RUNNING_HEADER_SPACE = 9 * mm
#: the sheets' language, for screen readers and text extraction
DOCUMENT_LANGUAGE = "en"


class MeasuredDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no types
    """Records how much of each page's frame is left empty (for the page-flow test and
    the benchmark's report)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.page_fill: list[tuple[float, float]] = []

    def handle_pageEnd(self) -> None:
        frame = self.frame
        self.page_fill.append((max(0.0, frame._y - frame._y1), frame._height))
        super().handle_pageEnd()


def sheet_document(
    buffer: BytesIO, header: SheetHeader, page_width: float, page_height: float
) -> MeasuredDoc:
    """The document for one sheet: its metadata, the first page's frame and the later
    pages' (shorter by the running header)."""
    document = MeasuredDoc(
        buffer,
        pagesize=(page_width, page_height),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=clean(f"{header.name or 'Unnamed character'} — {header.system_name}"),
        author=clean(header.player),
        subject=header.system_name,
        creator=f"sheetapp {__version__}",
        producer=f"sheetapp {__version__} (reportlab)",
        initialFontName=REGULAR,
        lang=DOCUMENT_LANGUAGE,
    )
    frame_height = page_height - 2 * MARGIN - FOOTER_SPACE
    first = _frame("first", page_width, frame_height)
    later = _frame("later", page_width, frame_height - RUNNING_HEADER_SPACE)
    document.addPageTemplates(
        [
            PageTemplate("first", [first], autoNextPageTemplate="later"),
            PageTemplate("later", [later]),
        ]
    )
    return document


def _frame(name: str, page_width: float, height: float) -> Frame:
    return Frame(
        MARGIN,
        MARGIN + FOOTER_SPACE,
        page_width - 2 * MARGIN,
        height,
        id=name,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )


def font_for(text: str, font: str) -> str:
    """The fallback font for a line drawn on the page (not a paragraph) when it holds
    characters only the fallback has (a Japanese name in the footer)."""
    if text.isascii():
        return font
    _main, extra = glyphs()
    return FALLBACK if any(ord(char) in extra for char in text) else font


class PageFurniture:
    """The footer on every page and the running header from page 2."""

    def __init__(
        self,
        header: SheetHeader,
        palette: Palette,
        page_size: tuple[float, float],
        printed_on: str | None,
    ) -> None:
        self.name = header.name or "Unnamed character"
        self.system = header.system_name
        self.palette = palette
        self.page_width, self.page_height = page_size
        self.width = self.page_width - 2 * MARGIN
        self.stamp = f"sheetapp {__version__} · {printed_on or dt.date.today().isoformat()}"

    def __call__(self, canvas: Canvas, page: int, count: int) -> None:
        canvas.saveState()
        canvas.setStrokeColor(self.palette.rule)
        canvas.setFillColor(self.palette.muted)
        canvas.setLineWidth(0.5)
        self._footer(canvas, page, count)
        if page > 1:
            self._running_header(canvas)
        canvas.restoreState()

    def _footer(self, canvas: Canvas, page: int, count: int) -> None:
        left, right = MARGIN, self.page_width - MARGIN
        bottom = MARGIN + 2
        canvas.line(left, bottom + 10, right, bottom + 10)
        canvas.setFont(REGULAR, 7.5)
        number = f"{self.stamp}   ·   Page {page} of {count}"
        room = self.width - canvas.stringWidth(number, REGULAR, 7.5) - 20
        name_font = font_for(self.name, REGULAR)
        canvas.setFont(name_font, 7.5)
        canvas.drawString(left, bottom, visual_order(fit(self.name, name_font, 7.5, room)))
        canvas.setFont(REGULAR, 7.5)
        canvas.drawRightString(right, bottom, number)

    def _running_header(self, canvas: Canvas) -> None:
        left, right = MARGIN, self.page_width - MARGIN
        top = self.page_height - MARGIN - 8
        canvas.setFont(BOLD, 8.5)
        canvas.setFillColor(self.palette.accent)
        system_width = canvas.stringWidth(self.system, REGULAR, 7.5)
        head_font = font_for(self.name, BOLD)
        canvas.setFont(head_font, 8.5)
        canvas.drawString(
            left,
            top,
            visual_order(fit(self.name, head_font, 8.5, self.width - system_width - 20)),
        )
        canvas.setFont(REGULAR, 7.5)
        canvas.setFillColor(self.palette.muted)
        canvas.drawRightString(right, top, self.system)
        canvas.line(left, top - 4, right, top - 4)
