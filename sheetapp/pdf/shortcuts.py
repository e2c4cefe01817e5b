"""reportlab's two slow paths replaced for the length of one export, not for the process.

A long sheet encodes the same strings into a font's subsets thousands of times
(:mod:`sheetapp.pdf.split_strings`) and a note without a space asks the font for each
character's width again (:mod:`sheetapp.pdf.split_words`). Both shortcuts give what
reportlab gives; :func:`during_export` puts them in place around the building of one PDF
(``SheetRenderer.render``, the play sheets' statblocks) and reportlab's own functions
back afterwards, so importing sheetapp changes nothing in reportlab.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sheetapp.pdf import split_strings, split_words


@contextmanager
def during_export() -> Iterator[None]:
    """Within: reportlab encodes strings and splits long words the quick way."""
    with split_words.installed(), split_strings.installed():
        yield
