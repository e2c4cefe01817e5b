"""The play card (one page, what a fight needs) and GM statblocks (several characters,
several to a page, two columns), printed from :mod:`sheetapp.playsheets`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace
from io import BytesIO
from typing import Any

from reportlab.platypus import BaseDocTemplate, Frame, KeepTogether, PageTemplate, Spacer

from sheetapp import __version__
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Severity
from sheetapp.core.system import GameSystem
from sheetapp.pdf.flowables import Bookmark, CellParagraph
from sheetapp.pdf.fonts import REGULAR, register_fonts
from sheetapp.pdf.layout import Layout, layout_for
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.renderer import MARGIN, PAGE_SIZES, SheetRenderer
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.playsheets import Statblock, play_card_sheet, too_much_note
from sheetapp.sheet import KeyValueSection, Section, TableSection, Track, TrackSection

COLUMN_GAP = 8.0


def render_card(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    options: PdfOptions | None = None,
) -> tuple[bytes, list[str]]:
    """The one-page play card, and the titles of the sections it had to leave to the
    full sheet (said on the card too). Rows print without their second line; sections
    are given up from the last one, what a fight needs (attacks, combat values) last,
    until the card fits one page."""
    chosen = replace(options or PdfOptions(), compact=True)
    layout = layout_for(system.id)
    sheet = play_card_sheet(system, document, evaluation)
    errors = evaluation.count(Severity.ERROR)
    kept: list[Section] = [
        _without_details(section)
        for section in sheet.sections
        if layout.enabled(section.key, chosen.include, chosen.exclude)
    ]
    tracks = card_tracks(layout, evaluation)
    if not tracks.empty:
        kept.insert(0, tracks)
    # The order sections are given up in, then the fewest given up that fit one page
    # (a binary search: a large character needs a few renders, not one per section).
    declared = {
        section.key: CARD_RANKS[section.card] for section in layout.sections if section.card
    }
    declared[TRACKS] = CARD_RANKS["fight"]
    order: list[Section] = []
    remaining = list(kept)
    while remaining:
        order.append(remaining.pop(_least_needed(remaining, declared)))

    def attempt(count: int) -> tuple[bytes, int]:
        gone = {id(section) for section in order[:count]}
        dropped = [section for section in kept if id(section) in gone]
        shown = [section for section in kept if id(section) not in gone]
        note = too_much_note(dropped, errors)
        sections = (*shown, note) if not note.empty else tuple(shown)
        renderer = SheetRenderer(layout, chosen)
        data = renderer.render(replace(sheet, sections=sections))
        return data, len(renderer.page_fill)

    data, pages = attempt(0)
    if pages <= 1:
        return data, []
    low, high = 1, len(order)
    best: bytes | None = None
    while low <= high:
        middle = (low + high) // 2
        data, pages = attempt(middle)
        if pages <= 1:
            best, high = data, middle - 1
        else:
            low = middle + 1
    count = low if best is not None else len(order)
    if best is None:
        best, _pages = attempt(count)
    gone = {id(section) for section in order[:count]}
    return best, [section.title for section in kept if id(section) in gone]


#: what a fight is run from, most needed first: given up last (a layout may say
#: otherwise for a section: its ``card``)
FOR_THE_FIGHT: tuple[tuple[str, ...], ...] = (
    ("attack", "weapon", "abilit", "power", "psionic", "combat", "derived", "vital", "wound"),
    ("body", "armour"),
    ("attribute", "characteristic", "skill"),
)
CARD_RANKS = {"fight": 0, "useful": 1, "spare": 2}


TRACKS = "tracks"


def card_tracks(layout: Layout, evaluation: Evaluation) -> TrackSection:
    """The layout's tracks, from the evaluation's derived values: a number gives that
    many boxes, steps ("4+ / 7+ / 10+ / 13+") a box under each; a value the character
    does not have, or of no boxes, gives no track."""
    derived = {value.key: value for value in evaluation.derived}
    tracks: list[Track] = []
    for spec in layout.card_tracks:
        value = derived.get(spec.value)
        if value is None:
            continue
        if spec.steps:
            marks = tuple(part.strip() for part in str(value.value).split("/") if part.strip())
            if marks:
                tracks.append(Track(spec.label, len(marks), marks, value.path))
        elif isinstance(value.value, int) and value.value > 0:
            tracks.append(Track(spec.label, value.value, (), value.path))
    return TrackSection(TRACKS, "Keep track", tuple(tracks))


def _need(section: Section, declared: Mapping[str, int]) -> int:
    """How much a fight needs the section: 0 most, ``len(FOR_THE_FIGHT)`` least."""
    if section.key in declared:
        return declared[section.key]
    for rank, words in enumerate(FOR_THE_FIGHT):
        if any(word in section.key for word in words):
            return rank
    return len(FOR_THE_FIGHT)


def _least_needed(sections: Sequence[Section], declared: Mapping[str, int]) -> int:
    """The last of the sections a fight needs least."""
    lowest = max(_need(section, declared) for section in sections)
    return max(i for i, section in enumerate(sections) if _need(section, declared) == lowest)


def _without_details(section: Section) -> Section:
    """The card's short form: rows and stat boxes without their explanation lines (the
    full sheet keeps them)."""
    if isinstance(section, TableSection):
        return replace(section, rows=tuple(replace(row, detail="") for row in section.rows))
    if isinstance(section, KeyValueSection):
        return replace(
            section, entries=tuple(replace(entry, explanation="") for entry in section.entries)
        )
    return section


def render_statblocks(blocks: Sequence[Statblock], options: PdfOptions | None = None) -> bytes:
    """The statblocks in two columns, each kept whole, as many to a page as fit."""
    chosen = options or PdfOptions()
    register_fonts()
    styles = SheetStyles(chosen.monochrome)
    width, height = PAGE_SIZES[chosen.paper]
    column = (width - 2 * MARGIN - COLUMN_GAP) / 2
    buffer = BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        title="Statblocks: " + ", ".join(block.name for block in blocks),
        creator=f"sheetapp {__version__}",
        producer=f"sheetapp {__version__} (reportlab)",
        initialFontName=REGULAR,
        lang="en",
    )
    frames = [
        Frame(
            MARGIN + index * (column + COLUMN_GAP),
            MARGIN + 12,
            column,
            height - 2 * MARGIN - 12,
            id=f"column{index}",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        for index in range(2)
    ]
    stamp = f"sheetapp {__version__} · {chosen.printed_on or dt.date.today().isoformat()}"

    def footer(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.drawRightString(width - MARGIN, MARGIN, f"{stamp}   ·   Page {doc.page}")
        canvas.restoreState()

    document.addPageTemplates([PageTemplate("blocks", frames, onPage=footer)])
    story: list[Any] = []
    for number, block in enumerate(blocks):
        parts: list[Any] = [
            Bookmark(f"block-{number}", block.name, 0),
            CellParagraph(markup(f"{block.name}"), styles["BlockName"]),
            CellParagraph(markup(block.system_name), styles["BlockSystem"]),
        ]
        for label, text in block.lines:
            head = f"<b>{markup(label)}:</b> " if label else ""
            parts.append(CellParagraph(head + markup(text), styles["BlockLine"]))
        if block.errors:
            plural = "s" if block.errors != 1 else ""
            parts.append(
                CellParagraph(
                    markup(f"✖ breaks {block.errors} rule{plural}: see the full sheet"),
                    styles["BlockLine"],
                )
            )
        story.append(KeepTogether(parts))
        story.append(Spacer(1, 10))
    document.build(story)
    return buffer.getvalue()
