"""A declared collection as a working editor: its table, and the add (from the catalog
picker, custom or blank), remove, move and duplicate actions, every edit an undoable
change list pushed through the document."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.editing.builders import EditError
from sheetapp.editing.collections import Collection, CustomEntries, ListAction
from ui.document import EditorDocument
from ui.form_dialog import FieldsDialog
from ui.forms import FieldSpec
from ui.picker import PickerDialog
from ui.screen_fit import sideways
from ui.tables.collection_model import CollectionTableModel
from ui.tables.views import table_view, tool_button, window_action


class CollectionEditor(QObject):
    """The table and actions of one collection, for a page to place."""

    def __init__(
        self,
        document: EditorDocument,
        collection: Collection[Any],
        parent: QWidget,
        *,
        stretch: int = 0,
        pick_prompt: Callable[[], str] | None = None,
        placed_by: Callable[[], object] | None = None,
    ) -> None:
        """``placed_by``: the table is made when first needed (its tab is shown, a row is
        selected) and this places it (builds its tab); without it the table is made now."""
        super().__init__(parent)
        self.document = document
        self.collection = collection
        self.host = parent
        self.pick_prompt = pick_prompt
        self.stretch = stretch
        self.placed_by = placed_by
        self.model = CollectionTableModel(document, collection, self)
        self._view: QTableView | None = None
        if placed_by is None:
            self._make_view()
        noun = collection.noun
        catalog = collection.new_item is not None
        self.add_action = self._action(
            f"Add {noun}…" if catalog else f"Add {noun}", self.add, collection.shortcut
        )
        self.add_action.setObjectName(f"add_{collection.key}")
        self.custom_action: QAction | None = None
        if collection.custom is not None:
            self.custom_action = self._action(f"{collection.custom.title}…", self.add_custom)
        self.remove_action = self._action(f"Remove {noun}", self.remove)
        self.up_action = self._action("Up", lambda: self.move(-1))
        self.down_action = self._action("Down", lambda: self.move(1))
        self.up_action.setToolTip("Move the selected row up")
        self.down_action.setToolTip("Move the selected row down")
        self.duplicate_action: QAction | None = None
        if collection.duplicable:
            self.duplicate_action = self._action(f"Duplicate {noun}", self.duplicate)
        #: the dice of the list's own actions (a test seeds it)
        self.rng = random.Random()
        self.list_actions: list[tuple[ListAction, QAction]] = []
        for declared in collection.actions:
            action = self._action(declared.title, self._runner(declared))
            action.setToolTip(declared.tooltip)
            self.list_actions.append((declared, action))
        # A bound method, never a lambda: Qt disconnects it when the editor is deleted
        # (a lambda kept running on a deleted page: the wizard's Spend page replaces its
        # page, and every later edit raised "Internal C++ object already deleted").
        document.changed.connect(self._document_changed)
        self.update_actions()

    @property
    def view(self) -> QTableView:
        """The table (made, and placed by ``placed_by``, when first asked for)."""
        if self._view is None:
            self._make_view()
            if self.placed_by is not None:
                self.placed_by()
        assert self._view is not None
        return self._view

    def view_is_made(self) -> bool:
        return self._view is not None

    def _make_view(self) -> None:
        view = self._view = table_view(self.collection.key, self.model, self.stretch)
        view.setParent(self.host)  # never a top-level window of its own
        view.selectionModel().currentChanged.connect(lambda _c, _p: self.update_actions())

    def _action(
        self, text: str, slot: Callable[[], object], shortcut: str | None = None
    ) -> QAction:
        return window_action(self.host, text, slot, shortcut)

    # --- what pages place -----------------------------------------------------------------

    def actions(self) -> list[QAction]:
        """The actions for the window's Character menu (moves stay on the tool bar)."""
        found = [self.add_action]
        if self.custom_action is not None:
            found.append(self.custom_action)
        if self.duplicate_action is not None:
            found.append(self.duplicate_action)
        found.extend(action for _declared, action in self.list_actions)
        found.append(self.remove_action)
        return found

    def toolbar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        for action in self.actions():
            bar.addWidget(tool_button(action))
        if self.collection.movable:
            bar.addWidget(tool_button(self.up_action))
            bar.addWidget(tool_button(self.down_action))
        bar.addStretch(1)
        return bar

    def _document_changed(self, _changes: object) -> None:
        self.update_actions()

    def update_actions(self) -> None:
        row = self.current_row()
        for action in (self.remove_action, self.up_action, self.down_action):
            action.setEnabled(row is not None)
        if self.duplicate_action is not None:
            self.duplicate_action.setEnabled(row is not None)
        for declared, action in self.list_actions:
            action.setEnabled(row is not None or not declared.needs_row)

    # --- edits -------------------------------------------------------------------------------

    def current_row(self) -> int | None:
        if self._view is None:
            return None  # no table yet, so no row selected
        index = self._view.currentIndex()
        return index.row() if index.isValid() else None

    def push(self, build: Callable[[], list[Change]]) -> bool:
        try:
            changes = build()
        except EditError as exc:
            self.document.edit_refused.emit(str(exc))
            return False
        return self.document.push(changes)

    def _runner(self, declared: ListAction) -> Callable[[], bool]:
        return lambda: self.run(declared)

    def run(self, declared: ListAction) -> bool:
        """One of the list's own actions, on the selected row (if it needs one); a new
        row it adds is selected."""
        row = self.current_row()
        if declared.needs_row and row is None:
            return False
        before = len(self.collection.items(self.document.document))
        if not self.push(lambda: declared.build(self.document.document, row, self.rng)):
            return False
        if len(self.collection.items(self.document.document)) > before:
            self._select_new(None)
        return True

    def add(self, entry_id: str | None = None) -> bool:
        """Add from the catalog (asks with the picker), or a blank item; after the
        selected row, and select it."""
        collection = self.collection
        row = self.current_row()
        at = row + 1 if row is not None else None
        if collection.new_item is None:
            if not self.push(lambda: collection.add_blank(self.document.document, at)):
                return False
            self._select_new(at, edit=True)
            return True
        if entry_id is None:
            entries = collection.offered_entries(self.document.document)
            if not entries and collection.custom is not None:
                # every catalog entry is on the sheet already: a skill of one's own
                return self.add_custom()
            prompt = self.pick_prompt() if self.pick_prompt else collection.pick_note
            dialog = PickerDialog(f"Add {collection.noun}", entries, self.host, prompt)
            if not dialog.exec():
                return False
            entry_id = dialog.selected_id()
            if entry_id is None:
                return False
        chosen = entry_id
        if not self.push(lambda: collection.add(self.document.document, chosen, at)):
            return False
        self._select_new(at)
        return True

    def add_custom(self, values: dict[str, Any] | None = None) -> bool:
        custom = self.collection.custom
        if custom is None:
            return False
        if values is None:
            document = self.document.document
            values = ask_custom_values(
                custom, self.host, check=lambda v: self.collection.add_custom(document, v)
            )
            if values is None:
                return False
        chosen = values
        if not self.push(lambda: self.collection.add_custom(self.document.document, chosen)):
            return False
        self._select_new(None)
        return True

    def remove(self) -> bool:
        row = self.current_row()
        if row is None:
            return False
        return self.push(lambda: self.collection.remove(self.document.document, row))

    def move(self, step: int) -> bool:
        row = self.current_row()
        if row is None or not 0 <= row + step < self.model.rowCount():
            return False
        column = self.view.currentIndex().column()
        if not self.push(lambda: self.collection.move(self.document.document, row, row + step)):
            return False
        self.select(self.model.index(row + step, column))
        return True

    def duplicate(self) -> bool:
        row = self.current_row()
        if row is None:
            return False
        if not self.push(lambda: self.collection.duplicate(self.document.document, row)):
            return False
        self.select(self.model.index(row + 1, 0))
        return True

    def _select_new(self, at: int | None, *, edit: bool = False) -> None:
        row = at if at is not None else self.model.rowCount() - 1
        index = self.model.index(row, 0)
        self.select(index)
        if edit:
            self.view.edit(index)

    def select(self, index: QModelIndex) -> None:
        reveal(self.view)
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        self.view.setFocus()


def reveal(widget: QWidget) -> None:
    """Bring forward the tab (of every tab widget it is in) that holds ``widget``: a row
    added or moved by a shortcut from another tab is shown, and can take the focus."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        tabs = parent.parentWidget()
        if isinstance(parent, QStackedWidget) and isinstance(tabs, QTabWidget):
            tabs.setCurrentWidget(child)
        child, parent = parent, tabs


def ask_custom_values(
    custom: CustomEntries,
    parent: QWidget,
    check: Callable[[dict[str, Any]], object] | None = None,
) -> dict[str, Any] | None:
    """The custom-entry dialog of a declared list; None when the user cancels. ``check``
    (the entry's own build) keeps it open on a refusal, the message beside the field."""
    specs = [
        FieldSpec(
            f.key,
            f.label,
            f.kind,
            low=f.low,
            high=f.high,
            choices=f.choices,
            choice_labels=f.choice_labels() if f.choice_labels is not None else (),
        )
        for f in custom.fields
    ]
    dialog = FieldsDialog(
        custom.title,
        specs,
        {f.key: f.default for f in custom.fields},
        parent,
        intro=custom.intro,
        required=tuple(f.key for f in custom.fields if f.required),
        check=check,
    )
    return dialog.values() if dialog.exec() else None


def editor_box(editor: CollectionEditor, extra: QWidget | None = None) -> QWidget:
    """The collection's tool bar over its table, in one widget."""
    from PySide6.QtWidgets import QVBoxLayout

    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    bar = editor.toolbar()
    if extra is not None:
        bar.addWidget(extra)
    # The tool bar scrolls sideways in a narrow window (scale 2) rather than widening
    # the page past it, which pushed the table's number columns out of sight (issue 31).
    buttons = QWidget()
    buttons.setLayout(bar)
    bar.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(sideways(buttons, f"{editor.collection.key}_tools"))
    layout.addWidget(editor.view, 1)
    return box
