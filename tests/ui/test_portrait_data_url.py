"""A portrait stored as a data: URL is shown in the window as the PDF prints it (one
reading of the field: sheetapp.core.portrait)."""

from __future__ import annotations

import base64

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage

from sheetapp.pdf.portrait_image import decode_portrait
from ui.portrait_files import portrait_pixmap


def _png() -> str:
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return base64.b64encode(bytes(buffer.data().data())).decode("ascii")


def test_a_data_url_portrait_shows_and_prints(qapp: object) -> None:
    bare = _png()
    url = f"data:image/png;base64,{bare}"
    for encoded in (bare, url):
        assert portrait_pixmap(encoded, 64) is not None
        assert decode_portrait(encoded).data
    assert portrait_pixmap("data:image/png;base64,not base64!", 64) is None
