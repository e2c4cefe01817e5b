"""A tab widget that does not repaint everything it holds when nothing moved.

QTabWidget answers every layout request — a tab's text changing ("Name*" when a
character becomes modified, "Name" when it is saved or undone back to its saved state),
or any widget inside a page asking for a new size (the details panel rebuilt after an
edit) — by placing its tab bar and pages again and then repainting its whole area, with
every widget on the current page: on a large character that repaint cost more than the
edit itself. Here a layout request that leaves the pages where they are only gives the
tab bar its place (in document mode, where the tab widget paints nothing of its own, the
bar may also change size); anything else is QTabWidget's own full layout.
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


class QuietTabWidget(QTabWidget):
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
        if event.type() == _LAYOUT_REQUEST and self._lay_out_quietly():
            return QWidget.event(self, event)
        return super().event(event)

    def _lay_out_quietly(self) -> bool:
        """Place the tab bar where the style puts it when that is all that can change
        (the pages keep their place); False when the whole layout must be set up."""
        if not self.isVisible() or self._stack is None:
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
            if not self.documentMode():
                return False  # the frame drawn around the pages meets the bar
            bar.setGeometry(place)
        self.updateGeometry()
        return True
