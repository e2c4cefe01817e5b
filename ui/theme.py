"""Light and dark themes: follow the system unless the user picks one (View ▸ Theme)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("system", "light", "dark")


def _dark_palette() -> QPalette:
    palette = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(225, 225, 225)
    palette.setColor(QPalette.ColorRole.Window, window)
    palette.setColor(QPalette.ColorRole.WindowText, text)
    palette.setColor(QPalette.ColorRole.Base, base)
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor(40, 40, 43))
    palette.setColor(QPalette.ColorRole.ToolTipBase, window)
    palette.setColor(QPalette.ColorRole.ToolTipText, text)
    palette.setColor(QPalette.ColorRole.Text, text)
    palette.setColor(QPalette.ColorRole.Button, window)
    palette.setColor(QPalette.ColorRole.ButtonText, text)
    palette.setColor(QPalette.ColorRole.BrightText, QColor(255, 80, 80))
    palette.setColor(QPalette.ColorRole.Link, QColor(100, 160, 255))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(42, 110, 200))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(140, 140, 140))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(120, 120, 120))
    return palette


def system_prefers_dark() -> bool:
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def apply_theme(app: QApplication, theme: str) -> str:
    """Apply ``theme`` (system, light or dark); returns the scheme actually shown."""
    if theme not in THEMES:
        theme = "system"
    app.setStyle("Fusion")
    dark = theme == "dark" or (theme == "system" and system_prefers_dark())
    app.setPalette(_dark_palette() if dark else app.style().standardPalette())
    return "dark" if dark else "light"
