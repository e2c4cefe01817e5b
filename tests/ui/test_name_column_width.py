"""A list's name column fills the room the other columns leave but is never cut shorter
than its names: at 1400×900, X-Men HERO's Powers tab showed "Magnetic Blast ..." for
"Magnetic Blast (Energy Blast 10d6)" because the Advantages / Limitations column beside
it took the room (Qt's Stretch mode shrinks the stretched column first)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QTableView

from tests.ui.conftest import REPO
from ui.main_window import MainWindow
from ui.tables.views import ColumnFitter

LODESTAR = REPO / "resources" / "examples" / "hero-xmen" / "lodestar.json"


def _powers_table(window: MainWindow) -> QTableView:
    view = window.open_path(LODESTAR)
    assert view is not None
    tabs = view.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabText(i).replace("&", "") == "Powers")
    tabs.setCurrentIndex(index)
    QApplication.processEvents()
    table = next(t for t in window.findChildren(QTableView) if t.objectName() == "powers")
    assert table.isVisible()
    return table


def test_the_name_column_keeps_its_names_in_a_narrow_window(window: MainWindow) -> None:
    """The name gives way last: in a narrow window the other text columns elide first
    (issue 31 let names elide when even that is not enough: the number columns stay in
    sight), and the name is whole when they leave it the room."""
    window.resize(1000, 700)
    table = _powers_table(window)
    QApplication.processEvents()
    fitter = table.findChild(ColumnFitter)
    assert fitter is not None
    letters = table.fontMetrics().averageCharWidth()
    others = [
        c
        for c in range(1, table.model().columnCount())
        if c not in fitter.numbers and not table.isColumnHidden(c)
    ]
    if table.columnWidth(0) < table.sizeHintForColumn(0):
        assert all(table.columnWidth(c) <= 5 * letters for c in others)
    window.resize(2400, 900)
    QApplication.processEvents()
    assert table.columnWidth(0) >= table.sizeHintForColumn(0)


def test_the_name_column_fills_a_wide_window(window: MainWindow) -> None:
    window.resize(2400, 900)
    table = _powers_table(window)
    QApplication.processEvents()
    model = table.model()
    widths = sum(table.columnWidth(c) for c in range(model.columnCount()))
    assert widths == table.viewport().width()
    assert table.columnWidth(0) > table.sizeHintForColumn(0)


def test_a_narrowed_title_elides_and_says_itself_in_its_tooltip(window: MainWindow) -> None:
    """Issue 31: narrowed columns showed the middle of their titles ("es / Li" for
    "Advantages / Limitations"); a title now ends in "…" and its tooltip is whole."""
    from PySide6.QtCore import Qt

    window.resize(1000, 700)
    table = _powers_table(window)
    header = table.horizontalHeader()
    assert header.textElideMode() == Qt.TextElideMode.ElideRight
    model = table.model()
    titles = [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        for c in range(model.columnCount())
    ]
    assert "Advantages / Limitations" in titles
