"""Render a :class:`~sheetapp.sheet.Sheet` to PDF with reportlab Platypus.

Nothing is placed by hand except the page furniture (running header, footer): the
content flows, tables split between rows with their header repeated, and a cell
taller than a page splits inside the row, so no character is ever cut off.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from io import BytesIO
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    LongTable,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from sheetapp import __version__
from sheetapp.core.costs import Total
from sheetapp.core.issues import DataPath, Issue
from sheetapp.editing.wording import without_line_notes
from sheetapp.pdf.direction import visual_order
from sheetapp.pdf.flowables import Bookmark, CellParagraph
from sheetapp.pdf.fonts import BOLD, FALLBACK, REGULAR, glyphs, register_fonts
from sheetapp.pdf.layout import ColumnLayout, Layout, LayoutError, SectionLayout
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.pages import fit, numbered_canvas
from sheetapp.pdf.portrait_image import PortraitError, decode_portrait
from sheetapp.pdf.rows import Block, PlainBlock, RowTable, TableLook, TableRow, plain_block
from sheetapp.pdf.shortcuts import during_export
from sheetapp.pdf.styles import SEVERITY_MARK, SheetStyles
from sheetapp.pdf.text import clean, collecting_missing, markup, paragraphs, stop_collecting
from sheetapp.pdf.tracks import track_table
from sheetapp.sheet import (
    Column,
    Entry,
    KeyValueSection,
    Row,
    Section,
    Sheet,
    TableSection,
    TextSection,
    TrackSection,
)

PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN = 14 * mm
FOOTER_SPACE = 9 * mm
RUNNING_HEADER_SPACE = 9 * mm
PORTRAIT_WIDTH = 32 * mm
PORTRAIT_HEIGHT = 40 * mm
TOTAL_BOX_WIDTH = 52 * mm
MAX_TOTALS_BESIDE_NAME = 2
CELL_PADDING = 3
#: Plain-string cells would otherwise be drawn in Helvetica, which is not embedded.
BASE_TABLE: list[tuple[Any, ...]] = [("FONTNAME", (0, 0), (-1, -1), REGULAR)]


#: the sheets' language, for screen readers and text extraction
DOCUMENT_LANGUAGE = "en"
#: a table's heading keeps with its header and this many first rows
OPENING_ROWS = 3
#: ... as long as they are no taller than this together (else with the first row only)
OPENING_HEIGHT = 72.0
#: a long table's rows are measured once (False: reportlab measures them again at each
#: wrap, as it does by default; the tests compare the two)
FIXED_HEIGHTS = True
#: a section's table is a :class:`~sheetapp.pdf.rows.RowTable` (plain cells drawn without
#: a paragraph each) when its rows fit a page (False: always a LongTable; the tests
#: compare the two)
ROW_TABLES = True


def _font_for(text: str, font: str) -> str:
    """The fallback font for a line drawn on the page (not a paragraph) when it holds
    characters only the fallback has (a Japanese name in the footer)."""
    if text.isascii():
        return font
    _main, extra = glyphs()
    return FALLBACK if any(ord(char) in extra for char in text) else font


def _unit_suffix(total: Total) -> str:
    """ " (GP)" after "Glory Points"; nothing after "Slots" (not "Slots (Slots)")."""
    unit = total.unit.strip()
    if not unit or unit.casefold() in total.label.casefold():
        return ""
    return f" ({unit})"


class _MeasuredDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab has no types
    """Records how much of each page's frame is left empty (for the page-flow test and
    the benchmark's report)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.page_fill: list[tuple[float, float]] = []

    def handle_pageEnd(self) -> None:
        frame = self.frame
        self.page_fill.append((max(0.0, frame._y - frame._y1), frame._height))
        super().handle_pageEnd()


#: Longer values print as a line of text rather than a big number.
SHORT_VALUE = 8


class SheetRenderer:
    """Turns one sheet into PDF bytes following a layout and the user's options."""

    def __init__(self, layout: Layout, options: PdfOptions | None = None) -> None:
        register_fonts()
        self.layout = layout
        self.options = options or PdfOptions()
        self.styles = SheetStyles(self.options.monochrome, self.options.compact)
        self.page_width, self.page_height = PAGE_SIZES[self.options.paper]
        self.width = self.page_width - 2 * MARGIN
        #: the height of a later page's frame: what a row or box must fit to stay whole
        self.frame_height = self.page_height - 2 * MARGIN - FOOTER_SPACE - RUNNING_HEADER_SPACE
        #: after :meth:`render`: each page's empty space at its foot and its frame height
        self.page_fill: list[tuple[float, float]] = []
        #: after :meth:`render`: the characters no font could draw (printed as boxes)
        self.missing_glyphs: list[str] = []

    # --- document ---------------------------------------------------------------

    def render(self, sheet: Sheet) -> bytes:
        buffer = BytesIO()
        header = sheet.header
        document = _MeasuredDoc(
            buffer,
            pagesize=(self.page_width, self.page_height),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=clean(f"{header.name or 'Unnamed character'} — {header.system_name}"),
            author=clean(header.player),
            subject=header.system_name,
            creator=f"sheetapp {__version__}",
            producer=f"sheetapp {__version__} (reportlab)",
            initialFontName=REGULAR,
            lang=DOCUMENT_LANGUAGE,
        )
        first = Frame(
            MARGIN,
            MARGIN + FOOTER_SPACE,
            self.width,
            self.page_height - 2 * MARGIN - FOOTER_SPACE,
            id="first",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        later = Frame(
            MARGIN,
            MARGIN + FOOTER_SPACE,
            self.width,
            self.page_height - 2 * MARGIN - FOOTER_SPACE - RUNNING_HEADER_SPACE,
            id="later",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        document.addPageTemplates(
            [
                PageTemplate("first", [first], autoNextPageTemplate="later"),
                PageTemplate("later", [later]),
            ]
        )
        missing = collecting_missing()
        try:
            with during_export():
                document.build(
                    self.flowables(sheet), canvasmaker=numbered_canvas(self._decorate(sheet))
                )
        finally:
            stop_collecting()
        self.page_fill = document.page_fill
        self.missing_glyphs = sorted(missing)
        return buffer.getvalue()

    def _decorate(self, sheet: Sheet) -> Any:
        name = sheet.header.name or "Unnamed character"
        system = sheet.header.system_name
        palette = self.styles.palette
        stamp = f"sheetapp {__version__} · {self.options.printed_on or dt.date.today().isoformat()}"

        def draw(canvas: Canvas, page: int, count: int) -> None:
            canvas.saveState()
            canvas.setStrokeColor(palette.rule)
            canvas.setFillColor(palette.muted)
            canvas.setLineWidth(0.5)
            left, right = MARGIN, self.page_width - MARGIN
            bottom = MARGIN + 2
            canvas.line(left, bottom + 10, right, bottom + 10)
            canvas.setFont(REGULAR, 7.5)
            number = f"{stamp}   ·   Page {page} of {count}"
            room = self.width - canvas.stringWidth(number, REGULAR, 7.5) - 20
            name_font = _font_for(name, REGULAR)
            canvas.setFont(name_font, 7.5)
            canvas.drawString(left, bottom, visual_order(fit(name, name_font, 7.5, room)))
            canvas.setFont(REGULAR, 7.5)
            canvas.drawRightString(right, bottom, number)
            if page > 1:
                top = self.page_height - MARGIN - 8
                canvas.setFont(BOLD, 8.5)
                canvas.setFillColor(palette.accent)
                system_width = canvas.stringWidth(system, REGULAR, 7.5)
                head_font = _font_for(name, BOLD)
                canvas.setFont(head_font, 8.5)
                canvas.drawString(
                    left,
                    top,
                    visual_order(fit(name, head_font, 8.5, self.width - system_width - 20)),
                )
                canvas.setFont(REGULAR, 7.5)
                canvas.setFillColor(palette.muted)
                canvas.drawRightString(right, top, system)
                canvas.line(left, top - 4, right, top - 4)
            canvas.restoreState()

        return draw

    # --- content ----------------------------------------------------------------

    def flowables(self, sheet: Sheet) -> list[Flowable]:
        # a very long name takes the page's width, the totals go under it
        long_name = len(sheet.header.name) > VERY_LONG_NAME
        beside = len(sheet.totals) <= MAX_TOTALS_BESIDE_NAME and not long_name
        name = clean(sheet.header.name or "Unnamed character")
        story: list[Flowable] = [
            Bookmark("character", name, 0),
            self._header(sheet, sheet.totals if beside else ()),
        ]
        if sheet.totals and not beside:
            story.append(Spacer(1, 6))
            story.append(self._totals(sheet.totals, self.width))
        if sheet.errors:
            story.append(Spacer(1, 8))
            story.append(self._errors(sheet.errors, sheet.where))
        for section, layout in self._ordered(sheet):
            flowables = self._section(section, layout)
            if flowables:
                title = (layout.title if layout and layout.title else None) or section.title
                # after a page break the heading opens: the bookmark goes with it
                at = 1 if isinstance(flowables[0], CondPageBreak) else 0
                flowables.insert(at, Bookmark(f"section-{section.key}", clean(title), 1))
            story.extend(flowables)
        return story

    def _ordered(self, sheet: Sheet) -> list[tuple[Section, SectionLayout | None]]:
        """Sections in layout order, then any the layout does not name (never dropped);
        switched-off sections are left out. A play card's boxes to tick come first."""
        by_key = {section.key: section for section in sheet.sections}
        named = [layout.key for layout in self.layout.sections]
        if self.options.compact:  # the play card: what a fight needs first
            first = list(self.layout.card_first)
            named = first + [key for key in named if key not in first]
        ordered: list[tuple[Section, SectionLayout | None]] = [
            (s, None) for s in sheet.sections if isinstance(s, TrackSection)
        ]
        named += [s.key for s, _none in ordered]
        ordered += [
            (by_key[key], self.layout.section(key))
            for key in named
            if key in by_key and not isinstance(by_key[key], TrackSection)
        ]
        ordered += [(s, None) for s in sheet.sections if s.key not in named]
        include, exclude = self.options.include, self.options.exclude
        return [(s, lay) for s, lay in ordered if self.layout.enabled(s.key, include, exclude)]

    def _header(self, sheet: Sheet, totals: Sequence[Total]) -> Flowable:
        """Name, player, system and campaign; the totals and the portrait to the right."""
        h = sheet.header
        st = self.styles
        name = h.name or "Unnamed character"
        text: list[Flowable] = [CellParagraph(markup(name), st[_title_style(name)])]
        if h.concept.strip():
            text.append(CellParagraph(markup(h.concept), st["Subtitle"]))
        facts = [f"Player: {h.player}" if h.player else "", h.system_name]
        text.append(CellParagraph(markup("  ·  ".join(f for f in facts if f)), st["Subtitle"]))
        if h.campaign:
            campaign = "  ·  ".join(f"{entry.label}: {entry.value}" for entry in h.campaign)
            text.append(CellParagraph(markup(campaign), st["Subtitle"]))
        right: list[tuple[Flowable, float]] = []
        if totals:
            width = TOTAL_BOX_WIDTH * len(totals)
            right.append((self._totals(totals, width), width + 8))
        if h.portrait:
            try:
                picture = decode_portrait(h.portrait).flowable(PORTRAIT_WIDTH, PORTRAIT_HEIGHT)
            except PortraitError as exc:
                message = f"The portrait could not be printed: {exc}."
                text.append(CellParagraph(markup(message), st["Note"]))
            else:
                right.append((picture, PORTRAIT_WIDTH + 8))
        if not right:
            return KeepTogether(text)
        used = sum(width for _, width in right)
        table = Table(
            [[text, *(flowable for flowable, _ in right)]],
            colWidths=[self.width - used, *(width for _, width in right)],
        )
        table.setStyle(
            TableStyle(
                [
                    *BASE_TABLE,
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("ALIGN", (1, 0), (-1, 0), "RIGHT"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return table

    def _totals(self, totals: Sequence[Total], width: float) -> Flowable:
        st = self.styles
        cells: list[list[Flowable]] = []
        for total in totals:
            unit = f" {total.unit}" if total.unit else ""
            value = f"{total.spent}" if total.budget is None else f"{total.spent} / {total.budget}"
            note = without_line_notes(total.explanation)
            remaining = total.remaining
            if remaining is not None:
                left = (
                    f"{remaining}{unit} left"
                    if remaining >= 0
                    else f"{-remaining}{unit} over budget"
                )
                note = f"{left} · {note}" if note else left
            cells.append(
                [
                    CellParagraph(
                        markup(total.label + _unit_suffix(total)),
                        st["BoxLabel"],
                    ),
                    CellParagraph(
                        markup(value + (" ✖" if remaining is not None and remaining < 0 else "")),
                        st[
                            "TotalOver" if remaining is not None and remaining < 0 else "TotalValue"
                        ],
                    ),
                    CellParagraph(markup(note), st["BoxNote"]),
                ]
            )
        return self._box_grid(cells, len(cells), width)

    def _errors(self, errors: Sequence[Issue], where: Callable[[DataPath], str]) -> Flowable:
        st = self.styles
        p = st.palette
        count = len(errors)
        title = (
            f"✖ This sheet breaks {count} rule{'s' if count != 1 else ''}: "
            "it is not legal as it stands"
        )
        todos = sum(1 for issue in errors if issue.is_todo)
        if todos:
            title += f" ({todos} of them {'are steps' if todos != 1 else 'is a step'} to do)"
        rows: list[list[Any]] = [[CellParagraph(markup(title), st["ErrorTitle"])]]
        for issue in errors:
            todo = f"To do ({markup(issue.step)}): " if issue.is_todo else ""
            lines = [
                f"{todo}<b>{markup(where(issue.path))}</b>: "
                f"{markup(without_line_notes(issue.message))}"
            ]
            if issue.hint:
                lines.append(f"<i>{markup(without_line_notes(issue.hint))}</i>")
            rows.append([CellParagraph("<br/>".join(lines), st["ErrorItem"])])
        table = LongTable(rows, colWidths=[self.width], repeatRows=1, splitInRow=1)
        commands: list[tuple[Any, ...]] = [
            ("BOX", (0, 0), (-1, -1), 1.5, p.error_ink),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, p.error_ink),
            ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if p.error_fill is not None:
            commands.append(("BACKGROUND", (0, 0), (-1, -1), p.error_fill))
        table.setStyle(TableStyle([*BASE_TABLE, *commands]))
        return table

    # --- sections ---------------------------------------------------------------

    def _section(self, section: Section, layout: SectionLayout | None) -> list[Flowable]:
        st = self.styles
        title = (layout.title if layout and layout.title else None) or section.title
        hide = layout.hide_when_empty if layout else True
        if section.empty:
            if hide:
                return []
            return [
                CellParagraph(markup(title), st["SectionTitle"]),
                CellParagraph("None", st["Empty"]),
            ]
        if isinstance(section, TableSection):
            # The heading keeps with the table's header and first rows only (not the whole
            # table, which would leave the rest of the page empty): a break comes first
            # when even they do not fit; then the table flows, its header repeated at the
            # top of each page it continues on.
            heading = CellParagraph(markup(title), st["SectionTitleFlow"])
            table = self._table(section, layout)
            return [CondPageBreak(self._opening_height(heading, table)), heading, table]
        if isinstance(section, KeyValueSection):
            # like a table: the heading keeps with the first row of boxes only, so a grid
            # taller than what is left of a page starts on it (issue 37: a page 1 left
            # empty while the combat grid moved whole to page 2)
            heading = CellParagraph(markup(title), st["SectionTitleFlow"])
            grid = self._key_values(section, layout)
            return [CondPageBreak(self._grid_opening(heading, grid)), heading, grid]
        heading = CellParagraph(markup(title), st["SectionTitle"])
        if isinstance(section, TrackSection):
            return [heading, track_table(section.tracks, st, self.width)]
        return [heading, *self._text(section)]

    def _opening_height(self, heading: Flowable, table: Flowable) -> float:
        """The heading, the header row and the first rows (up to three)."""
        _, height = heading.wrap(self.width, self.frame_height)
        style = heading.style if isinstance(heading, CellParagraph) else None
        space = (style.spaceBefore + style.spaceAfter) if style is not None else 0
        heights = table.row_heights if isinstance(table, RowTable) else table._rowHeights
        if not heights:
            return float(height + space)
        # the header and the first rows, but no more of them than OPENING_HEIGHT: three
        # rows of a System's whole text would leave a quarter of page 1 empty
        opening = heights[0] + heights[1] if len(heights) > 1 else heights[0]
        for row in heights[2 : OPENING_ROWS + 1]:
            if opening + row > OPENING_HEIGHT:
                break
            opening += row
        return float(height + space + opening)

    def _grid_opening(self, heading: Flowable, grid: Flowable) -> float:
        """The heading and the first row of a grid of stat boxes (or of a list)."""
        _, height = heading.wrap(self.width, self.frame_height)
        style = heading.style if isinstance(heading, CellParagraph) else None
        space = (style.spaceBefore + style.spaceAfter) if style is not None else 0
        if getattr(grid, "_rowHeights", None) is None:
            grid.wrap(self.width, self.frame_height)
        heights = getattr(grid, "_rowHeights", None) or [0]
        return float(height + space + (heights[0] or 0))

    def _keep_rows_whole(self, table: LongTable) -> None:
        """A row (or a row of stat boxes) moves to the next page whole; only one taller
        than a page is split, with the header repeated above its continuation."""
        table.wrap(self.width, self.frame_height)
        heights = table._rowHeights or [0]
        if FIXED_HEIGHTS and heights and None not in heights:
            # the heights are now known: given to the table as fixed, reportlab does not
            # measure every cell again at the document's wrap and first split (each a
            # pass over all rows, with a running sum per row: quadratic in rows). The
            # parts it splits off get these same heights (LongTable passes them on).
            table._argH = list(heights)
        # the header rows repeat above a row that starts a page: it must fit under them
        header = range(table.repeatRows) if isinstance(table.repeatRows, int) else table.repeatRows
        repeated = sum(heights[row] for row in header if row < len(heights))
        tallest = max((h for row, h in enumerate(heights) if row not in header), default=0)
        table.splitInRow = 1 if repeated + tallest > self.frame_height else 0

    def _columns(
        self, section: TableSection, layout: SectionLayout | None
    ) -> list[tuple[Column, float]]:
        chosen: Sequence[ColumnLayout] = (
            layout.columns
            if layout and layout.columns
            else [ColumnLayout(key=c.key) for c in section.columns]
        )
        known = {column.key: column for column in section.columns}
        missing = [c.key for c in chosen if c.key not in known]
        if missing:
            raise LayoutError(
                f"The sheet layout for '{self.layout.system}' names the column(s) {missing} "
                f"in the section '{section.key}', which has: {sorted(known)}"
            )
        weight = sum(c.width for c in chosen)
        result = []
        for c in chosen:
            column = known[c.key]
            if c.label is not None:
                column = Column(column.key, c.label, column.align)
            result.append((column, self.width * c.width / weight))
        return result

    def _table(self, section: TableSection, layout: SectionLayout | None) -> Flowable:
        st = self.styles
        p = st.palette
        columns = self._columns(section, layout)
        head_style = {"left": "TableHead", "right": "TableHeadRight", "center": "TableHeadCenter"}
        cell_style = {"left": "Cell", "right": "CellRight", "center": "CellCenter"}
        rows = [
            TableRow(
                [[self._block(markup(c.label), st[head_style[c.align]])] for c, _ in columns],
                p.head_fill,
            )
        ]
        for index, row in enumerate(section.rows, start=1):
            fill = p.row_fill(row.severity)
            if fill is None and p.stripe_fill is not None and index % 2 == 0:
                fill = p.stripe_fill
            rows.append(
                TableRow(
                    self._row(row, columns, cell_style, section.detail_column),
                    fill,
                    bar=row.severity is not None and row.severity.rank == 0,
                )
            )
        widths = [width for _, width in columns]
        if ROW_TABLES:
            table = RowTable(rows, widths, self._table_look())
            heights = table.row_heights
            # a row taller than a page under the header must split inside: LongTable
            if heights[0] + max(heights[1:], default=0) <= self.frame_height:
                return table
        keys = [column.key for column, _ in columns]
        listed = {0, keys.index(section.detail_column) if section.detail_column in keys else 0}
        return self._long_table(rows, widths, listed)

    def _table_look(self) -> TableLook:
        st = self.styles
        p = st.palette
        return TableLook(
            left=CELL_PADDING,
            right=CELL_PADDING,
            top=1.5 if st.compact else 2.5,
            bottom=2 if st.compact else 3,
            head_rule=(1 if st.monochrome else 0.75, p.accent),
            row_rule=(0.25, p.rule),
            bar_rule=(2, p.error_ink),
        )

    def _long_table(self, rows: list[TableRow], widths: list[float], listed: set[int]) -> LongTable:
        """The table as reportlab's LongTable, a Paragraph in every cell; below the header,
        the cells of the ``listed`` columns as lists of flowables (they may have details)."""
        look = self._table_look()
        commands: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), look.left),
            ("RIGHTPADDING", (0, 0), (-1, -1), look.right),
            ("TOPPADDING", (0, 0), (-1, -1), look.top),
            ("BOTTOMPADDING", (0, 0), (-1, -1), look.bottom),
            ("LINEBELOW", (0, 0), (-1, 0), *look.head_rule),
            ("LINEBELOW", (0, 1), (-1, -1), *look.row_rule),
        ]
        data: list[list[Any]] = []
        for index, row in enumerate(rows):
            cells = [[_flowable(block) for block in cell] for cell in row.cells]
            data.append(
                [
                    cell if index and (len(cell) > 1 or position in listed) else cell[0]
                    for position, cell in enumerate(cells)
                ]
            )
            if row.fill is not None:
                commands.append(("BACKGROUND", (0, index), (-1, index), row.fill))
            if row.bar:
                commands.append(("LINEBEFORE", (0, index), (0, index), *look.bar_rule))
        table = LongTable(data, colWidths=widths, repeatRows=1, splitInRow=1)
        table.setStyle(TableStyle([*BASE_TABLE, *commands]))
        self._keep_rows_whole(table)
        return table

    def _block(self, text: str, style: Any) -> Block:
        """A plain cell's text as lines drawn by its table, else a Paragraph."""
        block = plain_block(text, style) if ROW_TABLES else None
        return CellParagraph(text, style) if block is None else block

    def _row(
        self,
        row: Row,
        columns: list[tuple[Column, float]],
        cell_style: dict[str, str],
        detail_column: str = "",
    ) -> list[list[Block]]:
        st = self.styles
        keys = [column.key for column, _ in columns]
        detail_at = keys.index(detail_column) if detail_column in keys else 0
        cells: list[list[Block]] = []
        for position, (column, _) in enumerate(columns):
            text = row.cells.get(column.key, "")
            name = cell_style[column.align]
            if row.emphasis and column.align == "left":
                name = "CellStrong"
            depth = row.depth if position == 0 else 0
            mark = SEVERITY_MARK[row.severity] if row.severity and position == 0 else ""
            content = [self._block(markup(mark) + markup(text), st.indented(name, depth))]
            if row.detail and position == detail_at:
                content.extend(
                    self._block(block, st.indented("CellDetail", depth))
                    for block in paragraphs(row.detail)
                )
            cells.append(content)
        return cells

    def _key_values(self, section: KeyValueSection, layout: SectionLayout | None) -> Flowable:
        display = layout.display if layout else "auto"
        if display == "list":
            return self._entry_list(section.entries)
        per_row = layout.boxes_per_row if layout else 4
        st = self.styles
        cells = [
            [
                CellParagraph(markup(_marked(entry)), st["BoxLabel"]),
                CellParagraph(
                    markup(entry.value),
                    st["BoxValue" if len(entry.value) <= SHORT_VALUE else "BoxValueText"],
                ),
                CellParagraph(markup(without_line_notes(entry.explanation)), st["BoxNote"]),
            ]
            for entry in section.entries
        ]
        return self._box_grid(cells, per_row, self.width)

    def _entry_list(self, entries: Sequence[Entry]) -> Flowable:
        st = self.styles
        data = [
            [
                CellParagraph(markup(_marked(entry)), st["CellStrong"]),
                CellParagraph(markup(entry.value), st["Cell"]),
                CellParagraph(markup(without_line_notes(entry.explanation)), st["CellDetail"]),
            ]
            for entry in entries
        ]
        table = LongTable(
            data, colWidths=[self.width * 0.3, self.width * 0.2, self.width * 0.5], splitInRow=1
        )
        table.setStyle(
            TableStyle(
                [
                    *BASE_TABLE,
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.25, st.palette.rule),
                ]
            )
        )
        return table

    def _box_grid(self, cells: list[list[Flowable]], per_row: int, width: float) -> Flowable:
        """Stat boxes: label above, big value, small explanation below."""
        p = self.styles.palette
        per_row = max(1, per_row)
        gap = 4.0 if self.styles.compact else 6.0
        box_width = (width - gap * (per_row - 1)) / per_row
        rows: list[list[Any]] = []
        widths: list[float] = []
        for position in range(per_row):
            widths.append(box_width)
            if position < per_row - 1:
                widths.append(gap)
        commands: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 2 if self.styles.compact else 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3 if self.styles.compact else 5),
        ]
        heights: list[float | None] = []
        for start in range(0, len(cells), per_row):
            if rows:
                rows.append([""] * len(widths))
                heights.append(gap)
            chunk = cells[start : start + per_row]
            r = len(rows)
            line: list[Any] = []
            for position in range(per_row):
                line.append(chunk[position] if position < len(chunk) else "")
                if position < per_row - 1:
                    line.append("")
                if position < len(chunk):
                    col = position * 2
                    commands.append(("BOX", (col, r), (col, r), 0.75, p.accent))
                    if p.box_fill is not None:
                        commands.append(("BACKGROUND", (col, r), (col, r), p.box_fill))
            rows.append(line)
            heights.append(None)
        table = LongTable(rows, colWidths=widths, rowHeights=heights, splitInRow=1)
        table.setStyle(TableStyle([*BASE_TABLE, *commands]))
        self._keep_rows_whole(table)
        return table

    def _text(self, section: TextSection) -> list[Flowable]:
        return [CellParagraph(block, self.styles["Body"]) for block in paragraphs(section.text)]


#: a name longer than this prints in smaller type (and longer still, smaller again)
LONG_NAME = 40
VERY_LONG_NAME = 100


def _title_style(name: str) -> str:
    """The heading's style for a name of this length: whole, in type that keeps it to a
    few lines."""
    if len(name) > VERY_LONG_NAME:
        return "TitleVeryLong"
    return "TitleLong" if len(name) > LONG_NAME else "Title"


def _flowable(block: Block) -> Flowable:
    return block.paragraph() if isinstance(block, PlainBlock) else block


def _marked(entry: Entry) -> str:
    mark = SEVERITY_MARK[entry.severity] if entry.severity else ""
    return mark + entry.label
