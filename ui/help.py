"""Help › User Manual (the bundled docs/manual.md) and Help › Keyboard Shortcuts (every
window action with its keys)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import sheetapp
from sheetapp.core.resources import data_file
from ui.screen_fit import fit_to_screen


def manual_path() -> Path | None:
    """The user manual's file (its screenshots beside it), or None when it is missing."""
    try:
        path = Path(str(data_file("docs", "manual.md")))
    except FileNotFoundError:
        return None
    return path if path.is_file() else None


def heading_anchor(text: str) -> str:
    """The anchor a Markdown link gives a heading, as GitHub makes it: "A Capital
    character" is ``#a-capital-character``."""
    words = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return words.replace(" ", "-")


def linked_page(url: QUrl, current: QUrl) -> Path | None:
    """The Markdown page a link of the manual points at, where it is in this
    installation: beside the page shown, or (a system's README) in the installed
    package, whatever folder the manual itself came from."""
    relative = url.path()
    if not relative:
        return None
    here = Path(current.toLocalFile()).parent if current.isLocalFile() else Path.cwd()
    beside = (here / relative).resolve()
    if beside.is_file():
        return beside
    found = re.search(r"sheetapp/systems/(\w+)/README\.md$", relative)
    if found:
        packaged = Path(sheetapp.__file__).parent / "systems" / found.group(1) / "README.md"
        if packaged.is_file():
            return packaged
    return None


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


class ManualViewer(QDialog):
    """Help ▸ User Manual: the manual with its screenshots; its Contents links go to their
    chapter, a link to a system's rules opens that page here, and Back, Forward and
    Contents find the way again (a README link used to blank the viewer for good)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("sheetapp User Manual")
        self.setObjectName("manual_dialog")
        self.text = QTextBrowser()
        self.text.setObjectName("manual_text")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self.follow)
        self.back = QPushButton("◀ &Back")
        self.back.setObjectName("manual_back")
        self.back.clicked.connect(self.text.backward)
        self.forward = QPushButton("&Forward ▶")
        self.forward.setObjectName("manual_forward")
        self.forward.clicked.connect(self.text.forward)
        self.home = QPushButton("&Contents")
        self.home.setObjectName("manual_contents")
        self.home.clicked.connect(self.show_home)
        self.text.backwardAvailable.connect(self.back.setEnabled)
        self.text.forwardAvailable.connect(self.forward.setEnabled)
        self.back.setEnabled(False)
        self.forward.setEnabled(False)
        bar = QHBoxLayout()
        for button in (self.back, self.forward, self.home):
            bar.addWidget(button)
        bar.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, 820, 640)
        self.manual = manual_path()
        self.show_home()

    def show_home(self) -> None:
        if self.manual is None:
            self.text.setMarkdown(manual_text())
            return
        self.text.setSource(
            QUrl.fromLocalFile(str(self.manual)), QTextDocument.ResourceType.MarkdownResource
        )
        self.text.verticalScrollBar().setValue(0)

    def follow(self, url: QUrl) -> None:
        """Where a link goes: a chapter of this page, a page of the manual or a system's
        rules, or (a web address) the browser."""
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        if not url.path():
            self.show_anchor(url.fragment())
            return
        page = linked_page(url, self.text.source())
        if page is None:
            self.text.setHtml(
                "<p>That page is not part of this installation; it is in sheetapp's "
                "source folder.</p><p>Use <b>Back</b> to return to the manual.</p>"
            )
            return
        self.text.setSource(
            QUrl.fromLocalFile(str(page)), QTextDocument.ResourceType.MarkdownResource
        )
        if url.fragment():
            self.show_anchor(url.fragment())

    def show_anchor(self, anchor: str) -> bool:
        """Scroll to the heading ``anchor`` names (Qt gives Markdown headings none)."""
        block = self.text.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and heading_anchor(block.text()) == anchor:
                cursor = QTextCursor(block)
                bar = self.text.verticalScrollBar()
                bar.setValue(bar.maximum())  # then back up: the heading at the top
                self.text.setTextCursor(cursor)
                self.text.ensureCursorVisible()
                return True
            block = block.next()
        return False


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
