"""Long unbroken text in a text editor.

Qt lays out a paragraph that has no place to break character by character when it
wraps "at a word boundary or anywhere": notes of 1 MB without a space took 109 s to
show (and 1 MB of "<b>", 53 s). Text with such a run wraps anywhere instead (1.2 s);
ordinary text keeps wrapping at word boundaries.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QPlainTextEdit

#: a run without a break longer than any word a person types
UNBROKEN = re.compile(r"\S{2000,}")


def wrap_for(edit: QPlainTextEdit, text: str) -> None:
    """Set ``edit``'s wrapping for ``text`` (before it is laid out)."""
    mode = (
        QTextOption.WrapMode.WrapAnywhere
        if UNBROKEN.search(text)
        else QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    )
    if edit.wordWrapMode() != mode:
        edit.setWordWrapMode(mode)
