"""Page furniture drawn on the canvas: running header on later pages, footer with
the character's name and "Page x of y" (counted after the whole sheet is laid out)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.text import clean

PageDecorator = Callable[[Canvas, int, int], None]


def numbered_canvas(decorate: PageDecorator) -> type[Canvas]:
    """A canvas class that keeps each page until the end, then calls
    ``decorate(canvas, page, page_count)`` on every page before writing it."""

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            count = len(self._saved_pages)
            for number, state in enumerate(self._saved_pages, start=1):
                self.__dict__.update(state)
                decorate(self, number, count)
                super().showPage()
            super().save()

    return NumberedCanvas


def fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` (running headers only;
    the full text is printed in the sheet itself)."""
    text = " ".join(clean(text).split())
    if stringWidth(text, font, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if stringWidth(text[:middle] + "…", font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"
