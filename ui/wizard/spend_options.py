"""The system's spend options on the working copy: each with its price and the rule it
follows; buying one pushes its changes on the wizard's private undo stack."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.advancement import AdvancementRules, SpendOption
from sheetapp.core.system import GameSystem
from sheetapp.editing.wording import without_line_notes
from ui.document import EditorDocument

OPTION_ROLE = Qt.ItemDataRole.UserRole + 40


def cost_text(option: SpendOption, units: dict[str, str]) -> str:
    if not option.cost:
        return "open" if not option.changes else "0"
    return ", ".join(f"{amount} {units.get(key, key)}" for key, amount in option.cost.items())


class OptionsPanel(QWidget):
    """``open_requested`` asks for an open-ended option (add an ability, ...) to be built
    with the embedded editor page."""

    open_requested = Signal(object)  # SpendOption

    def __init__(
        self, system: GameSystem[Any], rules: AdvancementRules, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.rules = rules
        self.units = {c.key: c.unit or c.label for c in rules.currencies}
        self.document: EditorDocument | None = None
        self.options: list[SpendOption] = []
        self.tree = QTreeWidget()
        self.tree.setObjectName("spend_options")
        self.tree.setHeaderLabels(["Spend on", "Cost"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.explanation = QLabel()
        self.explanation.setObjectName("option_explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation.setMinimumHeight(60)
        self.explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.buy = QPushButton("B&uy")
        self.buy.setObjectName("buy_option")
        self.buy.setToolTip("Apply the selected option to the working copy (undoable)")
        self.buy.clicked.connect(self.buy_current)
        self.undo = QPushButton("Undo")
        self.undo.setObjectName("wizard_undo")
        self.redo = QPushButton("Redo")
        self.redo.setObjectName("wizard_redo")
        #: Buy, Undo and Redo (the Spend page keeps them in sight under what scrolls)
        self.button_bar = QWidget()
        self.button_bar.setObjectName("spend_buttons")
        buttons = QHBoxLayout(self.button_bar)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.buy)
        buttons.addStretch(1)
        buttons.addWidget(self.undo)
        buttons.addWidget(self.redo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.explanation)
        layout.addWidget(self.button_bar)
        self.tree.currentItemChanged.connect(self._current)
        self.tree.itemDoubleClicked.connect(lambda _item, _col: self.buy_current())
        self.undo.clicked.connect(self._undo)
        self.redo.clicked.connect(self._redo)

    def set_document(self, document: EditorDocument) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        document.changed.connect(self._changed)
        stack = document.undo_stack
        stack.canUndoChanged.connect(self.undo.setEnabled)
        stack.canRedoChanged.connect(self.redo.setEnabled)
        self.undo.setEnabled(stack.canUndo())
        self.redo.setEnabled(stack.canRedo())
        self.refresh()

    def _changed(self, _changes: object) -> None:
        self.refresh()

    def _undo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.undo()

    def _redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()

    def refresh(self) -> None:
        """Options priced on the working copy as it is now."""
        if self.document is None:
            return
        current = self.current_option()
        keep = (current.kind, current.path) if current else None
        self.options = self.rules.spend_options(self.system, self.document.document)
        self.units = {t.key: t.unit or t.label for t in self.document.evaluation.totals}
        self.units.update({c.key: c.unit or c.label for c in self.rules.currencies})
        self.tree.clear()
        chosen: QTreeWidgetItem | None = None
        for option in self.options:
            item = QTreeWidgetItem([option.label, cost_text(option, self.units)])
            item.setData(0, OPTION_ROLE, option)
            item.setToolTip(0, without_line_notes(option.explanation or option.rule))
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.tree.addTopLevelItem(item)
            if keep is not None and (option.kind, option.path) == keep:
                chosen = item
        if chosen is not None:
            self.tree.setCurrentItem(chosen)
        else:
            self._current(None, None)

    def current_option(self) -> SpendOption | None:
        item = self.tree.currentItem()
        found = item.data(0, OPTION_ROLE) if item is not None else None
        return found if isinstance(found, SpendOption) else None

    def select(self, label: str) -> bool:
        """Make the option called ``label`` current (tests and keyboard users)."""
        for index in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(index)
            if item is not None and item.text(0) == label:
                self.tree.setCurrentItem(item)
                return True
        return False

    def labels(self) -> list[str]:
        return [option.label for option in self.options]

    def _current(self, _item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        option = self.current_option()
        if option is None:
            self.explanation.setText("Select an option to see its price and the rule.")
            self.buy.setEnabled(False)
            return
        parts = [f"<b>{_escape(option.label)}</b> — {_escape(cost_text(option, self.units))}"]
        if option.explanation:
            parts.append(_escape(option.explanation))
        if option.rule:
            parts.append(f"<small>{_escape(without_line_notes(option.rule))}</small>")
        self.explanation.setText("<br>".join(parts))
        self.buy.setEnabled(True)
        self.buy.setText("B&uy" if option.changes else "Ch&oose…")

    def buy_current(self) -> bool:
        option = self.current_option()
        if option is None or self.document is None:
            return False
        if not option.changes:
            self.open_requested.emit(option)
            return False
        return self.document.push(list(option.changes), option.label)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
