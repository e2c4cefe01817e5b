"""Every script prints or is reported (the PDF issue, item 5): Chinese and Japanese in
the fallback font when it is installed, and characters no font has named by the export
instead of printed silently as boxes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.cli import main
from sheetapp.core.system import installed_systems
from sheetapp.pdf.export import describe_missing, render_pdf_reporting
from sheetapp.pdf.fonts import glyphs
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
