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
from tests.pdf.helpers import lines

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


def test_characters_no_font_has_are_reported_every_time(tmp_path: Path) -> None:
    """A short text is marked up once (issue 23); the characters no font has are still
    reported for every sheet that prints it, and only for those."""
    undrawable = _character(tmp_path, "Night Owl", f"Hero {UNDRAWABLE}")
    for _ in range(3):
        assert _render(undrawable)[1] == [UNDRAWABLE]
    other = tmp_path / "other"
    other.mkdir()
    assert _render(_character(other, "Night Owl", "Hero"))[1] == []


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


def _right_edge(x: float, text: str, size: float) -> float:
    """Where a line drawn from ``x`` ends (the width of what was drawn: joined, in
    visual order; DejaVu Sans draws the Hebrew and Arabic)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return x + stringWidth(visual_order(text), REGULAR, size)


def test_a_right_to_left_paragraph_is_aligned_right_and_a_left_to_right_one_left() -> None:
    """A paragraph whose first letter with a direction is Hebrew or Arabic starts at
    the right edge of its frame; a Latin one at the left; a centred style stays
    centred."""
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    styles = SheetStyles(False)
    buffer = io.BytesIO()
    width, left, right = 300.0, 20.0, 30.0
    page = SimpleDocTemplate(
        buffer, pagesize=(width, 400), leftMargin=left, rightMargin=right, topMargin=20
    )
    page.build(
        [
            CellParagraph(markup(HEBREW), styles["Body"]),
            CellParagraph(markup(ARABIC), styles["Body"]),
            CellParagraph(markup("Night Owl"), styles["Body"]),
            CellParagraph(markup(HEBREW), styles["CellCenter"]),
        ]
    )
    left, right = left + 6, right + 6  # the frame's own padding
    drawn = lines(buffer.getvalue())
    assert len(drawn) == 4
    hebrew, arabic, latin, centred = drawn
    size = styles["Body"].fontSize
    assert abs(_right_edge(hebrew.parts[0][0], HEBREW, size) - (width - right)) < 0.5
    assert abs(_right_edge(arabic.parts[0][0], ARABIC, size) - (width - right)) < 0.5
    assert abs(latin.parts[0][0] - left) < 0.5
    middle = (left + width - right) / 2
    start = centred.parts[0][0]
    end = _right_edge(start, HEBREW, styles["CellCenter"].fontSize)
    assert abs((start + end) / 2 - middle) < 0.5


def test_notes_and_cells_in_hebrew_and_arabic_start_at_the_right_on_the_sheet(
    tmp_path: Path,
) -> None:
    """On the sheet: Hebrew and Arabic notes end at the right margin; a Hebrew note
    under an ability's Latin description line (a line break starts a new paragraph for
    the bidirectional algorithm) ends at the right of its cell, past the Latin lines."""
    from sheetapp.pdf.renderer import MARGIN, PAGE_SIZES

    systems = installed_systems()
    document = load_document(SAMPLE, systems).document
    document.meta.notes = f"{HEBREW}\n\n{ARABIC}\n\nA plain note"
    document.character.abilities[5].note = HEBREW
    system = systems.get(document.system)
    data, _missing = render_pdf_reporting(system, document, system.evaluate(document))
    drawn = lines(data)
    styles = SheetStyles(False)
    width = PAGE_SIZES["a4"][0]
    notes = [line for line in drawn if line.text in (HEBREW, ARABIC) and line.page == 2]
    for line in notes:
        edge = _right_edge(line.parts[0][0], line.text, styles["Body"].fontSize)
        assert abs(edge - (width - MARGIN)) < 0.5, line
    plain = next(line for line in drawn if line.text == "A plain note")
    assert abs(plain.parts[0][0] - MARGIN) < 0.5
    in_cell = next(line for line in drawn if line.text == HEBREW and line.page == 1)
    described = next(line for line in drawn if line.text.startswith("Sonic Blaster: Damaging"))
    assert in_cell.parts[0][0] > described.parts[0][0] + 20


def test_a_block_is_cut_where_its_lines_change_direction() -> None:
    from sheetapp.pdf.text import by_direction

    assert by_direction("Latin\nmore Latin") == ["Latin\nmore Latin"]
    assert by_direction(f"Pistol: L2\n{HEBREW}\n12\n{ARABIC}\nend") == [
        "Pistol: L2",
        f"{HEBREW}\n12\n{ARABIC}",
        "end",
    ]


def test_an_italic_line_led_by_arabic_is_drawn_right_to_left() -> None:
    """An italic description ("جناحا الانزلاق: Movement L2, Physical") is set in two
    faces (the Arabic upright); reportlab lets go of such a paragraph's pieces when it
    breaks the lines, and the line was then drawn in reading order, the Arabic at the
    left. Drawn right to left, the Latin run comes first from the left."""
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    buffer = io.BytesIO()
    page = SimpleDocTemplate(buffer, pagesize=(200, 300), leftMargin=10, rightMargin=10)
    text = f"{ARABIC}: Movement L2, Physical"
    page.build([CellParagraph(markup(text), SheetStyles(False)["CellDetail"])])
    drawn: list[str] = []
    PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text(
        visitor_text=lambda piece, *_: drawn.append(piece) if piece.strip() else None
    )
    assert drawn[0].startswith("Movement L2, Physical")


def test_code_points_unicode_has_not_assigned_print_in_a_right_to_left_block(
    tmp_path: Path,
) -> None:
    """A name with U+0590 (unassigned, in the Hebrew block) stopped the PDF: Python gives
    such a code point no bidirectional class and python-bidi refused it. The fuzzer found
    it; it prints now, taking the block's default direction."""
    assert visual_order("Me \u0590") == "Me \u0590"
    # in the Hebrew block an unassigned code point is right-to-left: it moves with a
    # Hebrew word beside it; in Greek's block (U+0378) it stays left-to-right
    assert visual_order("ab \u05d0\u0590") == "ab \u0590\u05d0"
    assert visual_order("ab \u0378 cd") == "ab \u0378 cd"
    text, _missing = _render(_character(tmp_path, "Me \u0590", "note \u07bb\u05ff"))
    assert "Me" in text
