"""Render a character document to PDF bytes (the shared entry point)."""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import GameSystem
from sheetapp.pdf.layout import Layout, layout_for
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.renderer import SheetRenderer
from sheetapp.sheet import Sheet, build_sheet


def render_sheet(
    sheet: Sheet, options: PdfOptions | None = None, layout: Layout | None = None
) -> bytes:
    """PDF bytes of ``sheet`` with the layout of its system (or ``layout``)."""
    chosen = layout or layout_for(sheet.header.system_id)
    return SheetRenderer(chosen, options).render(sheet)


def render_pdf(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    options: PdfOptions | None = None,
) -> bytes:
    """PDF bytes of the character's sheet, from the same evaluation the window shows."""
    return render_sheet(build_sheet(system, document, evaluation), options)
