"""Tracks to tick on a play card: a row of empty boxes per value that goes down in play
(Hits, HP, Energy, Bones, STUN, power points), and labelled boxes for a track of steps
(Glorious Gladiators' reactivation: 4+ / 7+ / 10+ / 13+)."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Table, TableStyle

from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.fonts import REGULAR
from sheetapp.pdf.styles import MIN_TYPE, SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.sheet import Track

BOX = 9.0
GAP = 2.5
#: every fifth box is followed by a wider gap, so a long track is counted at a glance
GROUP = 5
#: more boxes than this is a line to write on ("____ of 120"), not a track to tick
MOST_BOXES = 80
LABEL_WIDTH = 80.0


class TrackBoxes(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """``count`` empty boxes in rows as wide as the column, each under its mark."""

    def __init__(self, count: int, marks: tuple[str, ...], ink: Any) -> None:
        super().__init__()
        self.count = count
        self.marks = marks
        self.ink = ink
        self.per_line = 1

    def _step(self, index: int) -> float:
        width = self._box_width()
        return index * (width + GAP) + (index // GROUP) * GAP * 2

    def _box_width(self) -> float:
        # a labelled box is as wide as its mark
        from reportlab.pdfbase.pdfmetrics import stringWidth

        widest = max((stringWidth(mark, REGULAR, MIN_TYPE) for mark in self.marks), default=0.0)
        return max(BOX, widest + 3)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        per_line = 1
        while per_line < self.count and self._step(per_line) + self._box_width() <= availWidth:
            per_line += 1
        self.per_line = per_line
        lines = -(-self.count // per_line)
        line_height = BOX + (8 if self.marks else 0) + 3
        self.width = availWidth
        self.height = lines * line_height
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(self.ink)
        canvas.setLineWidth(0.7)
        canvas.setFont(REGULAR, MIN_TYPE)
        line_height = BOX + (8 if self.marks else 0) + 3
        box_width = self._box_width()
        for index in range(self.count):
            line, position = divmod(index, self.per_line)
            x = self._step(position)
            top = self.height - line * line_height
            y = top - BOX - (8 if self.marks else 0)
            canvas.rect(x, y, box_width, BOX, stroke=1, fill=0)
            if index < len(self.marks):
                canvas.drawCentredString(x + box_width / 2, y + BOX + 2, self.marks[index])
        canvas.restoreState()


def track_table(tracks: tuple[Track, ...], styles: SheetStyles, width: float) -> Flowable:
    """One row per track: its label, then the boxes (or a line to write on)."""
    rows: list[list[Any]] = []
    ink = styles.palette.ink
    for track in tracks:
        label = CellParagraph(f"<b>{markup(track.label)}</b>", styles["Cell"])
        if track.boxes > MOST_BOXES:
            cell: Any = CellParagraph(markup(f"______ of {track.boxes}"), styles["Cell"])
        else:
            cell = TrackBoxes(track.boxes, track.marks, ink)
        rows.append([label, cell])
    table = Table(rows, colWidths=[LABEL_WIDTH, width - LABEL_WIDTH])
    table.setStyle(
        TableStyle(
            [
                # else reportlab names Helvetica, unembedded, for the table's own text
                ("FONTNAME", (0, 0), (-1, -1), REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table
