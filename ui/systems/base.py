"""What every system page offers the window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget

from sheetapp.core.issues import DataPath
from ui.document import EditorDocument
from ui.tables.views import window_action


class SystemPage(QWidget):
    """The system-specific part of a document tab.

    ``path_selected`` tells the window which item is current (the Explain pane follows
    it); :meth:`select_path` is how the issues panel jumps to an offending cell.
    """

    path_selected = Signal(object)  # DataPath

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document

    def select_path(self, path: DataPath) -> bool:
        """Select and show the cell for ``path``; False when this page has no such place."""
        return False

    def tab_host(self) -> QTabWidget | None:
        """The page's own tab widget, where the window adds its shared tabs (Campaign and
        Notes); None to let the window wrap the page in one."""
        return None

    def _action(
        self, text: str, slot: Callable[[], object], shortcut: QKeySequence | str | None = None
    ) -> QAction:
        """A page action; its shortcut works anywhere in the window while the page shows."""
        if isinstance(shortcut, QKeySequence):
            shortcut = shortcut.toString()
        return window_action(self, text, slot, shortcut)

    def edit_actions(self) -> list[QAction]:
        """Actions for the window's Character menu (add, remove, reorder...)."""
        return []
