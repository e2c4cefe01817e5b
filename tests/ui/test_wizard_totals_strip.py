"""The level-up wizard's totals are whole (issue 31: on the Spend page at 1280×720 and
at scale 2 the totals strip was cut to half its height): a sideways strip asks for its
widget's height again when the widget is laid out anew (the totals are filled after the
strip was placed)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

MARA = REPO / "resources" / "examples" / "capital" / "mara-quell-level-3.json"


def test_the_spend_pages_totals_are_not_cut(window: MainWindow) -> None:
    assert window.open_path(MARA) is not None
    wizard = window.level_up()
    assert wizard is not None

    def strip() -> QScrollArea | None:
        found = wizard.findChild(QScrollArea, "spend_totals_scroll")
        return found if isinstance(found, QScrollArea) and found.isVisible() else None

    for _page in wizard.pageIds():
        for _ in range(3):
            QApplication.processEvents()
        if strip() is not None:
            break
        assert wizard.currentPage().isComplete()
        wizard.next()
    shown = strip()
    assert shown is not None
    inner = shown.widget()
    assert inner is not None and inner.sizeHint().height() > 0
    bar = shown.horizontalScrollBar().sizeHint().height()
    assert shown.height() >= inner.sizeHint().height() + bar
    wizard.reject()


def test_a_strip_grows_with_totals_filled_after_it_was_placed(qtbot: QtBot) -> None:
    """The Spend page's case, alone: the strip is laid out while its totals bar is still
    empty, and the totals come afterwards."""
    from PySide6.QtWidgets import QTableView, QVBoxLayout, QWidget

    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document
    from ui.screen_fit import sideways
    from ui.totals import TotalsBar

    loaded = load_document(MARA, installed_systems())
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    totals = TotalsBar()
    strip = sideways(totals, "strip")
    layout.addWidget(strip)
    layout.addWidget(QTableView(), 1)
    holder.resize(600, 300)
    holder.show()
    for _ in range(3):
        QApplication.processEvents()
    totals.show_evaluation(loaded.system.evaluate(loaded.document))
    for _ in range(3):
        QApplication.processEvents()
    bar = strip.horizontalScrollBar().sizeHint().height()
    assert strip.height() >= totals.sizeHint().height() + bar
