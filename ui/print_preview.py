"""Print preview: the exact pages of the PDF sheet, with Print and Save PDF.

The pages shown are the bytes ``sheetapp export-pdf`` writes (the same renderer and
the same evaluation), drawn by QtPdf. Printing paints those rendered pages, so paper,
preview and PDF file agree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.fonts import FontError
from sheetapp.pdf.layout import LayoutError, layout_for
from sheetapp.pdf.options import Paper, PdfOptions, default_paper
from sheetapp.storage.atomic import atomic_write
from ui.error_dialog import show_error
from ui.screen_fit import fit_to_screen, sideways

#: Pages are rendered for the printer at no more than this resolution.
MAX_PRINT_DPI = 300
PAPERS: tuple[tuple[str, Paper], ...] = (("A4", "a4"), ("US Letter", "letter"))


class PrintPreviewDialog(QDialog):
    """Shows the sheet's PDF pages; the user can change paper and sections, print or save."""

    def __init__(
        self,
        system: GameSystem[Any],
        document: CharacterDocument[Any, Any],
        evaluation: Evaluation,
        options: PdfOptions | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.document = document
        self.evaluation = evaluation
        self.options = options or PdfOptions(paper=default_paper())
        self.pdf_bytes = b""
        self._buffer: QBuffer | None = None
        name = document.meta.name or "Unnamed character"
        self.setWindowTitle(f"Print preview — {name}")
        fit_to_screen(self, 900, 1000)

        self.pdf = QPdfDocument(self)
        self.view = QPdfView(self)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.view.setDocument(self.pdf)

        self.paper = QComboBox(self)
        for label, value in PAPERS:
            self.paper.addItem(label, value)
        self.paper.setCurrentIndex(1 if self.options.paper == "letter" else 0)
        self.monochrome = QCheckBox("Black and white", self)
        self.monochrome.setChecked(self.options.monochrome)
        self.sections: dict[str, QCheckBox] = {}
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Paper:", self))
        bar.addWidget(self.paper)
        bar.addWidget(self.monochrome)
        bar.addWidget(self._section_strip(system), 1)
        self.pages = QLabel(self)
        bar.addWidget(self.pages)
        self.paper.currentIndexChanged.connect(self.refresh)
        self.monochrome.toggled.connect(self.refresh)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.print_button = QPushButton("&Print…", self)
        self.save_button = QPushButton("&Save PDF…", self)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.choose_printer)
        self.save_button.clicked.connect(self.choose_file)

        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.refresh()

    # --- rendering --------------------------------------------------------------

    def current_options(self) -> PdfOptions:
        chosen = {key for key, box in self.sections.items() if box.isChecked()}
        return PdfOptions(
            paper=self.paper.currentData(),
            include=frozenset(chosen),
            exclude=frozenset(set(self.sections) - chosen),
            monochrome=self.monochrome.isChecked(),
        )

    def _section_strip(self, system: GameSystem[Any]) -> QWidget:
        """The optional sections' check boxes; many (the 2d10 sheet has a dozen) scroll
        sideways instead of making the window wider than the screen."""
        section_row = QWidget(self)
        section_bar = QHBoxLayout(section_row)
        section_bar.setContentsMargins(0, 0, 0, 0)
        for section in layout_for(system.id).optional_sections():
            box = QCheckBox(_section_label(section.key), section_row)
            box.setChecked(
                section.key not in self.options.exclude
                and (section.default or section.key in self.options.include)
            )
            box.toggled.connect(self.refresh)
            self.sections[section.key] = box
            section_bar.addWidget(box)
        section_bar.addStretch(1)
        return sideways(section_row, "preview_sections")

    def refresh(self) -> None:
        """Render the sheet again with the options shown and load it into the view."""
        self.options = self.current_options()
        self.pdf_bytes = render_pdf(self.system, self.document, self.evaluation, self.options)
        self.pdf.close()
        buffer = QBuffer(self)
        buffer.setData(QByteArray(self.pdf_bytes))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.pdf.load(buffer)
        if self._buffer is not None:
            self._buffer.deleteLater()
        self._buffer = buffer
        count = self.page_count()
        self.pages.setText(f"{count} page{'s' if count != 1 else ''}")

    def page_count(self) -> int:
        return int(self.pdf.pageCount())

    # --- printing and saving ----------------------------------------------------

    def choose_printer(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.windowTitle())
        dialog = QPrintDialog(printer, self)
        dialog.setMinMax(1, max(1, self.page_count()))
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.print_to(printer)

    def print_to(self, printer: QPrinter) -> int:
        """Paint the rendered pages on ``printer`` (its page range, if one is set);
        returns how many pages were printed."""
        first = printer.fromPage() or 1
        last = printer.toPage() or self.page_count()
        painter = QPainter()
        if not painter.begin(printer):
            show_error(self, "Cannot print", "The printer could not be started.")
            return 0
        printed = 0
        try:
            for number in range(first, min(last, self.page_count()) + 1):
                if printed:
                    printer.newPage()
                self._paint_page(painter, printer, number - 1)
                printed += 1
        finally:
            painter.end()
        return printed

    def _paint_page(self, painter: QPainter, printer: QPrinter, index: int) -> None:
        target = printer.pageLayout().paintRectPixels(printer.resolution())
        points = self.pdf.pagePointSize(index)
        dpi = min(printer.resolution(), MAX_PRINT_DPI)
        size = QSize(round(points.width() / 72 * dpi), round(points.height() / 72 * dpi))
        image = self.pdf.render(index, size)
        scale = min(target.width() / size.width(), target.height() / size.height())
        width, height = round(size.width() * scale), round(size.height() * scale)
        placed = QRect(
            (target.width() - width) // 2, (target.height() - height) // 2, width, height
        )
        painter.drawImage(placed, image)

    def choose_file(self) -> None:
        name = (self.document.meta.name or "character").strip() or "character"
        suggested = "".join(c if c.isalnum() or c in " -_" else "_" for c in name) + ".pdf"
        path, _ = QFileDialog.getSaveFileName(self, "Save PDF", suggested, "PDF files (*.pdf)")
        if path:
            self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        try:
            atomic_write(path, self.pdf_bytes, keep_backup=False)
        except OSError as exc:
            show_error(self, "Cannot save the PDF", f"{path} could not be written: {exc}")
            return False
        return True


def _section_label(key: str) -> str:
    return {
        "costs": "Cost breakdown",
        "history": "History",
        "issues": "Warnings",
        "gm_notes": "GM notes (rules and file places)",
    }.get(key, key.replace("_", " ").capitalize())


def show_print_preview(
    parent: QWidget | None,
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    *,
    modal: bool = True,
) -> PrintPreviewDialog | None:
    """Open the print preview for ``document`` (evaluated as ``evaluation``).

    Returns the dialog (already closed when ``modal``), or None when the sheet could
    not be rendered (the user is told why)."""
    try:
        system = installed_systems().get(document.system)
        dialog = PrintPreviewDialog(system, document, evaluation, parent=parent)
    except (LayoutError, FontError, LookupError) as exc:
        show_error(parent, "Cannot show the print preview", str(exc))
        return None
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    if modal:
        dialog.exec()
    else:
        dialog.show()
    return dialog
