"""File ▸ Import ▸ Hero Designer character… and File ▸ Export ▸ Hero Designer character:
X-Men HERO characters in and out of Hero Designer's ``.hdc`` files. The domain work
(the safe reader, the mapping report, the export) is in
``sheetapp.systems.hero_xmen.hdc``, imported on first use so the window starts without it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ui.error_dialog import show_error
from ui.settings import LAST_FOLDER

if TYPE_CHECKING:
    from ui.editor_view import EditorView
    from ui.save_actions import SaveActions

HDC_FILTER = "Hero Designer characters (*.hdc);;All files (*)"
HDC_SYSTEM = "hero-xmen"


class HdcReportDialog(QDialog):
    """The mapping report of an import: everything that did not map as it was."""

    def __init__(self, title: str, summary: str, text: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("hdc_report")
        layout = QVBoxLayout(self)
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        self.text.setMinimumSize(560, 320)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def install_hdc_menus(window: SaveActions, file_menu: QMenu) -> None:
    """Add the Import and Export submenus to the File menu."""
    import_menu = file_menu.addMenu("&Import")
    action = import_menu.addAction("&Hero Designer character…")
    action.setObjectName("import_hdc")
    action.setToolTip(
        "Open a Hero Designer 5th Edition character (.hdc) as an X-Men HERO character, with "
        "a report of everything the house rules changed"
    )
    action.triggered.connect(lambda _checked=False: import_hdc(window))
    export_menu = file_menu.addMenu("E&xport")
    action = export_menu.addAction("&Hero Designer character (.hdc)…")
    action.setObjectName("export_hdc")
    action.setToolTip(
        "Write the X-Men HERO character as a Hero Designer file for the virtual table"
    )
    action.triggered.connect(lambda _checked=False: export_hdc(window))


def choose_hdc_file(window: SaveActions) -> Path | None:
    """Ask which ``.hdc`` file to import (tests replace this function)."""
    name, _ = QFileDialog.getOpenFileName(
        window, "Import a Hero Designer character", window.settings.get(LAST_FOLDER), HDC_FILTER
    )
    return Path(name) if name else None


def import_hdc(window: SaveActions, path: Path | None = None) -> EditorView | None:
    """Read ``path`` (asked for when None) into a new, unsaved tab and show the report."""
    from sheetapp.storage.files import LoadedDocument
    from sheetapp.systems.hero_xmen.hdc.files import read_hdc
    from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError

    path = path or choose_hdc_file(window)
    if path is None:
        return None
    try:
        document, report = read_hdc(path)
    except HdcError as exc:
        show_error(window, "Cannot import the character", f"{path.name}: {exc}")
        return None
    loaded = LoadedDocument(document, window.registry.get(HDC_SYSTEM))
    view = window.add_document(loaded, None, dirty=True)
    window.settings.set(LAST_FOLDER, str(path.parent))
    changed = len(report.entries)
    summary = f"{path.name} was imported as an unsaved character: save it to keep it. " + (
        f"{changed} element(s) did not map as they were; each is listed below with what was done."
        if changed
        else "Everything mapped as it was."
    )
    dialog = HdcReportDialog("Hero Designer import report", summary, report.text(), window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    window.statusBar().showMessage(f"Imported {path.name}", 8000)
    return view


def export_hdc(window: SaveActions, path: Path | None = None) -> bool:
    """Write the current character as a Hero Designer file (where: asked for when None)."""
    from sheetapp.storage.atomic import atomic_write
    from sheetapp.storage.targets import export_refusal
    from sheetapp.systems.hero_xmen.hdc.files import hdc_bytes
    from sheetapp.systems.hero_xmen.hdc.safe_xml import HdcError

    view = window.current_view()
    if view is None:
        return False
    try:
        data = hdc_bytes(view.document.document)
    except HdcError as exc:
        show_error(window, "Cannot export to Hero Designer", str(exc).capitalize() + ".")
        return False
    path = path or window.choose_save_path(view, "Export to Hero Designer", HDC_FILTER, ".hdc")
    if path is None:
        return False
    open_files = [other.document.path for other in window.views() if other.document.path]
    problem = export_refusal(path, open_files)  # never over a character, a folder, a device
    if problem is not None:
        show_error(window, "Cannot export to Hero Designer", problem)
        return False
    try:
        atomic_write(path, data, keep_backup=False)
    except OSError as exc:
        show_error(window, "Cannot export", f"Cannot write {path}: {exc.strerror or exc}")
        return False
    window.statusBar().showMessage(f"Exported {path}", 5000)
    return True
