"""Render a :class:`~sheetapp.sheet.Sheet` to PDF with reportlab Platypus.

Nothing is placed by hand except the page furniture (running header, footer): the
content flows, tables split between rows with their header repeated, and a cell
taller than a page splits inside the row, so no character is ever cut off.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.platypus import CondPageBreak, Flowable

from sheetapp.pdf.box_grids import BoxGrids
from sheetapp.pdf.flowables import Bookmark, CellParagraph
from sheetapp.pdf.fonts import register_fonts
from sheetapp.pdf.layout import Layout, SectionLayout
from sheetapp.pdf.options import PdfOptions
from sheetapp.pdf.page_furniture import (
    FOOTER_SPACE,
    MARGIN,
    PAGE_SIZES,
    RUNNING_HEADER_SPACE,
    PageFurniture,
    sheet_document,
)
from sheetapp.pdf.pages import numbered_canvas
from sheetapp.pdf.rows import RowTable
from sheetapp.pdf.section_tables import SectionTables
from sheetapp.pdf.sheet_header import SheetHeading
from sheetapp.pdf.shortcuts import during_export
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import clean, collecting_missing, markup, paragraphs, stop_collecting
from sheetapp.pdf.tracks import track_table
from sheetapp.sheet import (
    KeyValueSection,
    Section,
    Sheet,
    TableSection,
    TextSection,
    TrackSection,
)

__all__ = ["FOOTER_SPACE", "MARGIN", "PAGE_SIZES", "SheetRenderer"]

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


class SheetRenderer:
    """Turns one sheet into PDF bytes following a layout and the user's options: the
    document and the order of its sections here; the header (:mod:`sheet_header`),
    tables (:mod:`section_tables`), stat boxes (:mod:`box_grids`), tracks
    (:mod:`tracks`) and page furniture (:mod:`page_furniture`) each in its module."""

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
        self.tables = SectionTables(
            self.styles,
            self.width,
            self.frame_height,
            layout.system,
            row_tables=ROW_TABLES,
            fixed_heights=FIXED_HEIGHTS,
        )
        self.grids = BoxGrids(
            self.styles, self.width, self.frame_height, fixed_heights=FIXED_HEIGHTS
        )
        self.heading = SheetHeading(self.styles, self.width, self.grids)

    # --- document ---------------------------------------------------------------

    def render(self, sheet: Sheet) -> bytes:
        buffer = BytesIO()
        document = sheet_document(buffer, sheet.header, self.page_width, self.page_height)
        furniture = PageFurniture(
            sheet.header,
            self.styles.palette,
            (self.page_width, self.page_height),
            self.options.printed_on,
        )
        missing = collecting_missing()
        try:
            with during_export():
                document.build(self.flowables(sheet), canvasmaker=numbered_canvas(furniture))
        finally:
            stop_collecting()
        self.page_fill = document.page_fill
        self.missing_glyphs = sorted(missing)
        return buffer.getvalue()

    # --- content ----------------------------------------------------------------

    def flowables(self, sheet: Sheet) -> list[Flowable]:
        name = clean(sheet.header.name or "Unnamed character")
        story: list[Flowable] = [Bookmark("character", name, 0)]
        story += self.heading.flowables(sheet)
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
            table = self.tables.table(section, layout)
            return [CondPageBreak(self._opening_height(heading, table)), heading, table]
        if isinstance(section, KeyValueSection):
            # like a table: the heading keeps with the first row of boxes only, so a grid
            # taller than what is left of a page starts on it (issue 37: a page 1 left
            # empty while the combat grid moved whole to page 2)
            heading = CellParagraph(markup(title), st["SectionTitleFlow"])
            grid = self.grids.key_values(section, layout)
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

    def _text(self, section: TextSection) -> list[Flowable]:
        return [CellParagraph(block, self.styles["Body"]) for block in paragraphs(section.text)]
