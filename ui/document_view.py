"""One open character: header, running totals, cost breakdown and issues."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Severity, format_path
from sheetapp.storage.files import LoadedDocument

SEVERITY_MARK = {Severity.ERROR: "✖", Severity.WARNING: "▲", Severity.INFO: "ℹ"}


class DocumentView(QWidget):
    """Shows what the domain computed for one document; it computes nothing itself."""

    def __init__(
        self, loaded: LoadedDocument, path: Path | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.loaded = loaded
        self.path = path
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.totals = QLabel()
        self.totals.setTextFormat(Qt.TextFormat.PlainText)
        self.totals.setObjectName("totals")
        self.derived = QLabel()
        self.derived.setTextFormat(Qt.TextFormat.PlainText)
        self.derived.setWordWrap(True)
        self.cost_model = QStandardItemModel(0, 3, self)
        self.cost_model.setHorizontalHeaderLabels(["Item", "Cost", "Explanation"])
        self.cost_view = QTreeView()
        self.cost_view.setModel(self.cost_model)
        self.cost_view.setAlternatingRowColors(True)
        self.cost_view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.issues = QListWidget()
        self.issues.setObjectName("issues")
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.cost_view)
        splitter.addWidget(self.issues)
        splitter.setStretchFactor(0, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.totals)
        layout.addWidget(self.derived)
        layout.addWidget(splitter)
        self.refresh()

    @property
    def title(self) -> str:
        return self.loaded.document.meta.name or (self.path.name if self.path else "Untitled")

    def evaluation(self) -> Evaluation:
        return self.loaded.evaluate()

    def refresh(self) -> None:
        evaluation = self.evaluation()
        meta = self.loaded.document.meta
        player = f" — played by {meta.player}" if meta.player else ""
        self.header.setText(f"{self.title}{player}    [{self.loaded.system.name}]")
        self.totals.setText("    ".join(total.describe() for total in evaluation.totals))
        self.derived.setText("   ·   ".join(f"{v.label}: {v.value}" for v in evaluation.derived))
        self.derived.setToolTip(
            "\n".join(f"{v.label}: {v.explanation}" for v in evaluation.derived)
        )
        self.cost_model.removeRows(0, self.cost_model.rowCount())
        for line in evaluation.costs:
            self.cost_model.appendRow(_cost_row(line))
        self.cost_view.expandToDepth(0)
        self.issues.clear()
        for issue in evaluation.issues:
            text = f"{SEVERITY_MARK[issue.severity]} {issue.message}  ({format_path(issue.path)})"
            item = QListWidgetItem(text)
            item.setToolTip(issue.hint or issue.code)
            self.issues.addItem(item)
        if not evaluation.issues:
            self.issues.addItem("No issues: the character follows the rules.")


def _cost_row(line: CostLine) -> list[QStandardItem]:
    cells = [
        QStandardItem(line.label),
        QStandardItem(str(line.amount)),
        QStandardItem(line.explanation),
    ]
    for cell in cells:
        cell.setEditable(False)
    for child in line.children:
        cells[0].appendRow(_cost_row(child))
    return cells
