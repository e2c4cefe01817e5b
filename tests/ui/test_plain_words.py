"""The Issues panel speaks the window's words (issue 17): "Where" names the item and
field as the window shows them; the code and data path are only in the tooltip."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

RAW = re.compile(r"\[\d+\]|\b(character|campaign)\.|_")


def test_issues_where_reads_like_the_window(window: MainWindow) -> None:
    for path in sorted((REPO / "resources" / "examples").rglob("*.json")):
        view = window.open_path(path)
        assert view is not None
        model = window.issues_view.model_
        assert model.rowCount() == len(view.document.evaluation.issues)
        for row in range(model.rowCount()):
            where = model.index(row, 1).data()
            assert where and not RAW.search(where), (path.name, where)
            tip = model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
            issue = model.issues[row]
            assert issue.code in tip  # details stay reachable
            assert issue.code not in model.index(row, 0).data()
