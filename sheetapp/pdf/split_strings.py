"""reportlab's encoding of a string into a TrueType font's subsets, kept per string.

Each string drawn in an embedded font goes through ``TTFont.splitString``, a Python
loop over its characters that gives each a code in one of the font's subsets. A code,
once given, never changes for the document, so the same string always encodes the
same way: a long sheet draws "Direct", "—" or a modifier's name thousands of times, and
this keeps each string's result (per font and document, on reportlab's own state for
the document) instead of looping again. :func:`installed` wraps reportlab's method for
the length of an export (:func:`sheetapp.pdf.shortcuts.during_export`), when it has the
expected signature (a reportlab that changed it keeps its own); the process keeps
reportlab as it is otherwise.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfbase.ttfonts import TTFont

#: reportlab's own method, kept for the tests that compare the two
REPORTLAB_SPLIT_STRING = TTFont.splitString
_EXPECTED = ["self", "text", "doc", "encoding"]
#: longer strings are not kept (a note's lines are rarely repeated)
MAX_KEPT_TEXT = 200
#: strings kept per font and document
MAX_KEPT = 20_000


def split_string(self: Any, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
    state = self.state.get(doc)
    kept: dict[str, Any] | None = getattr(state, "sheet_split_kept", None)
    if kept is not None:
        found = kept.get(text)
        if found is not None:
            return found
    result = REPORTLAB_SPLIT_STRING(self, text, doc, encoding)
    if isinstance(text, str) and len(text) <= MAX_KEPT_TEXT:
        state = self.state[doc]
        kept = getattr(state, "sheet_split_kept", None)
        if kept is None:
            kept = state.sheet_split_kept = {}
        if len(kept) < MAX_KEPT:
            kept[text] = tuple(result)
    return result


@contextmanager
def installed() -> Iterator[bool]:
    """Within: :func:`split_string` is reportlab's TrueType fonts' method (True), unless
    reportlab's own method is not the one this wraps (False). Put back on leaving by the
    one who put it in place (an export inside another, or on another thread while one
    runs, finds it in place and leaves it: the strings encode the same either way)."""
    current = TTFont.__dict__.get("splitString")
    if current is split_string:
        yield True
        return
    if (
        current is not REPORTLAB_SPLIT_STRING
        or list(inspect.signature(current).parameters) != _EXPECTED
    ):
        yield False
        return
    TTFont.splitString = split_string
    try:
        yield True
    finally:
        TTFont.splitString = REPORTLAB_SPLIT_STRING
