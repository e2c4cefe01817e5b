"""Help has a User Manual (the bundled docs/manual.md, shipped in the wheel) and the
Keyboard Shortcuts (issue 17: Help had only About)."""

from __future__ import annotations

import re
import tomllib
from typing import Any

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


def _manual(window: MainWindow) -> Any:
    from PySide6.QtWidgets import QApplication

    viewer = window.show_manual()
    for _ in range(3):
        QApplication.processEvents()
    return viewer


def test_the_manuals_pictures_show(window: MainWindow) -> None:
    """Issue 31: "screenshots show as broken images". Every picture the manual names
    loads beside it, and it ships in the wheel."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextDocument

    viewer = _manual(window)
    markdown = (REPO / "docs" / "manual.md").read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown)
    assert len(pictures) >= 10
    for picture in pictures:
        data = viewer.text.loadResource(QTextDocument.ResourceType.ImageResource, QUrl(picture))
        image = data if isinstance(data, QImage) else QImage.fromData(data)
        assert not image.isNull(), picture
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    included = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included.get("docs/screenshots") == "sheetapp/_data/docs/screenshots"


def test_the_contents_links_go_to_their_chapters(window: MainWindow) -> None:
    """Issue 31: "the Contents links do nothing". Each one names a heading of the manual
    and going there brings that heading to the top of the viewer."""
    from PySide6.QtCore import QUrl

    from ui.help import heading_anchor

    markdown = (REPO / "docs" / "manual.md").read_text(encoding="utf-8")
    headings = {heading_anchor(h) for h in re.findall(r"^#+ (.+)$", markdown, re.M)}
    anchors = re.findall(r"\]\(#([^)]+)\)", markdown)
    assert set(anchors) <= headings, set(anchors) - headings
    viewer = _manual(window)
    bar = viewer.text.verticalScrollBar()
    for anchor in ("a-power-sets-character", "a-2d10-character-a-one-page-rules-fragment"):
        bar.setValue(0)
        viewer.follow(QUrl(f"#{anchor}"))
        assert bar.value() > 0
        top = viewer.text.cursorForPosition(viewer.text.viewport().rect().topLeft())
        assert heading_anchor(top.block().text()) == anchor


def test_a_readme_link_opens_and_back_returns(window: MainWindow) -> None:
    """Issue 31: "a link to a system README blanks the viewer with no way back"."""
    from PySide6.QtCore import QUrl

    viewer = _manual(window)
    title = viewer.text.toPlainText().splitlines()[0]
    assert not viewer.back.isEnabled()
    viewer.follow(QUrl("../sheetapp/systems/twod10/README.md"))
    shown = viewer.text.toPlainText()
    assert shown.startswith("twod10") and "Campaign settings" in shown
    assert viewer.back.isEnabled()
    viewer.back.click()
    assert viewer.text.toPlainText().splitlines()[0] == title
    viewer.follow(QUrl("../README.md#command-line"))  # the project's README: source only
    assert viewer.text.toPlainText().strip()
    viewer.home.click()
    assert viewer.text.toPlainText().splitlines()[0] == title


def test_the_manual_covers_every_system() -> None:
    """Issue 31: "the systems table lists 3 of 5 systems and Contents has no Power Sets or
    2d10 chapter"."""
    from sheetapp.core.system import installed_systems

    markdown = (REPO / "docs" / "manual.md").read_text(encoding="utf-8")
    table = markdown.split("Contents:")[0]
    contents = markdown.split("Contents:")[1].split("\n\n")[0]
    for system in installed_systems():
        assert f"| {system.name} |" in table, system.name
    assert "#a-power-sets-character" in contents
    assert "#a-2d10-character" in contents
