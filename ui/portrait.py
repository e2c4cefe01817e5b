"""Portraits live inside the character file as base64 images, scaled to a sane size."""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QPixmap

MAX_PORTRAIT_SIDE = 512
JPEG_QUALITY = 85
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.webp);;All files (*)"


class PortraitError(ValueError):
    pass


def encode_portrait(image: QImage) -> str:
    """Scale to at most 512 px on the longer side; PNG when it has transparency, else JPEG."""
    if image.isNull():
        raise PortraitError("the image is empty")
    if max(image.width(), image.height()) > MAX_PORTRAIT_SIDE:
        image = image.scaled(
            QSize(MAX_PORTRAIT_SIDE, MAX_PORTRAIT_SIDE),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if image.hasAlphaChannel():
        image.save(buffer, "PNG")  # type: ignore[call-overload]
    else:
        image.save(buffer, "JPEG", JPEG_QUALITY)  # type: ignore[call-overload]
    buffer.close()
    return base64.b64encode(bytes(data.data())).decode("ascii")


def load_portrait(path: Path) -> str:
    image = QImage(str(path))
    if image.isNull():
        raise PortraitError(f"'{path.name}' is not an image sheetapp can read")
    return encode_portrait(image)


def portrait_pixmap(encoded: str | None, side: int) -> QPixmap | None:
    if not encoded:
        return None
    try:
        raw = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return None
    image = QImage.fromData(raw)
    if image.isNull():
        return None
    return QPixmap.fromImage(
        image.scaled(
            QSize(side, side),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    )
