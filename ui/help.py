"""Help › User Manual (the bundled docs/manual.md) and Help › Keyboard Shortcuts (every
window action with its keys)."""

from __future__ import annotations

import html

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from sheetapp.core.resources import data_file
from ui.screen_fit import fit_to_screen


def manual_text() -> str:
    """The user manual's Markdown, or a sentence saying it is missing."""
    try:
        return data_file("docs", "manual.md").read_text(encoding="utf-8")
    except (OSError, FileNotFoundError, UnicodeDecodeError):
        return "The user manual is missing from this installation."


def key_text(key: QKeySequence) -> str:
    """A key as the keyboard labels it: Qt names Shift+Tab "Backtab" (issue 31: the list
    showed "Ctrl+Shift+Backtab")."""
    return key.toString(QKeySequence.SequenceFormat.NativeText).replace("Backtab", "Tab")


def shortcuts_html(actions: list[QAction]) -> str:
    rows = []
    seen: set[tuple[str, str]] = set()
    for action in actions:
        keys = " or ".join(dict.fromkeys(key_text(key) for key in action.shortcuts()))
        name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if not keys or not name or (name, keys) in seen:
            continue
        seen.add((name, keys))
        rows.append(f"<tr><td>{html.escape(name)}</td><td><b>{html.escape(keys)}</b></td></tr>")
    rows.sort()
    return "<h2>Keyboard shortcuts</h2><table cellpadding='4'>" + "".join(rows) + "</table>"


class HelpDialog(QDialog):
    """A readable page of help (Markdown or HTML) with a Close button."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("help_dialog")
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, 820, 640)
