#!/usr/bin/env python3
"""Render the window with each system's sample character to docs/screenshots/ (offscreen).

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--theme light|dark]

Writes main-window.png (the Night Owl sample, an ability selected so the Explain pane
shows its cost), main-window-dark.png, new-dialog.png and picker.png. Settings and
autosaves go to a temporary folder, never the user's own.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1400, 900)


def _isolate() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = Path(tempfile.mkdtemp(prefix="sheetapp-shots-"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(home / name.lower())
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    _isolate()

    from PySide6.QtWidgets import QApplication

    from sheetapp.core.system import installed_systems
    from ui.app import create_app
    from ui.main_window import MainWindow
    from ui.new_dialog import NewCharacterDialog
    from ui.picker import PickerDialog
    from ui.systems.gladiators.entries import ability_entries
    from ui.systems.gladiators.page import GladiatorsPage
    from ui.theme import apply_theme

    app = create_app([])
    font = app.font()
    font.setPointSize(10)
    app.setFont(font)
    args.out.mkdir(parents=True, exist_ok=True)
    registry = installed_systems()

    def settle() -> None:
        for _ in range(5):
            QApplication.processEvents()

    for theme, name in (("light", "main-window.png"), ("dark", "main-window-dark.png")):
        apply_theme(app, theme)
        window = MainWindow(registry)
        window.resize(*SIZE)
        view = window.open_path(ROOT / "resources" / "examples" / "gladiators" / "night-owl.json")
        assert view is not None
        page = view.page
        assert isinstance(page, GladiatorsPage)
        window.show()
        settle()
        page.select_path(("character", "abilities", 5, "level"))
        settle()
        window.grab().save(str(args.out / name))
        print(f"wrote {args.out / name}")
        window.close()
        window.deleteLater()
        settle()

    apply_theme(app, "light")
    dialog = NewCharacterDialog(registry)
    dialog.name.setText("Night Owl")
    dialog.player.setText("Sam")
    dialog.show()
    settle()
    dialog.grab().save(str(args.out / "new-dialog.png"))
    print(f"wrote {args.out / 'new-dialog.png'}")
    from sheetapp.systems.gladiators.catalog import catalogs

    picker = PickerDialog("Add Ability", ability_entries(catalogs()))
    picker.search.setText("damag")
    picker.select_id("damaging_attack")
    picker.show()
    settle()
    picker.grab().save(str(args.out / "picker.png"))
    print(f"wrote {args.out / 'picker.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
