"""The play card (one page, what a fight needs) and GM statblocks (several characters,
several to a page, two columns), printed from :mod:`sheetapp.playsheets`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from io import BytesIO
from typing import Any

from reportlab.platypus import BaseDocTemplate, Frame, KeepTogether, PageTemplate, Spacer

from sheetapp import __version__
from sheetapp.core.document import CharacterDocument
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Severity
from sheetapp.core.system import GameSystem, PrintsCardTracks, capability
from sheetapp.pdf.flowables import Bookmark, CellParagraph
from sheetapp.pdf.fonts import REGULAR, register_fonts
from sheetapp.pdf.layout import Layout, SectionLayout, layout_for
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.renderer import MARGIN, PAGE_SIZES, SheetRenderer
from sheetapp.pdf.rows import RowTable
from sheetapp.pdf.shortcuts import during_export
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import collecting_missing, markup, stop_collecting
from sheetapp.pdf.tracks import track_table
from sheetapp.playsheets import Statblock, play_card_sheet, too_much_note
from sheetapp.sheet import (
    Entry,
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
    """The one-page play card, and what it left to the full sheet (see
    :func:`render_card_reporting`)."""
    data, left, _missing = render_card_reporting(system, document, evaluation, options)
    return data, left


def render_card_reporting(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    options: PdfOptions | None = None,
) -> tuple[bytes, list[str], list[str]]:
    """The one-page play card, what it left to the full sheet and the characters no
    font could draw (the CLI and the window name them, as for the full sheet).

    The card, and what it had to leave to the full sheet (said on the
    card too): "Abilities (12 of 300 on this card)" for a table cut short, a section's
    title for one left off whole.

    A card condenses before it drops (issue 37): rows print without their second line,
    in the card's denser type; a table that does not fit keeps its first rows and a line
    saying how many more are on the full sheet. Only when even one row of every table
    does not fit are whole sections given up, the least needed in a fight first. Then the
    space left at the foot of the page is filled with further rows of the tables cut
    short, most needed first, so the page is never left empty while rows are missing."""
    card = _card_for(system, document, evaluation, replace(options or PdfOptions(), compact=True))
    kept = card.kept
    # A card that fits whole is printed whole (the common case: one render). A table of
    # more rows than a page holds could not fit: it is not tried whole.
    if not any(_rows(section) > CARD_MOST_ROWS for section in kept):
        data, pages = card.attempt({}, set())
        if pages <= 1:
            return data, [], sorted(card.missing)
    caps, gone = _first_fit(card)
    needed = sorted(
        (section for section in kept if id(section) in caps),
        key=lambda section: _need(section, card.declared),
    )
    data, pages = card.attempt(caps, gone)
    if pages <= 1 and caps:
        data, caps = card.fill(caps, gone, needed)
        data, caps, gone = _trade(
            card, data, caps=caps, gone=gone, needed=needed, declared=card.declared
        )
    return data, card.left_out(caps, gone), sorted(card.missing)


def _card_for(
    system: GameSystem[Any],
    document: CharacterDocument[Any, Any],
    evaluation: Evaluation,
    chosen: PdfOptions,
) -> _Card:
    """The card's sections (without their details; the boxes to tick first) and how
    much a fight needs each."""
    layout = layout_for(system.id)
    sheet = play_card_sheet(system, document, evaluation)
    errors = evaluation.count(Severity.ERROR)
    kept: list[Section] = [
        _without_details(section, layout.section(section.key))
        for section in sheet.sections
        if layout.enabled(section.key, chosen.include, chosen.exclude)
    ]
    tracks = card_tracks(layout, evaluation)
    own = capability(system, PrintsCardTracks)
    if own is not None:  # a system's own boxes (Gladiators' Limited Ammo and Shots)
        tracks = replace(tracks, tracks=(*tracks.tracks, *own.card_tracks(document, evaluation)))
    if not tracks.empty:
        kept.insert(0, tracks)
    declared = {
        section.key: CARD_RANKS[section.card] for section in layout.sections if section.card
    }
    declared[TRACKS] = CARD_RANKS["fight"]
    card = _Card(layout, chosen, sheet, kept, errors)
    card.declared = declared
    return card


def _first_fit(card: _Card) -> tuple[dict[int, int], set[int]]:
    """The tables cut to their first rows and the fewest sections given up, the least
    needed first, that fit one page: (rows kept by section id, sections given up)."""
    kept, declared = card.kept, card.declared
    # The order sections are given up in, then the fewest given up that fit one page
    # (a binary search: a large character needs a few renders, not one per section).
    order: list[Section] = []
    remaining = list(kept)
    while remaining:
        order.append(remaining.pop(_least_needed(remaining, declared)))
    # short tables whole (all seven characteristics), long ones from their first row;
    # else every table from its first row
    shortest = {id(section): 1 for section in kept if card.units(section) > SHORT_TABLE}
    _data, pages = card.attempt(shortest, set())
    if pages > 1:
        shortest = {id(section): 1 for section in kept if card.units(section) > 1}
        _data, pages = card.attempt(shortest, set())
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
    return caps, gone


#: how many sections a card gives up, one at a time, for rows of tables a fight needs more
MOST_TRADES = 3


def _trade(
    card: _Card,
    data: bytes,
    *,
    caps: dict[int, int],
    gone: set[int],
    needed: Sequence[Section],
    declared: Mapping[str, int],
) -> tuple[bytes, dict[int, int], set[int]]:
    """Sections a fight needs less than a table cut short (the 2d10 attribute boxes,
    the equipment list, when skills with their AV are cut) given up, the least needed
    first, while that shows more rows of the tables a fight needs more."""

    def cut(with_caps: Mapping[int, int]) -> list[Section]:
        return [s for s in needed if with_caps.get(id(s), 1 << 30) < card.units(s)]

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

        most = [s for s in short if _need(s, declared) == best]
        if _shown(most, trial_caps) <= _shown(most, caps):
            break
        data, caps, gone, needed = trial_data, trial_caps, trial_gone, trial_needed
    return data, caps, gone


def _shown(sections: Sequence[Section], caps: Mapping[int, int]) -> int:
    return sum(caps.get(id(section), 0) for section in sections)


#: a table of more rows than this is never tried whole on a card
CARD_MOST_ROWS = 120


def _rows(section: Section) -> int:
    """The rows of a table, the entries of a key/value section (what a card can cut)."""
    if isinstance(section, TableSection):
        return len(section.rows)
    if isinstance(section, KeyValueSection):
        return len(section.entries)
    if isinstance(section, TrackSection):
        return len(section.tracks)
    return 0


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
        #: how much a fight needs each section, by key (the layout's word)
        self.declared: Mapping[str, int] = {}
        #: the characters no font could draw, in any render (they print as boxes)
        self.missing: set[str] = set()
        #: each section's step heights, measured once
        self._measured: dict[int, tuple[list[float], float]] = {}

    def sections(self, caps: Mapping[int, int], gone: set[int]) -> list[Section]:
        shown: list[Section] = []
        for section in self.kept:
            if id(section) in gone:
                continue
            cap = caps.get(id(section))
            shown.append(self.cut(section, cap) if cap is not None else section)
        return shown

    def per_unit(self, section: Section) -> int:
        """Entries in one step of cutting: a table's row, a row of stat boxes."""
        if isinstance(section, KeyValueSection):
            chosen = self.layout.section(section.key)
            if chosen is None:
                return 4
            return 1 if chosen.display == "list" else max(1, chosen.boxes_per_row)
        return 1

    def units(self, section: Section) -> int:
        count = _rows(section)
        step = self.per_unit(section)
        return -(-count // step)

    def shown_of(self, section: Section, cap: int) -> int:
        """How many of the section's rows or entries ``cap`` steps show."""
        total = _rows(section)
        if cap >= self.units(section):
            return total
        step = self.per_unit(section)
        return cap * step - (1 if step > 1 else 0)  # the last box says how many more

    def cut(self, section: Section, cap: int) -> Section:
        """``section`` with its first ``cap`` rows (rows of boxes) and a row (a box)
        saying how many more the full sheet has."""
        if cap >= self.units(section):
            return section
        shown = self.shown_of(section, cap)
        more = _rows(section) - shown
        if isinstance(section, TableSection):
            first = self._first_column(section)
            line = _more_row(first, f"… {more} more on the full sheet")
            return replace(section, rows=(*section.rows[:shown], line))
        if isinstance(section, KeyValueSection):
            box = Entry("More", f"{more} on the full sheet")
            return replace(section, entries=(*section.entries[:shown], box))
        if isinstance(section, TrackSection):
            rest = Track(f"… {more} more (see the full sheet)", 0)
            return replace(section, tracks=(*section.tracks[:shown], rest))
        return section

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
            cap = caps.get(id(section))
            if id(section) in gone:
                listed.append(section)
            elif cap is not None and cap < self.units(section):
                shown, total = self.shown_of(section, cap), _rows(section)
                listed.append(f"{section.title} ({shown} of {total} on this card)")
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
        self.missing.update(renderer.missing_glyphs)
        if renderer.page_fill:
            self.blank, self.height = renderer.page_fill[-1]
        return data, len(renderer.page_fill)

    def fill(
        self, caps: dict[int, int], gone: set[int], needed: Sequence[Section]
    ) -> tuple[bytes, dict[int, int]]:
        """The page's empty foot filled with further rows of the tables cut short, the
        most needed first (heights measured, then one render to check; a row too many
        is taken back)."""
        measurer = SheetRenderer(self.layout, self.options)
        heights: dict[int, list[float]] = {}
        more: dict[int, float] = {}
        for section in needed:
            if id(section) not in self._measured:
                self._measured[id(section)] = self._measure(measurer, section)
            heights[id(section)], more[id(section)] = self._measured[id(section)]
        room = self.blank - FILL_SAFETY
        planned = dict(caps)
        added: list[int] = []
        # the most needed first: a fight's powers before the characteristics; within
        # one rank, first the short tables whole (all seven characteristics before a
        # third power of a thousand), then a row of each in turn
        ranks = sorted({_need(section, self.declared) for section in needed})
        for rank in ranks:
            group = [s for s in needed if _need(s, self.declared) == rank]
            for section in group:
                key = id(section)
                total = self.units(section)
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
                for section in group:
                    key = id(section)
                    cap = planned[key]
                    if cap >= self.units(section) or cap >= len(heights[key]):
                        continue
                    cost = heights[key][cap]
                    if cap + 1 == self.units(section):
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

    def _measure(self, measurer: SheetRenderer, section: Section) -> tuple[list[float], float]:
        """What each further step of ``section`` costs in height, and its "more" line."""
        chosen = self.layout.section(section.key)
        if isinstance(section, TableSection):
            count = min(len(section.rows), CARD_MOST_ROWS)
            table = measurer.tables.table(replace(section, rows=section.rows[:count]), chosen)
            cut = self.cut(section, 1)
            assert isinstance(cut, TableSection)
            short = measurer.tables.table(cut, chosen)
            more = _heights(short, measurer.width)[-1] if count < len(section.rows) else 0.0
            return _heights(table, measurer.width)[1:], more
        if isinstance(section, TrackSection):
            count = min(len(section.tracks), CARD_MOST_ROWS)
            table = track_table(section.tracks[:count], measurer.styles, measurer.width)
            short = track_table(
                (*section.tracks[:1], Track("… more", 0)), measurer.styles, measurer.width
            )
            more = _heights(short, measurer.width)[-1] if count < len(section.tracks) else 0.0
            return _heights(table, measurer.width), more
        assert isinstance(section, KeyValueSection)
        entries = section.entries[: CARD_MOST_ROWS * self.per_unit(section)]
        grid = measurer.grids.key_values(replace(section, entries=entries), chosen)
        measured = _heights(grid, measurer.width)
        if self.per_unit(section) == 1:
            return measured, 0.0
        # box rows with a gap row between: each further row costs the gap and itself
        boxes = measured[0::2]
        gaps = measured[1::2]
        return [boxes[0], *(row + gap for row, gap in zip(boxes[1:], gaps, strict=False))], 0.0


#: a table of this many rows or fewer is filled in whole before longer ones grow
SHORT_TABLE = 12

#: points kept free when the card is filled from measured row heights (the note at the
#: foot may wrap one line more)
FILL_SAFETY = 14.0


def _more_row(first: str, text: str) -> Row:
    """The row that ends a table cut short on the card."""
    return Row({first: text})


def _heights(table: Any, width: float) -> list[float]:
    """Each row's height (a table reportlab lays out is wrapped for it first)."""
    if isinstance(table, RowTable):
        return list(table.row_heights)
    table.wrap(width, 1 << 20)
    return [float(h or 0) for h in (table._rowHeights or [])]


#: what a fight is run from, most needed first: given up last (a layout may say
#: otherwise for a section: its ``card``)
FOR_THE_FIGHT: tuple[tuple[str, ...], ...] = (
    ("attack", "weapon", "abilit", "power", "psionic", "combat", "derived", "vital", "wound"),
    ("system",),
    ("body", "armour"),
    ("attribute", "characteristic", "skill"),
)
CARD_RANKS = {"fight": 0, "useful": 2, "spare": 3}


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


def _without_details(section: Section, chosen: SectionLayout | None = None) -> Section:
    """The card's short form: rows and stat boxes without their explanation lines (the
    full sheet keeps them), but the first sentences the layout asks for (``card_detail_sentences``:
    what a Capital System does when used)."""
    keep = chosen.card_detail_sentences if chosen is not None else 0
    if isinstance(section, TableSection):
        return replace(
            section,
            rows=tuple(
                replace(row, detail=_first_sentences(row.detail, keep) if keep else "")
                for row in section.rows
            ),
        )
    if isinstance(section, KeyValueSection):
        return replace(
            section, entries=tuple(replace(entry, explanation="") for entry in section.entries)
        )
    return section


def _first_sentences(text: str, count: int) -> str:
    """The first ``count`` sentences of ``text`` (a System's Action and its effect)."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(text.split()))
    return " ".join(sentences[:count])


#: the letters of one paragraph of a statblock line, at most (about ten lines)
CHUNK = 900


def _chunks(text: str) -> list[str]:
    """``text`` cut after an entry ("; " outside brackets) into pieces of at most
    ``CHUNK`` letters (an entry longer than that is a piece of its own)."""
    if len(text) <= CHUNK:
        return [text]
    pieces: list[str] = []
    depth = 0
    start = 0
    last_cut = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0 and text.startswith("; ", index):
            if index - start > CHUNK and last_cut > start:
                pieces.append(text[start : last_cut + 1])
                start = last_cut + 2
            last_cut = index
    if len(text) - start > CHUNK and last_cut > start:
        pieces.append(text[start : last_cut + 1])
        start = last_cut + 2
    pieces.append(text[start:])
    return [piece for piece in pieces if piece]


def _players(blocks: Sequence[Statblock]) -> str:
    """The players named in the statblocks, else the game master's tool."""
    players = sorted({block.player.strip() for block in blocks if block.player.strip()})
    return ", ".join(players) or "sheetapp"


def render_statblocks(blocks: Sequence[Statblock], options: PdfOptions | None = None) -> bytes:
    """The statblocks in two columns, each kept whole, as many to a page as fit."""
    return render_statblocks_reporting(blocks, options)[0]


def render_statblocks_reporting(
    blocks: Sequence[Statblock], options: PdfOptions | None = None
) -> tuple[bytes, list[str]]:
    """The statblocks' PDF, and the characters no font could draw."""
    chosen = options or PdfOptions()
    register_fonts()
    styles = SheetStyles(chosen.monochrome)
    buffer = BytesIO()
    document = _statblock_document(buffer, blocks, chosen)
    story: list[Any] = []
    missing = collecting_missing()  # filled as the text is marked up
    for number, block in enumerate(blocks):
        story.append(KeepTogether(_statblock(number, block, styles)))
        story.append(Spacer(1, 10))
    try:
        with during_export():
            document.build(story)
    finally:
        stop_collecting()
    return buffer.getvalue(), sorted(missing)


def _statblock_document(
    buffer: BytesIO, blocks: Sequence[Statblock], chosen: PdfOptions
) -> BaseDocTemplate:
    """Two columns a page, the date and page number at the foot."""
    width, height = PAGE_SIZES[chosen.paper]
    column = (width - 2 * MARGIN - COLUMN_GAP) / 2
    document = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        title="Statblocks: " + ", ".join(block.name for block in blocks),
        author=_players(blocks),
        subject="GM statblocks: " + ", ".join(sorted({block.system_name for block in blocks})),
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
    return document


def _statblock(number: int, block: Statblock, styles: SheetStyles) -> list[Any]:
    """One statblock: name, system, concept, its lines, and the rules it breaks."""
    parts: list[Any] = [
        Bookmark(f"block-{number}", block.name, 0),
        CellParagraph(markup(f"{block.name}"), styles["BlockName"]),
        CellParagraph(markup(block.system_name), styles["BlockSystem"]),
    ]
    if block.concept.strip():
        parts.append(CellParagraph(markup(block.concept), styles["BlockLine"]))
    for label, text in block.lines:
        head = f"<b>{markup(label)}:</b> " if label else ""
        # a line of a thousand abilities as paragraphs of some entries each: one
        # paragraph of 100,000 letters takes reportlab seconds to split over pages
        for piece, chunk in enumerate(_chunks(text)):
            style = styles["BlockLine" if piece == 0 else "BlockMore"]
            parts.append(CellParagraph((head if piece == 0 else "") + markup(chunk), style))
    if block.errors:
        plural = "s" if block.errors != 1 else ""
        parts.append(
            CellParagraph(
                markup(f"✖ breaks {block.errors} rule{plural}: see the full sheet"),
                styles["BlockLine"],
            )
        )
    return parts
