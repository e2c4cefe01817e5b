"""A table section printed as a table: its columns chosen and sized by the layout, a
header row, a row per sheet row (shaded by severity, striped, with details under a
cell), drawn as a :class:`~sheetapp.pdf.rows.RowTable` when every row fits a page and
as reportlab's ``LongTable`` (which splits a row inside) otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, LongTable, TableStyle

from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.fonts import REGULAR
from sheetapp.pdf.layout import ColumnLayout, LayoutError, SectionLayout
from sheetapp.pdf.rows import Block, PlainBlock, RowTable, TableLook, TableRow, plain_block
from sheetapp.pdf.styles import SEVERITY_MARK, SheetStyles
from sheetapp.pdf.text import markup, paragraphs
from sheetapp.sheet import Column, Row, TableSection

CELL_PADDING = 3
#: Plain-string cells would otherwise be drawn in Helvetica, which is not embedded.
BASE_TABLE: list[tuple[Any, ...]] = [("FONTNAME", (0, 0), (-1, -1), REGULAR)]

HEAD_STYLE = {"left": "TableHead", "right": "TableHeadRight", "center": "TableHeadCenter"}
CELL_STYLE = {"left": "Cell", "right": "CellRight", "center": "CellCenter"}


def keep_rows_whole(
    table: LongTable, width: float, frame_height: float, fixed_heights: bool
) -> None:
    """A row (or a row of stat boxes) moves to the next page whole; only one taller
    than a page is split, with the header repeated above its continuation."""
    table.wrap(width, frame_height)
    heights = table._rowHeights or [0]
    if fixed_heights and heights and None not in heights:
        # the heights are now known: given to the table as fixed, reportlab does not
        # measure every cell again at the document's wrap and first split (each a
        # pass over all rows, with a running sum per row: quadratic in rows). The
        # parts it splits off get these same heights (LongTable passes them on).
        table._argH = list(heights)
    # the header rows repeat above a row that starts a page: it must fit under them
    header = range(table.repeatRows) if isinstance(table.repeatRows, int) else table.repeatRows
    repeated = sum(heights[row] for row in header if row < len(heights))
    tallest = max((h for row, h in enumerate(heights) if row not in header), default=0)
    table.splitInRow = 1 if repeated + tallest > frame_height else 0


class SectionTables:
    """Prints a sheet's table sections at one width, for one system's layout.

    ``row_tables`` and ``fixed_heights`` are the renderer's fast paths (switched off by
    the tests that compare them with reportlab's own way)."""

    def __init__(
        self,
        styles: SheetStyles,
        width: float,
        frame_height: float,
        system: str,
        *,
        row_tables: bool,
        fixed_heights: bool,
    ) -> None:
        self.styles = styles
        self.width = width
        self.frame_height = frame_height
        self.system = system
        self.row_tables = row_tables
        self.fixed_heights = fixed_heights

    def table(self, section: TableSection, layout: SectionLayout | None) -> Flowable:
        columns = self.columns(section, layout)
        rows = [self._head(columns)]
        rows += [
            self._body_row(index, row, columns, section.detail_column)
            for index, row in enumerate(section.rows, start=1)
        ]
        widths = [width for _, width in columns]
        if self.row_tables:
            table = RowTable(rows, widths, self.look())
            heights = table.row_heights
            # a row taller than a page under the header must split inside: LongTable
            if heights[0] + max(heights[1:], default=0) <= self.frame_height:
                return table
        keys = [column.key for column, _ in columns]
        listed = {0, keys.index(section.detail_column) if section.detail_column in keys else 0}
        return self._long_table(rows, widths, listed)

    def columns(
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
                f"The sheet layout for '{self.system}' names the column(s) {missing} "
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

    def _head(self, columns: list[tuple[Column, float]]) -> TableRow:
        st = self.styles
        return TableRow(
            [[self._block(markup(c.label), st[HEAD_STYLE[c.align]])] for c, _ in columns],
            st.palette.head_fill,
        )

    def _body_row(
        self, index: int, row: Row, columns: list[tuple[Column, float]], detail_column: str
    ) -> TableRow:
        p = self.styles.palette
        fill = p.row_fill(row.severity)
        if fill is None and p.stripe_fill is not None and index % 2 == 0:
            fill = p.stripe_fill
        return TableRow(
            self._cells(row, columns, detail_column),
            fill,
            bar=row.severity is not None and row.severity.rank == 0,
        )

    def look(self) -> TableLook:
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
        look = self.look()
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
        keep_rows_whole(table, self.width, self.frame_height, self.fixed_heights)
        return table

    def _block(self, text: str, style: Any) -> Block:
        """A plain cell's text as lines drawn by its table, else a Paragraph."""
        block = plain_block(text, style) if self.row_tables else None
        return CellParagraph(text, style) if block is None else block

    def _cells(
        self, row: Row, columns: list[tuple[Column, float]], detail_column: str = ""
    ) -> list[list[Block]]:
        st = self.styles
        keys = [column.key for column, _ in columns]
        detail_at = keys.index(detail_column) if detail_column in keys else 0
        cells: list[list[Block]] = []
        for position, (column, _) in enumerate(columns):
            text = row.cells.get(column.key, "")
            name = CELL_STYLE[column.align]
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


def _flowable(block: Block) -> Flowable:
    return block.paragraph() if isinstance(block, PlainBlock) else block
