#!/usr/bin/env python3
"""Render the window with each system's sample character to docs/screenshots/ (offscreen).

    .venv/bin/python tools/screenshots.py [--out docs/screenshots]

Writes main-window.png (the Night Owl sample, an ability's level selected so the Explain
pane shows its cost), main-window-dark.png, new-dialog.png, picker.png,
capital-window.png (the Capital example), the level-up wizard's pages
(level-up-spend.png, level-up-review.png, level-up-capital.png), the Advancement dock
after a level-up (advancement-dock.png), the window with an example of each other system
(hero-xmen-window.png, powersets-window.png, twod10-window.png, and twod10-roll.png on a
1280×720 screen: the Play tab after two rolls), page 1 of each system's sheet
(gladiators-sheet.png, capital-sheet.png, hero-xmen-sheet.png, powersets-sheet.png) and
a 2d10 play card (twod10-card.png), exported by ``sheetapp export-pdf`` and turned into
PNG by ``pdftoppm``. Settings and autosaves go to a temporary folder, never the user's own.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1400, 900)
SAMPLE = ROOT / "resources" / "examples" / "gladiators" / "night-owl.json"
CAPITAL_SAMPLE = ROOT / "resources" / "examples" / "capital" / "mara-quell.json"


def _isolate() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = Path(tempfile.mkdtemp(prefix="sheetapp-shots-"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(home / name.lower())
    sys.path.insert(0, str(ROOT))


def _settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QApplication.processEvents()


def _save(widget: Any, path: Path) -> None:
    widget.show()
    _settle()
    widget.grab().save(str(path))
    print(f"wrote {path}")


def shoot_main_window(app: Any, registry: Any, out: Path) -> None:
    from ui.main_window import MainWindow
    from ui.systems.gladiators.page import GladiatorsPage
    from ui.theme import apply_theme

    for theme, name in (("light", "main-window.png"), ("dark", "main-window-dark.png")):
        apply_theme(app, theme)
        window = MainWindow(registry)
        window.resize(*SIZE)
        view = window.open_path(SAMPLE)
        assert view is not None and isinstance(view.page, GladiatorsPage)
        window.show()
        _settle()
        view.page.select_path(("character", "abilities", 5, "level"))
        _save(window, out / name)
        window.close()
        window.deleteLater()
        _settle()
    apply_theme(app, "light")


def shoot_dialogs(registry: Any, out: Path) -> None:
    from sheetapp.systems.gladiators.catalog import catalogs
    from ui.new_dialog import NewCharacterDialog
    from ui.picker import PickerDialog
    from ui.systems.gladiators.entries import ability_entries

    dialog = NewCharacterDialog(registry)
    dialog.name.setText("Night Owl")
    dialog.player.setText("Sam")
    _save(dialog, out / "new-dialog.png")
    picker = PickerDialog("Add Ability", ability_entries(catalogs()))
    picker.search.setText("damag")
    picker.select_id("damaging_attack")
    _save(picker, out / "picker.png")


def shoot_capital(registry: Any, out: Path) -> None:
    """capital-window.png: the Mara Quell example on its Attributes & Vitals tab."""
    from ui.main_window import MainWindow
    from ui.systems.capital.page import ATTRIBUTES, CapitalPage

    window = MainWindow(registry)
    window.resize(*SIZE)
    view = window.open_path(CAPITAL_SAMPLE)
    assert view is not None and isinstance(view.page, CapitalPage)
    window.show()
    _settle()
    view.page.tabs.setCurrentIndex(ATTRIBUTES)
    view.page.select_path(("character", "attributes", "assignment", "wil"))
    _save(window, out / "capital-window.png")


def _visible_wizard(window: Any) -> Any:
    from ui.wizard import LevelUpWizard

    return next(w for w in window.findChildren(LevelUpWizard) if w.isVisible())


def shoot_level_up(registry: Any, out: Path) -> None:
    """Night Owl earns 5 GP and raises the Kevlar Suit past its Level Limit; Mara Quell
    (Capital) levels up 1 → 2 with an entered die."""
    from PySide6.QtWidgets import QSpinBox, QWizard

    from ui.main_window import MainWindow

    window = MainWindow(registry)
    window.resize(*SIZE)
    window.open_path(SAMPLE)
    window.show()
    _settle()
    window.level_up_action.trigger()
    wizard = _visible_wizard(window)
    wizard.resize(*SIZE)
    wizard.earn_page.amounts["gp"].setValue(5)
    wizard.earn_page.label.setText("Session 5: the museum heist")
    wizard.next()
    options = wizard.spend_page.options
    for level in (5, 6):
        options.select(f"Raise Kevlar Suit (Armour) to Level {level}")
        options.buy.click()
    options.select("Raise Kevlar Suit (Armour) to Level 7")
    _save(wizard, out / "level-up-spend.png")
    wizard.next()
    _save(wizard, out / "level-up-review.png")
    if wizard.review_page.accept_warnings.isVisible():
        wizard.review_page.accept_warnings.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    _settle()
    window.advancement_dock.raise_()
    window.advancement_dock.setFloating(True)
    window.advancement_dock.resize(620, 760)
    _save(window.advancement_dock, out / "advancement-dock.png")
    window.advancement_dock.setFloating(False)

    view = window.open_path(CAPITAL_SAMPLE)
    assert view is not None
    window.level_up_action.trigger()
    wizard = _visible_wizard(window)
    wizard.resize(*SIZE)
    wizard.earn_page.label.setText("Chapter 2")
    wizard.next()
    for name, value in (("dice_hp_0", 4), ("dice_hp_1", 3), ("dice_companion_0", 5)):
        spin = wizard.spend_page.findChild(QSpinBox, name)
        if spin is not None:
            spin.setValue(value)
    options = wizard.spend_page.options
    if options.labels():
        options.select(options.labels()[0])
    _save(wizard, out / "level-up-capital.png")
    wizard.reject()
    window.close()
    window.deleteLater()
    _settle()


EXAMPLES = ROOT / "resources" / "examples"
#: (file name, example, tab shown) for the systems with no screenshot of their own above
SYSTEM_WINDOWS = (
    ("hero-xmen-window.png", EXAMPLES / "hero-xmen" / "lodestar.json", "Powers"),
    ("powersets-window.png", EXAMPLES / "powersets" / "volt.json", "Superpowers"),
    ("twod10-window.png", EXAMPLES / "twod10" / "dax-morrow-soldier.json", "Skills"),
)
#: (file name, example, layout) of the printed pages
SHEETS = (
    ("gladiators-sheet.png", SAMPLE, "sheet"),
    ("capital-sheet.png", CAPITAL_SAMPLE, "sheet"),
    ("hero-xmen-sheet.png", EXAMPLES / "hero-xmen" / "lodestar.json", "sheet"),
    ("powersets-sheet.png", EXAMPLES / "powersets" / "volt.json", "sheet"),
    ("twod10-card.png", EXAMPLES / "twod10" / "dax-morrow-soldier.json", "card"),
)


def _show_tab(view: Any, title: str) -> None:
    tabs = view.tabs
    for index in range(tabs.count()):
        if tabs.tabText(index).replace("&", "") == title:
            tabs.setCurrentIndex(index)
            return
    raise SystemExit(f"no tab {title!r} on the {view.document.system.name} page")


def shoot_play(view: Any) -> None:
    """The Play tab after a check rolled for the player and a hit typed in: low cover, a
    called arm, Surprise."""
    view.show_play()
    panel = view.play
    panel.seeds = lambda: 7
    panel.select_action("check")
    panel.roll_for_me()
    panel.select_action("hit")
    panel.dice_edits["ar"].setText("7 9")
    panel.vs_edit.setText("14")
    panel.option_widgets["attacker_av"].setText("8")
    panel.option_widgets["ev"].setText("12")
    for option, value in (("cover", "low_cover"), ("called", "arm")):
        box = panel.option_widgets[option]
        box.setCurrentIndex(box.findData(value))
    panel.option_widgets["surprise"].setChecked(True)
    panel.resolve_typed()
    _settle()


def shoot_systems(registry: Any, out: Path) -> None:
    """Each other system's example in the window; the 2d10 Play tab after two rolls."""
    from ui.main_window import MainWindow
    from ui.settings import Settings

    for name, example, tab in SYSTEM_WINDOWS:
        # its own settings: the docks as a first start has them, not as the last shot left them
        fresh = Settings(Path(tempfile.mkdtemp(prefix="sheetapp-shots-")) / "settings.ini")
        window = MainWindow(registry, settings=fresh)
        window.resize(*SIZE)
        view = window.open_path(example)
        assert view is not None
        window.show()
        _settle()
        _show_tab(view, tab)
        _save(window, out / name)
        if name.startswith("twod10"):
            window.resize(1280, 720)
            shoot_play(view)
            _save(window, out / "twod10-roll.png")
        window.close()
        window.deleteLater()
        _settle()


def shoot_sheets(out: Path) -> None:
    """Page 1 of each sheet, exported as a user would and rendered at 70 dpi."""
    with tempfile.TemporaryDirectory(prefix="sheetapp-sheets-") as folder:
        for name, example, layout in SHEETS:
            pdf = Path(folder) / f"{Path(name).stem}.pdf"
            command = [sys.executable, "-m", "sheetapp", "export-pdf", str(example)]
            command += ["-o", str(pdf), "--layout", layout]
            subprocess.run(command, check=True, cwd=ROOT, capture_output=True)
            stem = Path(folder) / Path(name).stem
            page_one = ["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"]
            subprocess.run(["pdftoppm", *page_one, str(pdf), str(stem)], check=True)
            shutil.copyfile(stem.with_suffix(".png"), out / name)
            print(f"wrote {out / name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    _isolate()

    from sheetapp.core.system import installed_systems
    from ui.app import create_app
    from ui.main_window import DISCARD, MainWindow

    # The script closes windows with edits in them: never ask whether to save.
    MainWindow.ask_save = lambda _self, _view: DISCARD  # type: ignore[method-assign, assignment]
    app = create_app([])
    font = app.font()
    font.setPointSize(10)
    app.setFont(font)
    args.out.mkdir(parents=True, exist_ok=True)
    registry = installed_systems()
    shoot_main_window(app, registry, args.out)
    shoot_dialogs(registry, args.out)
    shoot_capital(registry, args.out)

    shoot_level_up(registry, args.out)
    shoot_systems(registry, args.out)
    shoot_sheets(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
