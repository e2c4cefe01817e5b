"""The PDF as a file: embedded fonts, paper sizes, metadata, the locale's paper."""

from __future__ import annotations

from typing import Any

import pytest

from sheetapp import __version__
from sheetapp.pdf.options import PdfOptions, default_paper, paper_for_locale
from tests.pdf.helpers import load_sample, reader, render
from tests.pdf.test_never_truncated import TRICKY_NAME


def _fonts(data: bytes) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for page in reader(data).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            found[str(font["/BaseFont"])] = font
    return found


def test_every_font_is_embedded_truetype() -> None:
    """Like `pdffonts`: each font carries its own glyphs (FontFile2), none is a
    standard font the viewer would substitute."""
    document = load_sample().document
    document.meta.notes = "Ωμέγα Ж ½ × é ö"
    document.character.abilities[0].note = "an oblique detail line"
    data, _ = render(document)
    fonts = _fonts(data)
    assert len(fonts) >= 3  # regular, bold, oblique
    for name, font in fonts.items():
        assert "DejaVuSans" in name, name
        assert font["/Subtype"] == "/TrueType", name
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), name


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_paper_size(paper: str, size: tuple[float, float]) -> None:
    data, _ = render(load_sample().document, PdfOptions(paper=paper))  # type: ignore[arg-type]
    for page in reader(data).pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == size


def test_metadata_names_character_player_and_system() -> None:
    document = load_sample().document
    document.meta.name = TRICKY_NAME
    data, _ = render(document)
    meta = reader(data).metadata
    assert meta is not None
    assert meta.title == f"{TRICKY_NAME} — Glorious Gladiators v6"
    assert meta.author == document.meta.player
    assert meta.subject == "Glorious Gladiators v6"
    assert meta.creator == f"sheetapp {__version__}"


def test_footer_numbers_pages_as_x_of_y() -> None:
    document = load_sample().document
    document.meta.notes = "\n\n".join(["Many words here."] * 400)
    data, _ = render(document)
    pages = reader(data).pages
    assert len(pages) > 1
    for number, page in enumerate(pages, start=1):
        text = page.extract_text()
        assert f"Page {number} of {len(pages)}" in text
        assert document.meta.name in text


@pytest.mark.parametrize(
    ("environ", "paper"),
    [
        ({"LANG": "en_US.UTF-8"}, "letter"),
        ({"LANG": "fr_CA.UTF-8"}, "letter"),
        ({"LANG": "es_MX"}, "letter"),
        ({"LANG": "fil_PH.UTF-8"}, "letter"),
        ({"LANG": "de_DE.UTF-8"}, "a4"),
        ({"LANG": "en_GB.UTF-8"}, "a4"),
        ({"LANG": "C.UTF-8"}, "a4"),
        ({}, "a4"),
        ({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "a4"),
        ({"LC_ALL": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "letter"),
    ],
)
def test_default_paper_follows_the_locale(environ: dict[str, str], paper: str) -> None:
    assert default_paper(environ) == paper


def test_paper_for_a_windows_locale_name() -> None:
    assert paper_for_locale("English_United States") == "letter"
    assert paper_for_locale("German_Germany") == "a4"
