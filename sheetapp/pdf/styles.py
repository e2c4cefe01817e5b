"""Named paragraph styles and colours of a sheet, in colour or black and white.

The colour scheme uses only dark text and pale fills, so it also prints well on a
black-and-white printer; ``monochrome`` drops every fill and marks rows with lines
and symbols instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from sheetapp.core.issues import Severity
from sheetapp.pdf.fonts import BOLD, FAMILY, OBLIQUE, REGULAR

#: the smallest type any sheet, card or statblock prints (issue 37: read at the table)
MIN_TYPE = 7.0

BLACK = colors.black
WHITE = colors.white


@dataclass(frozen=True, slots=True)
class Palette:
    ink: colors.Color
    accent: colors.Color
    muted: colors.Color
    rule: colors.Color
    head_fill: colors.Color | None
    stripe_fill: colors.Color | None
    box_fill: colors.Color | None
    error_ink: colors.Color
    error_fill: colors.Color | None
    warning_fill: colors.Color | None

    def row_fill(self, severity: Severity | None) -> colors.Color | None:
        if severity is Severity.ERROR:
            return self.error_fill
        if severity is Severity.WARNING:
            return self.warning_fill
        return None


COLOUR = Palette(
    ink=colors.HexColor("#1A1A1A"),
    accent=colors.HexColor("#1F3A5F"),
    muted=colors.HexColor("#555555"),
    rule=colors.HexColor("#9AA5B1"),
    head_fill=colors.HexColor("#E3E8EF"),
    stripe_fill=colors.HexColor("#F4F6F9"),
    box_fill=colors.HexColor("#F4F6F9"),
    error_ink=colors.HexColor("#9F1D15"),
    error_fill=colors.HexColor("#FBE4E1"),
    warning_fill=colors.HexColor("#FFF4D6"),
)

MONOCHROME = Palette(
    ink=BLACK,
    accent=BLACK,
    muted=BLACK,
    rule=BLACK,
    head_fill=None,
    stripe_fill=None,
    box_fill=None,
    error_ink=BLACK,
    error_fill=None,
    warning_fill=None,
)

#: Printed before the first cell of a row with an issue, so it shows without colour.
SEVERITY_MARK = {Severity.ERROR: "✖ ", Severity.WARNING: "⚠ ", Severity.INFO: ""}


class SheetStyles:
    """Every paragraph style a sheet uses, by name (``styles["Cell"]``)."""

    def __init__(self, monochrome: bool = False, compact: bool = False) -> None:
        """``compact``: the play card's denser type (smaller headings, stat-box numbers
        and cells), so a fight's worth of a character fits one page."""
        self.palette = MONOCHROME if monochrome else COLOUR
        self.monochrome = monochrome
        self.compact = compact
        p = self.palette
        k = 0.82 if compact else 1.0
        base = ParagraphStyle(
            "Body",
            fontName=REGULAR,
            fontSize=9,
            leading=11.5,
            textColor=p.ink,
            alignment=TA_LEFT,
            splitLongWords=1,
        )
        self._styles: dict[str, ParagraphStyle] = {"Body": base}
        self._headings(base, p, k)
        self._statblock_lines(base, p)
        self._table_cells(base, p, k)
        self._boxes(base, p, k)
        self._notes(base, p)

    def _headings(self, base: ParagraphStyle, p: Palette, k: float) -> None:
        """The character's name, the lines under it and the sections' titles (``k``:
        the play card's smaller type)."""
        self._add("Title", base, fontName=BOLD, fontSize=20, leading=24, textColor=p.accent)
        # a long name: smaller, so it does not take the page (issue 37: 300 letters took
        # 40 % of page 1 and pushed sections off the card)
        self._add("TitleLong", self["Title"], fontSize=13, leading=16)
        self._add("TitleVeryLong", self["Title"], fontSize=9.5, leading=12)
        self._add("Subtitle", base, fontSize=10, leading=13, textColor=p.muted)
        self._add("HeaderLabel", base, fontSize=7.5, leading=9, textColor=p.muted)
        self._add(
            "SectionTitle",
            base,
            fontName=BOLD,
            fontSize=12 * k,
            leading=15 * k,
            textColor=p.accent,
            spaceBefore=10 * k * k,
            spaceAfter=4 * k,
            keepWithNext=1,
        )
        self._add("SectionTitleFlow", self["SectionTitle"], keepWithNext=0)

    def _statblock_lines(self, base: ParagraphStyle, p: Palette) -> None:
        """A statblock's name, system and lines."""
        self._add("BlockName", self["SectionTitle"], fontSize=11, leading=13, spaceBefore=0)
        self._add("BlockSystem", base, fontSize=7, leading=8.5, textColor=p.muted, spaceAfter=3)
        self._add("BlockLine", base, fontSize=7.5, leading=9.2, spaceAfter=1.5)
        # the rest of a long statblock line, indented under its label
        self._add("BlockMore", self["BlockLine"], leftIndent=6)

    def _table_cells(self, base: ParagraphStyle, p: Palette, k: float) -> None:
        """A table's header and cells, by alignment; a row's details."""
        self._add(
            "TableHead",
            base,
            fontName=BOLD,
            fontSize=max(MIN_TYPE, 8 * k),
            leading=max(MIN_TYPE * 1.25, 10 * k),
            textColor=p.ink,
        )
        self._add("TableHeadRight", self["TableHead"], alignment=TA_RIGHT)
        self._add("TableHeadCenter", self["TableHead"], alignment=TA_CENTER)
        self._add(
            "Cell", base, fontSize=max(MIN_TYPE, 8.5 * k), leading=max(MIN_TYPE * 1.22, 10.5 * k)
        )
        self._add("CellRight", self["Cell"], alignment=TA_RIGHT)
        self._add("CellCenter", self["Cell"], alignment=TA_CENTER)
        self._add("CellStrong", self["Cell"], fontName=BOLD)
        self._add(
            "CellDetail", base, fontName=OBLIQUE, fontSize=7.5, leading=9.5, textColor=p.muted
        )

    def _boxes(self, base: ParagraphStyle, p: Palette, k: float) -> None:
        """Stat boxes and totals: label, value, explanation."""
        self._add("BoxLabel", base, fontSize=7.5, leading=9, textColor=p.muted, alignment=TA_CENTER)
        self._add(
            "BoxValue",
            base,
            fontName=BOLD,
            fontSize=16 * k,
            leading=19 * k,
            alignment=TA_CENTER,
        )
        # A value that is a phrase ("4 vs Solid, Physical; 2 vs Energy") reads as text.
        self._add("BoxValueText", self["BoxValue"], fontSize=9.5 * k, leading=12 * k)
        self._add(
            "BoxNote", base, fontSize=MIN_TYPE, leading=8.5, textColor=p.muted, alignment=TA_CENTER
        )
        self._add("TotalValue", base, fontName=BOLD, fontSize=18, leading=21, alignment=TA_CENTER)
        self._add("TotalOver", self["TotalValue"], textColor=p.error_ink)

    def _notes(self, base: ParagraphStyle, p: Palette) -> None:
        """The broken rules' box, notes, an empty section and the footer."""
        self._add(
            "ErrorTitle", base, fontName=BOLD, fontSize=10.5, leading=13, textColor=p.error_ink
        )
        self._add("ErrorItem", base, fontSize=8.5, leading=10.5, textColor=p.ink)
        self._add("Note", base, fontName=OBLIQUE, fontSize=8, leading=10, textColor=p.muted)
        self._add("Empty", self["Note"])
        self._add("Footer", base, fontSize=7.5, leading=9, textColor=p.muted)

    def _add(self, name: str, parent: ParagraphStyle, **values: object) -> None:
        self._styles[name] = ParagraphStyle(name, parent=parent, **values)

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self._styles[name]

    def names(self) -> list[str]:
        return list(self._styles)

    def indented(self, name: str, depth: int) -> ParagraphStyle:
        """``name`` indented by ``depth`` levels (cost-line trees)."""
        if depth <= 0:
            return self[name]
        key = f"{name}@{depth}"
        if key not in self._styles:
            self._add(key, self[name], leftIndent=depth * 9)
        return self._styles[key]

    @property
    def family(self) -> str:
        return FAMILY
