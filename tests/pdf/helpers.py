"""Read PDFs back for tests: text per page, and text lines rebuilt from positions."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import installed_systems
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.options import PdfOptions
from sheetapp.storage.files import LoadedDocument, load_document

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"


def load_sample() -> LoadedDocument:
    return load_document(SAMPLE, installed_systems())


def render(
    document: CharacterDocument[Any, Any], options: PdfOptions | None = None
) -> tuple[bytes, Evaluation]:
    system = installed_systems().get(document.system)
    evaluation = system.evaluate(document)
    return render_pdf(system, document, evaluation, options or PdfOptions()), evaluation


def reader(data: bytes) -> PdfReader:
    return PdfReader(BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in reader(data).pages]


def flat(text: str) -> str:
    """Whitespace (including line breaks from wrapping) reduced to single spaces."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Line:
    """The text fragments drawn on one baseline of one page, left to right."""

    page: int
    y: float
    parts: tuple[tuple[float, str], ...]

    @property
    def cells(self) -> list[str]:
        return [text for _, text in self.parts]

    @property
    def text(self) -> str:
        return " ".join(self.cells)


def lines(data: bytes) -> list[Line]:
    found: list[Line] = []
    for number, page in enumerate(reader(data).pages, start=1):
        rows: dict[float, list[tuple[float, str]]] = defaultdict(list)

        def visit(text: str, cm: Any, tm: Any, _font: Any, _size: Any) -> None:
            if not text.strip():
                return
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            rows[round(y, 1)].append((x, text.strip()))  # noqa: B023 - used at once

        page.extract_text(visitor_text=visit)
        for y in sorted(rows, reverse=True):
            found.append(Line(number, y, tuple(sorted(rows[y]))))
    return found


def line_starting(data: bytes, first_cell: str) -> Line:
    """The one line whose leftmost fragment is ``first_cell``."""
    matches = [line for line in lines(data) if line.cells and line.cells[0] == first_cell]
    assert len(matches) == 1, f"{first_cell!r} starts {len(matches)} lines"
    return matches[0]
