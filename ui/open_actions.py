"""The File menu's ways to open a character: New, New from Example, Open, Open Recent,
and files dropped on the window.

A layer of :class:`ui.main_window.MainWindow` (see its docstring): opening reads, checks
and evaluates a file off the UI thread (:meth:`OpenActions.open_in_background`), except at
start-up and in tests (:meth:`OpenActions.open_path`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu

from sheetapp.core.catalog import CatalogError
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import SystemLoadError, SystemRegistry
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.examples import list_examples, load_example
from sheetapp.storage.files import LoadedDocument, load_document
from ui.background import BackgroundJob, run_in_background
from ui.document_tabs import DocumentTabs, make_action
from ui.editor_view import EditorView
from ui.error_dialog import report_exception, show_error
from ui.new_dialog import NewCharacterDialog
from ui.settings import LAST_FOLDER, LAST_SYSTEM, Settings

FILE_FILTER = "Character files (*.json);;All files (*)"


class OpenActions(DocumentTabs):
    """New, open, examples, recent files and dropped files."""

    registry: SystemRegistry
    settings: Settings

    def _build_open_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.examples_filled = False
        #: the files being opened in the background
        self._opening: set[Path] = set()
        self.new_action = make_action(self, "&New…", self.new_character, keys.New)
        self.open_action = make_action(self, "&Open…", self.choose_and_open, keys.Open)

    def _add_open_menus(self, file_menu: QMenu) -> None:
        """New, New from Example, Open and Open Recent, in that order."""
        file_menu.addAction(self.new_action)
        self.examples_menu = file_menu.addMenu("New from &Example")
        # Filled when first opened: listing the examples loads every system's plug-in,
        # which the start-up with one character does not need.
        self.examples_menu.aboutToShow.connect(self._fill_examples)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()

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

    def _remember_recent(self, path: Path) -> None:
        """Add ``path`` to Open Recent now (a disabled menu never asks to be filled, so
        it stayed greyed until a restart)."""
        self.settings.add_recent(path)
        self._fill_recent()

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._fill_recent()

    # --- opening ------------------------------------------------------------------------------

    def open_path(self, path: Path) -> EditorView | None:
        """Open a character now, on this thread (start-up, tests); the menus, the
        recent files and drag and drop use :meth:`open_in_background`."""
        path = Path(path)
        view = self._already_open(path)
        if view is not None:
            return view
        loaded = self._load_or_report(path)
        return None if loaded is None else self._opened(path, loaded, None)

    def _load_or_report(self, path: Path) -> LoadedDocument | None:
        """The character in ``path`` read on this thread; None when it cannot be opened
        (the user is told why)."""
        try:
            return load_document(path, self.registry)
        except Exception as exc:
            if self._report_open_error(path, exc):
                return None
            raise

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

    def open_urls(self, urls: list[QUrl]) -> int:
        """Open the dropped local files (in the background); how many were taken."""
        opened = 0
        for url in urls:
            if url.isLocalFile():
                self.open_in_background(Path(url.toLocalFile()))
                opened += 1
        return opened

    # --- new characters -----------------------------------------------------------------------

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
