"""The window's row of document tabs.

A tab's text changes whenever its character becomes modified or saved ("Name*" and
"Name"): the first edit after a save, an undo back to the saved state, a save. QTabWidget
answers the tab bar's new size by laying itself out again and repainting everything it
holds — on a large character that repaint cost more than the edit itself. In document
mode the tab widget paints nothing of its own, so when the pages keep their place only
the tab bar is given its new size (the bar and the strip it leaves or covers repaint).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QStackedWidget,
    QStyle,
    QStyleOptionTabWidgetFrame,
    QTabWidget,
    QWidget,
)

_LAYOUT_REQUEST = QEvent.Type.LayoutRequest
_TAB_BAR = QStyle.SubElement.SE_TabWidgetTabBar
_CONTENTS = QStyle.SubElement.SE_TabWidgetTabContents
_CORNERS = (Qt.Corner.TopLeftCorner, Qt.Corner.TopRightCorner)


class DocumentTabs(QTabWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stack = self.findChild(
            QStackedWidget, "qt_tabwidget_stackedwidget", Qt.FindChildOption.FindDirectChildrenOnly
        )

    def setTabText(self, index: int, text: str) -> None:
        """QTabWidget.setTabText lays out and repaints the whole widget at once; the tab
        bar's own setTabText asks for a layout, which :meth:`event` keeps small."""
        if text != self.tabText(index):
            self.tabBar().setTabText(index, text)

    def event(self, event: QEvent) -> bool:
        if event.type() == _LAYOUT_REQUEST and self._resize_tab_bar_only():
            return QWidget.event(self, event)
        return super().event(event)

    def _resize_tab_bar_only(self) -> bool:
        """Give the tab bar the place the style gives it, when that is all that changes
        (the pages keep theirs); False when the whole layout must be set up."""
        if not self.documentMode() or not self.isVisible() or self._stack is None:
            return False
        if any(self.cornerWidget(corner) is not None for corner in _CORNERS):
            return False
        option = QStyleOptionTabWidgetFrame()
        self.initStyleOption(option)
        style = self.style()
        if style.subElementRect(_CONTENTS, option, self) != self._stack.geometry():
            return False
        bar = self.tabBar()
        place = style.subElementRect(_TAB_BAR, option, self)
        if bar.geometry() != place:
            bar.setGeometry(place)
        self.updateGeometry()
        return True
