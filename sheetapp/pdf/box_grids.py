"""Values printed as stat boxes (label above, big value, small explanation below) in a
grid, or as a list of label, value and explanation: a sheet's key-value sections and
its totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, LongTable, TableStyle

from sheetapp.editing.wording import without_line_notes
from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.layout import SectionLayout
from sheetapp.pdf.section_tables import BASE_TABLE, keep_rows_whole
from sheetapp.pdf.styles import SEVERITY_MARK, SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.sheet import Entry, KeyValueSection

#: Longer values print as a line of text rather than a big number.
SHORT_VALUE = 8


class BoxGrids:
    """Prints stat boxes and value lists at one width."""

    def __init__(
        self, styles: SheetStyles, width: float, frame_height: float, *, fixed_heights: bool
    ) -> None:
        self.styles = styles
        self.width = width
        self.frame_height = frame_height
        self.fixed_heights = fixed_heights

    def key_values(self, section: KeyValueSection, layout: SectionLayout | None) -> Flowable:
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
        return self.box_grid(cells, per_row, self.width)

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

    def box_grid(self, cells: list[list[Flowable]], per_row: int, width: float) -> Flowable:
        """Stat boxes: label above, big value, small explanation below."""
        per_row = max(1, per_row)
        gap = 4.0 if self.styles.compact else 6.0
        box_width = (width - gap * (per_row - 1)) / per_row
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
        rows, heights = self._grid_rows(cells, per_row, gap, commands)
        table = LongTable(rows, colWidths=widths, rowHeights=heights, splitInRow=1)
        table.setStyle(TableStyle([*BASE_TABLE, *commands]))
        keep_rows_whole(table, self.width, self.frame_height, self.fixed_heights)
        return table

    def _grid_rows(
        self,
        cells: list[list[Flowable]],
        per_row: int,
        gap: float,
        commands: list[tuple[Any, ...]],
    ) -> tuple[list[list[Any]], list[float | None]]:
        """The grid's rows of boxes with a gap row between (and each box's frame and
        fill added to ``commands``)."""
        p = self.styles.palette
        columns = per_row * 2 - 1
        rows: list[list[Any]] = []
        heights: list[float | None] = []
        for start in range(0, len(cells), per_row):
            if rows:
                rows.append([""] * columns)
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
        return rows, heights


def _marked(entry: Entry) -> str:
    mark = SEVERITY_MARK[entry.severity] if entry.severity else ""
    return mark + entry.label
