"""PDF export and print preview come from other modules; find them if they are installed.

- Print preview: ``ui.print_preview.show_print_preview(parent, document, evaluation)``.
- PDF: ``sheetapp.pdf.render_pdf(document, evaluation) -> bytes`` (written atomically by
  the window), or ``sheetapp.pdf.export_pdf(document, evaluation, path)``.

When a module is missing, the action is disabled and its tooltip says why.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetapp.core.evaluation import Evaluation
from sheetapp.storage.atomic import atomic_write
from sheetapp.storage.envelope import CharacterDocument

PdfWriter = Callable[[CharacterDocument[Any, Any], Evaluation, Path], None]
PreviewFunction = Callable[[Any, CharacterDocument[Any, Any], Evaluation], Any]
UNAVAILABLE = "Not available in this version of sheetapp: the PDF sheet module is not installed."


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def print_preview_function() -> PreviewFunction | None:
    module = _module("ui.print_preview")
    function = getattr(module, "show_print_preview", None) if module else None
    return function if callable(function) else None


def pdf_writer() -> PdfWriter | None:
    module = _module("sheetapp.pdf")
    if module is None:
        return None
    render = getattr(module, "render_pdf", None)
    if callable(render):

        def write(
            document: CharacterDocument[Any, Any], evaluation: Evaluation, path: Path
        ) -> None:
            atomic_write(path, render(document, evaluation), keep_backup=False)

        return write
    export = getattr(module, "export_pdf", None)
    return export if callable(export) else None
