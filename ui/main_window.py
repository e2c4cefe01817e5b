"""The main window: characters in tabs, menus, docks (issues, explain, undo history,
advancement), files."""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QUrl
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QUndoView,
    QWidget,
)

from sheetapp import __version__
from sheetapp.core.catalog import CatalogError
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.system import SystemLoadError, SystemRegistry
from sheetapp.editing.autosave import (
    claim_autosave,
    discard_autosave,
    orphaned_autosaves,
    recover,
)
from sheetapp.editing.places import place_name
from sheetapp.startup import thaw_collector
from sheetapp.storage.atomic import atomic_write
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.examples import list_examples, load_example
from sheetapp.storage.files import LoadedDocument, load_document, save_document
from sheetapp.storage.fingerprint import Fingerprint, changed_since, fingerprint
from sheetapp.storage.locking import locked
from sheetapp.storage.portable import export_bytes
from sheetapp.storage.targets import export_refusal
from ui.autosave import Autosaver
from ui.background import BackgroundJob, run_in_background
from ui.document import EditorDocument
from ui.editor_view import EditorView
from ui.error_dialog import report_exception, show_error
from ui.explain import ExplainPane
from ui.hdc_actions import install_hdc_menus
from ui.help import HelpDialog, ManualViewer, shortcuts_html
from ui.issues_panel import IssuesView
from ui.new_dialog import NewCharacterDialog
from ui.output_actions import UNAVAILABLE, PdfRenderer, pdf_renderer, print_preview_function
from ui.quiet_tabs import QuietTabWidget
from ui.recovery import RecoveryDialog
from ui.screen_fit import fit_to_screen
from ui.settings import GEOMETRY, LAST_FOLDER, LAST_SYSTEM, THEME, WINDOW_STATE, Settings
from ui.start_page import StartPage
from ui.theme import THEMES, apply_theme

if TYPE_CHECKING:
    from ui.advancement_dock import AdvancementPanel
    from ui.wizard import LevelUpWizard

FILE_FILTER = "Character files (*.json);;All files (*)"
EXPORT_FILTER = "Portable JSON export (*.json)"
PDF_FILTER = "PDF files (*.pdf)"
#: a window shorter than this (in logical pixels) puts the Issues panel at the side
SHORT_WINDOW = 560
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
RELOAD, OVERWRITE, SAVE_AS = "reload", "overwrite", "save as"


def _shortcut(action: QAction, key: QKeySequence.StandardKey | str) -> QAction:
    action.setShortcut(QKeySequence(key))
    return action


#: each open character's issue-place namer (see MainWindow._describe_places)
_PLACE_NAMERS: weakref.WeakKeyDictionary[EditorView, Callable[[DataPath], str]] = (
    weakref.WeakKeyDictionary()
)


class MainWindow(QMainWindow):
    def __init__(
        self,
        registry: SystemRegistry,
        parent: QWidget | None = None,
        settings: Settings | None = None,
        autosave_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.examples_filled = False
        self.settings = settings or Settings()
        self.setObjectName("main_window")
        self.setWindowTitle("sheetapp")
        fit_to_screen(self, 1280, 820)
        self.setAcceptDrops(True)
        self._shown_once = False
        self.undo_group = QUndoGroup(self)
        self.tabs = QuietTabWidget()
        self.tabs.setObjectName("documents")
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        # Many open characters scroll their tabs instead of widening the window.
        self.tabs.setUsesScrollButtons(True)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._current_changed)
        self.start_page = StartPage()
        self.start_page.new_requested.connect(self.new_character)
        self.start_page.open_requested.connect(self.choose_and_open)
        self.start_page.recent_chosen.connect(self.open_in_background)
        self.central = QStackedWidget()
        self.central.addWidget(self.start_page)
        self.central.addWidget(self.tabs)
        self.setCentralWidget(self.central)
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self.autosaver = Autosaver(self.documents, autosave_folder, parent=self)
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

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        key: QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if key is not None:
            _shortcut(action, key)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action("&New…", self.new_character, keys.New)
        self.open_action = self._action("&Open…", self.choose_and_open, keys.Open)
        self.save_action = self._action("&Save", self.save_current, keys.Save)
        self.save_as_action = self._action("Save &As…", self.save_current_as, keys.SaveAs)
        self.export_json_action = self._action("Export &JSON…", self.export_json, "Ctrl+E")
        self.export_pdf_action = self._action("Export &PDF…", self.export_pdf, "Ctrl+Shift+E")
        self.export_card_action = self._action("Export Play Car&d…", self.export_card, "Ctrl+Alt+E")
        self.export_card_action.setToolTip(
            "A one-page card to play from: combat values and attacks first; what does not "
            "fit is named on the card"
        )
        self.print_action = self._action("Print Pre&view…", self.print_preview, keys.Print)
        self.close_action = self._action(
            "&Close", lambda: self.close_tab(self.tabs.currentIndex()), keys.Close
        )
        self.quit_action = self._action("&Quit", self.close, keys.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence(keys.Redo))
        self.next_tab_action = self._action(
            "Next Character", lambda: self._step_tab(1), keys.NextChild
        )
        self.previous_tab_action = self._action(
            "Previous Character", lambda: self._step_tab(-1), keys.PreviousChild
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
        self.next_page_action = self._action(
            "Next Tab", lambda: self._step_page_tab(1), "Ctrl+PgDown"
        )
        self.previous_page_action = self._action(
            "Previous Tab", lambda: self._step_page_tab(-1), "Ctrl+PgUp"
        )
        self.level_up_action = self._action("Level &Up…", self.level_up, "Ctrl+L")
        self.manual_action = _shortcut(
            self._action("User &Manual", self.show_manual), QKeySequence.StandardKey.HelpContents
        )
        self.manual_action.setObjectName("user_manual")
        self.shortcuts_action = self._action("&Keyboard Shortcuts", self.show_shortcuts)
        self.shortcuts_action.setObjectName("keyboard_shortcuts")
        self.about_action = self._action("&About sheetapp", self.about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.preview_function = print_preview_function()
        self.pdf_function = pdf_renderer()
        self.card_function = pdf_renderer(card=True)
        #: the PDF being made off the UI thread (one at a time: reportlab keeps global state)
        self.pdf_job: BackgroundJob | None = None
        #: the files being opened in the background
        self._opening: set[Path] = set()
        if self.preview_function is None:
            self.print_action.setToolTip(UNAVAILABLE)
        if self.pdf_function is None:
            self.export_pdf_action.setToolTip(UNAVAILABLE)
            self.export_card_action.setToolTip(UNAVAILABLE)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.setToolTipsVisible(True)
        file_menu.addAction(self.new_action)
        self.examples_menu = file_menu.addMenu("New from &Example")
        # Filled when first opened: listing the examples loads every system's plug-in,
        # which the start-up with one character does not need.
        self.examples_menu.aboutToShow.connect(self._fill_examples)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()
        file_menu.addSeparator()
        for action in (self.save_action, self.save_as_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        for action in (
            self.export_json_action,
            self.export_pdf_action,
            self.export_card_action,
            self.print_action,
        ):
            file_menu.addAction(action)
        install_hdc_menus(self, file_menu)  # Hero Designer files (X-Men HERO)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        self.character_menu = bar.addMenu("&Character")
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
        view_menu.addActions(
            [
                self.next_tab_action,
                self.previous_tab_action,
                self.next_page_action,
                self.previous_page_action,
            ]
        )
        view_menu.addSeparator()
        theme_menu = view_menu.addMenu("&Theme")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        current = self.settings.get(THEME)
        for theme in THEMES:
            label = {"system": "Follow the &System", "light": "&Light", "dark": "&Dark"}[theme]
            action = QAction(label, self, checkable=True)
            action.setChecked(theme == current)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            self.theme_group.addAction(action)
            theme_menu.addAction(action)
            self.theme_actions[theme] = action
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.manual_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _fill_examples(self) -> None:
        if self.examples_filled:
            return
        self.examples_filled = True
        for system_id in self.registry.ids():
            try:
                system = self.registry.get(system_id)
                examples = list_examples(system.id, self.registry)
            except CharacterFileError as exc:
                show_error(self, "A shipped example is broken", exc.user_message())
                continue
            except (CatalogError, SystemLoadError) as exc:
                show_error(self, "A game system cannot be loaded", str(exc))
                continue
            for example in examples:
                action = self.examples_menu.addAction(f"{example.name} ({system.name})")
                action.setToolTip(example.description)
                action.triggered.connect(
                    lambda _c=False, s=system.id, e=example.id: self.new_from_example(s, e)
                )
        if self.examples_menu.isEmpty():
            self.examples_menu.addAction("(no examples installed)").setEnabled(False)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for number, path in enumerate(recent, start=1):
            action = self.recent_menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _c=False, p=path: self.open_in_background(p))
        if recent:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("Clear List")
            clear.triggered.connect(self._clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def _show_start_page_when_empty(self) -> None:
        empty = self.tabs.count() == 0
        if empty:
            self.start_page.set_recent(self.settings.recent_files())
        self.central.setCurrentWidget(self.start_page if empty else self.tabs)

    def _toggle_dock(self, dock: QDockWidget) -> None:
        """A panel's shortcut raises it when it is hidden behind another panel's tab, and
        hides it only when it is the one on show (it used to hide a background tab)."""
        on_show = dock.isVisible() and not dock.visibleRegion().isEmpty()
        if on_show:
            dock.hide()
            return
        dock.show()
        dock.raise_()

    def _remember_recent(self, path: Path) -> None:
        """Add ``path`` to Open Recent now (a disabled menu never asks to be filled, so
        it stayed greyed until a restart)."""
        self.settings.add_recent(path)
        self._fill_recent()

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._fill_recent()

    def _restore_layout(self) -> None:
        geometry = self.settings.get(GEOMETRY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.get(WINDOW_STATE)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    # --- documents ----------------------------------------------------------------------------

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

    def open_path(self, path: Path) -> EditorView | None:
        """Open a character now, on this thread (start-up, tests); the menus, the
        recent files and drag and drop use :meth:`open_in_background`."""
        path = Path(path)
        view = self._already_open(path)
        if view is not None:
            return view
        try:
            loaded = load_document(path, self.registry)
        except Exception as exc:
            if self._report_open_error(path, exc):
                return None
            raise
        return self._opened(path, loaded, None)

    def open_in_background(self, path: Path) -> BackgroundJob | None:
        """Read, check and evaluate a character off the UI thread (a large one takes
        more than a blink), then show it; None when it is open already (it is shown)."""
        path = Path(path)
        if self._already_open(path) is not None:
            return None
        key = _file_key(path)
        if key in self._opening:  # asked twice before the first open ended
            return None
        registry = self.registry

        def work() -> tuple[LoadedDocument, Evaluation]:
            loaded = load_document(path, registry)
            return loaded, loaded.system.evaluate(loaded.document)

        def done(result: tuple[LoadedDocument, Evaluation]) -> None:
            self._opened(path, *result)

        def failed(error: BaseException) -> None:
            if not self._report_open_error(path, error):
                report_exception(type(error), error, error.__traceback__)

        job = run_in_background(self, f"Opening {path.name}…", work, done, failed)
        self._opening.add(key)
        job.ended.connect(lambda: self._opening.discard(key))
        return job

    def _already_open(self, path: Path) -> EditorView | None:
        for view in self.views():
            if view.document.path is not None and _same_file(view.document.path, path):
                self.tabs.setCurrentWidget(view)
                return view
        return None

    def _report_open_error(self, path: Path, error: BaseException) -> bool:
        """Tell the user why ``path`` cannot be opened; False for an unexpected error."""
        if isinstance(error, CharacterFileError):
            show_error(self, "Cannot open the character", error.user_message())
        elif isinstance(error, CatalogError | SystemLoadError):  # its system's plug-in is broken
            show_error(self, "Cannot open the character", f"{path.name}: {error}")
        else:
            return False
        return True

    def _opened(
        self, path: Path, loaded: LoadedDocument, evaluation: Evaluation | None
    ) -> EditorView:
        is_export = _is_export(path)
        view = self.add_document(loaded, None if is_export else path, evaluation=evaluation)
        if is_export:
            self.statusBar().showMessage(
                f"Imported {path.name}; save it as a character file to keep it.", 8000
            )
        else:
            self._remember_recent(path)
            self.statusBar().showMessage(f"Opened {path}", 5000)
        self.settings.set(LAST_FOLDER, str(path.parent))
        return view

    def choose_and_open(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self, "Open character", self.settings.get(LAST_FOLDER), FILE_FILTER
        )
        for name in names:
            self.open_in_background(Path(name))

    def new_character(self) -> EditorView | None:
        try:
            dialog = NewCharacterDialog(self.registry, self)
        except (CatalogError, SystemLoadError) as exc:
            show_error(self, "A game system cannot be loaded", str(exc))
            return None
        dialog.select_system(str(self.settings.get(LAST_SYSTEM) or ""))
        if not dialog.exec():
            return None
        self.settings.set(LAST_SYSTEM, dialog.system.id)
        return self.create_from_dialog(dialog)

    def create_from_dialog(self, dialog: NewCharacterDialog) -> EditorView | None:
        try:
            document = dialog.create_document()
        except ValueError as exc:
            show_error(self, "Cannot create the character", str(exc))
            return None
        view = self.add_document(LoadedDocument(document, dialog.system), None)
        view.header.focus_field("concept")
        return view

    def new_from_example(self, system_id: str, example_id: str) -> EditorView | None:
        try:
            loaded = load_example(system_id, example_id, self.registry)
        except (CharacterFileError, LookupError, CatalogError, SystemLoadError) as exc:
            show_error(self, "Cannot open the example", str(exc))
            return None
        return self.add_document(loaded, None)

    # --- saving -------------------------------------------------------------------------------

    def choose_save_path(
        self, view: EditorView, title: str, filter_: str, suffix: str
    ) -> Path | None:
        """Ask where to write (tests replace this method)."""
        folder = Path(self.settings.get(LAST_FOLDER) or Path.home())
        base = view.document.path.stem if view.document.path else _file_stem(view.title)
        name, _ = QFileDialog.getSaveFileName(self, title, str(folder / f"{base}{suffix}"), filter_)
        return Path(name) if name else None

    def save_view(self, view: EditorView, path: Path | None = None) -> bool:
        document = view.document
        target = path or document.path
        if target is None:
            target = self.choose_save_path(view, "Save character", FILE_FILTER, ".json")
            if target is None:
                return False
        # The file as the window last read or wrote it (or as the user was last told
        # it is): anything else on disk is another program's change.
        seen = document.on_disk
        while True:
            changed = False
            now: Fingerprint | None = None
            try:
                # The lock first, then the check, then the write: a change another
                # program makes in between waits for the lock instead of being overwritten.
                with locked(target) if target.is_file() else nullcontext():
                    if target == document.path and changed_since(target, seen):
                        changed, now = True, fingerprint(target)
                    else:
                        save_document(document.document, target)
            except OSError as exc:
                show_error(self, "Cannot save", f"Cannot save to {target}: {exc.strerror or exc}")
                return False
            if not changed:
                break
            # Asked without the lock (the answer may take minutes); overwrite means the
            # version the user was told about: a change after that is asked about again.
            answer = self.ask_changed_on_disk(view)
            if answer == RELOAD:
                return self.reload_view(view)
            if answer == SAVE_AS:
                return self.save_current_as() if view is self.current_view() else False
            if answer != OVERWRITE:
                return False
            seen = now
        document.set_path(target)
        document.undo_stack.setClean()
        self.autosaver.discard(document)
        self._remember_recent(target)
        self.settings.set(LAST_FOLDER, str(target.parent))
        self.statusBar().showMessage(f"Saved {target}", 5000)
        self._update_titles()
        return True

    def save_current(self) -> bool:
        view = self.current_view()
        return self.save_view(view) if view else False

    def save_current_as(self) -> bool:
        view = self.current_view()
        if view is None:
            return False
        path = self.choose_save_path(view, "Save character as", FILE_FILTER, ".json")
        return self.save_view(view, path) if path else False

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

    # --- closing ------------------------------------------------------------------------------

    def ask_changed_on_disk(self, view: EditorView) -> str:
        """Reload, overwrite, save as or cancel when the file changed since it was opened
        (tests replace this method)."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Changed by another program")
        box.setText(f"{view.document.path} was changed by another program since you opened it.")
        box.setInformativeText(
            "Reload it (your unsaved changes are lost), overwrite it with your version (its "
            "changes are lost), or save your version under another name."
        )
        reload = box.addButton("Reload", QMessageBox.ButtonRole.DestructiveRole)
        overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.AcceptRole)
        save_as = box.addButton("Save As…", QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save_as)
        box.exec()
        clicked = box.clickedButton()
        if clicked is reload:
            return RELOAD
        if clicked is overwrite:
            return OVERWRITE
        if clicked is save_as:
            return SAVE_AS
        return CANCEL

    def reload_view(self, view: EditorView) -> bool:
        """Replace a tab's character with the file as it is now (its edits are dropped)."""
        path = view.document.path
        if path is None:
            return False
        index = self.tabs.indexOf(view)
        try:
            loaded = load_document(path, self.registry)
        except Exception as exc:
            if self._report_open_error(path, exc):
                return False
            raise
        view.document.undo_stack.setClean()  # nothing to ask: the user chose to reload
        self.close_tab(index)
        self._opened(path, loaded, None)
        return True

    def ask_save(self, view: EditorView) -> str:
        """Save, discard or cancel for a dirty document (tests replace this method)."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to {view.title} before closing?")
        box.setInformativeText("If you don't save, your changes will be lost.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return DISCARD
        return CANCEL

    def _settle(self, view: EditorView) -> bool:
        """True when the view may close (saved, discarded or clean)."""
        if not view.document.dirty:
            return True
        self.tabs.setCurrentWidget(view)
        answer = self.ask_save(view)
        if answer == SAVE:
            return self.save_view(view)
        return answer == DISCARD

    def close_tab(self, index: int) -> bool:
        widget = self.tabs.widget(index)
        if not isinstance(widget, EditorView):
            return False
        if not self._settle(widget):
            return False
        self.autosaver.discard(widget.document)
        self.undo_group.removeStack(widget.document.undo_stack)
        self.tabs.removeTab(self.tabs.indexOf(widget))
        widget.deleteLater()
        thaw_collector()  # a character opened at start-up was frozen with it
        self._current_changed()
        return True

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
        self.autosaver.save_all()
        for view in self.views():
            if not self._settle(view):
                event.ignore()
                return
        for view in self.views():
            self.autosaver.discard(view.document)
        self.settings.set(GEOMETRY, self.saveGeometry())
        self.settings.set(WINDOW_STATE, self.saveState())
        self.settings.flush()
        event.accept()

    # --- recovery -------------------------------------------------------------------------------

    def offer_recovery(self, ask: Callable[[RecoveryDialog], bool] | None = None) -> int:
        """Offer the autosaves a crashed session left; returns how many were recovered.
        Each is claimed first, so another sheetapp starting meanwhile does not offer it too."""
        found = orphaned_autosaves(self.autosaver.folder)
        records = [claimed for record in found if (claimed := claim_autosave(record)) is not None]
        if not records:
            return 0
        dialog = RecoveryDialog(records, self)
        accepted = ask(dialog) if ask else bool(dialog.exec())
        if not accepted:
            return 0
        keep, drop = dialog.chosen()
        recovered = 0
        for record in keep:
            try:
                loaded = recover(record, self.registry)
            except CharacterFileError as exc:
                show_error(self, "Cannot recover", exc.user_message())
                continue
            view = self.add_document(loaded, record.original_path, dirty=True)
            view.document.autosave_file = record.file
            recovered += 1
        for record in drop:
            discard_autosave(record.file)
        if recovered:
            plural = "s" if recovered != 1 else ""
            self.statusBar().showMessage(
                f"Recovered {recovered} character{plural} from the last session: save to keep "
                "the changes."
            )
        return recovered

    # --- following the current document ----------------------------------------------------------

    def _current_changed(self, _index: int = -1) -> None:
        self._show_start_page_when_empty()
        view = self.current_view()
        if view is not None:
            self.undo_group.setActiveStack(view.document.undo_stack)
        self._refresh_docks()
        self._update_titles()
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
        for action in (
            self.save_action,
            self.save_as_action,
            self.close_action,
            self.export_json_action,
        ):
            action.setEnabled(view is not None)
        self.export_pdf_action.setEnabled(view is not None and self.pdf_function is not None)
        self.export_card_action.setEnabled(view is not None and self.card_function is not None)
        self.print_action.setEnabled(view is not None and self.preview_function is not None)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_titles()

    def _document_changed(self, _changes: object) -> None:
        view = self.current_view()
        if view is not None and self.sender() is view.document:
            self._refresh_docks()

    def _selection_changed(self, _path: DataPath | None) -> None:
        view = self.current_view()
        if view is not None and self.sender() is view:
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

    def open_urls(self, urls: list[QUrl]) -> int:
        """Open the dropped local files (in the background); how many were taken."""
        opened = 0
        for url in urls:
            if url.isLocalFile():
                self.open_in_background(Path(url.toLocalFile()))
                opened += 1
        return opened


def _file_key(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.resolve() == second.resolve()
    except OSError:
        return first == second


def _is_export(path: Path) -> bool:
    """A portable export opens as an unsaved character (saving must not overwrite it)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(4096)
    except OSError:
        return False
    return b'"sheetapp.export"' in head


def _file_stem(title: str) -> str:
    stem = "".join(c if c.isalnum() or c in " -_" else "_" for c in title).strip()
    return stem.replace(" ", "-").lower() or "character"


def _declares_advancement(system: object) -> bool:
    """Whether the system has advancement rules, without loading them (they load with
    the first level-up, not at start-up)."""
    return inspect.getattr_static(system, "advancement", None) is not None
