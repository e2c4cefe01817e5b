"""The running totals bar: spent / budget / remaining per total, issue counts, derived values."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QWidget

from sheetapp.core.costs import Total
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Severity
from ui.roles import SEVERITY_MARK


def total_text(total: Total) -> str:
    unit = f" {total.unit}" if total.unit else ""
    if total.budget is None:
        return f"{total.spent}{unit}"
    remaining = total.budget - total.spent
    state = f"{remaining} left" if remaining >= 0 else f"{-remaining} over"
    return f"{total.spent} / {total.budget}{unit} · {state}"


class TotalsBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(8, 4, 8, 4)
        self.layout_.setSpacing(12)
        self.total_widgets: list[QWidget] = []
        self.counts = QLabel()
        self.counts.setObjectName("issue_counts")
        self.derived = QLabel()
        self.derived.setObjectName("derived")
        self.derived.setTextFormat(Qt.TextFormat.PlainText)
        # Long derived values (attack lines) are clipped, not allowed to widen the window.
        self.derived.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def show_evaluation(self, evaluation: Evaluation) -> None:
        for widget in self.total_widgets:
            self.layout_.removeWidget(widget)
            widget.deleteLater()
        self.total_widgets = []
        for total in evaluation.totals:
            caption = QLabel(f"<b>{total.label}</b>")
            caption.setToolTip(total.explanation)
            bar = QProgressBar()
            bar.setObjectName(f"total_{total.key}")
            bar.setTextVisible(True)
            bar.setMinimumWidth(110)
            bar.setMaximum(max(total.budget or total.spent, 1))
            bar.setValue(min(total.spent, bar.maximum()))
            bar.setFormat(total_text(total))
            bar.setToolTip(total.explanation)
            over = total.budget is not None and total.spent > total.budget
            bar.setProperty("over", over)
            if over:
                bar.setStyleSheet("QProgressBar::chunk { background: #d9534f; }")
            self.layout_.insertWidget(len(self.total_widgets), caption)
            self.total_widgets.append(caption)
            self.layout_.insertWidget(len(self.total_widgets), bar)
            self.total_widgets.append(bar)
        if self.layout_.indexOf(self.derived) < 0:
            self.layout_.addWidget(self.derived, 1)
            self.layout_.addWidget(self.counts)
        self.derived.setText("   ·   ".join(f"{v.label}: {v.value}" for v in evaluation.derived))
        self.derived.setToolTip(
            "\n".join(f"{v.label}: {v.explanation}" for v in evaluation.derived)
        )
        parts = [f"{SEVERITY_MARK[s]} {evaluation.count(s)}" for s in Severity]
        self.counts.setText("   ".join(parts))
        self.counts.setToolTip(
            f"{evaluation.count(Severity.ERROR)} errors, {evaluation.count(Severity.WARNING)} "
            f"warnings, {evaluation.count(Severity.INFO)} notes — see the Issues panel"
        )

    def text(self) -> str:
        """Everything the bar says, for tests and accessibility."""
        parts = []
        for widget in self.total_widgets:
            if isinstance(widget, QProgressBar):
                parts.append(widget.format())
            elif isinstance(widget, QLabel):
                parts.append(widget.text().replace("<b>", "").replace("</b>", ""))
        return " ".join([*parts, self.derived.text(), self.counts.text()])
