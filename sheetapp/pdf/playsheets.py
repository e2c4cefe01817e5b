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
from sheetapp.pdf.rows import RowTable
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.playsheets import Statblock, play_card_sheet, too_much_note
from sheetapp.sheet import (
    KeyValueSection,
    Row,
    Section,
    Sheet,
    TableSection,
    TextSection,
    Track,
    TrackSection,
)

COLUMN_GAP = 8.0


def render_card(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    options: PdfOptions | None = None,
) -> tuple[bytes, list[str]]:
    """The one-page play card, and what it had to leave to the full sheet (said on the
    card too): "Abilities (12 of 300 on this card)" for a table cut short, a section's
    title for one left off whole.

    A card condenses before it drops (issue 37): rows print without their second line,
    in the card's denser type; a table that does not fit keeps its first rows and a line
    saying how many more are on the full sheet. Only when even one row of every table
    does not fit are whole sections given up, the least needed in a fight first. Then the
    space left at the foot of the page is filled with further rows of the tables cut
    short, most needed first, so the page is never left empty while rows are missing."""
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
    declared = {
        section.key: CARD_RANKS[section.card] for section in layout.sections if section.card
    }
    declared[TRACKS] = CARD_RANKS["fight"]
    card = _Card(layout, chosen, sheet, kept, errors)
    # A card that fits whole is printed whole (the common case: one render). A table of
    # more rows than a page holds could not fit: it is not tried whole.
    if not any(_rows(section) > CARD_MOST_ROWS for section in kept):
        data, pages = card.attempt({}, set())
        if pages <= 1:
            return data, []
    # The order sections are given up in, then the fewest given up that fit one page
    # (a binary search: a large character needs a few renders, not one per section).
    order: list[Section] = []
    remaining = list(kept)
    while remaining:
        order.append(remaining.pop(_least_needed(remaining, declared)))
    # short tables whole (all seven characteristics), long ones from their first row;
    # else every table from its first row
    shortest = {id(section): 1 for section in kept if _rows(section) > SHORT_TABLE}
    data, pages = card.attempt(shortest, set())
    if pages > 1:
        shortest = {id(section): 1 for section in kept if _rows(section) > 1}
        data, pages = card.attempt(shortest, set())
    count = 0
    if pages > 1:
        low, high = 1, len(order)
        while low <= high:
            middle = (low + high) // 2
            _data, pages = card.attempt(shortest, {id(s) for s in order[:middle]})
            if pages <= 1:
                high = middle - 1
            else:
                low = middle + 1
        count = min(low, len(order))
    gone = {id(section) for section in order[:count]}
    caps = {key: cap for key, cap in shortest.items() if key not in gone}
    needed = sorted(
        (section for section in kept if id(section) in caps),
        key=lambda section: _need(section, declared),
    )
    data, pages = card.attempt(caps, gone)
    if pages <= 1 and caps:
        data, caps = card.fill(caps, gone, needed)
        data, caps, gone = _trade(card, data, caps, gone, needed, declared)
    return data, card.left_out(caps, gone)


#: how many sections a card gives up, one at a time, for rows of tables a fight needs more
MOST_TRADES = 3


def _trade(
    card: _Card,
    data: bytes,
    caps: dict[int, int],
    gone: set[int],
    needed: Sequence[Section],
    declared: Mapping[str, int],
) -> tuple[bytes, dict[int, int], set[int]]:
    """Sections a fight needs less than a table cut short (the 2d10 attribute boxes,
    the equipment list, when skills with their AV are cut) given up, the least needed
    first, while that shows more rows of the tables a fight needs more."""

    def cut(with_caps: Mapping[int, int]) -> list[Section]:
        return [
            s
            for s in needed
            if isinstance(s, TableSection) and with_caps.get(id(s), 1 << 30) < len(s.rows)
        ]

    for _step in range(MOST_TRADES):
        short = cut(caps)
        if not short:
            break
        best = min(_need(section, declared) for section in short)
        spare = [
            section
            for section in card.kept
            if id(section) not in gone and _need(section, declared) > best
        ]
        if not spare:
            break
        victim = spare[_least_needed(spare, declared)]
        trial_gone = gone | {id(victim)}
        trial_caps = {key: cap for key, cap in caps.items() if key != id(victim)}
        trial_needed = [s for s in needed if s is not victim]
        _data, pages = card.attempt(trial_caps, trial_gone)
        if pages > 1:
            break
        trial_data, trial_caps = card.fill(trial_caps, trial_gone, trial_needed)

        def shown(with_caps: Mapping[int, int]) -> int:
            return sum(with_caps.get(id(s), 0) for s in short if _need(s, declared) == best)

        if shown(trial_caps) <= shown(caps):
            break
        data, caps, gone, needed = trial_data, trial_caps, trial_gone, trial_needed
    return data, caps, gone


#: a table of more rows than this is never tried whole on a card
CARD_MOST_ROWS = 120


def _rows(section: Section) -> int:
    return len(section.rows) if isinstance(section, TableSection) else 0


class _Card:
    """One character's card, rendered with some tables cut short (``caps``: rows kept,
    by the section's id) and some sections left off (``gone``)."""

    def __init__(
        self,
        layout: Layout,
        options: PdfOptions,
        sheet: Sheet,
        kept: list[Section],
        errors: int,
    ) -> None:
        self.layout = layout
        self.options = options
        self.sheet = sheet
        self.kept = kept
        self.errors = errors
        #: after :meth:`attempt`: the space left below the last line, and the frame's
        self.blank = 0.0
        self.height = 1.0

    def sections(self, caps: Mapping[int, int], gone: set[int]) -> list[Section]:
        shown: list[Section] = []
        for section in self.kept:
            if id(section) in gone:
                continue
            cap = caps.get(id(section))
            shown.append(self.cut(section, cap) if cap is not None else section)
        return shown

    def cut(self, section: Section, cap: int) -> Section:
        """``section`` with its first ``cap`` rows and a row saying how many more the full
        sheet has."""
        if not isinstance(section, TableSection) or cap >= len(section.rows):
            return section
        more = len(section.rows) - cap
        first = self._first_column(section)
        line = _more_row(first, f"… {more} more on the full sheet")
        return replace(section, rows=(*section.rows[:cap], line))

    def _first_column(self, section: TableSection) -> str:
        """The column the "more" line is written in: the widest (it reads on one line)."""
        chosen = self.layout.section(section.key)
        if chosen is not None and chosen.columns:
            return max(chosen.columns, key=lambda column: column.width).key
        return section.columns[0].key

    def note(self, caps: Mapping[int, int], gone: set[int]) -> TextSection:
        return too_much_note(self.left_out_sections(caps, gone), self.errors)

    def left_out_sections(self, caps: Mapping[int, int], gone: set[int]) -> list[Section | str]:
        listed: list[Section | str] = []
        for section in self.kept:
            if id(section) in gone:
                listed.append(section)
            elif isinstance(section, TableSection) and caps.get(id(section), 1 << 30) < len(
                section.rows
            ):
                listed.append(
                    f"{section.title} ({caps[id(section)]} of {len(section.rows)} on this card)"
                )
        return listed

    def left_out(self, caps: Mapping[int, int], gone: set[int]) -> list[str]:
        return [
            item if isinstance(item, str) else item.title
            for item in self.left_out_sections(caps, gone)
        ]

    def attempt(self, caps: Mapping[int, int], gone: set[int]) -> tuple[bytes, int]:
        shown = self.sections(caps, gone)
        note = self.note(caps, gone)
        sections = (*shown, note) if not note.empty else tuple(shown)
        renderer = SheetRenderer(self.layout, self.options)
        data = renderer.render(replace(self.sheet, sections=sections))
        if renderer.page_fill:
            self.blank, self.height = renderer.page_fill[-1]
        return data, len(renderer.page_fill)

    def fill(
        self, caps: dict[int, int], gone: set[int], needed: Sequence[Section]
    ) -> tuple[bytes, dict[int, int]]:
        """The page's empty foot filled with further rows of the tables cut short, one
        row of each in turn, most needed first (heights measured, then one render to
        check; a row too many is taken back)."""
        measurer = SheetRenderer(self.layout, self.options)
        heights: dict[int, list[float]] = {}
        more: dict[int, float] = {}
        for section in needed:
            assert isinstance(section, TableSection)
            rows = min(len(section.rows), CARD_MOST_ROWS)
            table = measurer._table(
                replace(section, rows=section.rows[:rows]), self.layout.section(section.key)
            )
            measured = _heights(table)
            heights[id(section)] = measured[1:]
            short = measurer._table(self.cut(section, 1), self.layout.section(section.key))
            more[id(section)] = _heights(short)[-1] if rows < len(section.rows) else 0.0
        room = self.blank - FILL_SAFETY
        planned = dict(caps)
        added: list[int] = []
        # first the short tables whole (all seven characteristics before a third power
        # of a thousand), most needed first
        for section in needed:
            key = id(section)
            assert isinstance(section, TableSection)
            total = len(section.rows)
            if total > SHORT_TABLE or planned[key] >= total:
                continue
            cost = sum(heights[key][planned[key] :]) - more[key]
            if cost <= room:
                added.extend([key] * (total - planned[key]))
                planned[key] = total
                room -= cost
        growing = True
        while growing:
            growing = False
            for section in needed:
                key = id(section)
                cap = planned[key]
                assert isinstance(section, TableSection)
                if cap >= len(section.rows) or cap >= len(heights[key]):
                    continue
                cost = heights[key][cap]
                if cap + 1 == len(section.rows):
                    cost -= more[key]  # the last row replaces the "more" line
                if cost <= room:
                    planned[key] = cap + 1
                    room -= cost
                    added.append(key)
                    growing = True
        data, pages = self.attempt(planned, gone)
        while pages > 1 and added:
            key = added.pop()
            planned[key] -= 1
            data, pages = self.attempt(planned, gone)
        if pages > 1:
            data, _pages = self.attempt(caps, gone)
            return data, dict(caps)
        return data, planned


#: a table of this many rows or fewer is filled in whole before longer ones grow
SHORT_TABLE = 12

#: points kept free when the card is filled from measured row heights (the note at the
#: foot may wrap one line more)
FILL_SAFETY = 14.0


def _more_row(first: str, text: str) -> Row:
    """The row that ends a table cut short on the card."""
    return Row({first: text})


def _heights(table: Any) -> list[float]:
    if isinstance(table, RowTable):
        return list(table.row_heights)
    return [float(h) for h in (table._rowHeights or [])]


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
