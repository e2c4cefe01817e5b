"""Start the window: `sheetapp` with no command, or `sheetapp FILE...`.

With ``SHEETAPP_QUIT_AFTER_SHOW=1`` in the environment the app quits (exit code 0) as
soon as the main window has been painted with the files loaded, without offering to
recover autosaves: the packaging smoke test and the start-up benchmark use it.

Game systems load when first needed (see :class:`~sheetapp.core.system.SystemRegistry`):
the systems of the files on the command line while they are opened, the others from
the event loop just after the window's first paint, so the New dialog and the examples
menu open at once and a broken plug-in or catalog is reported in a dialog then.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from sheetapp import __version__
from sheetapp.core.catalog import CatalogError
from sheetapp.core.system import SystemLoadError, SystemRegistry, installed_systems
from sheetapp.startup import resume_collector
from ui.error_dialog import install_excepthook, show_error
from ui.main_window import MainWindow
from ui.settings import THEME, Settings
from ui.theme import apply_theme

QUIT_AFTER_SHOW = "SHEETAPP_QUIT_AFTER_SHOW"


#: With the variable set, a window not painted after this long ends the app with code 1.
NEVER_SHOWN_MS = 60_000


def _never_shown(app: QApplication) -> None:
    print("sheetapp: the window was not shown within a minute", file=sys.stderr, flush=True)
    app.exit(1)


def quit_after_show_requested() -> bool:
    return os.environ.get(QUIT_AFTER_SHOW, "").strip() == "1"


class QuitAfterFirstPaint(QObject):
    """Quits the application once ``window`` has painted (the paint is finished when
    the event loop runs the timer), saying on stdout how many characters it showed."""

    def __init__(self, window: MainWindow, app: QApplication) -> None:
        super().__init__(window)
        self.window = window
        self.app = app
        self.painted = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.painted and watched is self.window and event.type() == QEvent.Type.Paint:
            self.painted = True
            count = len(self.window.documents())
            print(f"sheetapp: window shown with {count} character(s)", flush=True)
            QTimer.singleShot(0, self.app.quit)
        return False


class AfterFirstPaint(QObject):
    """Calls ``callback`` from the event loop once ``window`` has been painted."""

    def __init__(self, window: MainWindow, callback: Callable[[], object]) -> None:
        super().__init__(window)
        self.window = window
        self.callback = callback
        self.painted = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.painted and watched is self.window and event.type() == QEvent.Type.Paint:
            self.painted = True
            QTimer.singleShot(0, self.callback)
        return False


def load_other_systems(window: MainWindow) -> bool:
    """Load every system not loaded yet (validating its catalogs); say in a dialog which
    one is broken. False when one is."""
    for system_id in window.registry.ids():
        try:
            window.registry.get(system_id)
        except (CatalogError, SystemLoadError) as exc:
            show_error(window, "A game system cannot be loaded", str(exc))
            return False
    return True


def create_app(argv: list[str]) -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication([sys.argv[0] if sys.argv else "sheetapp", *argv])
    app.setApplicationName("sheetapp")
    app.setApplicationDisplayName("sheetapp")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("sheetapp")
    app.setDesktopFileName("sheetapp")
    return app


def load_registry() -> SystemRegistry | None:
    try:
        return installed_systems()
    except (CatalogError, SystemLoadError) as exc:
        show_error(None, "sheetapp cannot start", str(exc))
        return None


def build_window(paths: list[str], settings: Settings | None = None) -> MainWindow | None:
    registry = load_registry()
    if registry is None:
        return None
    window = MainWindow(registry, settings=settings)
    for name in paths:
        window.open_path(Path(name))
    return window


def run(argv: list[str]) -> int:
    app = create_app(argv)
    install_excepthook()
    settings = Settings()
    apply_theme(app, str(settings.get(THEME)))
    window = build_window([arg for arg in argv if not arg.startswith("-")], settings)
    if window is None:
        return 2
    # The collector paused by sheetapp.cli.main runs again once the window is on screen.
    AfterFirstPaint(window, resume_collector)
    if quit_after_show_requested():
        QuitAfterFirstPaint(window, app)
        QTimer.singleShot(NEVER_SHOWN_MS, lambda: _never_shown(app))
    else:
        QTimer.singleShot(0, window.offer_recovery)
        AfterFirstPaint(window, lambda: load_other_systems(window))
    window.show()
    return app.exec()
