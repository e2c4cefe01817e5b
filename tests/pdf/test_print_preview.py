"""The print preview shows the exact pages of the exported PDF, prints and saves them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from sheetapp.pdf.options import PdfOptions
from tests.pdf.helpers import load_sample, reader, render
from tests.pdf.test_never_truncated import big_character
from ui.print_preview import PrintPreviewDialog, show_print_preview


def _dialog(
    qtbot: QtBot, document: object, options: PdfOptions | None = None
) -> PrintPreviewDialog:
    loaded = load_sample()
    dialog = PrintPreviewDialog(loaded.system, document, loaded.system.evaluate(document), options)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    return dialog


def test_preview_shows_the_same_pages_as_the_pdf(qtbot: QtBot) -> None:
    document = big_character(120)
    data, _ = render(document, PdfOptions(paper="a4"))
    dialog = _dialog(qtbot, document, PdfOptions(paper="a4"))
    dialog.show()
    assert dialog.page_count() == len(reader(data).pages) > 1
    assert f"{dialog.page_count()} pages" == dialog.pages.text()


def test_changing_options_renders_again(qtbot: QtBot) -> None:
    document = load_sample().document
    dialog = _dialog(qtbot, document, PdfOptions(paper="a4"))
    before = dialog.page_count()
    dialog.paper.setCurrentIndex(1)
    assert dialog.options.paper == "letter"
    assert float(reader(dialog.pdf_bytes).pages[0].mediabox.width) == 612
    dialog.sections["costs"].setChecked(True)
    assert "costs" in dialog.options.include
    assert dialog.page_count() > before


def test_print_paints_every_page(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, load_sample().document)
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert dialog.print_to(printer) == dialog.page_count()
    assert len(reader((tmp_path / "printed.pdf").read_bytes()).pages) == dialog.page_count()


def test_save_writes_the_previewed_bytes(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, load_sample().document)
    target = tmp_path / "sheet.pdf"
    assert dialog.save_to(target)
    assert target.read_bytes() == dialog.pdf_bytes


def test_show_print_preview_without_blocking(qtbot: QtBot) -> None:
    loaded = load_sample()
    dialog = show_print_preview(None, loaded.document, loaded.evaluate(), modal=False)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.isVisible() and dialog.page_count() >= 1
