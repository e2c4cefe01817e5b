"""Find what explains a selected place: its cost line and the issues on it."""

from __future__ import annotations

from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue, Severity


def cost_line_for(evaluation: Evaluation, path: DataPath) -> CostLine | None:
    """The cost line of the item at ``path``: the line whose path is the longest prefix of
    ``path`` (the level cell of an ability finds the ability's "Level" line when there is one,
    else the ability's line). Lines with an empty path never match."""
    best: CostLine | None = None
    for root in evaluation.costs:
        for line in root.walk():
            size = len(line.path)
            if size == 0 or line.path != path[:size]:
                continue
            if best is None or size > len(best.path):
                best = line
    return best


def worst_severity(issues: list[Issue]) -> Severity | None:
    """The most serious severity among ``issues`` (None when there are none)."""
    if not issues:
        return None
    return min((issue.severity for issue in issues), key=lambda severity: severity.rank)
