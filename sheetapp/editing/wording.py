"""Catalog notes in a reader's words.

The catalogs' ``certainty_note`` fields record how an entry was read from a damaged
rulebook: useful to us, partly meant for the player ("read as Heavy 1"). What a user sees
keeps the reading and drops the rest: rulebook line numbers and sentences about our own
files, the text extraction or decisions still to take.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: a sentence about our files or process, not about the game: the catalogs' readings of
#: the damaged tables ("Garbled block", "Cost cell: ...", "tab field 5", "Row split over a
#: page break") are ours; the README keeps them
_INTERNAL = re.compile(
    r"developer|\btodo\b|\.json\b|cyrillic|\bocr\b|extract(?:ed|ion)|\bseed\b|normalis"
    r"|garbled|text-layer|\bcells?\b|\bfields? \d|page break|\bhtml\b|row (?:split|wrapped)"
    r"|clean cop(?:y|ies)|cut off|\bcolumn\b|\brestored\b|\bwas removed\b|cost object",
    re.IGNORECASE,
)
_NUMBERS = r"\d+(?:\s*[-–/]\s*\d+)*(?:\s*(?:,|and)\s*\d+(?:\s*[-–/]\s*\d+)*)*"
#: "(line 933)", "(lines 922-923)", "(appendix lines 1315-1802)"
_LINE_NOTE = re.compile(r"\s*\((?:[^()]*?\b)?lines?\s+" + _NUMBERS + r"[^()]*\)", re.IGNORECASE)
#: "on line 289", "over lines 289-290", ", line 12", "line 100"
_LINE_REF = re.compile(
    r"(?:,\s*|\s+(?:on|at|in|over|from|of|copies)\s+)?\blines?\s+" + _NUMBERS, re.IGNORECASE
)
#: the same, lower case only: "Line 4" is an Area's size, "(line 4)" a rulebook line
_SOURCE_NOTE = re.compile(r"\s*\((?:[^()]*?\b)?lines?\s+" + _NUMBERS + r"[^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
#: a rule that starts with its source, "line 273: When you ...", "seed line 52: 1 GP...",
#: "lines 540-542, 1766-1802: learning new spells", or is nothing else ("lines 301-313")
_LEADING_SOURCE = re.compile(r"^\s*(?:seed\s+)?lines?\s+" + _NUMBERS + r"\s*(?::\s*|$)")


def user_note(text: str) -> str:
    """``text`` without rulebook line numbers and without internal sentences."""
    kept = []
    for sentence in _SENTENCE.split(text.strip()):
        if not sentence or _INTERNAL.search(sentence):
            continue
        plain = _LINE_REF.sub("", _LINE_NOTE.sub("", sentence))
        plain = re.sub(r"\s+([,.;:])", r"\1", plain)
        plain = re.sub(r"\s{2,}", " ", plain).strip(" ,;:")
        if plain and plain != ".":
            kept.append(plain)
    return " ".join(kept)


@lru_cache(maxsize=8192)
def without_line_notes(text: str) -> str:
    """``text`` without parenthesised rulebook line numbers ("(line 345)", "(lines
    362-372)") nor a leading one ("line 273: ..."): for explanations and rules the
    domain writes with their source, shown to a user. Kept per text: a list's paint asks
    for the same few texts again at every edit."""
    if "line" not in text:
        return text
    plain = _SOURCE_NOTE.sub("", _LEADING_SOURCE.sub("", text))
    return re.sub(r"\s+([,.;:])", r"\1", plain)
