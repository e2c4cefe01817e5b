"""The Explain pane: where every number of the selected item and of each total comes from."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QWidget

from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, format_path
from sheetapp.editing.explain import cost_line_for
from ui.roles import SEVERITY_MARK


def _line_html(line: CostLine) -> str:
    parts = [
        f"<p><b>{html.escape(line.label)}</b>: <b>{line.amount}</b>"
        f"{' ' + html.escape(line.total.upper()) if line.total else ''}</p>"
    ]
    if line.explanation:
        parts.append(f"<p><code>{html.escape(line.explanation)}</code></p>")
    if line.children:
        rows = "".join(
            f"<tr><td>{html.escape(child.label)}</td><td align='right'>{child.amount:+d}</td>"
            f"<td><small>{html.escape(child.explanation)}</small></td></tr>"
            for child in line.children
        )
        parts.append(f"<table cellspacing='0' cellpadding='2'>{rows}</table>")
    return "".join(parts)


def explain_html(evaluation: Evaluation, path: DataPath | None) -> str:
    parts: list[str] = []
    if path:
        line = cost_line_for(evaluation, path)
        parts.append("<h3>Selected</h3>")
        if line is not None:
            parts.append(_line_html(line))
        else:
            parts.append(f"<p>{html.escape(format_path(path))} has no cost of its own.</p>")
        issues = evaluation.issues_at(path[:3] if len(path) > 3 else path)
        for issue in issues:
            hint = f"<br><small>{html.escape(issue.hint)}</small>" if issue.hint else ""
            parts.append(
                f"<p>{SEVERITY_MARK[issue.severity]} {html.escape(issue.message)}{hint}</p>"
            )
    else:
        parts.append("<p><i>Select an item to see how its cost is worked out.</i></p>")
    parts.append("<h3>Totals</h3>")
    for total in evaluation.totals:
        parts.append(
            f"<p><b>{html.escape(total.describe())}</b><br>"
            f"<code>{html.escape(total.explanation)}</code></p>"
        )
    for line in evaluation.costs:
        parts.append(
            f"<p>{html.escape(line.label)}: {line.amount} — "
            f"<small>{html.escape(line.explanation)}</small></p>"
        )
    if evaluation.derived:
        parts.append("<h3>Derived values</h3>")
        for value in evaluation.derived:
            parts.append(
                f"<p><b>{html.escape(value.label)}: {html.escape(str(value.value))}</b> — "
                f"{html.escape(value.explanation)}</p>"
            )
    return "".join(parts)


class ExplainPane(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explain")
        self.setOpenLinks(False)
        self._shown: str | None = None

    def show_explanation(self, evaluation: Evaluation | None, path: DataPath | None) -> None:
        if evaluation is None:
            text = "<p><i>No character open.</i></p>"
        else:
            text = explain_html(evaluation, path)
        if text != self._shown:  # laying out the page again is the costly part
            self._shown = text
            self.setHtml(text)
