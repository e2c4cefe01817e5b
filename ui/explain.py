"""The Explain pane: where every number of the selected item and of each total comes from.

The page is a list of parts, each one block of the shown document: a paragraph or a
heading, or a table. After an edit most parts read the same and a few numbers moved (a
total, a cost line, a derived value); laying out the whole page again took longer than
everything else the window does for an edit, so the pane rewrites only the paragraphs
and table cells whose text changed, and sets the whole page only when its shape changed.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QTextCursor, QTextDocument, QTextTable
from PySide6.QtWidgets import QTextBrowser, QWidget

from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import DerivedValue, Evaluation
from sheetapp.core.issues import DataPath
from sheetapp.editing.explain import cost_line_for
from sheetapp.editing.wording import without_line_notes
from ui.roles import SEVERITY_MARK

_KEEP = QTextCursor.MoveMode.KeepAnchor
_END_OF_BLOCK = QTextCursor.MoveOperation.EndOfBlock
#: The cells of an explained line's parts, and how each is aligned.
_CELL_ALIGN = ("", " align='right'", "")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A ``<p>`` or ``<h3>`` with its inner HTML: one block of the page."""

    inner: str
    tag: str = "p"

    def html(self) -> str:
        return f"<{self.tag}>{self.inner}</{self.tag}>"


@dataclass(frozen=True, slots=True)
class Table:
    """A table of cells (inner HTML), each row one cell per entry of ``_CELL_ALIGN``."""

    rows: tuple[tuple[str, ...], ...]

    def html(self) -> str:
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td{align}>{cell}</td>" for align, cell in zip(_CELL_ALIGN, row, strict=True)
            )
            + "</tr>"
            for row in self.rows
        )
        return f"<table cellspacing='0' cellpadding='2'>{rows}</table>"


Part = Paragraph | Table


def _line_parts(line: CostLine) -> list[Part]:
    total = f" {html.escape(line.total.upper())}" if line.total else ""
    parts: list[Part] = [
        Paragraph(f"<b>{html.escape(line.label)}</b>: <b>{line.amount}</b>{total}")
    ]
    if line.explanation:
        parts.append(Paragraph(f"<code>{_text(line.explanation)}</code>"))
    if line.children:
        parts.append(
            Table(
                tuple(
                    (
                        html.escape(child.label),
                        f"{child.amount:+d}",
                        f"<small>{_text(child.explanation)}</small>",
                    )
                    for child in line.children
                )
            )
        )
    return parts


def explain_parts(evaluation: Evaluation, path: DataPath | None) -> list[Part]:
    """The Explain page for ``path`` (None: nothing selected), part by part."""
    parts: list[Part] = []
    if path:
        line = cost_line_for(evaluation, path)
        parts.append(Paragraph("Selected", "h3"))
        if line is not None:
            parts += _line_parts(line)
        else:
            parts.append(Paragraph("The selected item has no cost of its own."))
        row = path[:3] if len(path) > 3 else path
        for value in evaluation.derived:
            if _in_a_row(value.path) and value.path[:3] == row:
                parts.append(_derived_part(value))
        issues = evaluation.issues_at(row)
        for issue in issues:
            hint = f"<br><small>{_text(issue.hint)}</small>" if issue.hint else ""
            parts.append(Paragraph(f"{SEVERITY_MARK[issue.severity]} {_text(issue.message)}{hint}"))
    else:
        parts.append(Paragraph("<i>Select an item to see how its cost is worked out.</i>"))
    parts.append(Paragraph("Totals", "h3"))
    for total in evaluation.totals:
        parts.append(
            Paragraph(
                f"<b>{html.escape(total.describe())}</b><br><code>{_text(total.explanation)}</code>"
            )
        )
    for line in evaluation.costs:
        parts.append(
            Paragraph(
                f"{html.escape(line.label)}: {line.amount} — "
                f"<small>{_text(line.explanation)}</small>"
            )
        )
    # A value of one row of a list (a skill's AV) shows when its row is selected, and
    # in its cell's tooltip: listing a thousand of them here would bury the rest.
    overall = [value for value in evaluation.derived if not _in_a_row(value.path)]
    if overall:
        parts.append(Paragraph("Derived values", "h3"))
        parts += [_derived_part(value) for value in overall]
    return parts


def _text(text: str) -> str:
    """A domain text as the pane shows it: escaped, without rulebook line numbers."""
    return html.escape(without_line_notes(text))


def _in_a_row(path: DataPath) -> bool:
    """A path into one item of a list of the character (``character.skills[3]…``)."""
    return len(path) >= 3 and isinstance(path[2], int)


def _derived_part(value: DerivedValue) -> Paragraph:
    return Paragraph(
        f"<b>{html.escape(value.label)}: {html.escape(str(value.value))}</b> — "
        f"{_text(value.explanation)}"
    )


def explain_html(evaluation: Evaluation, path: DataPath | None) -> str:
    return "".join(part.html() for part in explain_parts(evaluation, path))


NO_CHARACTER: list[Part] = [Paragraph("<i>No character open.</i>")]


def _same_shape(old: Part, new: Part) -> bool:
    if isinstance(old, Paragraph) and isinstance(new, Paragraph):
        return old.tag == new.tag
    if isinstance(old, Table) and isinstance(new, Table):
        return len(old.rows) == len(new.rows)
    return False


def _replace(cursor: QTextCursor, end: int, inner: str) -> None:
    """Replace the text from ``cursor`` to position ``end`` by ``inner`` (HTML)."""
    cursor.setPosition(end, _KEEP)
    if inner:
        cursor.insertHtml(inner)
    else:
        cursor.removeSelectedText()


class ExplainPane(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explain")
        self.setOpenLinks(False)
        # The pane rewrites its own page; nobody undoes that.
        self.document().setUndoRedoEnabled(False)
        self._parts: list[Part] | None = None

    def show_explanation(self, evaluation: Evaluation | None, path: DataPath | None) -> None:
        parts = NO_CHARACTER if evaluation is None else explain_parts(evaluation, path)
        old = self._parts
        if parts == old:
            return
        if old is None or not self._patch(old, parts):
            self.setHtml("".join(part.html() for part in parts))
        self._parts = parts

    def _patch(self, old: Sequence[Part], new: Sequence[Part]) -> bool:
        """Rewrite in place the parts that differ. False, before changing anything, when
        the page does not keep its shape (the caller then sets the whole page)."""
        if len(old) != len(new):
            return False
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        if not all(_same_shape(old[i], new[i]) for i in changed):
            return False
        items = _top_level(self.document())
        if len(items) != len(old):
            return False
        for i in changed:
            item = items[i]
            part = new[i]
            if isinstance(part, Paragraph) and not isinstance(item, int):
                return False
            if isinstance(part, Table) and (
                not isinstance(item, QTextTable) or item.rows() != len(part.rows)
            ):
                return False
        for i in changed:
            item, part, before = items[i], new[i], old[i]
            if isinstance(item, int) and isinstance(part, Paragraph):
                block = self.document().findBlockByNumber(item)
                _replace(QTextCursor(block), block.position() + block.length() - 1, part.inner)
            elif isinstance(item, QTextTable) and isinstance(part, Table):
                assert isinstance(before, Table)
                for row, (was, now) in enumerate(zip(before.rows, part.rows, strict=True)):
                    for column, (a, b) in enumerate(zip(was, now, strict=True)):
                        if a != b:
                            cell = item.cellAt(row, column)
                            _replace(
                                cell.firstCursorPosition(), cell.lastCursorPosition().position(), b
                            )
        return True


def _top_level(document: QTextDocument) -> list[int | QTextTable | None]:
    """The root frame's children in order: a block (its number) or a table (other frames
    are None). A page set from parts has one child per part."""
    items: list[int | QTextTable | None] = []
    it = document.rootFrame().begin()
    while not it.atEnd():
        block = it.currentBlock()
        if block.isValid():
            items.append(block.blockNumber())
        else:
            frame = it.currentFrame()
            items.append(frame if isinstance(frame, QTextTable) else None)
        it += 1
    return items
