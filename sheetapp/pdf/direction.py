"""Right-to-left text (Hebrew, Arabic, Persian, Urdu) put in the order it is drawn.

reportlab draws characters left to right in the order they are stored; a word typed in
Hebrew or Arabic (stored first letter first) would print backwards and, for Arabic,
unjoined. reportlab reorders and shapes only with ``rlbidi``, which is not published,
so the sheet does both itself:

* Arabic letters take their joined forms (``arabic_reshaper``; DejaVu Sans draws
  them) when text is marked up: joining does not depend on the order of drawing.
* Lines are put in visual order by the Unicode bidirectional algorithm
  (``python-bidi``) only when they are drawn, after the paragraph has been broken into
  lines in reading order (:class:`sheetapp.pdf.flowables.CellParagraph`): a long
  right-to-left note wraps with its first words on its first line.

Text with no right-to-left letter skips both steps.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

# Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic Extended, and the
# Hebrew and Arabic presentation forms
_RIGHT_TO_LEFT = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]")

Tag = TypeVar("Tag")


def has_right_to_left(text: str) -> bool:
    return _RIGHT_TO_LEFT.search(text) is not None


def joined(text: str) -> str:
    """``text`` with Arabic letters in their joined (presentation) forms; still in
    reading order."""
    return _reshaper().reshape(text) if _ARABIC.search(text) else text


def base_is_right_to_left(text: str) -> bool:
    """A paragraph's direction: that of its first letter that has one."""
    from bidi.algorithm import get_base_level

    return bool(get_base_level(text)) if has_right_to_left(text) else False


def visual_order(text: str, right_to_left: bool | None = None) -> str:
    """One line of ``text`` (Arabic joined) in the order it is drawn left to right."""
    if not has_right_to_left(text):
        return text
    return "".join(piece for piece, _tag in visual_runs([(joined(text), None)], right_to_left))


def visual_runs(
    pieces: Sequence[tuple[str, Tag]], right_to_left: bool | None = None
) -> list[tuple[str, Tag]]:
    """One line made of tagged pieces (text in one font each) in visual order: the
    characters reordered by the bidirectional algorithm, regrouped into runs that keep
    their piece's tag. ``right_to_left`` is the paragraph's direction (by default the
    line's own)."""
    from bidi import algorithm

    text = "".join(piece for piece, _tag in pieces)
    if not has_right_to_left(text):
        return list(pieces)
    if right_to_left is None:
        right_to_left = base_is_right_to_left(text)
    storage: dict[str, Any] = algorithm.get_empty_storage()
    storage["base_level"] = 1 if right_to_left else 0
    storage["base_dir"] = "R" if right_to_left else "L"
    algorithm.get_embedding_levels(text, storage)
    for char in storage["chars"]:
        if not char["type"]:
            char["type"] = char["orig"] = _unassigned_class(char["ch"])
    tags = [tag for piece, tag in pieces for _char in piece]
    for char, tag in zip(storage["chars"], tags, strict=True):
        char["tag"] = tag
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    algorithm.reorder_resolved_levels(storage, False)
    algorithm.apply_mirroring(storage, False)
    runs: list[tuple[str, Tag]] = []
    for char in storage["chars"]:
        if runs and runs[-1][1] is char["tag"]:
            runs[-1] = (runs[-1][0] + char["ch"], char["tag"])
        else:
            runs.append((char["ch"], char["tag"]))
    return runs


_ARABIC_LETTER_DEFAULT = re.compile(r"[\u0600-\u07bf\u0860-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")


def _unassigned_class(char: str) -> str:
    """The bidirectional class of a code point Unicode has not assigned yet (Python's
    ``unicodedata`` gives none, and python-bidi stops on it): Arabic Letter in the Arabic
    blocks, Right-to-left in the other right-to-left blocks, else Left-to-right, as the
    Unicode Character Database's defaults for unassigned code points say."""
    if _ARABIC_LETTER_DEFAULT.match(char):
        return "AL"
    return "R" if _RIGHT_TO_LEFT.match(char) else "L"


@cache
def _reshaper() -> Any:
    import arabic_reshaper

    # Harakat (vowel marks) kept: DejaVu Sans draws them as combining marks.
    return arabic_reshaper.ArabicReshaper({"delete_harakat": False})
