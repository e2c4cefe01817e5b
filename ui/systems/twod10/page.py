"""The 2d10 page: the tabs built from the declared lists, and a Roll tab (the play aid the
fragment is about: roll from the sheet)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QScrollArea, QWidget

from sheetapp.systems.twod10.roll import RollResult
from ui.document import EditorDocument
from ui.systems.collections_page import CollectionsPage
from ui.systems.twod10.roller import RollPanel
from ui.tables.views import window_action


class Twod10Page(CollectionsPage):
    def __init__(self, document: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.roller = RollPanel(document, self)
        scroll = QScrollArea()
        scroll.setObjectName("roll_tab")
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.roller)
        self.tabs.insertTab(0, scroll, "&Roll")
        self.tabs.setCurrentIndex(1)
        self.roll_tab = scroll
        # Ctrl+R rolls from anywhere in the character (it rolled only with the focus in
        # the Roll tab, issue 31), and shows the Roll tab with the result.
        self.roll_action = window_action(self, "Roll 2D10", self.roll_from_anywhere, "Ctrl+R")
        self.roll_action.setObjectName("roll_2d10")

    def roll_from_anywhere(self) -> RollResult | None:
        self.tabs.setCurrentWidget(self.roll_tab)
        return self.roller.roll()

    def edit_actions(self) -> list[QAction]:
        return [*super().edit_actions(), self.roll_action]
