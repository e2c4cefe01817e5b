"""The Glorious Gladiators editor page: abilities with modifiers, advantages and
disadvantages, with pickers, custom entries, removal and reordering."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QTableView,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.core.issues import DataPath
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.collections import ABILITIES, TRAITS, modifiers_of
from sheetapp.systems.gladiators.model import GladiatorsDocument
from ui.delegates import EditDelegate
from ui.document import EditorDocument
from ui.picker import PickerDialog
from ui.quiet_tabs import QuietTabWidget
from ui.roles import PATH_ROLE
from ui.systems.base import SystemPage
from ui.systems.gladiators.abilities_model import NAME, AbilitiesModel
from ui.systems.gladiators.custom_dialogs import ask_custom_ability, ask_custom_modifier
from ui.systems.gladiators.details import DetailsPanel
from ui.systems.gladiators.entries import ability_entries, modifier_entries
from ui.systems.gladiators.tabs import TraitsTab, abilities_tab, abilities_tree
from ui.tables.collection_editor import ask_custom_values
from ui.tables.collection_model import CollectionTableModel
from ui.tables.views import ColumnFitter


class GladiatorsPage(SystemPage):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.cats = catalogs()
        self.delegate = EditDelegate(self)
        self.abilities = AbilitiesModel(document, self)
        self.tree = abilities_tree(self.abilities, self.delegate)
        # The tables' fitter: sized from a sample of rows when the character opens, then
        # a column widens when an edited cell needs it (sized once, a GP value that grew
        # a digit vanished); ResizeToContents would measure every row on each edit.
        self.column_fitter = ColumnFitter(self.tree, NAME)
        self.abilities.rowsInserted.connect(self._expand_inserted)
        self.abilities.modelReset.connect(self.tree.expandAll)
        self.details = DetailsPanel(document)
        self._build_actions()
        self.tabs = QuietTabWidget()
        self.tabs.setObjectName("gladiators_tabs")
        self.tabs.addTab(self._abilities_tab(), "Abilities")
        self.traits_tab = self._traits_tab()
        self.traits: dict[str, CollectionTableModel] = self.traits_tab.models
        self.trait_views: dict[str, QTableView] = self.traits_tab.views
        self.tabs.addTab(self.traits_tab, "Advantages && Disadvantages")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self.tree.selectionModel().currentChanged.connect(self._current_ability)
        self.tabs.currentChanged.connect(lambda _i: self._update_actions())
        document.changed.connect(self._after_change)
        self._update_actions()

    # --- building -----------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.add_ability_action = self._action("Add &Ability…", self.add_ability, "Ctrl+Shift+A")
        self.add_modifier_action = self._action("Add &Modifier…", self.add_modifier, "Ctrl+Shift+M")
        self.add_advantage_action = self._action(
            "Add Ad&vantage…", lambda: self.add_trait("advantages"), "Ctrl+Shift+V"
        )
        self.add_disadvantage_action = self._action(
            "Add &Disadvantage…", lambda: self.add_trait("disadvantages"), "Ctrl+Shift+D"
        )
        self.custom_ability_action = self._action("Custom Ability…", self.add_custom_ability)
        self.custom_modifier_action = self._action("Custom Modifier…", self.add_custom_modifier)
        self.custom_advantage_action = self._action(
            "Custom Advantage…", lambda: self.add_custom_trait("advantages")
        )
        self.custom_disadvantage_action = self._action(
            "Custom Disadvantage…", lambda: self.add_custom_trait("disadvantages")
        )
        self.remove_action = self._action("&Remove", self.remove_current, "Ctrl+Shift+Delete")
        self.move_up_action = self._action(
            "Move U&p", lambda: self.move_current(-1), "Ctrl+Shift+Up"
        )
        self.move_down_action = self._action(
            "Move Do&wn", lambda: self.move_current(1), "Ctrl+Shift+Down"
        )
        self.remove_action.setToolTip("Remove the selected item (undoable)")
        self._dress_actions()

    def _dress_actions(self) -> None:
        """Each action's short button text, icon and tooltip."""
        style = self.style()
        icons = QStyle.StandardPixmap
        for action, short, icon in (
            (self.add_ability_action, "Add Ability…", icons.SP_FileDialogNewFolder),
            (self.add_modifier_action, "Add Modifier…", icons.SP_FileDialogDetailedView),
            (self.add_advantage_action, "Add…", icons.SP_FileDialogNewFolder),
            (self.add_disadvantage_action, "Add…", icons.SP_FileDialogNewFolder),
            (self.custom_ability_action, "Custom…", None),
            (self.custom_modifier_action, "Custom Modifier…", None),
            (self.custom_advantage_action, "Custom…", None),
            (self.custom_disadvantage_action, "Custom…", None),
            (self.remove_action, "Remove", icons.SP_TrashIcon),
            (self.move_up_action, "Up", icons.SP_ArrowUp),
            (self.move_down_action, "Down", icons.SP_ArrowDown),
        ):
            action.setIconText(short)
            if icon is not None:
                action.setIcon(style.standardIcon(icon))
            if not action.toolTip() or action.toolTip() == short:
                action.setToolTip(action.text().replace("&", ""))

    def tab_host(self) -> QTabWidget:
        return self.tabs

    def edit_actions(self) -> list[QAction]:
        return [
            self.add_ability_action,
            self.add_modifier_action,
            self.add_advantage_action,
            self.add_disadvantage_action,
            self.custom_ability_action,
            self.custom_modifier_action,
            self.custom_advantage_action,
            self.custom_disadvantage_action,
            self.remove_action,
            self.move_up_action,
            self.move_down_action,
        ]

    def _abilities_tab(self) -> QWidget:
        actions = (
            self.add_ability_action,
            self.add_modifier_action,
            self.custom_ability_action,
            self.custom_modifier_action,
            self.remove_action,
            self.move_up_action,
            self.move_down_action,
        )
        return abilities_tab(self.tree, self.details, actions)

    def _traits_tab(self) -> TraitsTab:
        buttons = {
            "advantages": (
                self.add_advantage_action,
                self.custom_advantage_action,
                self.remove_action,
            ),
            "disadvantages": (
                self.add_disadvantage_action,
                self.custom_disadvantage_action,
                self.remove_action,
            ),
        }
        return TraitsTab(self.document, buttons, self._emit_path)

    # --- selection ------------------------------------------------------------------------

    @property
    def character_document(self) -> GladiatorsDocument:
        document = self.document.document
        assert isinstance(document, GladiatorsDocument)
        return document

    def _emit_path(self, path: DataPath) -> None:
        self.path_selected.emit(path)
        self._update_actions()

    def _current_ability(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            row, m_row = self.abilities.location(current)
            self.details.show_item(row, m_row)
            self._emit_path(tuple(current.data(PATH_ROLE)))
        else:
            self.details.show_item(None, None)
            self._update_actions()

    def _expand_inserted(self, parent: QModelIndex, first: int, _last: int) -> None:
        if not parent.isValid():
            self.tree.expand(self.abilities.index(first, 0))

    def _after_change(self, changes: list[Change]) -> None:
        focus = QApplication.focusWidget()
        editing = focus is not None and self.details.isAncestorOf(focus)
        if not editing and self.details.shows_changed(changes):
            self.details.rebuild()
        self._update_actions()

    def current_location(self) -> tuple[str, int, int | None] | None:
        """("abilities", row, modifier row) or (trait kind, row, None) of the selection."""
        if self.tabs.currentIndex() == 0:
            index = self.tree.currentIndex()
            if not index.isValid():
                return None
            row, m_row = self.abilities.location(index)
            return "abilities", row, m_row
        for kind, view in self.trait_views.items():
            if view.hasFocus() or view.currentIndex().isValid():
                index = view.currentIndex()
                if index.isValid():
                    return kind, index.row(), None
        return None

    def _update_actions(self) -> None:
        location = self.current_location()
        on_ability = location is not None and location[0] == "abilities"
        self.add_modifier_action.setEnabled(on_ability)
        self.custom_modifier_action.setEnabled(on_ability)
        self.remove_action.setEnabled(location is not None)
        self.move_up_action.setEnabled(location is not None)
        self.move_down_action.setEnabled(location is not None)

    def select_path(self, path: DataPath) -> bool:
        index = self.abilities.index_for_path(path)
        if index.isValid():
            self.tabs.setCurrentIndex(0)
            self._select(self.tree, index)
            return True
        for kind, model in self.traits.items():
            index = model.index_for_path(path)
            if index.isValid() or path == ("character", kind):
                self.tabs.setCurrentIndex(1)
                if index.isValid():
                    self._select(self.trait_views[kind], index)
                else:
                    self.trait_views[kind].setFocus()
                return True
        return False

    def _select(self, view: QAbstractItemView, index: QModelIndex) -> None:
        if isinstance(view, QTreeView) and index.parent().isValid():
            view.expand(index.parent())
        view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        view.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        view.setFocus()

    # --- actions --------------------------------------------------------------------------

    def _push(self, build: Callable[[], list[Change]], text: str = "") -> bool:
        try:
            changes = build()
        except edits.EditError as exc:
            self.document.edit_refused.emit(str(exc))
            return False
        return self.document.push(changes, text)

    def pick(self, title: str, entries: list, prompt: str = "") -> str | None:  # type: ignore[type-arg]
        dialog = PickerDialog(title, entries, self, prompt)
        return dialog.selected_id() if dialog.exec() else None

    def add_ability(self, ability_id: str | None = None) -> bool:
        """Add an ability from the catalog after the selected one (asks with the picker)."""
        if ability_id is None:
            ability_id = self.pick("Add Ability", ability_entries(self.cats))
            if ability_id is None:
                return False
        location = self.current_location()
        at = location[1] + 1 if location and location[0] == "abilities" else None
        if not self._push(
            lambda: edits.add_ability(self.character_document, ability_id, at), "Add ability"
        ):
            return False
        row = at if at is not None else self.abilities.rowCount() - 1
        self.tabs.setCurrentIndex(0)
        self._select(self.tree, self.abilities.index(row, NAME))
        return True

    def add_modifier(self, modifier_id: str | None = None) -> bool:
        location = self.current_location()
        if location is None or location[0] != "abilities":
            return False
        row = location[1]
        if modifier_id is None:
            name = edits.ability_name(self.character_document, row)
            modifier_id = self.pick(
                "Add Modifier", modifier_entries(self.cats), f"A modifier for {name}:"
            )
            if modifier_id is None:
                return False
        if not self._push(
            lambda: edits.add_modifier(self.character_document, row, modifier_id), "Add modifier"
        ):
            return False
        parent = self.abilities.index(row, 0)
        self.tree.expand(parent)
        self._select(
            self.tree, self.abilities.index(self.abilities.rowCount(parent) - 1, 0, parent)
        )
        return True

    def add_trait(self, kind: str, trait_id: str | None = None) -> bool:
        if trait_id is None:
            title = "Add Advantage" if kind == "advantages" else "Add Disadvantage"
            trait_id = self.pick(title, TRAITS[kind].entries())  # type: ignore[misc]
            if trait_id is None:
                return False
        if not self._push(lambda: TRAITS[kind].add(self.character_document, trait_id)):
            return False
        self.tabs.setCurrentIndex(1)
        model = self.traits[kind]
        self._select(self.trait_views[kind], model.index(model.rowCount() - 1, 1))
        return True

    def add_custom_ability(self) -> bool:
        values = ask_custom_ability(self)
        if values is None:
            return False
        return self._push(
            lambda: edits.add_custom_ability(
                self.character_document,
                values["name"],
                values["base_cost"],
                values["level_limit"],
                values["text"],
            )
        )

    def add_custom_modifier(self) -> bool:
        location = self.current_location()
        if location is None or location[0] != "abilities":
            return False
        row = location[1]
        values = ask_custom_modifier(self)
        if values is None:
            return False
        return self._push(
            lambda: edits.add_custom_modifier(
                self.character_document, row, values["name"], values["cost"], values["text"]
            )
        )

    def add_custom_trait(self, kind: str, values: dict[str, Any] | None = None) -> bool:
        """A trait of the user's own wording (asks for it with the custom-entry dialog)."""
        collection = TRAITS[kind]
        assert collection.custom is not None
        if values is None:
            values = ask_custom_values(collection.custom, self)
            if values is None:
                return False
        chosen = values
        if not self._push(lambda: collection.add_custom(self.character_document, chosen)):
            return False
        self.tabs.setCurrentIndex(1)
        return True

    def remove_current(self) -> bool:
        location = self.current_location()
        if location is None:
            return False
        kind, row, m_row = location
        document = self.character_document
        if kind == "abilities":
            if m_row is None:
                return self._push(lambda: ABILITIES.remove(document, row))
            return self._push(lambda: modifiers_of(document, row).remove(document, m_row))
        return self._push(lambda: TRAITS[kind].remove(document, row))

    def move_current(self, step: int) -> bool:
        location = self.current_location()
        if location is None:
            return False
        kind, row, m_row = location
        document = self.character_document
        if kind == "abilities":
            if m_row is None:
                to = row + step
                if not 0 <= to < self.abilities.rowCount():
                    return False
                done = self._push(lambda: ABILITIES.move(document, row, to))
                if done:
                    self._select(self.tree, self.abilities.index(to, NAME))
                return done
            parent = self.abilities.index(row, 0)
            to = m_row + step
            if not 0 <= to < self.abilities.rowCount(parent):
                return False
            done = self._push(lambda: modifiers_of(document, row).move(document, m_row, to))
            if done:
                self._select(self.tree, self.abilities.index(to, NAME, parent))
            return done
        model = self.traits[kind]
        to = row + step
        if not 0 <= to < model.rowCount():
            return False
        done = self._push(lambda: TRAITS[kind].move(document, row, to))
        if done:
            column = self.trait_views[kind].currentIndex().column()
            self._select(self.trait_views[kind], model.index(to, max(column, 0)))
        return done


__all__ = ["GladiatorsPage"]
