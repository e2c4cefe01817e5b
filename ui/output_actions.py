"""PDF export and print preview: found when installed, loaded on first use.

- Print preview: ``ui.print_preview.show_print_preview(parent, document, evaluation)``
  (QtPdf and the PDF renderer).
- PDF: ``sheetapp.pdf.export.render_pdf(system, document, evaluation, options)``:
  the window renders it off the UI thread (``ui.background``) and writes the bytes
  atomically when they are ready.

Both pull in reportlab and QtPdf, which take longer to import than the rest of the
window together, so the window only checks that they are installed and imports them when
the user first asks for a PDF or a preview. When a part is missing the action is
disabled and its tooltip says why.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation

PdfRenderer = Callable[[CharacterDocument[Any, Any], Evaluation], bytes]


class PdfBytes(bytes):
    """A PDF's bytes with the characters no font could draw (see
    :func:`sheetapp.pdf.export.render_pdf_reporting`)."""

    missing: tuple[str, ...] = ()


PreviewFunction = Callable[[Any, CharacterDocument[Any, Any], Evaluation], Any]
UNAVAILABLE = "Not available in this version of sheetapp: the PDF sheet module is not installed."
PDF_MODULES = ("reportlab", "sheetapp.pdf.export")
PREVIEW_MODULES = (*PDF_MODULES, "PySide6.QtPdf", "PySide6.QtPdfWidgets", "ui.print_preview")


def installed(names: tuple[str, ...]) -> bool:
    """Whether every module can be found, without importing it (only its parent package)."""
    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):
            return False
    return True


def print_preview_function() -> PreviewFunction | None:
    if not installed(PREVIEW_MODULES):
        return None

    def preview(parent: Any, document: CharacterDocument[Any, Any], evaluation: Evaluation) -> Any:
        from ui.print_preview import show_print_preview

        return show_print_preview(parent, document, evaluation)

    return preview


class PdfExportError(OSError):
    """The sheet cannot be made (no layout or font for it); the window says why."""


def pdf_renderer(*, card: bool = False) -> PdfRenderer | None:
    """A function making the PDF sheet's bytes, or the one-page play card's (safe to
    call on a worker thread)."""
    if not installed(PDF_MODULES):
        return None

    def render(document: CharacterDocument[Any, Any], evaluation: Evaluation) -> bytes:
        from sheetapp.core.system import installed_systems
        from sheetapp.pdf.export import render_pdf_reporting
        from sheetapp.pdf.fonts import FontError
        from sheetapp.pdf.layout import LayoutError
        from sheetapp.pdf.options import PdfOptions, default_paper
        from sheetapp.pdf.playsheet_renderer import render_card

        options = PdfOptions(paper=default_paper())
        try:
            system = installed_systems().get(document.system)
            if card:
                return render_card(system, document, evaluation, options)[0]
            data, missing = render_pdf_reporting(system, document, evaluation, options)
            result = PdfBytes(data)
            result.missing = tuple(missing)
            return result
        except (LayoutError, FontError, LookupError) as exc:
            raise PdfExportError(str(exc)) from exc

    return render
