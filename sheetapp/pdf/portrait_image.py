"""The character's portrait: a base64 PNG or JPEG in ``meta.portrait``.

A damaged or unsupported image never stops a sheet from printing: the sheet says
why the portrait is missing instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from PIL import Image as PilImage
from reportlab.platypus import Image

from sheetapp.core.portrait import PortraitDataError, portrait_bytes

ACCEPTED = {"PNG", "JPEG"}
MAX_PIXELS = 40_000_000
MAX_SIDE = 600


@dataclass(frozen=True, slots=True)
class Portrait:
    data: bytes
    width: int
    height: int

    def flowable(self, max_width: float, max_height: float) -> Image:
        scale = min(max_width / self.width, max_height / self.height)
        return Image(BytesIO(self.data), self.width * scale, self.height * scale)


class PortraitError(ValueError):
    """Why a portrait cannot be printed, in words for the user."""


def decode_portrait(encoded: str) -> Portrait:
    try:
        data = portrait_bytes(encoded)
    except PortraitDataError as exc:
        raise PortraitError(str(exc)) from None
    try:
        with PilImage.open(BytesIO(data)) as probe:
            kind = probe.format
            width, height = probe.size
            if kind not in ACCEPTED:
                raise PortraitError(f"it is a {kind or 'unknown'} image, not PNG or JPEG")
            if width * height > MAX_PIXELS:
                raise PortraitError(f"it is too large ({width}×{height} pixels)")
            probe.load()
            return _normalised(probe)
    except PortraitError:
        raise
    except (OSError, SyntaxError, ValueError, PilImage.DecompressionBombError):
        raise PortraitError("the image data is damaged or not a PNG or JPEG image") from None


def _normalised(image: PilImage.Image) -> Portrait:
    """RGB (or RGBA) and at most MAX_SIDE pixels a side: plenty for ~35 mm at 400 dpi,
    any colour mode prints, and a large photo does not bloat the PDF."""
    if image.width <= 0 or image.height <= 0:
        raise PortraitError("the image has no pixels")
    alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    converted = image.convert("RGBA" if alpha else "RGB")
    converted.thumbnail((MAX_SIDE, MAX_SIDE))
    out = BytesIO()
    if alpha:
        converted.save(out, "PNG", optimize=True)
    else:
        converted.save(out, "JPEG", quality=90)
    return Portrait(out.getvalue(), converted.width, converted.height)
