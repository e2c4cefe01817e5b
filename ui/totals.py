"""The running totals bar: spent / budget / remaining per total, issue counts, derived values."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QWidget

from sheetapp.core.costs import Total
from sheetapp.core.evaluation import Evaluation, overall_values
from sheetapp.core.issues import Severity
from sheetapp.editing.wording import without_line_notes
from ui.roles import SEVERITY_MARK


def total_text(total: Total) -> str:
    unit = f" {total.unit}" if total.unit else ""
    if total.budget is None:
        return f"{total.spent}{unit}"
    remaining = total.budget - total.spent
    state = f"{remaining} left" if remaining >= 0 else f"{-remaining} over"
    return f"{total.spent} / {total.budget}{unit} · {state}"


OVER_STYLE = "QProgressBar::chunk { background: #d9534f; }"
#: a total's bar: a gauge beside its number
BAR_WIDTH = 70
#: the bar's own range: it shows spent / budget as a fraction of this (a QProgressBar
#: holds a C int, and a ledger may earn more than 2^31 - 1), the numbers are in the text
BAR_RANGE = 10_000


def bar_fill(spent: int, budget: int | None) -> int:
    """How much of :data:`BAR_RANGE` the bar fills for ``spent`` of ``budget`` (of
    ``spent`` when there is no budget): any Python int, never outside the bar's range."""
    maximum = max(budget or spent, 1)
    value = min(max(spent, 0), maximum)
    return value * BAR_RANGE // maximum


def _set_text(label: QLabel | LineText, text: str) -> None:
    if label.text() != text:
        label.setText(text)


class LineText(QWidget):
    """One line of plain text, elided at the right when it does not fit (the whole text
    is in the tooltip). Unlike a QLabel, new text does not ask the window to lay itself
    out again (which repainted the whole window on every edit), unless it needs more
    room than its size hint gave it."""

    def __init__(self, elide: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._elide = elide
        self._hint_width = 0
        #: (text, width, font) -> the elided text painted
        self._elided: tuple[tuple[str, int, QFont], str] | None = None
        policy = QSizePolicy.Policy.Ignored if elide else QSizePolicy.Policy.Preferred
        self.setSizePolicy(policy, QSizePolicy.Policy.Fixed)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # the QLabel name
        if text == self._text:
            return
        self._text = text
        if not self._elide and self.fontMetrics().horizontalAdvance(text) > self._hint_width:
            self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        if self._elide:
            width = metrics.averageCharWidth() * 20
        else:
            self._hint_width = max(self._hint_width, metrics.horizontalAdvance(self._text))
            width = self._hint_width
        return QSize(width + 2, metrics.height() + 2)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint() if not self._elide else QSize(0, self.fontMetrics().height() + 2)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self._text
        if self._elide:
            # Eliding a long text (all derived values of a large character) costs about a
            # millisecond: only again when the text or the width changed.
            key = (text, rect.width(), self.font())
            if self._elided is None or self._elided[0] != key:
                elided = self.fontMetrics().elidedText(
                    text, Qt.TextElideMode.ElideRight, rect.width()
                )
                self._elided = (key, elided)
            text = self._elided[1]
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(rect, int(align), text)
        painter.end()


class TotalsBar(QFrame):
    def __init__(self, parent: QWidget | None = None, *, counts_apart: bool = False) -> None:
        """``counts_apart``: the issue counts are placed by the caller (beside a bar that
        scrolls sideways, where they stay in sight), not at the bar's end."""
        super().__init__(parent)
        self.counts_apart = counts_apart
        self.setObjectName("totals")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(8, 4, 8, 4)
        self.layout_.setSpacing(12)
        self.total_widgets: list[QWidget] = []
        # parented now (a bar without totals never lays them out: they were top-level
        # windows of their own until then)
        self.counts = LineText(elide=False, parent=self)
        self.counts.setObjectName("issue_counts")
        self.derived = LineText(elide=True, parent=self)
        self.derived.setObjectName("derived")
        self._keys: list[str] | None = None
        self._bars: list[tuple[QLabel, QProgressBar]] = []
        #: each total's number, beside its bar (not drawn on it: the fill hid it)
        self._values: list[QLabel] = []

    def show_evaluation(self, evaluation: Evaluation) -> None:
        """Show ``evaluation``'s totals, derived values and issue counts. The bars are
        built once per set of totals and afterwards only updated (and only what differs
        is set, so an edit repaints just the numbers that moved)."""
        # QProgressBar.setValue repaints at once (with the window behind it); with
        # updates off the whole bar repaints once, with everything else, in the next paint.
        self.setUpdatesEnabled(False)
        try:
            self._show(evaluation)
        finally:
            self.setUpdatesEnabled(True)

    def _show(self, evaluation: Evaluation) -> None:
        keys = [total.key for total in evaluation.totals]
        if keys != self._keys:
            self._build(evaluation)
        for total, (caption, bar), number in zip(
            evaluation.totals, self._bars, self._values, strict=True
        ):
            _set_text(caption, f"<b>{total.label}</b>")
            explanation = without_line_notes(total.explanation)
            if caption.toolTip() != explanation:
                caption.setToolTip(explanation)
            value = bar_fill(total.spent, total.budget)
            if bar.value() != value:
                bar.setValue(value)
            text = total_text(total)
            if bar.format() != text:
                bar.setFormat(text)
                number.setText(text)
                # Wide enough for its text (it only grows, so edits rarely re-lay out).
                needed = number.fontMetrics().horizontalAdvance(text) + 8
                if needed > number.minimumWidth():
                    number.setMinimumWidth(needed)
            if bar.toolTip() != explanation:
                bar.setToolTip(explanation)
                number.setToolTip(explanation)
            over = total.budget is not None and total.spent > total.budget
            if bar.property("over") != over:
                bar.setProperty("over", over)
                bar.setStyleSheet(OVER_STYLE if over else "")
        # A value of one item (each of a thousand skills' AV) shows in its own row.
        overall = overall_values(evaluation.derived)
        _set_text(self.derived, "   ·   ".join(f"{v.label}: {v.value}" for v in overall))
        tip = "\n".join(f"{v.label}: {without_line_notes(v.explanation)}" for v in overall)
        if self.derived.toolTip() != tip:
            self.derived.setToolTip(tip)
        counts = {s: evaluation.count(s) for s in Severity}
        _set_text(self.counts, "   ".join(f"{SEVERITY_MARK[s]} {n}" for s, n in counts.items()))
        todos = sum(1 for issue in evaluation.issues if issue.is_todo)
        to_do = f" ({todos} of them to do)" if todos else ""
        tip = (
            f"{counts[Severity.ERROR]} errors{to_do}, {counts[Severity.WARNING]} warnings, "
            f"{counts[Severity.INFO]} notes — see the Issues panel"
        )
        if self.counts.toolTip() != tip:
            self.counts.setToolTip(tip)

    def _build(self, evaluation: Evaluation) -> None:
        for widget in self.total_widgets:
            self.layout_.removeWidget(widget)
            widget.deleteLater()
        self.total_widgets = []
        self._bars = []
        self._values = []
        for total in evaluation.totals:
            caption = QLabel()
            value = QLabel()
            value.setObjectName(f"total_{total.key}_value")
            bar = QProgressBar()
            bar.setObjectName(f"total_{total.key}")
            bar.setTextVisible(False)
            bar.setRange(0, BAR_RANGE)
            bar.setFixedWidth(BAR_WIDTH)
            bar.setMaximumHeight(value.fontMetrics().height() // 2 + 2)
            bar.setProperty("over", False)
            for widget in (caption, value, bar):
                self.layout_.insertWidget(len(self.total_widgets), widget)
                self.total_widgets.append(widget)
            self._bars.append((caption, bar))
            self._values.append(value)
        self._keys = [total.key for total in evaluation.totals]
        if self.layout_.indexOf(self.derived) < 0:
            self.layout_.addWidget(self.derived, 1)
            if not self.counts_apart:
                self.layout_.addWidget(self.counts)

    def text(self) -> str:
        """Everything the bar says, for tests and accessibility."""
        parts = []
        for widget in self.total_widgets:
            if isinstance(widget, QLabel) and widget not in self._values:
                parts.append(widget.text().replace("<b>", "").replace("</b>", ""))
            elif isinstance(widget, QProgressBar):
                parts.append(widget.format())
        return " ".join([*parts, self.derived.text(), self.counts.text()])
