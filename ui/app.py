"""Start the window: `sheetapp` with no command, or `sheetapp FILE...`."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from sheetapp import __version__
from sheetapp.core.catalog import CatalogError
from sheetapp.core.system import SystemLoadError, SystemRegistry, installed_systems
from ui.errors import install_excepthook, show_error
from ui.main_window import MainWindow
from ui.settings import THEME, Settings
from ui.theme import apply_theme


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
    window.show()
    QTimer.singleShot(0, window.offer_recovery)
    return app.exec()
