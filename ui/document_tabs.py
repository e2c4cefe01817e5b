"""The main window's open characters: one tab each, the current one followed.

The lowest layer of :class:`ui.main_window.MainWindow` (see its docstring for the
others): the tab widget, its undo stacks, the tab titles, stepping between characters and
between a character's own tabs. What else follows the current character (the menus, the
actions, the docks) is added by the layers above through :meth:`DocumentTabs._follow_current`
and :meth:`DocumentTabs._refresh_docks`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QMainWindow

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.storage.files import LoadedDocument
from ui.document import EditorDocument
from ui.editor_view import EditorView
from ui.quiet_tabs import QuietTabWidget


def make_action(
    parent: QMainWindow,
    text: str,
    slot: Callable[[], object],
    key: QKeySequence.StandardKey | str | None = None,
) -> QAction:
    """A window action calling ``slot`` (without Qt's ``checked`` argument)."""
    action = QAction(text, parent)
    if key is not None:
        action.setShortcut(QKeySequence(key))
    action.triggered.connect(lambda _checked=False: slot())
    return action


class DocumentTabs(QMainWindow):
    """The characters' tab widget and the current character."""

    def _build_tabs(self) -> None:
        self.undo_group = QUndoGroup(self)
        self.tabs = QuietTabWidget()
        self.tabs.setObjectName("documents")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        # Many open characters scroll their tabs instead of widening the window.
        self.tabs.setUsesScrollButtons(True)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        self.tabs.currentChanged.connect(self._current_changed)

    def _build_tab_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.next_tab_action = make_action(
            self, "Next Character", lambda: self._step_tab(1), keys.NextChild
        )
        self.previous_tab_action = make_action(
            self, "Previous Character", lambda: self._step_tab(-1), keys.PreviousChild
        )
        # Ctrl+Shift+Tab on every platform (some give PreviousChild only as Ctrl+Shift+Backtab)
        previous = [*self.previous_tab_action.shortcuts()]
        for extra in ("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab"):
            sequence = QKeySequence(extra)
            if sequence not in previous:
                previous.append(sequence)
        self.previous_tab_action.setShortcuts(previous)
        # The character's own tabs (Role & Story, Attributes...): a combo box or a table
        # with the focus eats Ctrl+PageDown before the tab widget sees it, so the window
        # steps them, from any field.
        self.next_page_action = make_action(
            self, "Next Tab", lambda: self._step_page_tab(1), "Ctrl+PgDown"
        )
        self.previous_page_action = make_action(
            self, "Previous Tab", lambda: self._step_page_tab(-1), "Ctrl+PgUp"
        )

    def tab_actions(self) -> list[QAction]:
        """The View menu's steps between characters and between a character's tabs."""
        return [
            self.next_tab_action,
            self.previous_tab_action,
            self.next_page_action,
            self.previous_page_action,
        ]

    # --- the open characters ----------------------------------------------------------------

    def views(self) -> list[EditorView]:
        found = []
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            if isinstance(widget, EditorView):
                found.append(widget)
        return found

    def documents(self) -> list[EditorDocument]:
        return [view.document for view in self.views()]

    def current_view(self) -> EditorView | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, EditorView) else None

    def add_document(
        self,
        loaded: LoadedDocument,
        path: Path | None,
        *,
        dirty: bool = False,
        evaluation: Evaluation | None = None,
        caption: str = "",
    ) -> EditorView:
        document = EditorDocument(loaded, path, evaluation=evaluation)
        document.caption = caption
        view = EditorView(document)
        document.setParent(view)  # the document lives and dies with its tab
        self.undo_group.addStack(document.undo_stack)
        index = self.tabs.addTab(view, document.title)
        # Bound methods (not lambdas): Qt disconnects them when the window goes away.
        document.undo_stack.cleanChanged.connect(self._clean_changed)
        document.changed.connect(self._document_changed)
        document.edit_refused.connect(self._refused)
        document.path_changed.connect(self._update_titles)
        view.selection_changed.connect(self._selection_changed)
        if dirty:
            document.undo_stack.resetClean()
        self.tabs.setCurrentIndex(index)
        self._update_titles()
        return view

    def _refused(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)
        QApplication.beep()

    # --- following the current character ----------------------------------------------------

    def _current_changed(self, _index: int = -1) -> None:
        view = self.current_view()
        if view is not None:
            self.undo_group.setActiveStack(view.document.undo_stack)
        self._update_titles()
        self._follow_current(view)

    def _follow_current(self, view: EditorView | None) -> None:
        """What follows the current character besides its undo stack and the titles:
        each layer above enables its actions (and calls this first)."""

    def _refresh_docks(self) -> None:
        """Show the current character's evaluation in the docks (the window has them)."""

    def _show_selection(self, view: EditorView) -> None:
        """Explain the current character's selected place (the window has the pane)."""

    def _clean_changed(self, _clean: bool) -> None:
        self._update_titles()

    def _document_changed(self, _changes: object) -> None:
        view = self.current_view()
        if view is not None and self.sender() is view.document:
            self._refresh_docks()

    def _selection_changed(self, _path: DataPath | None) -> None:
        view = self.current_view()
        if view is not None and self.sender() is view:
            self._show_selection(view)

    def _update_titles(self) -> None:
        views = [self.tabs.widget(i) for i in range(self.tabs.count())]
        titles = [v.title for v in views if isinstance(v, EditorView)]
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            if isinstance(widget, EditorView):
                star = "*" if widget.document.dirty else ""
                title = widget.title
                # two tabs of one name (a character and its export) say which file
                if titles.count(title) > 1 and widget.document.path is not None:
                    title = f"{title} ({widget.document.path.name})"
                self.tabs.setTabText(index, f"{title}{star}")
                where = str(widget.document.path) if widget.document.path else "not saved yet"
                self.tabs.setTabToolTip(index, f"{widget.document.system.name} — {where}")
        view = self.current_view()
        if view is None:
            self.setWindowTitle("sheetapp")
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{view.title}[*] — sheetapp")
        self.setWindowModified(view.document.dirty)

    def _step_tab(self, step: int) -> None:
        if self.tabs.count():
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % self.tabs.count())

    def _step_page_tab(self, step: int) -> None:
        """The current character's next or previous tab; the focus goes to its tab bar
        (Tab then enters the tab, Left and Right go on stepping)."""
        view = self.current_view()
        if view is None or not view.tabs.count():
            return
        tabs = view.tabs
        tabs.setCurrentIndex((tabs.currentIndex() + step) % tabs.count())
        tabs.tabBar().setFocus(Qt.FocusReason.ShortcutFocusReason)
