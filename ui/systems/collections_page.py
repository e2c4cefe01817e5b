"""The editor page a system gets from its declarations alone: one tab per declared list
(its table, add from the catalog or a custom entry, remove, reorder, duplicate; every
edit undoable, every issue marked on its cell), the rulebook text of the selected row,
and a Costs tab with the evaluation's cost lines."""

from __future__ import annotations

import html
from functools import partial

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QTextBrowser, QVBoxLayout, QWidget

from sheetapp.core.issues import DataPath
from sheetapp.core.system import collections_of
from sheetapp.editing.collections import collection_at
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.roles import PATH_ROLE, RULE_TEXT_ROLE
from ui.screen_fit import scrolling
from ui.systems.base import SystemPage
from ui.systems.character_forms import CharacterForms
from ui.systems.generic import GenericPage
from ui.tables.collection_editor import CollectionEditor, editor_box


class CollectionsPage(SystemPage):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.declared = tuple(collections_of(document.system))
        self.tabs = QTabWidget()
        self.tabs.setObjectName("collection_tabs")
        self.editors: dict[str, CollectionEditor] = {}
        self.pages: dict[str, LazyTab] = {}
        # the character's settings that are not lists (attributes, characteristics) first
        self.character_forms: CharacterForms | None = None
        self.forms_tab: QWidget | None = None
        forms = CharacterForms(document, self)
        if forms.forms:
            self.character_forms = forms
            self.forms_tab = scrolling(forms, "character_forms")
            self.tabs.addTab(self.forms_tab, forms.title.replace("&", "&&"))
        else:
            forms.hide()  # at once: deleteLater waits for the event loop, drawn till then
            forms.deleteLater()
        for collection in self.declared:
            # Only the tab in front is built before the first paint; the others when shown.
            page = LazyTab(partial(self._built_tab, collection.key))
            editor = CollectionEditor(document, collection, self, placed_by=page.ensure_built)
            self.editors[collection.key] = editor
            self.pages[collection.key] = page
            self.tabs.addTab(page, collection.title.replace("&", "&&"))
        self.costs = GenericPage(document, self, with_note=False)
        self.costs.path_selected.connect(self.path_selected.emit)
        self.tabs.addTab(self.costs, "Costs")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)

    def _built_tab(self, key: str) -> QWidget:
        return self._tab(self.editors[key])

    def _tab(self, editor: CollectionEditor) -> QWidget:
        text = QTextBrowser()
        text.setObjectName(f"{editor.collection.key}_text")
        text.setHtml(_rule_html(None, editor.collection.help))
        editor.view.selectionModel().currentChanged.connect(
            lambda current, _previous: self._current_changed(current, text, editor)
        )
        left = QWidget()
        box = QVBoxLayout(left)
        box.setContentsMargins(0, 0, 0, 0)
        if editor.collection.help:
            hint = QLabel(editor.collection.help)
            hint.setWordWrap(True)
            box.addWidget(hint)
        box.addWidget(editor_box(editor), 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(text)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        NarrowFold(splitter)
        return splitter

    def _current_changed(
        self, current: QModelIndex, text: QTextBrowser, editor: CollectionEditor
    ) -> None:
        if not current.isValid():
            return
        rule = current.siblingAtColumn(0).data(RULE_TEXT_ROLE)
        text.setHtml(_rule_html(rule, editor.collection.help))
        # a cell of its own value, else its row (a worked-out cell: the Cost, the name)
        path = current.data(PATH_ROLE) or editor.model.row_path(current.row())
        if path:
            self.path_selected.emit(tuple(path))

    def tab_host(self) -> QTabWidget:
        return self.tabs

    def edit_actions(self) -> list[QAction]:
        return [action for editor in self.editors.values() for action in editor.actions()]

    def select_path(self, path: DataPath) -> bool:
        forms, tab = self.character_forms, self.forms_tab
        if forms is not None and tab is not None and forms.focus_path(path):
            self.tabs.setCurrentWidget(tab)
            forms.focus_path(path)  # again: the tab was hidden when it first took focus
            return True
        found = collection_at(self.declared, path)
        if found is not None:
            collection, _row = found
            editor = self.editors[collection.key]
            index = editor.model.index_for_path(path)
            if index.isValid():
                self.tabs.setCurrentWidget(self.pages[collection.key])
                editor.select(index)
                return True
        if self.costs.select_path(path):
            self.tabs.setCurrentWidget(self.costs)
            return True
        return False


#: a list's tab narrower than this (logical pixels: scale 2 on a laptop) folds its rule
#: text away, to give the table's columns the room
NARROW_TAB = 640


class NarrowFold(QObject):
    """Folds a splitter's second part (the rule text beside a table) while the splitter
    is narrower than :data:`NARROW_TAB`, and brings it back when it widens; its handle
    still drags it out."""

    def __init__(self, splitter: QSplitter) -> None:
        super().__init__(splitter)
        self.splitter = splitter
        self.folded = False
        splitter.setCollapsible(1, True)
        splitter.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            width = self.splitter.width()
            narrow = width < NARROW_TAB
            if narrow and not self.folded:
                self.folded = True
                self.splitter.setSizes([width, 0])
            elif not narrow and self.folded:
                self.folded = False
                self.splitter.setSizes([width * 3 // 4, width // 4])
        return False


def _rule_html(rule: object, fallback: str) -> str:
    if rule:
        return "<br>".join(html.escape(line) for line in str(rule).splitlines())
    return f"<p><i>{html.escape(fallback or 'Select a row to read about it here.')}</i></p>"
