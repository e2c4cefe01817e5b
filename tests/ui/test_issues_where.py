"""The Issues panel's "Where" column is as wide as the places it names ("PD › Bought",
not "PD › …"): the names arrive after the rows, and a column that sizes to its contents
did not grow for changed data."""

from __future__ import annotations

from tests.ui.conftest import REPO
from ui.issues_panel import IssuesView
from ui.main_window import MainWindow


def test_where_fits_its_place_names(window: MainWindow) -> None:
    assert window.open_path(REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json")
    view = window.findChild(IssuesView)
    assert view is not None and view.model().rowCount() > 0
    assert view.model().index(0, 1).data() == "PD › Bought"
    assert view.horizontalHeader().sectionSize(1) >= view.sizeHintForColumn(1)
