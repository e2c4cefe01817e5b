"""A word too long for its line is split exactly as reportlab splits it, with each
character's width asked of the font once (1 MB of text without a space took seconds of
font calls)."""

from __future__ import annotations

import pytest

from sheetapp.pdf.fonts import BOLD, REGULAR, register_fonts
from sheetapp.pdf.split_words import REPORTLAB_SPLIT_WORD, installed, split_word

WORDS = [
    "<b>" * 400,
    "x" * 5000,
    "Supercalifragilisticexpialidocious" * 40,
    "ÄÖÜßéèçЖΩ½×" * 300,
    "שלום" * 200 + "abc",
    b"bytes" * 300,
    "",
    "W",
]


@pytest.mark.parametrize("word", WORDS, ids=range(len(WORDS)))
@pytest.mark.parametrize("font", [REGULAR, BOLD])
@pytest.mark.parametrize(("line_width", "widths"), [(0, [200.0]), (150, [80.0, 300.0]), (5, [3.0])])
def test_the_split_is_reportlabs(
    word: str | bytes, font: str, line_width: float, widths: list[float]
) -> None:
    register_fonts()
    ours = split_word(word, line_width, widths, 0, font, 9)
    theirs = REPORTLAB_SPLIT_WORD(word, line_width, widths, 0, font, 9)
    assert [(type(p), str(p)) for p in ours] == [(type(p), str(p)) for p in theirs]


def test_paragraphs_use_it() -> None:
    from reportlab.platypus import paragraph

    with installed() as active:
        assert active
        assert paragraph._splitWord is split_word
