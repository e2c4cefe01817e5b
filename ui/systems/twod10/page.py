"""The 2d10 page: the tabs built from the declared lists, and a Roll tab (the play aid the
fragment is about: roll from the sheet)."""

from __future__ import annotations

from PySide6.QtWidgets import QScrollArea, QWidget

from ui.document import EditorDocument
from ui.systems.collections_page import CollectionsPage
from ui.systems.twod10.roller import RollPanel


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
