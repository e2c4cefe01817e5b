"""No two actions a user can reach at the same time share a keyboard shortcut.

Qt triggers neither action of an ambiguous shortcut, so a clash silently disables a
key (Capital's Add System once took Save As's Ctrl+Shift+S)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from tests.ui.conftest import REPO
from ui.main_window import MainWindow

EXAMPLES = {
    "gladiators": REPO / "resources" / "examples" / "gladiators" / "night-owl.json",
    "capital": REPO / "resources" / "examples" / "capital" / "mara-quell.json",
}


def _reachable_shortcuts(window: MainWindow) -> dict[str, list[str]]:
    """Shortcut -> the actions it would trigger now (on visible widgets only)."""
    found: dict[str, list[str]] = defaultdict(list)
    for action in window.findChildren(QAction):
        # In a menu (the menu bar's, or the Character menu, which holds the current
        # page's actions) or on a visible widget such as a tool bar.
        widgets = [w for w in action.associatedObjects() if isinstance(w, QWidget)]
        if not any(isinstance(w, QMenu) or w.isVisible() for w in widgets):
            continue
        for sequence in action.shortcuts():
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            if text:
                found[text].append(action.text())
    return found


@pytest.mark.parametrize("system_id", sorted(EXAMPLES))
def test_no_shortcut_is_ambiguous(window: MainWindow, system_id: str) -> None:
    window.open_path(Path(EXAMPLES[system_id]))
    QApplication.processEvents()
    clashes = {key: names for key, names in _reachable_shortcuts(window).items() if len(names) > 1}
    assert clashes == {}


def test_ctrl_shift_tab_goes_to_the_previous_character(window: MainWindow) -> None:
    from PySide6.QtGui import QKeySequence

    from tests.ui.conftest import SAMPLE

    assert QKeySequence("Ctrl+Shift+Tab") in window.previous_tab_action.shortcuts()
    window.open_path(SAMPLE)
    window.new_from_example("capital", "mara-quell")
    assert window.tabs.currentIndex() == 1
    window.previous_tab_action.trigger()
    assert window.tabs.currentIndex() == 0


def test_the_keyboard_reaches_every_column_of_the_abilities(window: MainWindow) -> None:
    """Right moves from the name to Level, Type, Option and Source (issue 17: arrows only
    moved into child rows, so only the name could be edited from the keyboard)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.ui.conftest import SAMPLE

    view = window.open_path(SAMPLE)
    assert view is not None
    tree = view.page.tree  # type: ignore[attr-defined]
    tree.setFocus()
    tree.setCurrentIndex(tree.model().index(0, 0))
    columns = []
    for _ in range(4):
        QTest.keyClick(tree, Qt.Key.Key_Right)
        columns.append(tree.currentIndex().column())
    assert columns == [1, 2, 3, 4]
    assert not tree.currentIndex().parent().isValid()


def test_right_reaches_the_level_of_an_ability_with_modifiers(window: MainWindow) -> None:
    """An ability with a modifier is an expanded row: Right went into its first modifier
    instead of to the Level cell (found by the keyboard walkthrough)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.ui.conftest import SAMPLE

    view = window.open_path(SAMPLE)
    assert view is not None
    tree = view.page.tree  # type: ignore[attr-defined]
    model = tree.model()
    row = next(r for r in range(model.rowCount()) if model.rowCount(model.index(r, 0)))
    tree.expandAll()
    tree.setFocus()
    tree.setCurrentIndex(model.index(row, 0))
    QTest.keyClick(tree, Qt.Key.Key_Right)
    assert (tree.currentIndex().row(), tree.currentIndex().column()) == (row, 1)
    assert not tree.currentIndex().parent().isValid()
    QTest.keyClick(tree, Qt.Key.Key_Left)
    assert (tree.currentIndex().row(), tree.currentIndex().column()) == (row, 0)


def test_the_wizard_buttons_have_distinct_mnemonics(qtbot: object) -> None:
    """Buy was Alt+B, which is also the wizard's "< Back": Qt triggered neither, so an
    option could not be bought from the keyboard (found by the keyboard walkthrough)."""
    from PySide6.QtWidgets import QAbstractButton, QWizard

    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document
    from tests.ui.conftest import SAMPLE
    from ui.document import EditorDocument
    from ui.wizard.wizard import LevelUpWizard

    wizard = LevelUpWizard(EditorDocument(load_document(SAMPLE, installed_systems())))
    qtbot.addWidget(wizard)  # type: ignore[attr-defined]
    options = wizard.spend_page.options
    back = wizard.buttonText(QWizard.WizardButton.BackButton)
    next_ = wizard.buttonText(QWizard.WizardButton.NextButton)

    def mnemonic(text: str) -> str:
        plain = text.replace("&&", "")
        at = plain.find("&")
        return plain[at + 1].lower() if at >= 0 else ""

    assert mnemonic(back) == "b"
    taken = {mnemonic(back), mnemonic(next_)}
    others = [b.text() for b in options.findChildren(QAbstractButton) if mnemonic(b.text())]
    for text in [options.buy.text(), *others]:
        assert mnemonic(text) not in taken, text


def test_the_print_preview_buttons_have_mnemonics(qtbot: object) -> None:
    """Print… and Save PDF… had no Alt key (found by the keyboard walkthrough)."""
    from sheetapp.core.system import installed_systems
    from sheetapp.storage.files import load_document
    from tests.ui.conftest import SAMPLE
    from ui.print_preview import PrintPreviewDialog

    loaded = load_document(SAMPLE, installed_systems())
    dialog = PrintPreviewDialog(
        loaded.system, loaded.document, loaded.system.evaluate(loaded.document)
    )
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert dialog.print_button.text() == "&Print…"
    assert dialog.save_button.text() == "&Save PDF…"
