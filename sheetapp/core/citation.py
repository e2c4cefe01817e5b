"""Citations of the rulebooks, structured and checkable.

Rules, catalogs and tests quote the rulebook they follow. A quotation is written
``"the words" (line N)`` or ``"the words" (lines N-M)`` in a docstring or comment, or
declared as a :class:`Citation`; either way it names the words and where they stand, so a
test (``tests/test_seed_citations.py``) reads the rulebook files in ``../shared/seeds/``
and checks that the words are at those lines. The rulebooks are PDF extractions: tables
interleave their columns, so the words of a quotation may have a few other words between
them; ``...`` and ``[...]`` leave a part out.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

#: Words of another table column that may stand between two quoted words.
MAX_GAP = 4

_QUOTED = re.compile(
    r"[\"“]\s*(?P<quote>[^\"”]{6,}?)\s*[\"”]\s*\(\s*(?:seed\s+)?lines?\s+"
    r"(?P<first>\d+)(?:\s*[-–]\s*(?P<last>\d+))?",
    re.S,
)
_OMISSION = re.compile(r"\.\.\.|…|\[[^\]]*\]")
_MARKUP = re.compile(r"<[^>]+>")


@dataclass(frozen=True, slots=True)
class Citation:
    """``quote`` stands in the lines ``first`` to ``last`` (1-based) of the rulebook
    file ``seed`` (its name in ``../shared/seeds/``)."""

    seed: str
    first: int
    last: int
    quote: str

    def where(self) -> str:
        lines = (
            f"line {self.first}" if self.first == self.last else (f"lines {self.first}-{self.last}")
        )
        return f"{self.seed}, {lines}"


def cite(seed: str, first: int, quote: str, last: int | None = None) -> Citation:
    return Citation(seed, first, first if last is None else last, quote)


def words(text: str) -> list[str]:
    """The words of ``text`` as compared: no markup, case or punctuation."""
    text = unicodedata.normalize("NFKC", _MARKUP.sub(" ", text)).casefold()
    return re.sub(r"[^a-z0-9]+", " ", text.replace("’", "'")).split()


def _fragments(quote: str) -> list[list[str]]:
    return [found for part in _OMISSION.split(quote) if len(found := words(part)) >= 1]


def _occurs(fragment: Sequence[str], text: Sequence[str]) -> bool:
    """``fragment``'s words in order in ``text``, at most :data:`MAX_GAP` other words
    between two of them."""
    for start, word in enumerate(text):
        if word != fragment[0]:
            continue
        at = start
        for wanted in fragment[1:]:
            window = text[at + 1 : at + 2 + MAX_GAP]
            if wanted not in window:
                break
            at = at + 1 + window.index(wanted)
        else:
            return True
    return False


def holds(citation: Citation, seed_lines: Sequence[str]) -> bool:
    """Whether the quoted words stand in the cited lines of the rulebook."""
    if not 1 <= citation.first <= citation.last <= len(seed_lines):
        return False
    text = words(" ".join(seed_lines[citation.first - 1 : citation.last]))
    return all(_occurs(fragment, text) for fragment in _fragments(citation.quote))


def locate(
    quote: str, seed_lines: Sequence[str], near: int, span: int = 4
) -> tuple[int, int] | None:
    """The lines nearest to ``near`` where ``quote`` stands (for a correction)."""
    best: tuple[int, int] | None = None
    for size in range(span):
        for first in range(1, len(seed_lines) - size + 1):
            if holds(Citation("", first, first + size, quote), seed_lines) and (
                best is None or abs(first - near) < abs(best[0] - near)
            ):
                best = (first, first + size)
        if best is not None:
            return best
    return None


def quoted_citations(text: str, seed: str) -> Iterator[tuple[int, Citation]]:
    """The ``"words" (line N)`` citations in ``text`` with the line of ``text`` each is on."""
    for match in _QUOTED.finditer(text):
        first = int(match["first"])
        last = int(match["last"]) if match["last"] else first
        yield text.count("\n", 0, match.start()) + 1, Citation(seed, first, last, match["quote"])
