"""The File menu's Save, Save As and Close, the autosaves and their recovery.

A layer of :class:`ui.main_window.MainWindow` (see its docstring). A save takes the
file's lock, checks that no other program changed the file since the window last read or
wrote it, and asks what to do when one did (:meth:`SaveActions.ask_changed_on_disk`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from sheetapp.editing.autosave import (
    claim_autosave,
    discard_autosave,
    orphaned_autosaves,
    recover,
)
from sheetapp.startup import thaw_collector
from sheetapp.storage.errors import CharacterFileError
from sheetapp.storage.files import save_document
from sheetapp.storage.fingerprint import Fingerprint, changed_since, fingerprint
from sheetapp.storage.locking import locked
from ui.autosave import Autosaver
from ui.document_tabs import make_action
from ui.editor_view import EditorView
from ui.error_dialog import show_error
from ui.open_actions import FILE_FILTER, OpenActions
from ui.recovery import RecoveryDialog
from ui.settings import LAST_FOLDER

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
RELOAD, OVERWRITE, SAVE_AS = "reload", "overwrite", "save as"


class SaveActions(OpenActions):
    """Save, Save As, Close (asking about unsaved changes), autosave and recovery."""

    def _build_save_actions(self, autosave_folder: Path | None) -> None:
        keys = QKeySequence.StandardKey
        self.save_action = make_action(self, "&Save", self.save_current, keys.Save)
        self.save_as_action = make_action(self, "Save &As…", self.save_current_as, keys.SaveAs)
        self.close_action = make_action(
            self, "&Close", lambda: self.close_tab(self.tabs.currentIndex()), keys.Close
        )
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.autosaver = Autosaver(self.documents, autosave_folder, parent=self)

    def _add_save_menu(self, file_menu: QMenu) -> None:
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)

    def _follow_current(self, view: EditorView | None) -> None:
        super()._follow_current(view)
        for action in (self.save_action, self.save_as_action, self.close_action):
            action.setEnabled(view is not None)

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
        loaded = self._load_or_report(path)
        if loaded is None:
            return False
        view.document.undo_stack.setClean()  # nothing to ask: the user chose to reload
        self.close_tab(index)
        self._opened(path, loaded, None)
        return True

    # --- closing ------------------------------------------------------------------------------

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

    def _settle_all(self) -> bool:
        """Before the window closes: autosave, then settle every character (False: the
        user cancelled); the autosaves of the settled ones go."""
        self.autosaver.save_all()
        for view in self.views():
            if not self._settle(view):
                return False
        for view in self.views():
            self.autosaver.discard(view.document)
        return True

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


def _file_stem(title: str) -> str:
    stem = "".join(c if c.isalnum() or c in " -_" else "_" for c in title).strip()
    return stem.replace(" ", "-").lower() or "character"
