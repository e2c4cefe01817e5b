"""The Capital editor page: the creation steps of the seed as tabs, every edit an undoable
change list, every rule shown where it applies. Only the tab in front is built before the
first paint; the others when first shown, or when an issue, an added row or a test needs
their widgets."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.capital import collections, edits
from sheetapp.systems.capital.catalog import catalogs
from sheetapp.systems.capital.model import CapitalDocument
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.picker import PickerDialog, PickerEntry
from ui.roles import PATH_ROLE, RULE_TEXT_ROLE
from ui.systems.base import SystemPage
from ui.systems.capital.asset_tab import AssetTab
from ui.systems.capital.attributes_tab import AttributesTab
from ui.systems.capital.equipment_tab import EquipmentTab
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.play_tab import PlayTab
from ui.systems.capital.story_tab import StoryTab
from ui.systems.capital.widgets import Pusher, note
from ui.tables.collection_editor import CollectionEditor
from ui.tables.doc_table import DocTableModel

STORY, ATTRIBUTES, SYSTEMS, EQUIPMENT, ASSET, PLAY = range(6)


class CapitalPage(SystemPage):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.cats = catalogs()
        self.marks = FieldMarks(document)
        self.push = Pusher(document)
        self._make_editors()
        self._make_tabs()
        self._build_actions()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.level = QLabel()
        self.level.setObjectName("level")
        layout.addWidget(self.level)
        layout.addWidget(self.tabs)
        self._views = self._list_views()
        for view in self.story.views.values():
            view.selectionModel().currentChanged.connect(self._current_changed)
        document.changed.connect(self._after_change)
        self._after_change([])

    # --- building ------------------------------------------------------------------------

    def _make_editors(self) -> None:
        """The Systems and Equipment lists' editors (their tables are made with their tab)."""
        document = self.document
        self.systems_page = LazyTab(self._systems_tab)
        self.systems_editor = CollectionEditor(
            document,
            collections.SYSTEMS,
            self,
            pick_prompt=lambda: (
                f"A System gained at Level {self.character_document.character.level}:"
            ),
            placed_by=self.systems_page.ensure_built,
        )
        self.equipment_editor = CollectionEditor(
            document,
            collections.EQUIPMENT,
            self,
            stretch=6,
            # the tab is made after its editor: looked up when the editor needs it
            placed_by=lambda: self.equipment_page.ensure_built(),  # noqa: PLW0108
        )
        self.systems = self.systems_editor.model
        self.equipment = self.equipment_editor.model

    def _make_tabs(self) -> None:
        """The six steps' tabs; only Role & Story is built before the first paint."""
        document, marks, push = self.document, self.marks, self.push
        self.story = StoryTab(document, marks, push)
        self.attributes = AttributesTab(document, marks, push, self._current_changed)
        self.equipment_page = EquipmentTab(
            document, marks, push, self.equipment_editor, self._list_view
        )
        self.asset = AssetTab(document, marks, push, self.pick, self._current_changed)
        self.play_page = PlayTab(document, marks, push)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("capital_tabs")
        self.tabs.addTab(self.story, "Role && Story")
        self.tabs.addTab(self.attributes, "Attributes && Vitals")
        self.tabs.addTab(self.systems_page, "Systems")
        self.tabs.addTab(self.equipment_page, "Equipment")
        self.tabs.addTab(self.asset, "Special Asset")
        self.tabs.addTab(self.play_page, "In Play")

    def _list_views(self) -> list[tuple[int, Callable[[], QTableView], DocTableModel]]:
        """Each list of the page: its tab, its table (made on first need) and its model."""
        views: list[tuple[int, Callable[[], QTableView], DocTableModel]] = [
            (ATTRIBUTES, lambda: self.attributes.view, self.attributes.model),
            (SYSTEMS, lambda: self.systems_view, self.systems),
            (EQUIPMENT, lambda: self.equipment_view, self.equipment),
            (ASSET, lambda: self.asset.vehicle_view, self.asset.vehicle_model),
        ]
        for key, model in self.story.models.items():
            views.append((STORY, partial(self.story.views.__getitem__, key), model))
        return views

    def _build_actions(self) -> None:
        systems, equipment = self.systems_editor, self.equipment_editor
        self.add_system_action = systems.add_action
        self.add_system_action.setText("Add &System…")
        self.remove_system_action = systems.remove_action
        self.up_system_action, self.down_system_action = systems.up_action, systems.down_action
        self.add_item_action = equipment.add_action
        self.add_item_action.setText("Add &Equipment…")
        assert equipment.custom_action is not None
        self.custom_item_action = equipment.custom_action
        self.remove_item_action = equipment.remove_action
        self.up_item_action, self.down_item_action = equipment.up_action, equipment.down_action

    def tab_host(self) -> QTabWidget:
        return self.tabs

    @property
    def systems_view(self) -> QTableView:
        return self.systems_editor.view

    @property
    def equipment_view(self) -> QTableView:
        return self.equipment_editor.view

    def _list_view(self, view: QTableView, browser: QTextBrowser) -> None:
        """A lazily built tab's table: selecting a row explains it and shows its text."""
        view.selectionModel().currentChanged.connect(self._current_changed)
        view.selectionModel().currentChanged.connect(
            lambda current, _p: self._show_rule(current, browser)
        )

    def edit_actions(self) -> list[QAction]:
        return [
            self.attributes.roll_action,
            self.attributes.enter_action,
            self.add_system_action,
            self.remove_system_action,
            self.add_item_action,
            self.custom_item_action,
            self.remove_item_action,
            self.asset.choose_action,
        ]

    def _systems_tab(self) -> QWidget:
        bar = self.systems_editor.toolbar()
        self.slots_label = QLabel()
        self.slots_label.setObjectName("slots_label")
        bar.addWidget(self.marks.field(self.slots_label, edits.SYSTEMS, exact=True))
        top = QWidget()
        box = QVBoxLayout(top)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(bar)
        self.rule_text = QTextBrowser()
        self.rule_text.setObjectName("system_text")
        self._list_view(self.systems_view, self.rule_text)
        box.addWidget(self.systems_view)
        box.addWidget(
            note(
                "<small>At Level 1 the level table gives 0 Slots: a new "
                "character has its Role's Systems and may take Innate Systems; "
                "Slot Systems come with Level Ups, or the Slots augmentation.</small>"
            )
        )
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(top)
        splitter.addWidget(self.rule_text)
        splitter.setSizes([760, 380])
        self._refresh_systems_tab()
        self.marks.refresh()
        return splitter

    # --- selection -------------------------------------------------------------------------

    @property
    def character_document(self) -> CapitalDocument:
        return self.push.doc

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            path = current.data(PATH_ROLE)
            if path:
                self.path_selected.emit(tuple(path))

    def _show_rule(self, current: QModelIndex, browser: QTextBrowser) -> None:
        text = current.siblingAtColumn(0).data(RULE_TEXT_ROLE) if current.isValid() else None
        browser.setHtml(
            "<br>".join(html.escape(line) for line in str(text).splitlines())
            if text
            else "<p><i>Select a row to read its rulebook text.</i></p>"
        )

    def select_path(self, path: DataPath) -> bool:
        # The marks know the fields of built tabs only: build them all (once).
        for lazy in (
            self.attributes,
            self.systems_page,
            self.equipment_page,
            self.asset,
            self.play_page,
        ):
            lazy.ensure_built()
        best: tuple[int, int, Callable[[], None]] | None = None
        for tab, view_of, model in self._views:
            index = model.index_for_path(path)
            if index.isValid():
                size = len(model.cell_at(index.row(), index.column()).path)
                if best is None or size > best[0]:
                    best = (size, tab, lambda v=view_of, i=index: self._select(v(), i))
        bound = self.marks.best_match(path)
        if bound is not None and (best is None or len(bound.path) > best[0]):
            found = self._tab_of(bound.widget)
            if found is not None:
                best = (len(bound.path), found, bound.widget.setFocus)
        if best is None:
            return False
        self.tabs.setCurrentIndex(best[1])
        best[2]()
        return True

    def _tab_of(self, widget: QWidget) -> int | None:
        for tab in range(self.tabs.count()):
            page = self.tabs.widget(tab)
            if page is not None and (page is widget or page.isAncestorOf(widget)):
                return tab
        return None

    def _select(self, view: QAbstractItemView, index: QModelIndex) -> None:
        view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        view.setFocus()

    # --- actions ----------------------------------------------------------------------------

    def pick(self, title: str, entries: list[PickerEntry], prompt: str = "") -> str | None:
        dialog = PickerDialog(title, entries, self, prompt)
        return dialog.selected_id() if dialog.exec() else None

    def _row(self, view: QTableView) -> int | None:
        index = view.currentIndex()
        return index.row() if index.isValid() else None

    def add_system(self, system_id: str | None = None) -> bool:
        """Add a System from the catalog (asks with the picker), after the selected one."""
        if not self.systems_editor.add(system_id):
            return False
        self.tabs.setCurrentIndex(SYSTEMS)
        return True

    def remove_system(self) -> bool:
        return self.systems_editor.remove()

    def move_system(self, step: int) -> bool:
        return self.systems_editor.move(step)

    def add_item(self, item_id: str | None = None) -> bool:
        if not self.equipment_editor.add(item_id):
            return False
        self.tabs.setCurrentIndex(EQUIPMENT)
        return True

    def add_custom_item(self, values: dict[str, Any] | None = None) -> bool:
        return self.equipment_editor.add_custom(values)

    def remove_item(self) -> bool:
        return self.equipment_editor.remove()

    def move_item(self, step: int) -> bool:
        return self.equipment_editor.move(step)

    # --- after each edit --------------------------------------------------------------------

    def _after_change(self, _changes: list[Change]) -> None:
        character = self.character_document.character
        role = self.cats.roles.get(character.role or "")
        self.level.setText(
            f"  <b>Level {character.level}</b>"
            + (f" {html.escape(role.name)}" if role else "")
            + " · levelling up is done in the Level-Up wizard."
        )
        self.story.refresh()
        self.attributes.refresh()
        self.asset.refresh()
        if self.systems_page.is_built:
            self._refresh_systems_tab()
        self.equipment_page.refresh()
        self.play_page.refresh()
        self.marks.refresh()

    def _refresh_systems_tab(self) -> None:
        slots = self.document.evaluation.total("slots")
        self.slots_label.setText(
            f"<b>Slots {slots.spent} / {slots.budget}</b> "
            f"<small>{html.escape(slots.explanation)}</small>"
        )
