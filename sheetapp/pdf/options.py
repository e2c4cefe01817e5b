"""How a sheet is printed: paper size, which sections, colour or black and white."""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Paper = Literal["a4", "letter"]

#: Territories whose printers default to US Letter (the rest of the world uses A4).
LETTER_TERRITORIES = frozenset(
    {"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PA", "SV", "DO", "PR", "NI", "BZ"}
)
_LETTER_NAMES = ("united states", "canada", "mexico", "philippines")
_TERRITORY = re.compile(r"^[A-Za-z]{2,3}_([A-Za-z]{2})\b")


@dataclass(frozen=True, slots=True)
class PdfOptions:
    """``include`` switches on sections a layout leaves off by default; ``exclude``
    switches off optional ones. ``monochrome`` prints without any grey or colour fill."""

    paper: Paper = "a4"
    include: frozenset[str] = field(default_factory=frozenset)
    exclude: frozenset[str] = field(default_factory=frozenset)
    monochrome: bool = False
    #: the date in each page's "sheetapp VERSION · date" stamp (None: today)
    printed_on: str | None = None
    #: denser type (the one-page play card)
    compact: bool = False


def paper_for_locale(name: str | None) -> Paper:
    """``en_US.UTF-8`` → letter, ``de_DE`` → a4; unknown or empty → a4."""
    if not name:
        return "a4"
    match = _TERRITORY.match(name.strip())
    if match:
        return "letter" if match.group(1).upper() in LETTER_TERRITORIES else "a4"
    lowered = name.lower()
    return "letter" if any(country in lowered for country in _LETTER_NAMES) else "a4"


def default_paper(environ: Mapping[str, str] | None = None) -> Paper:
    """The paper of the user's locale: LC_ALL, then LC_PAPER, then LANG (POSIX order),
    then what Python's ``locale`` reports; A4 when nothing says otherwise."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(variable, "")
        if value:
            # The C/POSIX locale names no country: the ISO default. (Python's own
            # locale.getlocale() would report C.UTF-8 as en_US.)
            return paper_for_locale(value)
    if environ is not None:
        return "a4"
    try:
        name = locale.getlocale()[0]
    except ValueError:
        return "a4"
    return paper_for_locale(name)
