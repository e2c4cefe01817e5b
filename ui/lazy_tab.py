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
    """Move ``content``'s focusable widgets to ``anchor``'s place in the Tab order.

    Qt orders only widgets that take the focus, so the anchor (a plain holder, which
    sits where the tab's widgets belong) takes it for the moment."""
    inside = _chain_inside(content)
    if not inside:
        return
    policy = anchor.focusPolicy()
    anchor.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    before = anchor
    for widget in inside:
        QWidget.setTabOrder(before, widget)
        before = widget
    anchor.setFocusPolicy(policy)


def _chain_inside(content: QWidget) -> list[QWidget]:
    """The content's focusable widgets, in the order they were made (which is the order
    Qt put them in its focus chain).

    Not by walking the chain with ``nextInFocusChain``: after a character whose tabs
    were placed that way was closed, PySide took the window's own menus and tab stack
    for deleted (``tests/ui/test_lazy_tabs.py``)."""
    window = content.window()
    return [
        widget
        for widget in content.findChildren(QWidget)
        # a combo box's open list is a window of its own, not in the content's Tab order
        if widget.focusPolicy() != Qt.FocusPolicy.NoFocus and widget.window() is window
    ]
