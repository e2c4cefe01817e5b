"""The details of the current ability or modifier: every choice the tree's columns do not
show (further option groups, add-ons, large item, referee's cost, Area shape, notes)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLayoutItem,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from sheetapp.core.changes import Change
from sheetapp.systems.gladiators import edits
from sheetapp.systems.gladiators.catalog import CostOptionGroup, VariantCost, catalogs
from sheetapp.systems.gladiators.model import MAX_UNITS, AbilityChoice, GladiatorsDocument
from ui.document import EditorDocument

COST_OVERRIDE_LIMIT = 9999
NO_OVERRIDE = -1000  # the spin box's "no ruling" value, shown as its special text


class DetailsPanel(QGroupBox):
    """Rebuilt for the current row; every editor pushes one edit through the document."""

    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__("Details", parent)
        self.doc = document
        self.ability: int | None = None
        self.modifier: int | None = None
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self._empty()

    @property
    def character_document(self) -> GladiatorsDocument:
        document = self.doc.document
        assert isinstance(document, GladiatorsDocument)
        return document

    def _clear(self) -> None:
        """Empty the form. The widgets are deleted later, not now: the rebuild may run
        inside one of their own events (a wheel turn on a combo box changes the ability
        and so rebuilds the panel), and deleting a widget in its own event crashes."""
        while self.form.rowCount():
            row = self.form.takeRow(0)
            for item in (row.labelItem, row.fieldItem):
                _discard(item)

    def _empty(self) -> None:
        self._clear()
        hint = QLabel("Select an ability or a modifier to see all of its choices.")
        hint.setWordWrap(True)
        self.form.addRow(hint)

    def show_item(self, ability: int | None, modifier: int | None) -> None:
        self.ability, self.modifier = ability, modifier
        self.rebuild()

    def shows_changed(self, changes: list[Change]) -> bool:
        """Whether ``changes`` may alter what the panel shows: the shown ability (or
        the list it is in, or the custom definitions) changed; an edit of another ability,
        a trait or a campaign setting leaves the panel as it is."""
        if self.ability is None:
            return False
        for change in changes:
            path = change.path
            if path[:1] != ("character",) or path[1:2] in (("advantages",), ("disadvantages",)):
                continue
            if len(path) < 3 or path[1] != "abilities" or change.op != "set":
                return True
            if path[2] == self.ability:
                return True
        return False

    def rebuild(self) -> None:
        document = self.character_document
        abilities = document.character.abilities
        if self.ability is None or self.ability >= len(abilities):
            self.setTitle("Details")
            self._empty()
            return
        choice = abilities[self.ability]
        if self.modifier is not None and self.modifier < len(choice.modifiers):
            self._modifier_form(self.ability, self.modifier)
        else:
            self._ability_form(self.ability)

    def _push(self, build: Callable[[], list[Change]], merge: object | None = None) -> None:
        try:
            changes = build()
        except edits.EditError as exc:
            self.doc.edit_refused.emit(str(exc))
            return
        self.doc.push(changes, merge_key=merge)

    def _ability_form(self, index: int) -> None:
        self._clear()
        choice = self.character_document.character.abilities[index]
        definition = catalogs().abilities.get(choice.ability)
        self.setTitle(f"Details — {edits.ability_name(self.character_document, index)}")
        if definition:
            for group in definition.cost_options:
                if group.kind == "choice" and len(group.options) > 1:
                    self._option_row(index, choice, group)
                elif group.kind == "addon":
                    self._addon_rows(index, choice, group)
        if "energy" in choice.types:
            self._subtype_row(index, choice.subtype)
        self._large_item_row(index, choice)
        self._override_row(index, choice)
        self._note_row(index, choice)

    def _option_row(self, index: int, choice: AbilityChoice, group: CostOptionGroup) -> None:
        """A choice among the options of a group beyond the tree's Option column."""
        combo = QComboBox()
        for option in group.options:
            combo.addItem(option.label, option.id)
        current = choice.options.get(group.id, group.options[0].id)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        gid = group.id
        combo.activated.connect(
            lambda _r, c=combo, g=gid: self._push(
                lambda: edits.set_option(self.character_document, index, g, str(c.currentData()))
            )
        )
        self.form.addRow(f"{group.label or group.id.replace('_', ' ').title()}:", combo)

    def _addon_rows(self, index: int, choice: AbilityChoice, group: CostOptionGroup) -> None:
        """How many of each add-on."""
        for option in group.options:
            spin = QSpinBox()
            # the file's limit: past the rulebook's most an issue says so
            spin.setRange(0, MAX_UNITS)
            spin.setValue(choice.addons.get(option.id, 0))
            spin.setKeyboardTracking(False)
            oid = option.id
            spin.valueChanged.connect(
                lambda value, o=oid: self._push(
                    lambda: edits.set_addon(self.character_document, index, o, value)
                )
            )
            self.form.addRow(f"{option.label}:", spin)

    def _large_item_row(self, index: int, choice: AbilityChoice) -> None:
        large = QCheckBox("Produced by a large item")
        large.setToolTip(
            "A vehicle or support weapon: exempt from the Conventional and minor-character "
            "level caps"
        )
        large.setChecked(choice.large_item)
        large.toggled.connect(
            lambda value: self._push(
                lambda: edits.set_large_item(self.character_document, index, value)
            )
        )
        self.form.addRow("Large item:", large)

    def _override_row(self, index: int, choice: AbilityChoice) -> None:
        override = QSpinBox()
        override.setRange(NO_OVERRIDE, COST_OVERRIDE_LIMIT)
        override.setSpecialValueText("rules")
        override.setValue(NO_OVERRIDE if choice.cost_override is None else choice.cost_override)
        override.setToolTip("A referee's ruling on the cost replaces the rules' price.")
        override.setKeyboardTracking(False)
        override.valueChanged.connect(
            lambda value: self._push(
                lambda: edits.set_cost_override(
                    self.character_document, index, None if value == NO_OVERRIDE else value
                ),
                ("cost_override", index),
            )
        )
        self.form.addRow("Referee's cost:", override)

    def _note_row(self, index: int, choice: AbilityChoice) -> None:
        note = QLineEdit(choice.note)
        note.setPlaceholderText("A note shown on the sheet")
        note.editingFinished.connect(
            lambda: self._push(
                lambda: edits.set_ability_field(self.character_document, index, "note", note.text())
            )
        )
        self.form.addRow("Note:", note)

    def _subtype_row(self, index: int, current: str | None) -> None:
        """Energy's subtype: "Heat, Cold, Electricity, Radiation, Entropy" (line 21)."""
        energy = catalogs().types.get("energy")
        combo = QComboBox()
        combo.setObjectName("subtype")
        combo.addItem("(none chosen)", None)
        for name in energy.subtypes if energy else ():
            combo.addItem(name, name)
        if current is not None and combo.findData(current) < 0:
            combo.addItem(current, current)  # shown as it is: the issue says what is wrong
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.activated.connect(
            lambda _row: self._push(
                lambda: edits.set_ability_field(
                    self.character_document, index, "subtype", combo.currentData()
                )
            )
        )
        self.form.addRow("Energy subtype:", combo)

    def _modifier_form(self, index: int, m_index: int) -> None:
        self._clear()
        document = self.character_document
        modifier = document.character.abilities[index].modifiers[m_index]
        definition = catalogs().modifiers.get(modifier.modifier)
        self.setTitle(f"Details — {definition.name if definition else modifier.modifier}")
        if definition and isinstance(definition.cost, VariantCost):
            if definition.cost.shapes:
                shape = QComboBox()
                for name in definition.cost.shapes:
                    shape.addItem(name.title(), name)
                shape.setCurrentIndex(max(0, shape.findData(modifier.shape)))
                shape.activated.connect(
                    lambda _r: self._push(
                        lambda: edits.set_modifier_field(
                            self.character_document, index, m_index, "shape", shape.currentData()
                        )
                    )
                )
                self.form.addRow("Shape:", shape)
            for addon in definition.cost.addons:
                spin = QSpinBox()
                spin.setRange(0, MAX_UNITS)  # the file's limit, as above
                spin.setValue(modifier.addons.get(addon.id, 0))
                spin.setKeyboardTracking(False)
                aid = addon.id
                spin.valueChanged.connect(
                    lambda value, a=aid: self._push(
                        lambda: edits.set_modifier_addon(
                            self.character_document, index, m_index, a, value
                        )
                    )
                )
                self.form.addRow(f"{addon.label}:", spin)
        note = QLineEdit(modifier.note)
        note.setPlaceholderText("A note shown on the sheet")
        note.editingFinished.connect(
            lambda: self._push(
                lambda: edits.set_modifier_field(
                    self.character_document, index, m_index, "note", note.text()
                )
            )
        )
        self.form.addRow("Note:", note)


def _discard(item: QLayoutItem | None) -> None:
    """Hide a taken-out layout item's widgets and delete them once control returns."""
    if item is None:
        return
    widget = item.widget()
    if widget is not None:
        widget.hide()
        widget.deleteLater()
        return
    layout = item.layout()
    if layout is not None:
        while layout.count():
            _discard(layout.takeAt(0))
        layout.deleteLater()
