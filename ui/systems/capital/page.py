"""The Capital editor page: the creation steps of the seed as tabs, every edit an undoable
change list, every rule shown where it applies."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
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
from ui.screen_fit import sideways
from ui.systems.base import SystemPage
from ui.systems.capital.asset_tab import AssetTab
from ui.systems.capital.attributes_tab import AttributesTab
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.story_tab import StoryTab
from ui.systems.capital.widgets import Pusher, heading, note
from ui.tables.collection_editor import CollectionEditor
from ui.tables.doc_table import DocTableModel
from ui.tables.views import keep_rows

STORY, ATTRIBUTES, SYSTEMS, EQUIPMENT, ASSET, PLAY = range(6)
VITALS: tuple[tuple[edits.VitalKey, str, str], ...] = (
    ("hp", "HP", "max_hp"),
    ("energy", "Energy", "max_energy"),
    ("bones", "Bones", "max_bones"),
    ("companion_hp", "Companion HP", "companion.max_hp"),
)


class CapitalPage(SystemPage):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.cats = catalogs()
        self.marks = FieldMarks(document)
        self.push = Pusher(document)
        self.story = StoryTab(document, self.marks, self.push)
        self.attributes = AttributesTab(document, self.marks, self.push)
        self.asset = AssetTab(document, self.marks, self.push, self.pick)
        # The Systems, Equipment and In Play tabs are built when first shown (or when an
        # issue, an added row or a test needs their widgets): only Role & Story shows
        # at the first paint.
        self.systems_page = LazyTab(self._systems_tab)
        self.equipment_page = LazyTab(self._equipment_tab)
        self.play_page = LazyTab(self._play_tab)
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
            placed_by=self.equipment_page.ensure_built,
        )
        self.systems = self.systems_editor.model
        self.equipment = self.equipment_editor.model
        self.rule_text = QTextBrowser()
        self.rule_text.setObjectName("system_text")
        self.item_text = QTextBrowser()
        self.item_text.setObjectName("item_text")
        self.level = QLabel()
        self.level.setObjectName("level")
        self.attacks = QLabel()
        self.attacks.setObjectName("attacks")
        self.attacks.setWordWrap(True)
        self.attacks.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._attacks: list[tuple[str, str, str]] | None = None
        self.vital_spins: dict[str, QSpinBox] = {}
        self.status_boxes: dict[str, QCheckBox] = {}
        self._build_actions()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("capital_tabs")
        self.tabs.addTab(self.story, "Role && Story")
        self.tabs.addTab(self.attributes, "Attributes && Vitals")
        self.tabs.addTab(self.systems_page, "Systems")
        self.tabs.addTab(self.equipment_page, "Equipment")
        self.tabs.addTab(self.asset, "Special Asset")
        self.tabs.addTab(self.play_page, "In Play")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.level)
        layout.addWidget(self.tabs)
        #: each list of the page: its tab, its table (made on first need) and its model
        self._views: list[tuple[int, Callable[[], QTableView], DocTableModel]] = [
            (ATTRIBUTES, lambda: self.attributes.view, self.attributes.model),
            (SYSTEMS, lambda: self.systems_view, self.systems),
            (EQUIPMENT, lambda: self.equipment_view, self.equipment),
            (ASSET, lambda: self.asset.vehicle_view, self.asset.vehicle_model),
        ]
        for key, model in self.story.models.items():
            self._views.append((STORY, partial(self.story.views.__getitem__, key), model))
        for view in (self.attributes.view, self.asset.vehicle_view, *self.story.views.values()):
            view.selectionModel().currentChanged.connect(self._current_changed)
        document.changed.connect(self._after_change)
        self._after_change([])

    # --- building ------------------------------------------------------------------------

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

    def _equipment_tab(self) -> QWidget:
        bar = self.equipment_editor.toolbar()
        self.hands_label = QLabel()
        bar.addWidget(self.marks.field(self.hands_label, edits.EQUIPMENT, exact=True))
        money = QFormLayout()
        self.money_adjustment = self._spin("money_adjustment", -1_000_000_000, 1_000_000_000, " mC")
        self.money_adjustment.setToolTip(
            "Money from outside the ledger: what the GM gave or took. Income and expenses "
            "between sessions go in the ledger (Advancement panel)."
        )
        self.money_adjustment.valueChanged.connect(
            lambda v: self.push(
                lambda: edits.set_money(self.push.doc, "money_adjustment", v),
                merge_key="money_adjustment",
            )
        )
        self.money = QLabel()
        self.money.setObjectName("money")
        self.money.setWordWrap(True)
        self.starting_money = self._spin("starting_money", -1, 10_000_000, " mC")
        self.starting_money.setSpecialValueText("(not set)")
        self.starting_money.valueChanged.connect(
            lambda v: self.push(
                lambda: edits.set_money(self.push.doc, "starting_money", None if v < 0 else v),
                merge_key="starting_money",
            )
        )
        money.addRow(
            "Starting money:",
            self.marks.field(
                self.starting_money,
                ("character", "starting_money"),
                "200-400 mC depending on your circumstances",
            ),
        )
        money.addRow(
            "Other money:",
            self.marks.field(self.money_adjustment, ("character", "money_adjustment")),
        )
        money.addRow("Money now:", self.money)
        top = QWidget()
        box = QVBoxLayout(top)
        box.setContentsMargins(0, 0, 0, 0)
        # The tool bar scrolls sideways rather than widen the page at scale 2 (the Price
        # column sat off to the right), and the table keeps four rows in sight.
        buttons = QWidget()
        buttons.setLayout(bar)
        bar.setContentsMargins(0, 0, 0, 0)
        box.addWidget(sideways(buttons, "equipment_tools"))
        self._list_view(self.equipment_view, self.item_text)
        keep_rows(self.equipment_view)
        box.addWidget(self.equipment_view, 1)
        box.addLayout(money)
        box.addWidget(heading("Attacks"))
        # Scrolled: a character with hundreds of weapons has hundreds of attack lines,
        # which as a bare label made the window thousands of pixels tall.
        attacks = QScrollArea()
        attacks.setObjectName("attacks_scroll")
        attacks.setWidgetResizable(True)
        attacks.setFrameShape(QFrame.Shape.NoFrame)
        attacks.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        attacks.setWidget(self.attacks)
        box.addWidget(attacks)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(top)
        splitter.addWidget(self.item_text)
        splitter.setSizes([800, 340])
        self._refresh_equipment_tab()
        self.marks.refresh()
        return splitter

    def _spin(self, name: str, low: int, high: int, suffix: str = "") -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setSuffix(suffix)
        spin.setKeyboardTracking(False)
        spin.setAccelerated(True)
        return spin

    def _play_tab(self) -> QWidget:
        vitals = QGroupBox("Current vitals")
        form = QFormLayout(vitals)
        for key, label, _max in VITALS:
            spin = self._spin(f"vital_{key}", -1, 100_000)
            spin.setSpecialValueText("full")
            spin.valueChanged.connect(
                lambda v, k=key: self.push(
                    lambda: edits.set_vital(self.push.doc, k, None if v < 0 else v),
                    merge_key=("vital", k),
                )
            )
            self.vital_spins[key] = spin
            form.addRow(f"{label}:", self.marks.field(spin, ("character", "vitals", key)))
        grit = self._spin("grit", 0, 100_000)
        grit.valueChanged.connect(
            lambda v: self.push(lambda: edits.set_grit(self.push.doc, v), merge_key="grit")
        )
        self.grit = grit
        form.addRow(
            "Grit:",
            self.marks.field(
                grit,
                ("character", "vitals", "grit"),
                "Gained on failed checks, Weaknesses and Flaws",
            ),
        )
        status = QGroupBox("Status effects")
        status_layout = QVBoxLayout(status)
        for entry in self.cats.status_effects.values():
            box = QCheckBox(entry.name)
            box.setObjectName(f"status_{entry.id}")
            box.setToolTip(entry.text)
            box.toggled.connect(
                lambda _on, ref=entry.id: self.push(lambda: edits.toggle_status(self.push.doc, ref))
            )
            self.status_boxes[entry.id] = box
            status_layout.addWidget(box)
        status_layout.addStretch(1)
        widget = QWidget()
        layout = QHBoxLayout(widget)
        layout.addWidget(vitals, 1)
        layout.addWidget(status, 1)
        self._refresh_play_tab()
        self.marks.refresh()
        return widget

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
        for lazy in (self.systems_page, self.equipment_page, self.play_page):
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
        self.story.refresh()
        self.attributes.refresh()
        self.asset.refresh()
        role = self.cats.roles.get(character.role or "")
        self.level.setText(
            f"  <b>Level {character.level}</b>"
            + (f" {html.escape(role.name)}" if role else "")
            + " · levelling up is done in the Level-Up wizard."
        )
        if self.systems_page.is_built:
            self._refresh_systems_tab()
        if self.equipment_page.is_built:
            self._refresh_equipment_tab()
        if self.play_page.is_built:
            self._refresh_play_tab()
        self.marks.refresh()

    def _refresh_systems_tab(self) -> None:
        slots = self.document.evaluation.total("slots")
        self.slots_label.setText(
            f"<b>Slots {slots.spent} / {slots.budget}</b> "
            f"<small>{html.escape(slots.explanation)}</small>"
        )

    def _refresh_equipment_tab(self) -> None:
        character = self.character_document.character
        evaluation = self.document.evaluation
        hands = evaluation.total("hands")
        self.hands_label.setText(f"<b>Hands {hands.spent} / {hands.budget}</b>")
        attacks = [
            (value.label, str(value.value), value.explanation)
            for value in evaluation.derived
            if ".attack" in value.key or value.key.startswith("attack.")
        ]
        if attacks != self._attacks:
            # Hundreds of lines on a large character: escaped only when they change.
            self._attacks = attacks
            self.attacks.setText(
                "<br>".join(
                    f"<b>{html.escape(label)}</b>: {html.escape(value)} "
                    f"<small>({html.escape(explanation)})</small>"
                    for label, value, explanation in attacks
                )
            )
        self._sync_spin(self.money_adjustment, character.money_adjustment)
        money = next((v for v in evaluation.derived if v.key == "money"), None)
        if money is not None:
            self.money.setText(f"<b>{html.escape(str(money.value))}</b>")
            self.money.setToolTip(money.explanation)
        self._sync_spin(
            self.starting_money,
            -1 if character.starting_money is None else character.starting_money,
        )

    def _refresh_play_tab(self) -> None:
        character = self.character_document.character
        evaluation = self.document.evaluation
        for key, spin in self.vital_spins.items():
            value: Any = getattr(character.vitals, key)
            self._sync_spin(spin, -1 if value is None else int(value))
        self.vital_spins["companion_hp"].setEnabled(
            character.special_asset is not None
            and any(v.key == "companion.max_hp" for v in evaluation.derived)
        )
        self._sync_spin(self.grit, character.vitals.grit)
        for ref, box in self.status_boxes.items():
            box.blockSignals(True)
            box.setChecked(ref in character.vitals.status)
            box.blockSignals(False)

    @staticmethod
    def _sync_spin(spin: QSpinBox, value: int) -> None:
        if spin.value() != value:
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
