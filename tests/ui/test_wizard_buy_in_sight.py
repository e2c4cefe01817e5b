"""The level-up wizard's Buy shows without scrolling in a short wizard (issue 17: scale 2
on a 1600×1000 screen leaves the wizard 784×452): Capital's Spend page scrolled as a
whole (the embedded editor page, the HP dice and the options are taller than that), and
Buy went below the fold."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot

from sheetapp.storage.files import LoadedDocument
from sheetapp.systems.capital.system import SYSTEM as CAPITAL
from tests.capital.helpers import character
from ui.document import EditorDocument
from ui.wizard import LevelUpWizard
from ui.wizard.wizard import SPEND


def test_buy_is_in_sight_on_capitals_spend_page_at_784_by_452(qtbot: QtBot) -> None:
    wizard = LevelUpWizard(EditorDocument(LoadedDocument(character("tank"), CAPITAL)))
    qtbot.addWidget(wizard)
    wizard.resize(784, 452)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.next()
    assert wizard.currentId() == SPEND
    for name, die in (("dice_hp_0", 4), ("dice_hp_1", 3)):
        spin = wizard.spend_page.findChild(QSpinBox, name)
        assert isinstance(spin, QSpinBox)
        spin.setValue(die)
    qtbot.waitUntil(lambda: bool(wizard.spend_page.options.labels()))
    QApplication.processEvents()  # the layout after the options came
    assert (wizard.width(), wizard.height()) == (784, 452)
    buy = wizard.spend_page.options.buy
    place = QRect(buy.mapTo(wizard, buy.rect().topLeft()), buy.size())
    assert wizard.rect().contains(place), f"Buy at {place} in a wizard of {wizard.rect()}"
    # and not cut off by what holds it (a squeezed splitter pane, a scroll area)
    seen = buy.visibleRegion().boundingRect()
    assert seen == buy.rect(), f"only {seen} of Buy's {buy.rect()} shows"
