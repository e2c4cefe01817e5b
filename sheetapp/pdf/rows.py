"""A long table drawn row by row, without a flowable per plain cell.

reportlab's ``LongTable`` with a ``Paragraph`` in every cell spends most of a long
sheet's time on its generic machinery: each cell measured, positioned and drawn as a
flowable of its own (saved graphics states, a translation, a Paragraph per cell). A
:class:`RowTable` lays out the same table — the same column widths, paddings, row
heights, page breaks between rows with the header repeated, backgrounds and rules — and
draws the lines of its plain cells (:mod:`sheetapp.pdf.plain`) itself, a text object
per cell. A cell that is not plain text (markup, right-to-left or fallback-font letters,
a word wider than its column) keeps its paragraph, measured and drawn as the table would.

It only keeps rows whole: the renderer uses it when every row fits under the header on
a page, and a ``LongTable`` (which splits a row inside) otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeAlias

from reportlab.platypus import Flowable

from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.linecode import draw_block
from sheetapp.pdf.plain import Line, PlainStyle, break_lines, plain_lines, plain_style

#: a table line: (weight, colour)
Rule = tuple[float, Any]


class PlainBlock:
    """One paragraph of plain text in one style, broken into lines per width."""

    __slots__ = ("_lines", "_width", "key", "paragraph", "style", "words")

    def __init__(self, key: str, words: list[list[str]], style: PlainStyle, paragraph: Any) -> None:
        #: the markup the words were read from (the same markup, the same lines)
        self.key = key
        self.words = words
        self.style = style
        #: makes the cell's Paragraph when a word is too wide for the line
        self.paragraph = paragraph
        self._width: float | None = None
        self._lines: list[Line] | None = None

    def lines(self, width: float) -> list[Line] | None:
        """The lines for a cell of ``width`` inside its paddings; None: a Paragraph."""
        if self._width != width:
            self._width, self._lines = width, _shared_lines(self, width)
        return self._lines


#: lines by (markup, style, width): a long sheet repeats its cells ("Direct", "—", a
#: Level); shared, never changed once made; bounded, the oldest first
_LINES: dict[tuple[str, int, float], tuple[PlainStyle, list[Line] | None]] = {}
MAX_LINES = 20_000
#: longer markup is not kept (rarely repeated)
MAX_LINES_TEXT = 400


def _shared_lines(block: PlainBlock, width: float) -> list[Line] | None:
    style = block.style
    key = (block.key, id(style), width)
    known = _LINES.get(key)
    if known is not None and known[0] is style:
        return known[1]
    room = width - style.left_indent - style.right_indent
    lines: list[Line] | None = []
    for words in block.words:
        broken = break_lines(words, style.font, style.font_size, room, style.shrink)
        if broken is None or lines is None:
            lines = None
            break
        lines += broken
    if len(block.key) <= MAX_LINES_TEXT:
        _LINES[key] = (style, lines)
        while len(_LINES) > MAX_LINES:
            _LINES.pop(next(iter(_LINES)), None)
    return lines


def plain_block(text: str, style: Any) -> PlainBlock | None:
    """The cell markup ``text`` in ``style`` as a plain block, or None when it needs its
    Paragraph (:func:`~sheetapp.pdf.plain.plain_lines`). A block is shared by every cell
    with the same markup and style (it is never changed once made, but for its lines per
    width, the same for all)."""
    key = (text, id(style))
    known = _BLOCKS.get(key)
    if known is not None and known[0] is style:
        return known[1]
    plain = plain_style(style)
    words = plain_lines(text, plain) if plain is not None else None
    block = None
    if plain is not None and words is not None:
        block = PlainBlock(text, words, plain, partial(CellParagraph, text, style))
    if len(text) <= MAX_LINES_TEXT:
        _BLOCKS[key] = (style, block)
        while len(_BLOCKS) > MAX_LINES:
            _BLOCKS.pop(next(iter(_BLOCKS)), None)
    return block


#: blocks by (markup, style), like :data:`_LINES`
_BLOCKS: dict[tuple[str, int], tuple[Any, PlainBlock | None]] = {}


#: a cell's content: plain blocks and paragraphs (any flowable), top to bottom
Block: TypeAlias = "PlainBlock | Any"


@dataclass(slots=True)
class TableRow:
    """A row's cells, its background and whether it has a bar at its left (an error)."""

    cells: list[list[Block]]
    fill: Any = None
    bar: bool = False


@dataclass(frozen=True, slots=True)
class TableLook:
    """Paddings and lines, as the table's ``TableStyle`` would give them."""

    left: float
    right: float
    top: float
    bottom: float
    #: the line under the header, and under every other row
    head_rule: Rule
    row_rule: Rule
    #: the bar left of a row with an error
    bar_rule: Rule


class _Placed:
    """A block's place in its cell: its lines (plain text) or its flowable (a paragraph),
    and its height."""

    __slots__ = ("flowable", "height", "lines", "plain", "space_after", "space_before", "width")

    def __init__(self, block: Block, width: float) -> None:
        self.plain: PlainBlock | None = None
        self.flowable: Any = None
        self.lines: list[Line] | None = None
        self.width = width
        if isinstance(block, PlainBlock):
            self.lines = block.lines(width)
            if self.lines is None:  # a word too wide: the Paragraph splits it
                block = block.paragraph()
            else:
                self.plain = block
        if self.plain is not None and self.lines is not None:
            style = self.plain.style
            self.height: float = len(self.lines) * style.leading
            self.space_before: float = style.space_before
            self.space_after: float = style.space_after
        else:
            flowable: Any = block
            self.flowable = flowable
            self.width, self.height = flowable.wrap(width, 72000)
            self.space_before = flowable.getSpaceBefore()
            self.space_after = flowable.getSpaceAfter()


def _placed_cells(row: TableRow, widths: Sequence[float], look: TableLook) -> list[list[_Placed]]:
    return [
        [_Placed(block, width - look.left - look.right) for block in cell]
        for cell, width in zip(row.cells, widths, strict=True)
    ]


def _content_height(placed: list[_Placed]) -> float:
    """reportlab's ``Table._listCellGeom``: the blocks' heights and the spaces between."""
    if not placed:
        return 0.0
    total = 0.0
    for item in placed:
        total += item.height + item.space_after + item.space_before
    return total - placed[0].space_before - placed[-1].space_after


class RowTable(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A table whose first ``repeat`` rows repeat at the top of each page it runs on;
    rows never split (see the module's docstring)."""

    def __init__(
        self,
        rows: list[TableRow],
        widths: Sequence[float],
        look: TableLook,
        repeat: int = 1,
        _placed: list[list[list[_Placed]]] | None = None,
        _heights: list[float] | None = None,
        continued: bool = False,
    ) -> None:
        super().__init__()
        #: a part after a page break: reportlab's LongTable draws the rows' rule under the
        #: repeated header too (over its own), kept so the pages look as they did
        self.continued = continued
        self.rows = rows
        self.widths = list(widths)
        self.look = look
        self.repeat = repeat
        self.hAlign = "CENTER"
        self._placed = _placed if _placed is not None else []
        self.row_heights = _heights if _heights is not None else []
        if _placed is None:
            for row in rows:
                cells = _placed_cells(row, self.widths, look)
                self._placed.append(cells)
                tallest = max((_content_height(cell) for cell in cells), default=0.0)
                self.row_heights.append(tallest + look.top + look.bottom)
        self.width = sum(self.widths)
        self.height = sum(self.row_heights)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        # reportlab's Table._getFirstPossibleSplitRowPosition and _splitRows
        used = 0.0
        fits = 0
        for height in self.row_heights:
            if used + height > availHeight:
                break
            used += height
            fits += 1
        if fits <= self.repeat:
            return []
        if fits == len(self.rows):
            return [self]
        head = slice(0, self.repeat)
        rest = slice(fits, None)
        return [
            self._part(slice(0, fits)),
            RowTable(
                self.rows[head] + self.rows[rest],
                self.widths,
                self.look,
                self.repeat,
                self._placed[head] + self._placed[rest],
                self.row_heights[head] + self.row_heights[rest],
                continued=True,
            ),
        ]

    def _part(self, rows: slice) -> RowTable:
        return RowTable(
            self.rows[rows],
            self.widths,
            self.look,
            self.repeat,
            self._placed[rows],
            self.row_heights[rows],
            self.continued,
        )

    # --- drawing ------------------------------------------------------------------

    def _row_tops(self) -> list[float]:
        tops = [self.height]
        for height in self.row_heights:
            tops.append(tops[-1] - height)
        return tops

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        tops = self._row_tops()
        self._draw_fills(canvas, tops)
        lefts = [0.0]
        for width in self.widths:
            lefts.append(lefts[-1] + width)
        for row, top in zip(self._placed, tops, strict=False):
            for cell, left in zip(row, lefts, strict=False):
                self._draw_cell(canvas, cell, left, top)
        self._draw_rules(canvas, tops)
        canvas.restoreState()

    def _draw_fills(self, canvas: Any, tops: list[float]) -> None:
        for row, top, height in zip(self.rows, tops, self.row_heights, strict=False):
            if row.fill is not None:
                canvas.setFillColor(row.fill)
                canvas.rect(0, top, self.width, -height, stroke=0, fill=1)

    def _draw_cell(self, canvas: Any, cell: list[_Placed], left: float, top: float) -> None:
        """Table._drawCell for top-aligned flowables: each block below the one before."""
        look = self.look
        x = left + look.left
        y = top - look.top
        if cell:
            y += cell[0].space_before
        for item in cell:
            y -= item.space_before
            y -= item.height
            if item.flowable is not None:
                item.flowable.drawOn(canvas, x, y)
            elif item.lines and item.plain is not None:
                draw_block(canvas, item.plain.style, item.lines, x, y + item.height)
            y -= item.space_after

    def _draw_rules(self, canvas: Any, tops: list[float]) -> None:
        look = self.look
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        current: list[Any] = [None, None]

        def pen(rule: Rule) -> None:
            weight, color = rule
            if color is not current[1]:
                canvas.setStrokeColor(color)
                current[1] = color
            if weight != current[0]:
                canvas.setLineWidth(weight)
                current[0] = weight

        heads = min(self.repeat, len(self.rows))
        if heads:
            pen(look.head_rule)
            for bottom in tops[1 : heads + 1]:
                canvas.line(0, bottom, self.width, bottom)
        if len(self.rows) > heads:
            pen(look.row_rule)
            for bottom in tops[heads + (0 if self.continued else 1) :]:
                canvas.line(0, bottom, self.width, bottom)
        for index, row in enumerate(self.rows):
            if row.bar:
                pen(look.bar_rule)
                canvas.line(0, tops[index + 1], 0, tops[index])
