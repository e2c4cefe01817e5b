"""Help has a User Manual (the bundled docs/manual.md, shipped in the wheel) and the
Keyboard Shortcuts (issue 17: Help had only About)."""

from __future__ import annotations

import tomllib

from tests.ui.conftest import REPO
from ui.main_window import MainWindow


def test_help_menu_opens_the_manual_and_the_shortcuts(window: MainWindow) -> None:
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    names = [action.text() for action in help_menu.actions()]
    assert "User &Manual" in names and "&Keyboard Shortcuts" in names
    manual = window.show_manual()
    first_line = (REPO / "docs" / "manual.md").read_text(encoding="utf-8").splitlines()[0]
    assert first_line.lstrip("# ").strip() in manual.text.toPlainText()
    shortcuts = window.show_shortcuts().text.toPlainText()
    assert "Undo" in shortcuts and "Save" in shortcuts


def test_the_manual_ships_in_the_wheel() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    included = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included.get("docs/manual.md") == "sheetapp/_data/docs/manual.md"


def test_the_shortcuts_list_names_keys_as_the_keyboard_does(window: MainWindow) -> None:
    """Issue 31: "the shortcuts list shows "Ctrl+Shift+Backtab"": Qt's name for
    Shift+Tab is not a key on any keyboard; each action lists its keys once."""
    shortcuts = window.show_shortcuts().text.toPlainText()
    assert "Backtab" not in shortcuts
    lines = shortcuts.splitlines()
    keys = lines[lines.index("Previous Character") + 1]  # the table's next cell
    assert keys == "Ctrl+Shift+Tab"
