"""The File menu's outputs: Export JSON, Export PDF, Export Play Card, Print Preview and
the Hero Designer submenus.

A layer of :class:`ui.main_window.MainWindow` (see its docstring). Which PDF parts are
installed, and the functions that make the bytes, are in :mod:`ui.output_actions`; the
Hero Designer import and export are in :mod:`ui.hdc_actions`. A PDF is made off the UI
thread, one at a time (reportlab keeps global state), and written atomically when ready.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from sheetapp.storage.atomic import atomic_write
from sheetapp.storage.portable import export_bytes
from sheetapp.storage.targets import export_refusal
from ui.background import BackgroundJob, run_in_background
from ui.document_tabs import make_action
from ui.editor_view import EditorView
from ui.error_dialog import show_error
from ui.hdc_actions import install_hdc_menus
from ui.output_actions import UNAVAILABLE, PdfRenderer, pdf_renderer, print_preview_function
from ui.save_actions import SaveActions

EXPORT_FILTER = "Portable JSON export (*.json)"
PDF_FILTER = "PDF files (*.pdf)"


class ExportActions(SaveActions):
    """JSON, PDF sheet, play card, print preview and Hero Designer files."""

    def _build_export_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.export_json_action = make_action(self, "Export &JSON…", self.export_json, "Ctrl+E")
        self.export_pdf_action = make_action(self, "Export &PDF…", self.export_pdf, "Ctrl+Shift+E")
        self.export_card_action = make_action(
            self, "Export Play Car&d…", self.export_card, "Ctrl+Alt+E"
        )
        self.export_card_action.setToolTip(
            "A one-page card to play from: combat values and attacks first; what does not "
            "fit is named on the card"
        )
        self.print_action = make_action(self, "Print Pre&view…", self.print_preview, keys.Print)
        self.preview_function = print_preview_function()
        self.pdf_function = pdf_renderer()
        self.card_function = pdf_renderer(card=True)
        #: the PDF being made off the UI thread (one at a time: reportlab keeps global state)
        self.pdf_job: BackgroundJob | None = None
        if self.preview_function is None:
            self.print_action.setToolTip(UNAVAILABLE)
        if self.pdf_function is None:
            self.export_pdf_action.setToolTip(UNAVAILABLE)
            self.export_card_action.setToolTip(UNAVAILABLE)

    def _add_export_menu(self, file_menu: QMenu) -> None:
        for action in (
            self.export_json_action,
            self.export_pdf_action,
            self.export_card_action,
            self.print_action,
        ):
            file_menu.addAction(action)
        install_hdc_menus(self, file_menu)  # Hero Designer files (X-Men HERO)

    def _follow_current(self, view: EditorView | None) -> None:
        super()._follow_current(view)
        self.export_json_action.setEnabled(view is not None)
        self.export_pdf_action.setEnabled(view is not None and self.pdf_function is not None)
        self.export_card_action.setEnabled(view is not None and self.card_function is not None)
        self.print_action.setEnabled(view is not None and self.preview_function is not None)

    def export_json(self, path: Path | None = None) -> bool:
        view = self.current_view()
        if view is None:
            return False
        path = path or self.choose_save_path(view, "Export JSON", EXPORT_FILTER, ".export.json")
        if path is None or self._export_refused(path, "Cannot export"):
            return False
        document = view.document
        try:
            atomic_write(
                path, export_bytes(document.loaded, document.evaluation), keep_backup=False
            )
        except OSError as exc:
            show_error(self, "Cannot export", f"Cannot write {path}: {exc.strerror or exc}")
            return False
        self.statusBar().showMessage(f"Exported {path}", 5000)
        return True

    def export_pdf(self, path: Path | None = None) -> BackgroundJob | None:
        """Make the current character's PDF sheet off the UI thread and write it to
        ``path`` (asked for when None); returns the running job, None when nothing
        started."""
        return self._export_pdf_with(self.pdf_function, "Export PDF", "the PDF sheet", path)

    def export_card(self, path: Path | None = None) -> BackgroundJob | None:
        """The same for the one-page play card."""
        return self._export_pdf_with(self.card_function, "Export Play Card", "the play card", path)

    def _export_pdf_with(
        self, render: PdfRenderer | None, title: str, what: str, path: Path | None
    ) -> BackgroundJob | None:
        view = self.current_view()
        if view is None or render is None:
            return None
        if self.pdf_busy():
            return None
        path = path or self.choose_save_path(view, title, PDF_FILTER, ".pdf")
        if path is None or self._export_refused(path, f"Cannot make {what}"):
            return None
        document, evaluation = view.document.document, view.document.evaluation
        job = run_in_background(
            self,
            f"Making {what} {path.name}…",
            lambda: render(document, evaluation),
            lambda data: self._write_pdf(path, data),
            lambda error: show_error(self, f"Cannot make {what}", f"{path.name}: {error}"),
        )
        self.pdf_job = job
        job.ended.connect(self._pdf_job_ended)
        self.statusBar().showMessage(f"Making {path.name}…")
        return job

    def pdf_busy(self) -> bool:
        """A PDF is being made; says so in the status bar."""
        if self.pdf_job is None:
            return False
        self.statusBar().showMessage(
            "A PDF sheet is still being made; try again when it is done.", 5000
        )
        QApplication.beep()
        return True

    def _pdf_job_ended(self) -> None:
        self.pdf_job = None

    def _export_refused(self, path: Path, title: str) -> bool:
        """Refuse (with a message) an export onto an open character's file, by any name,
        or onto a folder, a device or a pipe, as the command line does."""
        open_files = [view.document.path for view in self.views() if view.document.path]
        problem = export_refusal(path, open_files)
        if problem is None:
            return False
        show_error(self, title, problem)
        return True

    def _write_pdf(self, path: Path, data: bytes) -> None:
        if self._export_refused(path, "Cannot export the PDF"):  # opened meanwhile
            return
        try:
            atomic_write(path, data, keep_backup=False)
        except OSError as exc:
            show_error(self, "Cannot export the PDF", f"Cannot write {path}: {exc.strerror or exc}")
            return
        self.statusBar().showMessage(f"Exported {path}", 5000)
        missing = getattr(data, "missing", ())
        if missing:
            from sheetapp.pdf.export import describe_missing

            show_error(
                self,
                "Some characters print as empty boxes",
                f"{path.name} was written, but no font of the sheet has these characters: "
                f"{describe_missing(list(missing))}. Change the text, or install a font "
                "that has them (for Chinese and Japanese: Debian's fonts-droid-fallback).",
            )

    def print_preview(self) -> None:
        view = self.current_view()
        if view is not None and self.preview_function is not None and not self.pdf_busy():
            self.preview_function(self, view.document.document, view.document.evaluation)
