"""Step 7's Special Asset (line 223): which one, and the choices that kind needs — the
augmented weapon or attribute, a companion's scores, a vehicle's level and options and
fitted Systems, a special weapon's damage type or the Shield's two-handed option."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.issues import DataPath
from sheetapp.editing.wording import without_line_notes
from sheetapp.systems.capital import edits
from sheetapp.systems.capital.catalog import ATTRIBUTES, catalogs
from sheetapp.systems.capital.model import SpecialAssetChoice
from ui.document import EditorDocument
from ui.lazy_tab import LazyTab
from ui.systems.capital.marks import FieldMarks
from ui.systems.capital.models import VehicleSystemsModel
from ui.systems.capital.widgets import (
    Pusher,
    combo_editor,
    fill_combo,
    line_edit,
    note,
    set_text,
)
from ui.tables.collection_editor import reveal
from ui.tables.views import table_view, tool_button

ASSET: DataPath = edits.ASSET


class AssetTab(LazyTab):
    """The chosen Special Asset and its choices. The actions and the vehicle's table model
    are made with the page; the widgets when the tab is first shown or needed."""

    def __init__(
        self,
        document: EditorDocument,
        marks: FieldMarks,
        push: Pusher,
        pick: Callable[[str, list[Any], str], str | None],
        selected: Callable[[QModelIndex, QModelIndex], None] | None = None,
    ) -> None:
        super().__init__(self._content)
        self.document = document
        self.marks = marks
        self.push = push
        self.pick = pick
        #: told when the vehicle table's current cell changes
        self._selected = selected
        self.cats = catalogs()
        self._build_actions()
        self.vehicle_model = VehicleSystemsModel(document, self)
        self.choice_widgets: list[QWidget] = []
        self.syncs: list[Callable[[SpecialAssetChoice], None]] = []
        self._kind: tuple[str, ...] = ()
        #: the asset and kind the title and the browser show
        self._shown: tuple[str | None, str | None] | None = None
        self._show_actions()

    def _build_actions(self) -> None:
        self.choose_action = QAction("Choose Special &Asset…", self)
        self.choose_action.setObjectName("choose_asset")
        self.choose_action.triggered.connect(lambda _c=False: self.choose_asset())
        self.remove_action = QAction("Remove Special Asset", self)
        self.remove_action.triggered.connect(
            lambda _c=False: self.push(lambda: edits.choose_special_asset(self.push.doc, None))
        )
        self.fit_action = QAction("Fit Vehicle System…", self)
        self.fit_action.triggered.connect(lambda _c=False: self.fit_system())
        self.unfit_action = QAction("Remove Vehicle System", self)
        self.unfit_action.triggered.connect(lambda _c=False: self.unfit_system())

    # --- the widgets, made on first need ----------------------------------------------------

    @property
    def vehicle_view(self) -> QTableView:
        self.ensure_built()
        return self._vehicle_view

    def _content(self) -> QWidget:
        self._make_fields()
        bar = QHBoxLayout()
        bar.addWidget(tool_button(self.choose_action))
        bar.addWidget(tool_button(self.remove_action))
        bar.addWidget(self.marks.field(self.title, ASSET, exact=True), 1)
        left = QVBoxLayout()
        form = QFormLayout()
        form.addRow("&Name:", self.marks.field(self.name, (*ASSET, "name")))
        left.addLayout(form)
        left.addWidget(self.choices_box)
        left.addWidget(self.derived)
        left.addWidget(self.vehicle_box, 1)
        left.addStretch(1)
        columns = QHBoxLayout()
        holder = QWidget()
        holder.setLayout(left)
        columns.addWidget(holder, 3)
        columns.addWidget(self.text, 2)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.addLayout(bar)
        layout.addLayout(columns, 1)
        self.refresh()
        return content

    def _make_fields(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("asset_title")
        self.name = line_edit("asset_name", "Its own name (the appearance is yours to decide)")
        self.name.textEdited.connect(
            lambda text: self.push(
                lambda: edits.set_asset_field(self.push.doc, "name", text),
                merge_key=(*ASSET, "name"),
            )
        )
        self.text = QTextBrowser()
        self.text.setObjectName("asset_text")
        self.choices_box = QGroupBox("Its choices")
        self.choices = QFormLayout(self.choices_box)
        self.derived = note("")
        self._vehicle_view = table_view("vehicle_systems", self.vehicle_model)
        if self._selected is not None:
            self._vehicle_view.selectionModel().currentChanged.connect(self._selected)
        self.vehicle_box = QGroupBox("Vehicle Systems")
        vbox = QVBoxLayout(self.vehicle_box)
        vbar = QHBoxLayout()
        vbar.addWidget(tool_button(self.fit_action))
        vbar.addWidget(tool_button(self.unfit_action))
        vbar.addStretch(1)
        vbox.addLayout(vbar)
        vbox.addWidget(self._vehicle_view)

    # --- edits --------------------------------------------------------------------------

    def choose_asset(self, asset_id: str | None = None) -> bool:
        if asset_id is None:
            from ui.systems.capital.entries import asset_entries

            asset_id = self.pick(
                "Choose a Special Asset",
                asset_entries(self.cats),
                "One Special Asset of your choice:",
            )
            if asset_id is None:
                return False
        chosen = asset_id
        if not self.push(lambda: edits.choose_special_asset(self.push.doc, chosen)):
            return False
        # Chosen from the Character menu on another tab: show it, the focus on what it
        # asks for next (its first choice, or its name).
        reveal(self)
        self.ensure_built()
        first = next(
            (w for w in self.choice_widgets if w.focusPolicy() != Qt.FocusPolicy.NoFocus), None
        )
        (first or self.name).setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def fit_system(self, system_id: str | None = None) -> bool:
        if system_id is None:
            from ui.systems.capital.entries import vehicle_system_entries

            system_id = self.pick(
                "Fit a Vehicle System", vehicle_system_entries(self.cats), "Fit to the vehicle:"
            )
            if system_id is None:
                return False
        chosen = system_id
        return self.push(lambda: edits.add_vehicle_system(self.push.doc, chosen))

    def unfit_system(self) -> bool:
        index = self.vehicle_view.currentIndex()
        fitted = self.vehicle_model.fitted_index(index.row()) if index.isValid() else None
        if fitted is None:
            return False
        return self.push(lambda: edits.remove_vehicle_system(self.push.doc, fitted))

    def _field(self, field: edits.AssetField, value: Any) -> None:
        self.push(lambda: edits.set_asset_field(self.push.doc, field, value))

    # --- showing ------------------------------------------------------------------------

    def refresh(self) -> None:
        self._show_actions()
        if not self.is_built:
            return
        asset = self.push.doc.character.special_asset
        cats = self.cats
        self.name.setEnabled(asset is not None)
        kind = cats.asset_kind_of(asset.asset) if asset else None
        shown = (asset.asset if asset else None, kind)
        if shown != self._shown:
            # setHtml lays the browser out again: only when the asset changes.
            self._shown = shown
            if asset is None or kind is None:
                self.title.setText("<i>No Special Asset chosen yet (Step 7).</i>")
                self.text.setHtml(
                    "<p>Choose an augmentation, a companion, a vehicle or a special weapon.</p>"
                )
            else:
                name = edits.asset_name(asset.asset, cats)
                self.title.setText(f"<b>{html.escape(name)}</b> · {kind.capitalize()}")
                text = _entry_text(asset.asset)
                self.text.setHtml("<br>".join(html.escape(line) for line in text.splitlines()))
        set_text(self.name, asset.name if asset is not None and kind is not None else "")
        self._choices(asset, kind)
        self.vehicle_box.setVisible(kind == "vehicle")
        self.derived.setText(self._derived_text())

    def _show_actions(self) -> None:
        asset = self.push.doc.character.special_asset
        is_vehicle = asset is not None and self.cats.asset_kind_of(asset.asset) == "vehicle"
        self.remove_action.setEnabled(asset is not None)
        self.fit_action.setEnabled(is_vehicle)
        self.unfit_action.setEnabled(is_vehicle)

    def _derived_text(self) -> str:
        lines = []
        for value in self.document.evaluation.derived:
            if value.key.startswith(("companion", "vehicle")) and ".attack" not in value.key:
                lines.append(
                    f"<b>{html.escape(value.label)}:</b> {html.escape(str(value.value))}"
                    + (
                        f" <small>({html.escape(without_line_notes(value.explanation))})</small>"
                        if value.explanation
                        else ""
                    )
                )
        return "<br>".join(lines)

    def _choices(self, asset: SpecialAssetChoice | None, kind: str | None) -> None:
        key = (kind or "", asset.asset if asset else "")
        if key != self._kind:
            self._kind = key
            self.marks.forget(self.choice_widgets)
            while self.choices.rowCount():
                self.choices.removeRow(0)
            self.choice_widgets = []
            self.syncs = []
            if asset is not None and kind is not None:
                getattr(self, f"_build_{kind}")(asset)
        self.choices_box.setVisible(bool(self.choice_widgets))
        if asset is not None:
            for sync in self.syncs:
                sync(asset)
        self.marks.refresh()

    def _row(self, label: str, widget: QWidget, path: DataPath, sync: Callable[..., None]) -> None:
        self.syncs.append(sync)
        self.choice_widgets.append(widget)
        self.choices.addRow(label, self.marks.field(widget, path))

    def _combo(
        self,
        label: str,
        field: edits.AssetField,
        items: Callable[[SpecialAssetChoice], list[tuple[Any, str]]],
    ) -> None:
        combo = combo_editor(f"asset_{field}")
        combo.activated.connect(lambda _r, c=combo: self._field(field, c.currentData()))
        self._row(
            label,
            combo,
            (*ASSET, field),
            lambda a, c=combo: fill_combo(c, items(a), getattr(a, field)),
        )

    def _damage_types(self, types: tuple[str, ...]) -> list[tuple[Any, str]]:
        return [(None, "(choose)")] + [(t, self.cats.damage_types[t].name) for t in types]

    def _build_augmentation(self, asset: SpecialAssetChoice) -> None:
        augmentation = self.cats.augmentations[asset.asset]
        if augmentation.effect == "weapon":
            simple = [
                (item.id, item.name)
                for item in self.cats.equipment.values()
                if self.cats.is_simple_weapon(item.id)
            ]
            self._combo("Simple Weapon:", "weapon", lambda _a: [(None, "(choose)"), *simple])

            def types(a: SpecialAssetChoice) -> list[tuple[Any, str]]:
                item = self.cats.equipment.get(a.weapon or "")
                found = item.weapon.damage_types if item and item.weapon else ()
                return self._damage_types(found)

            self._combo("Damage type:", "damage_type", types)
        elif augmentation.effect == "attribute":
            attrs = [(None, "(choose)")] + [(a, f"+2 {a.upper()}") for a in ATTRIBUTES]
            self._combo("Attribute:", "attribute", lambda _a: attrs)

    def _build_companion(self, asset: SpecialAssetChoice) -> None:
        companion = self.cats.companions[asset.asset]
        values = sorted(set(companion.assign.values), reverse=True)
        for attr in companion.assign.attributes:
            combo = combo_editor(f"companion_{attr}")
            items = [(None, "(choose)")] + [(v, str(v)) for v in values]
            combo.activated.connect(
                lambda _r, c=combo, a=attr: self.push(
                    lambda: edits.set_companion_score(self.push.doc, a, c.currentData())
                )
            )
            self._row(
                f"{attr.upper()}:",
                combo,
                (*ASSET, "scores"),
                lambda a, c=combo, at=attr, it=items: fill_combo(c, it, a.scores.get(at)),
            )
        fixed = ", ".join(f"{a.upper()} {v}" for a, v in companion.fixed_scores.items())
        label = QLabel(fixed)
        self._row("Fixed:", label, (*ASSET, "fixed"), lambda _a: None)

    def _build_vehicle(self, asset: SpecialAssetChoice) -> None:
        vehicle = self.cats.vehicles[asset.asset]
        spin = QSpinBox()
        spin.setObjectName("vehicle_level")
        spin.setRange(1, len(vehicle.levels))
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(
            lambda value: self.push(
                lambda: edits.set_asset_field(self.push.doc, "level", value),
                merge_key=(*ASSET, "level"),
            )
        )

        def sync_level(a: SpecialAssetChoice, s: QSpinBox = spin) -> None:
            s.blockSignals(True)
            s.setValue(a.level)
            s.blockSignals(False)

        self._row("Vehicle Level:", spin, (*ASSET, "level"), sync_level)
        for group in vehicle.choice_groups:
            combo = combo_editor(f"vehicle_{group.id}")
            items = [(None, "(choose)")] + [
                (ref, self.cats.vehicle_systems[ref].name) for ref in group.options
            ]
            combo.activated.connect(
                lambda _r, c=combo, g=group.id: self.push(
                    lambda: edits.set_vehicle_option(self.push.doc, g, c.currentData())
                )
            )
            self._row(
                f"{group.label}:",
                combo,
                (*ASSET, "options", group.id),
                lambda a, c=combo, g=group.id, it=items: fill_combo(c, it, a.options.get(g)),
            )
        if "mechsuit_arm_mk1" in vehicle.systems:
            arm = self.cats.vehicle_systems["mechsuit_arm_mk1"]
            types = self._damage_types(arm.damage_types)
            self._combo("Arm damage type:", "damage_type", lambda _a: types)

    def _build_weapon(self, asset: SpecialAssetChoice) -> None:
        special = self.cats.special_weapons[asset.asset]
        if len(special.weapon.damage_types) > 1:
            types = self._damage_types(special.weapon.damage_types)
            self._combo("Damage type:", "damage_type", lambda _a: types)
        self._check("In hand", "held", "Held in your hands")
        if special.two_handed_option is not None:
            option = special.two_handed_option
            self._check(
                "Two-handed",
                "two_handed",
                f"Two-handed: {option.damage} damage, Block {option.block}",
            )

    def _check(self, label: str, field: edits.AssetField, tip: str) -> None:
        box = QCheckBox(label)
        box.setObjectName(f"asset_{field}")
        box.setToolTip(tip)
        box.toggled.connect(lambda on: self._field(field, on))

        def sync(a: SpecialAssetChoice, b: QCheckBox = box) -> None:
            b.blockSignals(True)
            b.setChecked(bool(getattr(a, field)))
            b.blockSignals(False)

        self._row("", box, (*ASSET, field), sync)


def _entry_text(asset_id: str) -> str:
    cats = catalogs()
    for table in (cats.augmentations, cats.companions, cats.vehicles, cats.special_weapons):
        entry = table.get(asset_id)
        if entry is not None:
            return entry.text
    return ""
