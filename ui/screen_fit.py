"""Windows that fit the screen they open on (a laptop's 1280×720, or any screen at
scale 2): a wanted size is capped at the screen's available geometry."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QWidget

#: the smallest screen every window must fit (issue 17)
SMALL_SCREEN = QSize(1280, 720)


def available_size(widget: QWidget | None = None) -> QSize:
    """The room on the widget's screen (the primary one before it is shown), less a
    margin for the window frame."""
    screens = [widget.screen() if widget is not None else None, QGuiApplication.primaryScreen()]
    screen = next((s for s in screens if s is not None), None)
    if screen is None:  # no screen at all (a headless test platform may have none)
        return SMALL_SCREEN
    room = screen.availableGeometry().size()
    return QSize(max(room.width() - 16, 320), max(room.height() - 48, 240))


def fit_to_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to ``width``×``height``, or less when the screen is smaller."""
    room = available_size(widget)
    widget.resize(min(width, room.width()), min(height, room.height()))


def scrolling(widget: QWidget, name: str = "") -> QScrollArea:
    """``widget`` in a scroll area: it scrolls when the window is smaller than it,
    instead of making the window (and its buttons) larger than the screen."""
    return _holding(QScrollArea(), widget, name)


def _holding(area: QScrollArea, widget: QWidget, name: str) -> QScrollArea:
    """``area`` (frameless, its widget resized with it) holding ``widget``."""
    area.setObjectName(name)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


class _Filling(QWidget):
    """Holds one widget and gives it all its own room, without a layout: a scroll area
    sizes a widget whose layout wraps text (height for width) to its preferred height,
    so a page with a wrapped hint grew as tall as its largest table wanted and scrolled,
    its second table below the window (issue 31). This one it sizes to the viewport, and
    it scrolls only when the page's least room does not fit."""

    def __init__(self, inner: QWidget) -> None:
        super().__init__()
        self.inner = inner
        inner.setParent(self)
        inner.installEventFilter(self)

    def sizeHint(self) -> QSize:
        return self.inner.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.inner.minimumSizeHint().expandedTo(self.inner.minimumSize())

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.inner.setGeometry(self.rect())
        super().resizeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.inner and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return False

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().event(event)


def page_scrolling(widget: QWidget, name: str = "") -> QScrollArea:
    """``widget`` (a page of tabs and tables) in a scroll area that gives it the whole
    viewport and scrolls only below the page's least size."""
    return _holding(QScrollArea(), _Filling(widget), name)


class _GivingWay(QScrollArea):
    """As tall as its widget when there is room; when the window is short it gives its
    height to the widgets beside it first and scrolls."""

    def sizeHint(self) -> QSize:
        inner = self.widget()
        content = inner.sizeHint() if inner is not None else QSize(0, 0)
        return QSize(super().sizeHint().width(), content.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)


def giving_way(widget: QWidget, name: str = "") -> QScrollArea:
    """``widget`` (a header) in a scroll area that shrinks before the page under it."""
    area = _holding(_GivingWay(), widget, name)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


def keep_lines(area: QScrollArea, lines: int) -> None:
    """Give a scroll area room for at least ``lines`` lines of text (and a scroll bar)."""
    bar = area.horizontalScrollBar().sizeHint().height()
    area.setMinimumHeight(lines * area.fontMetrics().height() + bar)


class _SidewaysStrip(QScrollArea):
    """As tall as its widget (and a scroll bar), as narrow as the window allows."""

    def _height(self) -> int:
        inner = self.widget()
        content = inner.sizeHint().height() if inner is not None else 0
        return content + self.horizontalScrollBar().sizeHint().height()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Its widget laid out anew (a totals bar filled after the strip was placed): the
        # strip asks for the new height (the level-up wizard's totals were cut in half).
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


def sideways(widget: QWidget, name: str = "") -> QScrollArea:
    """A one-line strip (totals bars) that scrolls sideways, never taller than it is."""
    strip = _holding(_SidewaysStrip(), widget, name)
    strip.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    strip.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return strip
