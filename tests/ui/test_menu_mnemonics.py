"""Within one menu no two entries share an Alt letter (issue 17): Qt then only moves
between them on the letter and triggers neither, so the keyboard route to both is lost
(Capital's Character menu had E for Enter My Dice and Add Equipment, S for Add System
and Choose Special Asset; Gladiators' had U for Move Up and Level Up)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMenu

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

EXAMPLES = sorted((REPO / "resources" / "examples").glob("*/*.json"))


def mnemonic(text: str) -> str | None:
    """The letter after a single '&' ('&&' is a literal ampersand)."""
    at = 0
    while (at := text.find("&", at)) >= 0 and at + 1 < len(text):
        if text[at + 1] != "&":
            return text[at + 1].lower()
        at += 2
    return None


def clashes(menu: QMenu) -> dict[str, list[str]]:
    letters: dict[str, list[str]] = defaultdict(list)
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        letter = mnemonic(action.text())
        if letter is not None:
            letters[letter].append(action.text())
    return {letter: texts for letter, texts in letters.items() if len(texts) > 1}


def test_mnemonic_reads_the_letter_after_one_ampersand() -> None:
    assert mnemonic("Add &System…") == "s"
    assert mnemonic("Role && Story") is None
    assert mnemonic("A && B &Cde") == "c"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_two_entries_of_a_menu_share_an_alt_letter(window: MainWindow, example: Path) -> None:
    window.open_path(example)
    QApplication.processEvents()
    found = {}
    for menu in window.menuBar().findChildren(QMenu):
        found.update({f"{menu.title()}: {k}": v for k, v in clashes(menu).items()})
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            found.update({f"{menu.title()}: {k}": v for k, v in clashes(menu).items()})
    assert found == {}
