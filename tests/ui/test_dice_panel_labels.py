"""The level-up wizard's HP dice say what they are for, in full (issue 31, defect 13:
"Capital wizard HP-dice labels are clipped"): beside the dice in a narrow, short panel
the wrapped explanation showed only its middle lines."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QTableView, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from sheetapp.advancement.spec import levelled
from sheetapp.core.system import advancement_of, installed_systems
from sheetapp.storage.files import load_document
from tests.ui.conftest import REPO
from ui.wizard.dice_panel import DicePanel

MARA = REPO / "resources" / "examples" / "capital" / "mara-quell-level-3.json"


def test_the_dice_explanations_are_not_cut(qtbot: QtBot) -> None:
    loaded = load_document(MARA, installed_systems())
    levels = levelled(advancement_of(loaded.system))
    assert levels is not None
    requests = levels.level_dice(loaded.document)
    assert len(requests) == 2  # the character's HP dice and the companion's
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    panel = DicePanel(requests)
    layout.addWidget(panel)
    layout.addWidget(QTableView(), 1)  # the options list under it, as on the Spend page
    holder.resize(300, 330)  # the wizard's left column at scale 2
    holder.show()
    for _ in range(3):
        QApplication.processEvents()
    texts = [r.explanation for r in requests]
    labels = [label for label in panel.findChildren(QLabel) if label.text() in texts]
    assert sorted(label.text() for label in labels) == sorted(texts)
    for label in labels:
        assert label.isVisible()
        assert label.height() >= label.heightForWidth(label.width()), label.text()
