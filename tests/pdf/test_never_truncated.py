"""Nothing is ever cut off or misprinted: long tables, huge text, tall cells,
markup and non-Latin text, broken portraits, rule errors."""

from __future__ import annotations

import base64
import re
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image

from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document
from sheetapp.systems.gladiators.catalog import catalogs
from sheetapp.systems.gladiators.model import AbilityChoice, GladiatorsDocument
from sheetapp.systems.gladiators.system import SYSTEM
from tests.pdf.helpers import flat, lines, load_sample, page_texts, reader, render

TRICKY_NAME = '<b>Zoë & "Ж" <img src="x.png"/></b> Ωμέγα ½×éö &amp; <font color=red>'


def big_character(count: int = 300) -> GladiatorsDocument:
    """``count`` abilities cycling through the whole catalog, each with its own label."""
    document = SYSTEM.new_document("Legion")
    ids = sorted(catalogs().abilities)
    document.character.abilities = [
        AbilityChoice(
            ability=ids[index % len(ids)],
            label=f"Power {index:03d}",
            level=1 + index % 7,
            source="mutant",
        )
        for index in range(count)
    ]
    return document


def test_three_hundred_abilities_span_pages_and_lose_no_row() -> None:
    document = big_character()
    data, evaluation = render(document)
    pages = reader(data).pages
    assert len(pages) >= 5
    # Rows with a rule error start with a mark ("✖ Power 012 (...)").
    first_cells = [line.cells[0].removeprefix("✖ ").removeprefix("⚠ ") for line in lines(data)]
    for index in range(300):
        label = f"Power {index:03d}"
        assert any(cell.startswith(f"{label} (") for cell in first_cells), label
    # The header row repeats on every page the table continues on.
    every = lines(data)
    with_rows = {
        line.page
        for line in every
        if line.cells[0].lstrip("✖⚠ ").startswith("Power ")
        and len(line.cells) > 1
        and line.cells[1].isdigit()  # an ability row: name, then its level
    }
    heads = {line.page for line in every if line.cells[:2] == ["Ability", "Lvl"]}
    assert len(with_rows) >= 5
    assert with_rows <= heads
    spent = evaluation.total("gp").spent
    assert f"{spent} / 40" in flat(page_texts(data)[0])


def _tokens(count: int, prefix: str) -> list[str]:
    return [f"{prefix}{index:05d}" for index in range(count)]


def test_a_hundred_kilobyte_note_prints_every_word() -> None:
    document = load_sample().document
    words = _tokens(14_500, "w")  # 14,500 × 7 characters > 100 kB
    paragraphs = [" ".join(words[i : i + 500]) for i in range(0, len(words), 500)]
    document.meta.notes = "\n\n".join(paragraphs)
    assert len(document.meta.notes) >= 100_000
    data, _ = render(document)
    printed = set(" ".join(page_texts(data)).split())
    assert set(words) <= printed
    assert len(reader(data).pages) > 10


def test_a_cell_taller_than_a_page_splits_inside_its_row() -> None:
    """A 21 kB note on one ability: its row runs over several pages, nothing lost."""
    document = load_sample().document
    words = _tokens(3_000, "c")
    document.character.abilities[5].note = " ".join(words)
    data, _ = render(document)
    printed = set(" ".join(page_texts(data)).split())
    assert set(words) <= printed
    assert len(reader(data).pages) >= 4


def test_a_single_unbroken_word_wraps_instead_of_running_off_the_page() -> None:
    document = load_sample().document
    document.meta.notes = "x" * 5000
    data, _ = render(document)
    # the word may run on over a page break (the footer then prints inside it)
    pieces = [
        run for page in page_texts(data) for run in re.findall("x{20,}", "".join(page.split()))
    ]
    assert "".join(pieces) == "x" * 5000


def test_markup_and_non_latin_text_print_literally() -> None:
    document = load_sample().document
    document.meta.name = TRICKY_NAME
    document.meta.player = "Ἀλέξανδρος & <i>Саша</i>"
    document.character.abilities[5].label = "Ракета <br/> & ½"
    document.meta.notes = "Line one <b>not bold</b>\nLine two & three\n\n<para>x</para>"
    data, _ = render(document)
    first = page_texts(data)[0]
    assert TRICKY_NAME in first
    assert "Player: Ἀλέξανδρος & <i>Саша</i>" in first
    text = flat(" ".join(page_texts(data)))
    assert "Ракета <br/> & ½ (Damaging Attack)" in text
    assert "Line one <b>not bold</b> Line two & three <para>x</para>" in text
    assert reader(data).metadata.title.startswith(TRICKY_NAME)  # type: ignore[union-attr]


def test_control_characters_do_not_break_the_sheet() -> None:
    document = load_sample().document
    document.meta.notes = "bell\x07 tab\tform\x0cfeed end"
    data, _ = render(document)
    assert "bell tab" in flat(" ".join(page_texts(data)))


def test_rule_errors_are_printed_in_a_box_on_page_one() -> None:
    """Over budget is an error ("Glory Points" budget, seed line 20-ish GP rule): the
    sheet is never silently wrong."""
    document = big_character(40)
    data, evaluation = render(document)
    errors = [issue for issue in evaluation.issues if issue.severity.value == "error"]
    assert errors
    first = flat(page_texts(data)[0])
    assert f"This sheet breaks {len(errors)} rule" in first
    box = first.split("This sheet breaks", 1)[1]
    for issue in errors:
        if flat(issue.message) not in box:
            # a long list may continue on page 2; every error is printed somewhere
            assert flat(issue.message) in flat(" ".join(page_texts(data)))
    assert flat(errors[0].message) in box


def test_a_sheet_without_errors_has_no_error_box() -> None:
    data, evaluation = render(load_sample().document)
    assert not evaluation.has_errors
    assert "This sheet breaks" not in " ".join(page_texts(data))


def _png(width: int, height: int) -> str:
    out = BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


def _image_count(data: bytes) -> int:
    page = reader(data).pages[0]
    objects = page["/Resources"].get("/XObject", {})
    return sum(1 for ref in objects.values() if ref.get_object()["/Subtype"] == "/Image")


def test_a_portrait_is_printed_on_page_one() -> None:
    document = load_sample().document
    document.meta.portrait = _png(300, 400)
    data, _ = render(document)
    assert _image_count(data) == 1


def test_a_broken_portrait_gives_a_note_not_a_crash() -> None:
    document = load_sample().document
    for broken, reason in (
        ("not base64 at all!", "not valid base64"),
        (base64.b64encode(b"GIF89a not really").decode(), "damaged or not a PNG or JPEG"),
        (_png(10, 10)[:40], "damaged or not a PNG or JPEG"),
    ):
        document.meta.portrait = broken
        data, _ = render(document)
        first = flat(page_texts(data)[0])
        assert "The portrait could not be printed" in first and reason in first
        assert _image_count(data) == 0


def test_only_black_and_grey_in_monochrome() -> None:
    document = big_character(40)  # has errors, stripes and boxes
    colour, _ = render(document)
    from sheetapp.pdf.options import PdfOptions

    mono, _ = render(document, PdfOptions(monochrome=True))

    def fills(data: bytes) -> set[tuple[str, ...]]:
        found = set()
        for page in reader(data).pages:
            stream = page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
            found |= set(re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", stream))
        return found

    assert any(len(set(rgb)) > 1 for rgb in fills(colour))
    assert all(len({float(c) for c in rgb}) == 1 for rgb in fills(mono))


def test_remembered_wraps_give_the_same_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """CellParagraph reuses a cell's line breaks across page breaks; the pages must be
    exactly those of a plain Paragraph (reportlab's invariant mode fixes dates and ids)."""
    from reportlab import rl_config
    from reportlab.platypus import Paragraph

    from sheetapp.pdf.flowables import CellParagraph

    monkeypatch.setattr(rl_config, "invariant", 1)
    document = big_character(120)
    cached, _ = render(document)
    monkeypatch.setattr(CellParagraph, "wrap", Paragraph.wrap)
    plain, _ = render(document)
    assert cached == plain


def test_long_notes_print_in_pieces_and_lose_nothing() -> None:
    """Notes of a megabyte took minutes to print (reportlab re-wraps the rest of one
    paragraph at each page break): they go in pieces of at most 2,000 characters, cut at
    line ends or between words, and every word is printed."""
    import random

    from sheetapp.pdf.text import CHUNK, paragraphs

    rng = random.Random(7)
    words = [rng.choice(["alpha", "beta", "gamma", "delta"]) for _ in range(40_000)]
    text = " ".join(words) + "\n" + "x" * 5_000  # and one "word" longer than a piece
    pieces = paragraphs(text)
    assert len(pieces) > 100 and all(len(p) <= CHUNK + 10 for p in pieces)
    assert "".join(p.replace("<br/>", "") for p in pieces).replace(" ", "") == text.replace(
        " ", ""
    ).replace("\n", "")
    document = SYSTEM.new_document("Notes")
    document.meta.notes = " ".join(words[:20_000])
    data, _ = render(document)
    printed = "".join(page.extract_text() for page in reader(data).pages)
    assert printed.count("gamma") == words[:20_000].count("gamma")


def test_markup_characters_make_one_piece_not_one_each() -> None:
    """1 MB of "<b>" typed into notes took over a minute to print: each "&lt;" became a
    piece of the paragraph of its own. Carried through the parser, the text is one piece
    and prints as typed."""
    from sheetapp.pdf.flowables import CellParagraph
    from sheetapp.pdf.fonts import register_fonts
    from sheetapp.pdf.styles import SheetStyles
    from sheetapp.pdf.text import markup

    register_fonts()
    typed = ("<b>&amp;</b> " * 500).strip()
    paragraph = CellParagraph(markup(typed), SheetStyles(False)["Body"])
    assert len(paragraph.frags) == 1
    assert paragraph.frags[0].text == typed


def test_a_row_just_under_a_page_tall_fits_under_the_repeated_header() -> None:
    """Found by the loader fuzzer: an ability with its four modifiers repeated 20 times
    made a row of 709 pt, under the 711 pt page frame but not under the frame less the
    repeated header row; the row was neither split nor placeable and the export failed."""
    example = Path(__file__).parents[2] / "resources/examples/gladiators/professional-criminal.json"
    original = load_document(example, installed_systems()).document
    for copies in range(14, 30):  # the row grows past the page frame in small steps
        document = original.model_copy(deep=True)
        ability = document.character.abilities[4]
        ability.modifiers = ability.modifiers * copies
        data, _evaluation = render(document)
        assert reader(data).pages, copies
