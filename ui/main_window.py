"""The main window: characters in tabs, menus, docks (issues, explain, undo history,
advancement), files.

:class:`MainWindow` is the window shell — its docks, menus, layout, theme, help and the
advancement dock — over four layers, each a class in its own module with one concern:

- :class:`ui.document_tabs.DocumentTabs`: the characters' tabs and the current one;
- :class:`ui.open_actions.OpenActions`: New, New from Example, Open, Open Recent, drops;
- :class:`ui.save_actions.SaveActions`: Save, Save As, Close, autosave and recovery;
- :class:`ui.export_actions.ExportActions`: JSON, PDF, play card, print preview, Hero
  Designer files.

Each layer builds its own actions and menu entries and enables them for the current
character (``_follow_current``); the shell puts the menus together in their order.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMenu,
    QMenuBar,
    QMessageBox,
    QStackedWidget,
    QUndoView,
    QWidget,
)

from sheetapp import __version__
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import SystemRegistry
from sheetapp.editing.places import place_name
from ui.document_tabs import make_action
from ui.editor_view import EditorView
from ui.error_dialog import show_error
from ui.explain import ExplainPane
from ui.export_actions import ExportActions
from ui.help import HelpDialog, ManualViewer, shortcuts_html
from ui.issues_panel import IssuesView
from ui.save_actions import CANCEL, DISCARD, OVERWRITE, RELOAD, SAVE, SAVE_AS
from ui.screen_fit import fit_to_screen
from ui.settings import GEOMETRY, THEME, WINDOW_STATE, Settings
from ui.start_page import StartPage
from ui.theme import THEMES, apply_theme

if TYPE_CHECKING:
    from ui.advancement_dock import AdvancementPanel
    from ui.wizard import LevelUpWizard

__all__ = ["CANCEL", "DISCARD", "OVERWRITE", "RELOAD", "SAVE", "SAVE_AS", "MainWindow"]

#: a window shorter than this (in logical pixels) puts the Issues panel at the side
SHORT_WINDOW = 560
THEME_LABELS = {"system": "Follow the &System", "light": "&Light", "dark": "&Dark"}


#: each open character's issue-place namer (see MainWindow._describe_places)
_PLACE_NAMERS: weakref.WeakKeyDictionary[EditorView, Callable[[DataPath], str]] = (
    weakref.WeakKeyDictionary()
)


class MainWindow(ExportActions):
    def __init__(
        self,
        registry: SystemRegistry,
        parent: QWidget | None = None,
        settings: Settings | None = None,
        autosave_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings or Settings()
        self.setObjectName("main_window")
        self.setWindowTitle("sheetapp")
        fit_to_screen(self, 1280, 820)
        self.setAcceptDrops(True)
        self._shown_once = False
        self._build_tabs()
        self.start_page = StartPage()
        self.start_page.new_requested.connect(self.new_character)
        self.start_page.open_requested.connect(self.choose_and_open)
        self.start_page.recent_chosen.connect(self.open_in_background)
        self.central = QStackedWidget()
        self.central.addWidget(self.start_page)
        self.central.addWidget(self.tabs)
        self.setCentralWidget(self.central)
        self._build_docks()
        self._build_actions(autosave_folder)
        self._build_menus()
        self._restore_layout()
        self._current_changed()  # the start page says how to begin

    # --- building -------------------------------------------------------------------------

    def _build_docks(self) -> None:
        self.issues_view = IssuesView()
        self.issues_view.issue_activated.connect(self.show_issue)
        self.issues_dock = self._dock("Issues", "issues_dock", self.issues_view)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.issues_dock)
        self.explain = ExplainPane()
        self.explain_dock = self._dock("Explain", "explain_dock", self.explain)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.explain_dock)
        self.undo_view = QUndoView(self.undo_group)
        self.undo_view.setEmptyLabel("Opened")
        self.history_dock = self._dock("Undo History", "history_dock", self.undo_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.tabifyDockWidget(self.explain_dock, self.history_dock)
        # The ledger panel (and the advancement code behind it) is built the first time
        # the dock is shown, not at start-up.
        self._advancement_panel: AdvancementPanel | None = None
        self.advancement_dock = self._dock("Advancement", "advancement_dock", QWidget())
        self.advancement_dock.visibilityChanged.connect(self._advancement_shown)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.advancement_dock)
        self.tabifyDockWidget(self.history_dock, self.advancement_dock)
        self.explain_dock.raise_()
        self.resizeDocks([self.explain_dock], [340], Qt.Orientation.Horizontal)
        self.resizeDocks([self.issues_dock], [170], Qt.Orientation.Vertical)

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        return dock

    def _build_actions(self, autosave_folder: Path | None) -> None:
        """Each layer's actions, then the shell's own (Edit, Character, Help)."""
        self._build_open_actions()
        self._build_save_actions(autosave_folder)
        self._build_export_actions()
        self._build_tab_actions()
        keys = QKeySequence.StandardKey
        self.quit_action = make_action(self, "&Quit", self.close, keys.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence(keys.Redo))
        self.level_up_action = make_action(self, "Level &Up…", self.level_up, "Ctrl+L")
        self.manual_action = make_action(self, "User &Manual", self.show_manual, keys.HelpContents)
        self.manual_action.setObjectName("user_manual")
        self.shortcuts_action = make_action(self, "&Keyboard Shortcuts", self.show_shortcuts)
        self.shortcuts_action.setObjectName("keyboard_shortcuts")
        self.about_action = make_action(self, "&About sheetapp", self.about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

    def _build_menus(self) -> None:
        """The menu bar, in its order: File, Edit, Character, View, Help."""
        bar = self.menuBar()
        self._build_file_menu(bar)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        self.character_menu = bar.addMenu("&Character")
        self._build_view_menu(bar)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.manual_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_file_menu(self, bar: QMenuBar) -> None:
        file_menu = bar.addMenu("&File")
        file_menu.setToolTipsVisible(True)
        self._add_open_menus(file_menu)
        file_menu.addSeparator()
        self._add_save_menu(file_menu)
        file_menu.addSeparator()
        self._add_export_menu(file_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

    def _build_view_menu(self, bar: QMenuBar) -> None:
        """The docks' toggles (and Ctrl+1..3 to raise them), the steps between
        characters and tabs, and the theme."""
        view_menu = bar.addMenu("&View")
        for dock in (self.issues_dock, self.explain_dock, self.history_dock, self.advancement_dock):
            view_menu.addAction(dock.toggleViewAction())
        self.dock_actions: dict[str, QAction] = {}
        for key, dock in (
            ("Ctrl+1", self.issues_dock),
            ("Ctrl+2", self.explain_dock),
            ("Ctrl+3", self.history_dock),
        ):
            action = QAction(f"Show {dock.windowTitle()}", self)
            action.setObjectName(f"raise_{dock.objectName()}")
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, d=dock: self._toggle_dock(d))
            self.addAction(action)
            self.dock_actions[dock.objectName()] = action
        view_menu.addSeparator()
        view_menu.addActions(self.tab_actions())
        view_menu.addSeparator()
        self._build_theme_menu(view_menu.addMenu("&Theme"))

    def _build_theme_menu(self, theme_menu: QMenu) -> None:
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        current = self.settings.get(THEME)
        for theme in THEMES:
            action = QAction(THEME_LABELS[theme], self, checkable=True)
            action.setChecked(theme == current)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            self.theme_group.addAction(action)
            theme_menu.addAction(action)
            self.theme_actions[theme] = action

    def _toggle_dock(self, dock: QDockWidget) -> None:
        """A panel's shortcut raises it when it is hidden behind another panel's tab, and
        hides it only when it is the one on show (it used to hide a background tab)."""
        on_show = dock.isVisible() and not dock.visibleRegion().isEmpty()
        if on_show:
            dock.hide()
            return
        dock.show()
        dock.raise_()

    def _restore_layout(self) -> None:
        geometry = self.settings.get(GEOMETRY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.get(WINDOW_STATE)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            if self.settings.get(WINDOW_STATE).isEmpty():
                self._first_dock_layout()

    def _first_dock_layout(self) -> None:
        """The docks' first sizes, from the window's: on a short window (scale 2 on a
        laptop, 800×500) the Issues panel joins the Explain panel's tabs at the side, so
        the lists keep their rows; on a narrow one the side panels take a quarter of it."""
        if self.height() < SHORT_WINDOW:
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.issues_dock)
            self.tabifyDockWidget(self.advancement_dock, self.issues_dock)
            self.explain_dock.raise_()
        else:
            self.resizeDocks([self.issues_dock], [130], Qt.Orientation.Vertical)
        side = min(340, self.width() * 3 // 10)
        self.resizeDocks([self.explain_dock], [side], Qt.Orientation.Horizontal)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._settle_all():
            event.ignore()
            return
        self.settings.set(GEOMETRY, self.saveGeometry())
        self.settings.set(WINDOW_STATE, self.saveState())
        self.settings.flush()
        event.accept()

    # --- following the current character ---------------------------------------------------------

    def _follow_current(self, view: EditorView | None) -> None:
        super()._follow_current(view)
        self._show_start_page_when_empty()
        self._refresh_docks()
        self.character_menu.clear()
        if view is not None:
            for action in view.page.edit_actions():
                self.character_menu.addAction(action)
            if view.play_action is not None:
                self.character_menu.addAction(view.play_action)
            self.character_menu.addSeparator()
        self.character_menu.addAction(self.level_up_action)
        self.level_up_action.setEnabled(
            view is not None and _declares_advancement(view.document.system)
        )
        self.character_menu.setEnabled(view is not None)

    def _show_start_page_when_empty(self) -> None:
        empty = self.tabs.count() == 0
        if empty:
            self.start_page.set_recent(self.settings.recent_files())
        self.central.setCurrentWidget(self.start_page if empty else self.tabs)

    def _show_selection(self, view: EditorView) -> None:
        self.explain.show_explanation(view.document.evaluation, view.selected_path)

    def _describe_places(self, view: EditorView | None) -> Callable[[DataPath], str] | None:
        """Names issue places in the window's words for ``view``'s character (one
        function per view, so the Issues panel re-reads names only on a switch)."""
        if view is None:
            return None
        describe = _PLACE_NAMERS.get(view)
        if describe is None:
            document = view.document

            def describe(path: DataPath) -> str:
                return place_name(document.system, document.document, path)

            _PLACE_NAMERS[view] = describe
        return describe

    def _refresh_docks(self) -> None:
        view = self.current_view()
        evaluation = view.document.evaluation if view else None
        self.issues_view.set_evaluation(evaluation, self._describe_places(view))
        if self._advancement_panel is not None:
            self._advancement_panel.set_document(view.document if view else None)
        self.explain.show_explanation(evaluation, view.selected_path if view else None)
        count = len(evaluation.issues) if evaluation else 0
        self.issues_dock.setWindowTitle(f"Issues ({count})" if count else "Issues")

    def show_issue(self, issue: Issue) -> bool:
        view = self.current_view()
        if view is None:
            return False
        shown = view.select_path(issue.path)
        if not shown:
            self.statusBar().showMessage(issue.message, 8000)
        return shown

    # --- advancement -------------------------------------------------------------------------

    @property
    def advancement(self) -> AdvancementPanel:
        """The Advancement dock's ledger panel, built on first use."""
        if self._advancement_panel is None:
            from ui import advancement_dock

            panel = advancement_dock.AdvancementPanel()
            panel.level_up_requested.connect(self.level_up)
            panel.open_requested.connect(
                lambda loaded, caption: self.add_document(loaded, None, caption=caption)
            )
            self.advancement_dock.setWidget(panel)
            view = self.current_view()
            panel.set_document(view.document if view else None)
            self._advancement_panel = panel
        return self._advancement_panel

    def _advancement_shown(self, shown: bool) -> None:
        if shown or self._advancement_panel is not None:
            self.advancement.set_shown(shown)

    def level_up(self) -> LevelUpWizard | None:
        """Open the level-up wizard on the current character (window-modal, not blocking)."""
        view = self.current_view()
        if view is None or not _declares_advancement(view.document.system):
            return None
        try:
            from ui import wizard as level_up_wizard

            wizard = level_up_wizard.LevelUpWizard(view.document, self)
        except ValueError as exc:
            show_error(self, "Cannot level up", str(exc))
            return None
        wizard.finished.connect(wizard.deleteLater)
        wizard.open()
        return wizard

    # --- view ------------------------------------------------------------------------------------

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        self.settings.set(THEME, theme)
        if theme in self.theme_actions:
            self.theme_actions[theme].setChecked(True)
        self._refresh_docks()

    def show_manual(self) -> ManualViewer:
        dialog = ManualViewer(self)
        dialog.show()
        return dialog

    def show_shortcuts(self) -> HelpDialog:
        dialog = HelpDialog("Keyboard Shortcuts", self)
        dialog.text.setHtml(shortcuts_html(self.findChildren(QAction)))
        dialog.show()
        return dialog

    def about(self) -> None:
        systems = "\n".join(f"• {s.name} ({s.id})" for s in self.registry)
        QMessageBox.about(
            self,
            "About sheetapp",
            f"sheetapp {__version__}\nOffline character sheets with live rules.\n\n"
            f"Installed systems:\n{systems}",
        )

    # --- drag and drop of files ---------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        opened = self.open_urls(event.mimeData().urls())
        if opened:
            event.acceptProposedAction()


def _declares_advancement(system: object) -> bool:
    """Whether the system has advancement rules, without loading them (they load with
    the first level-up, not at start-up)."""
    return inspect.getattr_static(system, "advancement", None) is not None
