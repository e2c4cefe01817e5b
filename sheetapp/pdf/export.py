"""Render a character document to PDF bytes (the shared entry point)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.gcpause import collector_paused_during
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
    return render_pdf_reporting(system, document, evaluation, options)[0]


def render_pdf_reporting(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    options: PdfOptions | None = None,
) -> tuple[bytes, list[str]]:
    """The PDF, and the characters of the character's text no font could draw (they
    print as boxes): the CLI and the window name them."""
    layout = layout_for(system.id)
    with collector_paused_during():
        sheet = build_sheet(system, document, evaluation, _printed(layout, options))
        renderer = SheetRenderer(layout, options)
        return renderer.render(sheet), renderer.missing_glyphs


def _printed(layout: Layout, options: PdfOptions | None) -> Callable[[str], bool]:
    """Whether a section of the sheet prints with these options (the sheet leaves out
    the costly ones that do not)."""
    chosen = options or PdfOptions()
    return partial(layout.enabled, include=chosen.include, exclude=chosen.exclude)


def describe_missing(characters: list[str]) -> str:
    """ "🦸 (U+1F9B8), 👍 (U+1F44D)": what a user reads about characters that print as
    boxes."""
    shown = ", ".join(f"{c} (U+{ord(c):04X})" for c in characters[:12])
    more = f" and {len(characters) - 12} more" if len(characters) > 12 else ""
    return f"{shown}{more}"
