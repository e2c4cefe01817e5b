"""File ▸ New: pick a system, start empty or from a shipped example, a name, and the
campaign and character settings."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import GameSystem, SystemRegistry, started_with_settings
from sheetapp.editing.fields import with_settings
from sheetapp.storage.examples import list_examples, load_example
from ui.forms import ModelForm, field_specs
from ui.screen_fit import fit_to_screen, scrolling


class NewCharacterDialog(QDialog):
    def __init__(self, registry: SystemRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Character")
        self.setObjectName("new_dialog")
        self.registry = registry
        self.system_combo = QComboBox()
        self.system_combo.setObjectName("system")
        for system in registry:
            self.system_combo.addItem(system.name, system.id)
        self.name = QLineEdit()
        self.name.setObjectName("name")
        self.name.setPlaceholderText("e.g. Night Owl")
        self.player = QLineEdit()
        self.player.setObjectName("player")
        self.start = QComboBox()
        self.start.setObjectName("start")
        self.start.setToolTip(
            "Start from a character the rulebook prints (already legal), or from an empty one."
        )
        self.start.currentIndexChanged.connect(lambda _i: self._start_changed())
        top = QFormLayout()
        top.addRow("&System:", self.system_combo)
        top.addRow("S&tart from:", self.start)
        top.addRow("&Name:", self.name)
        top.addRow("&Player:", self.player)
        self.settings_box = QGroupBox("Campaign settings")
        self.settings_layout = QVBoxLayout(self.settings_box)
        self.campaign_form: ModelForm | None = None
        self.character_form: ModelForm | None = None
        self.seed = QLabel()
        self.seed.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        # Scrolled: at scale 2 a laptop screen leaves 800×500, less than the settings need.
        layout.addWidget(scrolling(self.settings_box, "settings_scroll"), 1)
        layout.addWidget(self.seed)
        layout.addWidget(self.buttons)
        self.system_combo.currentIndexChanged.connect(lambda _i: self._system_changed())
        self._system_changed()
        self.name.setFocus()
        fit_to_screen(self, 560, 460)

    def select_system(self, system_id: str) -> bool:
        """Start on ``system_id`` (the one chosen last time) when it is installed."""
        row = self.system_combo.findData(system_id)
        if row >= 0:
            self.system_combo.setCurrentIndex(row)
        return row >= 0

    @property
    def system(self) -> GameSystem[Any]:
        return self.registry.get(str(self.system_combo.currentData()))

    def _system_changed(self) -> None:
        for form in (self.campaign_form, self.character_form):
            if form is not None:
                # Out of the dialog now, not at the next return to the event loop: while the
                # dialog runs its own loop (exec), deleteLater alone leaves the old system's
                # forms drawn under the new ones, catching clicks (issue 31).
                self.settings_layout.removeWidget(form)
                form.hide()
                form.setParent(None)
                form.deleteLater()
        template = self.system.new_document("")
        self.campaign_form = ModelForm(field_specs(type(template.campaign)))
        self.campaign_form.setObjectName("campaign_form")
        self.campaign_form.set_values(template.campaign.model_dump(mode="json"))
        self.character_form = ModelForm(field_specs(type(template.character)))
        self.character_form.setObjectName("character_form")
        self.character_form.set_values(template.character.model_dump(mode="json"))
        self.settings_layout.addWidget(self.campaign_form)
        self.settings_layout.addWidget(self.character_form)
        self.seed.setText(
            f"<small>{self.system.name}, rules version {self.system.system_version}.</small>"
        )
        self.start.blockSignals(True)
        self.start.clear()
        self.start.addItem("An empty character", None)
        for example in list_examples(self.system.id, self.registry):
            self.start.addItem(f"Example: {example.name}", example.id)
            self.start.setItemData(
                self.start.count() - 1, example.description, Qt.ItemDataRole.ToolTipRole
            )
        self.start.blockSignals(False)
        self._start_changed()

    def _start_changed(self) -> None:
        """An example brings its own settings: the forms are for an empty character."""
        empty = self.start.currentData() is None
        self.settings_box.setEnabled(empty)
        self.settings_box.setTitle(
            "Campaign settings" if empty else "Campaign settings (the example's own)"
        )

    def settings(self) -> dict[str, dict[str, Any]]:
        assert self.campaign_form is not None and self.character_form is not None
        return {
            "campaign": self.campaign_form.values(),
            "character": self.character_form.values(),
            "meta": {"player": self.player.text().strip()},
        }

    def create_document(self) -> CharacterDocument[Any, Any]:
        """The new character with the chosen settings (validated by the system's model),
        or a copy of the chosen example with the name and player given."""
        example_id = self.start.currentData()
        if example_id is not None:
            example = load_example(self.system.id, str(example_id), self.registry).document
            meta = example.meta.model_copy(
                update={
                    "name": self.name.text().strip() or example.meta.name,
                    "player": self.player.text().strip() or example.meta.player,
                }
            )
            return example.model_copy(update={"meta": meta})
        name = self.name.text().strip() or "New character"
        document = with_settings(self.system.new_document(name), self.settings())
        return started_with_settings(self.system, document)
