"""The main window: open characters in tabs."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QTabWidget, QWidget

from sheetapp import __version__
from sheetapp.core.system import SystemRegistry
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import load_document
from ui.document_view import DocumentView
from ui.errors import show_error

FILE_FILTER = "Character files (*.json *.sheet.json);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, registry: SystemRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.setWindowTitle(f"sheetapp {__version__}")
        self.resize(1100, 750)
        self.tabs = QTabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._update_title)
        self.setCentralWidget(self.tabs)
        self._build_menus()
        self.statusBar().showMessage("Open a character with File ▸ Open (Ctrl+O).")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction(
            "&Open…", self, shortcut=QKeySequence(QKeySequence.StandardKey.Open)
        )
        self.open_action.triggered.connect(self.choose_and_open)
        close = QAction("&Close", self, shortcut=QKeySequence(QKeySequence.StandardKey.Close))
        close.triggered.connect(lambda: self.close_tab(self.tabs.currentIndex()))
        quit_action = QAction("&Quit", self, shortcut=QKeySequence(QKeySequence.StandardKey.Quit))
        quit_action.triggered.connect(self.close)
        for action in (self.open_action, close, quit_action):
            file_menu.addAction(action)

    def choose_and_open(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open character", "", FILE_FILTER)
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> DocumentView | None:
        try:
            loaded = load_document(path, self.registry)
        except CharacterFileError as exc:
            show_error(self, "Cannot open the character", exc.user_message())
            return None
        view = DocumentView(loaded, path)
        index = self.tabs.addTab(view, view.title)
        self.tabs.setTabToolTip(index, str(path))
        self.tabs.setCurrentIndex(index)
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return view

    def close_tab(self, index: int) -> None:
        if index < 0:
            return
        widget = self.tabs.widget(index)
        self.tabs.removeTab(index)
        if widget is not None:
            widget.deleteLater()

    def current_view(self) -> DocumentView | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentView) else None

    def _update_title(self) -> None:
        view = self.current_view()
        suffix = f" — {view.title}" if view else ""
        self.setWindowTitle(f"sheetapp {__version__}{suffix}")
