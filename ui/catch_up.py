"""A view that follows a character's edits only while it is shown.

The Play panel and the Costs tree sit on tabs most edits never show: rebuilding them
after every edit made other tabs' edits pay for them. :class:`CatchUpWhenShown` refreshes
its widget at once when it is on show, and otherwise the next time it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from ui.document import EditorDocument


class CatchUpWhenShown(QObject):
    """Follows ``document.changed`` for ``widget``, whose ``refresh`` rebuilds it (and
    sets :attr:`stale` to False); lives and dies with the widget."""

    def __init__(
        self, widget: QWidget, document: EditorDocument, refresh: Callable[[], None]
    ) -> None:
        super().__init__(widget)
        self._widget = widget
        self._refresh = refresh
        #: an edit came since the widget was last refreshed
        self.stale = True
        widget.installEventFilter(self)
        # a bound method, never a lambda: Qt drops a bound method's connection when the
        # widget (and this, its child) is deleted (a lambda kept reacting after it:
        # issue 31, defect 2)
        document.changed.connect(self.document_changed)

    def document_changed(self, _changes: object = None) -> None:
        self.stale = True
        if self._widget.isVisible():
            self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.Show and self.stale:
            self._refresh()
        return False
