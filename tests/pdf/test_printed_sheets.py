"""Issue 37, "Tests that keep it true": the printed sheets, generic over systems.

- Nothing typed is lost: every non-empty string the user entered in the file appears in
  the full sheet's extracted text, and every value ``validate --json`` derives; the
  statblock and ``export-text`` list every entry whole, with labels.
- Player-facing text: no page of any layout (the GM page included) says a JSON path, an
  issue code, a rulebook line number, a file name or "seed", "OCR", "README" (what the
  user typed prints as typed).
- The card: one page, and either nothing left off or the space below its last line under
  15 % of the printable height; no type under 7 pt in any layout (read from the PDF's
  text operators).

The corpus is every shipped example and the benchmark's generated characters (the large
ones, and those of 300 and, for the one-page card, 1,000 items).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from bench.fixtures import GENERATORS, SEED
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.system import GameSystem, installed_systems
from sheetapp.pdf.export import render_pdf
from sheetapp.pdf.layout import layout_for
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.playsheet_renderer import render_card, render_statblocks
from sheetapp.pdf.renderer import FOOTER_SPACE, MARGIN, PAGE_SIZES, SheetRenderer
from sheetapp.playsheets import statblock
from sheetapp.sheet import build_sheet, display
from sheetapp.storage.files import dump_document, load_document
from tests.pdf.helpers import lines

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
MIN_TYPE = 7.0
MOST_BLANK = 0.15


@dataclass(frozen=True)
class Subject:
    label: str
    system: GameSystem[Any]
    document: CharacterDocument[Any, Any]

    @property
    def raw(self) -> dict[str, Any]:
        return json.loads(dump_document(self.document))

    def evaluation(self) -> Evaluation:
        return _evaluation(self.label)


@cache
def _subjects() -> dict[str, Subject]:
    systems = installed_systems()
    found: dict[str, Subject] = {}
    for path in EXAMPLES:
        document = load_document(path, systems).document
        label = f"{path.parent.name}/{path.stem}"
        found[label] = Subject(label, systems.get(document.system), document)
    for system_id, factory in sorted(GENERATORS.items()):
        generator = factory()
        specs = [
            generator.large(SEED)[0],
            generator.scaled(300, SEED),
            generator.scaled(1000, SEED),
        ]
        for spec in specs:
            label = f"{system_id}/{spec.name}"
            found[label] = Subject(label, systems.get(system_id), spec.document)
    return found


@cache
def _evaluation(label: str) -> Evaluation:
    subject = _subjects()[label]
    return subject.system.evaluate(subject.document)


def _labels(*, thousand: bool) -> list[Any]:
    """Every example, then the generated characters (marked slow: hundreds of entries)."""
    names: list[Any] = [f"{p.parent.name}/{p.stem}" for p in EXAMPLES]
    for system_id in sorted(GENERATORS):
        generated = [f"{system_id}/large", f"{system_id}/scale-300"]
        if thousand:
            generated.append(f"{system_id}/scale-1000")
        names += [pytest.param(label, marks=pytest.mark.slow) for label in generated]
    return names


def _subject(label: str) -> Subject:
    subjects = _subjects()
    if label in subjects:
        return subjects[label]
    # the large fixture's name varies by system ("large-300")
    return next(s for key, s in subjects.items() if key.startswith(label))


# --- what the user typed --------------------------------------------------------

_ID = re.compile(r"[a-z0-9_.:\-]*")
#: the file's own keys that are not the user's text
_NOT_TYPED = {"format", "system", "system_version", "portrait", "changes", "date"}


def typed(raw: dict[str, Any], *, character_only: bool = False) -> set[str]:
    """Every string a person wrote into the file: not catalog ids or setting keys
    ("damaging_attack", "ref"), dates or the portrait."""
    found: set[str] = set()

    def visit(value: Any, key: str = "") -> None:
        if key in _NOT_TYPED:
            return
        if isinstance(value, dict):
            for name, item in value.items():
                visit(item, name)
        elif isinstance(value, list):
            for item in value:
                visit(item, key)
        elif isinstance(value, str) and value.strip() and not _ID.fullmatch(value):
            found.add(value.strip())

    visit(raw.get("character", {}))
    if not character_only:
        visit(raw.get("meta", {}))
        visit(raw.get("history", []))
        name = raw.get("campaign", {}).get("name")
        if isinstance(name, str) and name.strip():
            found.add(name.strip())
    return found


def squeeze(text: str) -> str:
    """Without any whitespace: a value wrapped over two lines still reads whole."""
    return "".join(text.split())


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def font_sizes(data: bytes) -> Iterator[float]:
    """The size of every piece of text drawn, from the text operators (Tf scaled by the
    text matrix)."""
    for page in PdfReader(io.BytesIO(data)).pages:
        sizes: list[float] = []

        def visit(text: str, _cm: Any, tm: Any, _font: Any, size: Any) -> None:
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 or 1.0
                sizes.append(float(size) * scale)  # noqa: B023 - used at once

        page.extract_text(visitor_text=visit)
        yield from sizes


ALL_SECTIONS = frozenset({"gm_notes", "costs"})


@cache
def full_sheet(label: str, paper: str = "a4", everything: bool = False) -> bytes:
    subject = _subject(label)
    options = PdfOptions(paper=paper, include=ALL_SECTIONS if everything else frozenset())
    return render_pdf(subject.system, subject.document, subject.evaluation(), options)


# --- nothing typed is lost ------------------------------------------------------


@pytest.mark.parametrize("label", _labels(thousand=False))
def test_every_typed_string_and_derived_value_is_on_the_full_sheet(label: str) -> None:
    subject = _subject(label)
    text = squeeze(pdf_text(full_sheet(label)))
    missing = sorted(s for s in typed(subject.raw) if squeeze(s) not in text)
    assert not missing, f"typed but not printed: {missing[:10]}"
    derived = [
        f"{value.label}: {shown}"
        for value in subject.evaluation().derived
        if not _printed(shown := display(value.value), text)
    ]
    assert not derived, f"derived but not printed: {derived[:10]}"


def _printed(value: str, text: str) -> bool:
    """The value is on the page: whole, or a list ("Patch Up I, Generous") item by item
    (the sheet gives each its row)."""
    if squeeze(value) in text:
        return True
    # a price with its unit ("20 pts") prints in a column headed by the unit
    priced = re.fullmatch(r"(-?\d+) (pts|GP|points|PP)", value)
    if priced and priced.group(1) in text:
        return True
    return ", " in value and all(squeeze(part) in text for part in value.split(", "))


@cache
def _given(system_id: str) -> frozenset[str]:
    """The strings the app itself writes into a new character (the starting abilities'
    names): not typed by the user."""
    system = installed_systems().get(system_id)
    return frozenset(typed(json.loads(dump_document(system.new_document("")))))


#: numbers in brackets with no labels: "(15, 10, 5, +1, 20 / 25)"
UNLABELLED = re.compile(r"\((?:\s*[-+−]?\d[^,();:]*,){2,}[^();:]*\)")


@pytest.mark.parametrize("label", _labels(thousand=False))
def test_the_statblock_lists_every_entry_whole_with_labels(label: str) -> None:
    subject = _subject(label)
    block = statblock(subject.system, subject.document, subject.evaluation())
    text = block.text()
    flat = squeeze(text)
    strings = typed(subject.raw, character_only=True) - _given(subject.system.id)
    missing = sorted(s for s in strings if squeeze(s) not in flat)
    assert not missing, f"typed but not in the statblock: {missing[:10]}"
    assert not UNLABELLED.search(text), UNLABELLED.search(text)
    assert "GM notes" not in text


@pytest.mark.parametrize("label", [f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_the_printed_statblock_says_what_export_text_says(label: str) -> None:
    subject = _subject(label)
    block = statblock(subject.system, subject.document, subject.evaluation())
    printed = squeeze(pdf_text(render_statblocks([block])))
    for _label, line in block.lines:
        assert squeeze(line) in printed


# --- player-facing text -----------------------------------------------------------

#: what the app must never print for a player (the user's own text excepted)
INTERNAL = re.compile(
    r"\b(?:character|meta|campaign|history)\.[a-z_]+"  # a JSON path
    r"|\b[a-z_]+\[\d+\]"  # a list index in a path
    r"|\b(?:gladiators|capital|twod10|hero_xmen|hero-xmen|powersets)\.[a-z_]+"  # an issue code
    r"|\blines? \d+|\bLines? \d{2,}|\bL\d{3,}\b"  # a rulebook line ("Line 4" is an Area)
    r"|\b[\w-]+\.(?:json|md|txt|py)\b"  # a file name
    r"|\bseeds?\b|\bOCR\b|\bREADME\b",
    re.IGNORECASE,
)


def _without_typed(text: str, strings: set[str]) -> str:
    flat = " ".join(text.split())
    for string in sorted(strings, key=len, reverse=True):
        flat = flat.replace(" ".join(string.split()), " ")
    return flat


def _internal(text: str) -> list[str]:
    found = []
    for match in INTERNAL.finditer(text):
        word = match.group(0)
        # "Line 4" (an Area's size) is a rule's word, "line 134" a note to ourselves
        if word.lower().startswith("line") and word[0] == "L" and len(word.split()[1]) < 2:
            continue
        found.append(text[max(0, match.start() - 40) : match.end() + 20])
    return found


@pytest.mark.parametrize("label", _labels(thousand=False))
def test_no_page_says_what_only_we_read(label: str) -> None:
    subject = _subject(label)
    evaluation = subject.evaluation()
    strings = typed(subject.raw)
    card, _left = render_card(subject.system, subject.document, evaluation)
    block = statblock(subject.system, subject.document, evaluation)
    pages = {
        "sheet (with GM notes and costs)": pdf_text(full_sheet(label, everything=True)),
        "card": pdf_text(card),
        "statblock": pdf_text(render_statblocks([block])),
        "export-text": block.text(),
    }
    for layout, text in pages.items():
        found = _internal(_without_typed(text, strings))
        assert not found, f"{layout}: {found[:5]}"


# --- the card and the type ----------------------------------------------------------


def blank_below(data: bytes, paper: str) -> float:
    """The space below the card's last line of text, as a share of the printable height
    (the frame between the top margin and the footer), read from the PDF."""
    _width, height = PAGE_SIZES[paper]
    bottom = MARGIN + FOOTER_SPACE
    baselines = [line.y for line in lines(data) if line.y > bottom - 4]
    return (min(baselines) - bottom) / (height - MARGIN - bottom)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("label", _labels(thousand=True))
def test_the_card_is_one_full_page(label: str, paper: str) -> None:
    subject = _subject(label)
    data, left = render_card(
        subject.system, subject.document, subject.evaluation(), PdfOptions(paper=paper)
    )
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    if left:
        blank = blank_below(data, paper)
        assert blank < MOST_BLANK, f"{blank:.0%} blank, yet left out: {left}"
        text = " ".join(pdf_text(data).split())
        for title in left:
            assert title in text
    assert min(font_sizes(data)) >= MIN_TYPE


@pytest.mark.parametrize("label", [f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_no_type_under_seven_points(label: str) -> None:
    subject = _subject(label)
    block = statblock(subject.system, subject.document, subject.evaluation())
    for data in (full_sheet(label, everything=True), render_statblocks([block])):
        assert min(font_sizes(data)) >= MIN_TYPE


# --- page flow at scale -------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "label", [f"{s}/scale-{n}" for s in sorted(GENERATORS) for n in (300, 1000)]
)
def test_no_page_but_the_last_is_left_mostly_empty_at_scale(label: str, paper: str) -> None:
    """Issue 37, defect 7: at 1,000 Gladiators abilities page 1 held only the header (the
    combat grid moved whole to page 2); Capital's pages 1-2 were about 39 % blank."""
    subject = _subject(label)
    layout = layout_for(subject.system.id)
    options = PdfOptions(paper=paper)
    sheet = build_sheet(
        subject.system,
        subject.document,
        subject.evaluation(),
        partial(layout.enabled, include=options.include, exclude=options.exclude),
    )
    renderer = SheetRenderer(layout, options)
    renderer.render(sheet)
    empty = [round(left / height, 2) for left, height in renderer.page_fill[:-1]]
    assert max(empty, default=0) <= MOST_BLANK, empty


# --- minor ----------------------------------------------------------------------------


def unembedded_fonts(data: bytes) -> set[str]:
    """The fonts a PDF names without embedding them (Helvetica a card never used)."""
    found: set[str] = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {})
        for reference in fonts.get_object().values():
            font = reference.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            if not embedded:
                found.add(str(font.get("/BaseFont")))
    return found


@pytest.mark.parametrize("label", [f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_cards_and_statblocks_embed_every_font_they_name(label: str) -> None:
    subject = _subject(label)
    evaluation = subject.evaluation()
    card, _left = render_card(subject.system, subject.document, evaluation)
    block = statblock(subject.system, subject.document, evaluation)
    assert unembedded_fonts(card) == set()
    assert unembedded_fonts(render_statblocks([block])) == set()


def test_a_statblock_pdf_says_who_and_what_it_is() -> None:
    blocks = [
        statblock(s.system, s.document, s.evaluation())
        for s in (_subject("gladiators/city-police"), _subject("capital/mara-quell"))
    ]
    info = PdfReader(io.BytesIO(render_statblocks(blocks))).metadata
    assert info is not None
    assert info.author == "Sam"  # Mara Quell's player
    assert info.subject == "GM statblocks: Capital alpha2, Glorious Gladiators v6"


# --- hostile content --------------------------------------------------------------------

LONG_NAME = "Ilse " + "Varga-Okonkwo-Lindqvist " * 12 + "the Longest Named Telepath 🦸"


def _long_named(tmp_path: Path) -> Path:
    raw = json.loads((REPO / "resources/examples/twod10/ilse-varga-wounded.json").read_text())
    raw["meta"]["name"] = LONG_NAME
    path = tmp_path / "long.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_300_letter_name_prints_whole_once_in_smaller_type(tmp_path: Path) -> None:
    """Issue 37, defect 8: a 300-character name took 40 % of page 1 and pushed sections
    off the card. It prints whole in the heading, in smaller type across the page."""
    subject = _subject("twod10/ilse-varga-wounded")
    document = load_document(_long_named(tmp_path), installed_systems()).document
    data, _left = render_card(subject.system, document, subject.system.evaluate(document))
    heading = [line for line in lines(data) if "Varga-Okonkwo" in line.text]
    body = squeeze(pdf_text(data))
    assert squeeze(LONG_NAME.replace("🦸", "")) in body
    assert len(heading) <= 6  # not 12 lines beside the totals
    # the sections a fight needs are still on the card
    for title in ("Combat", "Weapons", "Psionics"):
        assert title in pdf_text(data)


@pytest.mark.parametrize("layout", ["card", "statblock"])
def test_the_missing_glyph_warning_comes_with_every_layout(
    tmp_path: Path, layout: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from sheetapp.cli import main

    out = tmp_path / "out.pdf"
    assert main(["export-pdf", str(_long_named(tmp_path)), "--layout", layout, "-o", str(out)]) == 0
    assert "U+1F9B8" in capsys.readouterr().err


def test_arabic_copies_and_searches_as_letters(tmp_path: Path) -> None:
    """Issue 37, defect 8: Arabic printed joined extracted as presentation-form codes
    (U+FE70-U+FEFF), which copying and search do not match with typed letters."""
    raw = json.loads((REPO / "resources/examples/gladiators/night-owl.json").read_text())
    raw["meta"]["name"] = "Layla مرحبا بالعالم"
    path = tmp_path / "arabic.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    document = load_document(path, installed_systems()).document
    subject = _subject("gladiators/night-owl")
    evaluation = subject.system.evaluate(document)
    card, _left = render_card(subject.system, document, evaluation)
    for data in (render_pdf(subject.system, document, evaluation), card):
        text = pdf_text(data)
        assert not [c for c in text if 0xFB50 <= ord(c) <= 0xFDFF or 0xFE70 <= ord(c) <= 0xFEFF]
        assert "مرحبا" in text and "بالعالم" in text


def test_statblocks_say_what_the_issue_found_missing() -> None:
    """Issue 37, defect 3, example by example: Capital's personality with its values and
    its derived list not repeated; HERO's "Reduced Endurance (0 END)" and "Only Affects
    Metal"; 2d10's Eye row with its effect; Power Sets' "five bolts a day"; Gladiators'
    "Drain Attack Vision" and to-hit; no GM-notes line; Everyperson skills named once."""

    def text(label: str) -> str:
        subject = _subject(label)
        return statblock(subject.system, subject.document, subject.evaluation()).text()

    capital = text("capital/mara-quell")
    assert "Ideal (Description: Community: We must all work together" in capital
    assert "How the numbers are worked out" not in capital
    hero = text("hero-xmen/lodestar")
    assert "Reduced Endurance (0 END)" in hero and "Only Affects Metal" in hero
    assert "GM notes" not in hero
    assert "also, at no cost: Climbing" in hero and "Climbing (" not in hero
    assert "No Depth Perception / both: Blind" in text("twod10/ilse-varga-wounded")
    assert "five bolts a day" in text("powersets/volt")
    swat = text("gladiators/swat-federal-agent")
    assert "Drain Attack Vision" in swat and "to hit (D10) 5+ vs Evade 0" in swat
