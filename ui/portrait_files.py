"""Portraits live inside the character file as base64 images, scaled to a sane size."""

from __future__ import annotations

import base64
import stat
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

from sheetapp.core.portrait import PortraitDataError, portrait_bytes

MAX_PORTRAIT_SIDE = 512
JPEG_QUALITY = 85
#: PNG and JPEG only: the file format and the PDF take nothing else, and other decoders
#: (SVG above all, which can load other files) are never run on a portrait
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg);;All files (*)"
#: a chosen file larger than this is refused before it is read
MAX_FILE_BYTES = 50_000_000
#: an image with more pixels than this is refused before it is decoded
MAX_PIXELS = 40_000_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"


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


def image_format(raw: bytes) -> bytes | None:
    """b"PNG" or b"JPEG" by the data's own signature (never by a file name); None for
    anything else."""
    if raw.startswith(PNG_SIGNATURE):
        return b"PNG"
    if raw.startswith(JPEG_SIGNATURE):
        return b"JPEG"
    return None


def decode_image(raw: bytes) -> QImage:
    """A PNG or JPEG image, decoded with that format named; a null image for any other
    data, and for an image whose stated size is over :data:`MAX_PIXELS` (refused before
    any pixel is decoded)."""
    kind = image_format(raw)
    if kind is None:
        return QImage()
    data = QByteArray(raw)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, QByteArray(kind))
    reader.setDecideFormatFromContent(False)
    size = reader.size()
    if not size.isValid() or size.width() * size.height() > MAX_PIXELS:
        return QImage()
    image = reader.read()
    buffer.close()
    return image


def load_portrait(path: Path) -> str:
    """The chosen file as a portrait: a regular file of at most 50 MB holding a PNG or
    JPEG image (a pipe or device is never opened for reading)."""
    try:
        info = path.stat()
    except OSError as exc:
        raise PortraitError(f"'{path.name}' cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise PortraitError(f"'{path.name}' is not a file")
    if info.st_size > MAX_FILE_BYTES:
        raise PortraitError(f"'{path.name}' is larger than 50 MB")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise PortraitError(f"'{path.name}' cannot be read ({exc.strerror})") from None
    if image_format(raw) is None:
        raise PortraitError(f"'{path.name}' is not a PNG or JPEG image")
    image = decode_image(raw)
    if image.isNull():
        raise PortraitError(f"'{path.name}' is damaged or too large (over 40 megapixels)")
    return encode_portrait(image)


def portrait_pixmap(encoded: str | None, side: int) -> QPixmap | None:
    if not encoded:
        return None
    try:
        raw = portrait_bytes(encoded)  # bare base64 or a data: URL, as the PDF reads it
    except PortraitDataError:
        return None
    image = decode_image(raw)
    if image.isNull():
        return None
    return QPixmap.fromImage(
        image.scaled(
            QSize(side, side),
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    )
