"""Render resources/icons/sheetapp.svg to the PNG sizes desktops and installers want.

    python tools/render_icons.py

Uses Qt's SVG renderer (PySide6), so it needs no other tool. The PNGs are committed;
rerun this after changing the SVG.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    renderer = QSvgRenderer(str(ICONS / "sheetapp.svg"))
    if not renderer.isValid():
        print("sheetapp.svg is not a valid SVG", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = ICONS / f"sheetapp-{size}.png"
        if not image.save(str(target)):
            print(f"could not write {target}", file=sys.stderr)
            return 1
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
