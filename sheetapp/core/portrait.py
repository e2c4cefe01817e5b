"""A character's portrait as the file holds it: base64 image data, or the same as a
``data:`` URL. One reading for the window and the PDF, so both show the same picture."""

from __future__ import annotations

import base64
import binascii


class PortraitDataError(ValueError):
    """The portrait field is not base64 image data."""


def portrait_bytes(encoded: str) -> bytes:
    """The image bytes of a portrait field (``data:image/png;base64,...`` or bare
    base64, whitespace ignored)."""
    text = encoded.strip()
    if text.startswith("data:") and "," in text:
        text = text.split(",", 1)[1]
    try:
        data = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise PortraitDataError("it is not valid base64 data") from None
    if not data:
        raise PortraitDataError("it is empty")
    return data
