"""Every script prints or is reported (the PDF issue, item 5): Chinese and Japanese in
the fallback font when it is installed; Hebrew and Arabic in reading order, Arabic
joined, upright in italic lines (the italic face has no Arabic); characters no font has
named by the export instead of printed silently as boxes."""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.cli import main
from sheetapp.core.system import installed_systems
from sheetapp.pdf.direction import visual_order
from sheetapp.pdf.export import describe_missing, render_pdf_reporting
from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.fonts import OBLIQUE, REGULAR, glyphs, register_fonts
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.storage.files import load_document, save_document

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "examples" / "gladiators" / "night-owl.json"
JAPANESE = "夜のフクロウ"
CHINESE = "中文笔记"
UNDRAWABLE = "🦸"  # in no font the sheet uses


def _character(tmp_path: Path, name: str, notes: str) -> Path:
    systems = installed_systems()
    document = load_document(SAMPLE, systems).document
    document.meta.name = name
    document.meta.notes = notes
    path = tmp_path / "character.json"
    save_document(document, path)
    return path


def _render(path: Path) -> tuple[str, list[str]]:
    systems = installed_systems()
    loaded = load_document(path, systems)
    system = systems.get(loaded.document.system)
    data, missing = render_pdf_reporting(system, loaded.document, system.evaluate(loaded.document))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    return text, missing


@pytest.mark.skipif(not glyphs()[1], reason="no CJK fallback font installed (fonts-droid-fallback)")
def test_chinese_and_japanese_print_and_copy(tmp_path: Path) -> None:
    text, missing = _render(_character(tmp_path, f"{JAPANESE} Night Owl", CHINESE))
    assert JAPANESE in text and CHINESE in text
    assert missing == []


def test_characters_no_font_has_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _character(tmp_path, "Night Owl", f"Hero {UNDRAWABLE}")
    _text, missing = _render(path)
    assert missing == [UNDRAWABLE]
    assert describe_missing(missing) == "🦸 (U+1F9B8)"
    out = tmp_path / "sheet.pdf"
    assert main(["export-pdf", str(path), "-o", str(out)]) == 0
    assert "print as empty boxes: 🦸 (U+1F9B8)" in capsys.readouterr().err


def test_plain_text_reports_nothing(tmp_path: Path) -> None:
    _text, missing = _render(_character(tmp_path, "Night Owl", "Ünïcödé, ½ × Ω, Кириллица"))
    assert missing == []


HEBREW = "שלום עולם"
ARABIC = "مرحبا بالعالم"


def test_hebrew_and_arabic_print_in_reading_order_and_copy_back(tmp_path: Path) -> None:
    text, missing = _render(_character(tmp_path, f"Night Owl {HEBREW}", ARABIC))
    assert missing == []
    # pypdf reverses right-to-left runs when it extracts: drawn in visual order, the
    # words come back as typed (Arabic as its joined forms, which NFKC undoes)
    assert HEBREW in text
    assert ARABIC in unicodedata.normalize("NFKC", text)


def test_visual_order_reverses_right_to_left_runs_only() -> None:
    assert visual_order("Night Owl") == "Night Owl"
    assert visual_order("שלום") == "םולש"
    # a left-to-right line keeps its order; the Hebrew word inside it is reversed
    assert visual_order("Name: שלום ok") == "Name: םולש ok"
    # each line on its own
    assert visual_order("שלום\nabc") == "םולש\nabc"


def test_arabic_letters_take_their_joined_forms() -> None:
    """Unjoined, بب prints as two isolated beh; joined, the first (logical) takes the
    initial form U+FE91 and the second the final form U+FE90, drawn right to left."""
    assert visual_order("بب") == "\ufe90\ufe91"


def test_a_wrapped_right_to_left_note_keeps_its_first_words_on_its_first_line() -> None:
    """Lines are broken in reading order and each drawn in visual order, so a Hebrew
    sentence that wraps reads from its first line down (reordering before the break
    would put the last words on the first line)."""
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    words = ["אחת", "שתיים", "שלוש", "ארבע", "חמש", "שש"]
    buffer = io.BytesIO()
    page = SimpleDocTemplate(buffer, pagesize=(110, 400), leftMargin=5, rightMargin=5)
    page.build([CellParagraph(markup(" ".join(words)), SheetStyles(False)["Body"])])
    lines = [
        line.strip()
        for line in PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text().splitlines()
        if line.strip()
    ]
    assert len(lines) > 1
    assert lines[0].split()[0] == words[0]
    assert " ".join(lines) == " ".join(words)


def test_arabic_in_an_italic_line_is_set_upright() -> None:
    """DejaVu Sans Oblique has no Arabic: an italic note sets the Arabic run in the
    upright face (not empty boxes) and keeps the Latin around it italic."""
    register_fonts()
    style = SheetStyles(False)["Note"]
    assert style.fontName == OBLIQUE
    paragraph = CellParagraph(markup(f"note {ARABIC} end"), style)
    faces = {frag.text: frag.fontName for frag in paragraph.frags}
    arabic_runs = [piece for piece in faces if any("\ufe70" <= c <= "\ufeff" for c in piece)]
    assert arabic_runs and all(faces[piece] == REGULAR for piece in arabic_runs)
    assert any(faces[piece] == OBLIQUE and "note" in piece for piece in faces)
