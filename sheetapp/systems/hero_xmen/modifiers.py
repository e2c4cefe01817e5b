"""Advantages and limitations as HERO players write them: ``Penetrating (+1/2); Easily
Detected (-1/4)``. A name the rules know may omit its value; any other needs one."""

from __future__ import annotations

import re
from fractions import Fraction

from sheetapp.editing.builders import EditError
from sheetapp.systems.hero_xmen.catalog import Catalogs, PowerDef
from sheetapp.systems.hero_xmen.costs import fraction_text, quarter
from sheetapp.systems.hero_xmen.model import PowerAdder, PowerModifier

GLYPHS = {"¼": "1/4", "½": "1/2", "¾": "3/4", "−": "-", "–": "-"}
#: a trailing value: (+1/2), +0.5, -1 1/4, (+½)
VALUE = re.compile(
    r"\(?\s*(?P<sign>[+-])\s*(?P<number>\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+)\s*\)?\s*$"
)
MAX_PIECES = 50


def parse_value(text: str) -> Fraction:
    """``1 1/2`` → 3/2, ``0.25`` → 1/4, ``1/4`` → 1/4."""
    total = Fraction(0)
    for part in text.split():
        total += Fraction(part)
    return total


def parse_modifiers(text: str, cats: Catalogs) -> list[PowerModifier]:
    """The modifiers in ``text`` (separated by ';'); EditError naming a piece that cannot
    be read."""
    for glyph, plain in GLYPHS.items():
        text = text.replace(glyph, plain)
    pieces = [piece.strip() for piece in text.split(";") if piece.strip()]
    if len(pieces) > MAX_PIECES:
        raise EditError(f"At most {MAX_PIECES} advantages and limitations on one power")
    by_name = {m.name.casefold(): m for m in cats.modifiers.values()}
    by_name.update({m.id: m for m in cats.modifiers.values()})
    found = []
    for piece in pieces:
        match = VALUE.search(piece)
        name = piece[: match.start()].strip() if match else piece
        known = by_name.get(name.casefold())
        if match is not None:
            value = parse_value(match["number"])
            if match["sign"] == "-":
                value = -value
        elif known is not None:
            value = quarter(known.value)
        else:
            raise EditError(
                f"'{piece}' needs a value, e.g. '{piece} (+1/2)' for an advantage or "
                f"'{piece} (-1/4)' for a limitation"
            )
        if value == 0:
            raise EditError(f"'{piece}': an advantage or limitation is not worth 0")
        if abs(value) > 20:
            raise EditError(f"'{piece}': {float(value):g} is more than any HERO modifier")
        found.append(
            PowerModifier(
                modifier=known.id if known is not None else None,
                name="" if known is not None else name[:200],
                value=float(value),
            )
        )
    return found


def modifier_label(modifier: PowerModifier, cats: Catalogs) -> str:
    known = cats.modifiers.get(modifier.modifier or "")
    return known.name if known is not None else (modifier.name or "modifier")


def format_modifiers(modifiers: list[PowerModifier], cats: Catalogs) -> str:
    """``Penetrating (+1/2); Easily Detected (-1/4)``."""
    parts = []
    for modifier in modifiers:
        value = Fraction(modifier.value).limit_denominator(100)
        sign = "+" if value > 0 else "-"
        shown = (
            fraction_text(abs(value))
            if value == quarter(modifier.value)
            else f"{abs(modifier.value):g}"
        )
        parts.append(f"{modifier_label(modifier, cats)} ({sign}{shown})")
    return "; ".join(parts)


def split_adders(text: str, power: PowerDef | None) -> tuple[str, list[PowerAdder]]:
    """The power's adders written among its modifiers ("Extra radius (+5)", line 365)
    taken out of ``text``: the rest, and the adders."""
    known = {adder.name.casefold(): adder for adder in power.adders} if power else {}
    if not known:
        return text, []
    rest: list[str] = []
    adders: list[PowerAdder] = []
    for piece in text.split(";"):
        match = VALUE.search(piece)
        name = (piece[: match.start()] if match else piece).strip()
        adder = known.get(name.casefold())
        if adder is None:
            rest.append(piece)
            continue
        if match is None or match["sign"] == "-" or not match["number"].isdigit():
            raise EditError(
                f"'{piece.strip()}': {adder.name} is an adder of "
                + " or ".join(f"+{value}" for value in adder.values)
                + f" points, e.g. '{adder.name} (+{adder.values[0]})'"
            )
        adders.append(PowerAdder(adder=adder.id, points=int(match["number"])))
    return ";".join(rest), adders


def format_adders(adders: list[PowerAdder], power: PowerDef | None) -> str:
    """``Extra radius (+5)``."""
    names = {adder.id: adder.name for adder in power.adders} if power else {}
    return "; ".join(
        f"{names.get(adder.adder or '', adder.name or 'adder')} (+{adder.points})"
        for adder in adders
    )


def format_power_modifiers(
    adders: list[PowerAdder], modifiers: list[PowerModifier], power: PowerDef | None, cats: Catalogs
) -> str:
    """A power's adders, then its advantages and limitations, as one text (the window's
    cell, the sheet's column): ``Extra radius (+5); Penetrating (+1/2)``."""
    return "; ".join(
        part for part in (format_adders(adders, power), format_modifiers(modifiers, cats)) if part
    )
