"""A tab page whose widgets are built the first time it is shown (or asked for).

A page with many lists built every table, tool bar and text pane of every tab before the
window's first paint, though only the first tab shows: Power Sets' fourteen lists cost
about 60 ms of its start-up. The tab's content is built when the tab is first shown, when
something needs one of its widgets (an issue to show, a test), or by :meth:`ensure_built`.

Widgets created late would come last in the window's Tab order (Qt appends a new widget
to the end of the focus chain): the content is moved to where the tab stands in it, so
the keyboard goes through a page's tabs as it did when everything was built at once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyTab(QWidget):
    """Holds the place of a tab page; ``build`` makes its content on first need."""

    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build: Callable[[], QWidget] | None = build
        self.content: QWidget | None = None
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)

    @property
    def is_built(self) -> bool:
        return self._build is None

    def ensure_built(self) -> QWidget | None:
        """Build the content now if it is not built yet (safe to call while building:
        the content asks for its own widgets as it is made)."""
        build, self._build = self._build, None
        if build is not None:
            content = build()
            self.box.addWidget(content)
            if self.isVisible():
                content.show()  # now, not at the layout's queued show: it is on screen
            self.content = content
            place_in_focus_chain(self, content)
        return self.content

    def showEvent(self, event: QShowEvent) -> None:
        self.ensure_built()
        super().showEvent(event)


def place_in_focus_chain(anchor: QWidget, content: QWidget) -> None:
    """Move ``content``'s focusable widgets to ``anchor``'s place in the Tab order."""
    inside = _chain_inside(content)
    if not inside:
        return
    before = _focusable_before(anchor, content)
    if before is not None:
        for widget in inside:
            QWidget.setTabOrder(before, widget)
            before = widget


def _chain_inside(content: QWidget) -> list[QWidget]:
    found: list[QWidget] = []
    widget = content.nextInFocusChain()
    while widget is not None and widget is not content:
        if content.isAncestorOf(widget) and widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            found.append(widget)
        widget = widget.nextInFocusChain()
    return found


def _focusable_before(anchor: QWidget, content: QWidget) -> QWidget | None:
    widget = anchor.previousInFocusChain()
    while widget is not None and widget is not anchor:
        inside = widget is content or content.isAncestorOf(widget)
        if not inside and widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            return widget
        widget = widget.previousInFocusChain()
    return None
