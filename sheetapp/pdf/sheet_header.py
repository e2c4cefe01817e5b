"""The top of a printed sheet: the character's name, player, system and campaign, the
totals and the portrait to the right (or the totals under a very long name), and the
box listing the rules the sheet breaks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, LongTable, Spacer, Table, TableStyle

from sheetapp.core.costs import Total
from sheetapp.core.issues import DataPath, Issue
from sheetapp.editing.wording import without_line_notes
from sheetapp.pdf.box_grids import BoxGrids
from sheetapp.pdf.flowables import CellParagraph
from sheetapp.pdf.portrait_image import PortraitError, decode_portrait
from sheetapp.pdf.section_tables import BASE_TABLE
from sheetapp.pdf.styles import SheetStyles
from sheetapp.pdf.text import markup
from sheetapp.sheet import Sheet, SheetHeader

PORTRAIT_WIDTH = 32 * mm
PORTRAIT_HEIGHT = 40 * mm
TOTAL_BOX_WIDTH = 52 * mm
MAX_TOTALS_BESIDE_NAME = 2
#: a name longer than this prints in smaller type (and longer still, smaller again)
LONG_NAME = 40
VERY_LONG_NAME = 100


class SheetHeading:
    """Prints the name block, the totals and the broken rules at one width."""

    def __init__(self, styles: SheetStyles, width: float, grids: BoxGrids) -> None:
        self.styles = styles
        self.width = width
        self.grids = grids

    def flowables(self, sheet: Sheet) -> list[Flowable]:
        """The header, the totals beside the name or under it, then the broken rules."""
        # a very long name takes the page's width, the totals go under it
        long_name = len(sheet.header.name) > VERY_LONG_NAME
        beside = len(sheet.totals) <= MAX_TOTALS_BESIDE_NAME and not long_name
        story = [self.header(sheet.header, sheet.totals if beside else ())]
        if sheet.totals and not beside:
            story.append(Spacer(1, 6))
            story.append(self.totals(sheet.totals, self.width))
        if sheet.errors:
            story.append(Spacer(1, 8))
            story.append(self.errors(sheet.errors, sheet.where))
        return story

    def header(self, h: SheetHeader, totals: Sequence[Total]) -> Flowable:
        """Name, player, system and campaign; the totals and the portrait to the right."""
        text = self._name_block(h)
        right: list[tuple[Flowable, float]] = []
        if totals:
            width = TOTAL_BOX_WIDTH * len(totals)
            right.append((self.totals(totals, width), width + 8))
        if h.portrait:
            try:
                picture = decode_portrait(h.portrait).flowable(PORTRAIT_WIDTH, PORTRAIT_HEIGHT)
            except PortraitError as exc:
                message = f"The portrait could not be printed: {exc}."
                text.append(CellParagraph(markup(message), self.styles["Note"]))
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

    def _name_block(self, h: SheetHeader) -> list[Flowable]:
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
        return text

    def totals(self, totals: Sequence[Total], width: float) -> Flowable:
        cells = [self._total_box(total) for total in totals]
        return self.grids.box_grid(cells, len(cells), width)

    def _total_box(self, total: Total) -> list[Flowable]:
        st = self.styles
        unit = f" {total.unit}" if total.unit else ""
        value = f"{total.spent}" if total.budget is None else f"{total.spent} / {total.budget}"
        note = without_line_notes(total.explanation)
        remaining = total.remaining
        over = remaining is not None and remaining < 0
        if remaining is not None:
            left = (
                f"{remaining}{unit} left" if remaining >= 0 else f"{-remaining}{unit} over budget"
            )
            note = f"{left} · {note}" if note else left
        return [
            CellParagraph(markup(total.label + _unit_suffix(total)), st["BoxLabel"]),
            CellParagraph(
                markup(value + (" ✖" if over else "")), st["TotalOver" if over else "TotalValue"]
            ),
            CellParagraph(markup(note), st["BoxNote"]),
        ]

    def errors(self, errors: Sequence[Issue], where: Callable[[DataPath], str]) -> Flowable:
        st = self.styles
        p = st.palette
        rows: list[list[Any]] = [[CellParagraph(markup(_errors_title(errors)), st["ErrorTitle"])]]
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


def _errors_title(errors: Sequence[Issue]) -> str:
    count = len(errors)
    title = (
        f"✖ This sheet breaks {count} rule{'s' if count != 1 else ''}: it is not legal as it stands"
    )
    todos = sum(1 for issue in errors if issue.is_todo)
    if todos:
        title += f" ({todos} of them {'are steps' if todos != 1 else 'is a step'} to do)"
    return title


def _title_style(name: str) -> str:
    """The heading's style for a name of this length: whole, in type that keeps it to a
    few lines."""
    if len(name) > VERY_LONG_NAME:
        return "TitleVeryLong"
    return "TitleLong" if len(name) > LONG_NAME else "Title"


def _unit_suffix(total: Total) -> str:
    """ " (GP)" after "Glory Points"; nothing after "Slots" (not "Slots (Slots)")."""
    unit = total.unit.strip()
    if not unit or unit.casefold() in total.label.casefold():
        return ""
    return f" ({unit})"
