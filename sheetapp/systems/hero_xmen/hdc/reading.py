"""Reading a Hero Designer element: its numbers, its name as the report gives it, the
values an export from here wrote, and HERO 5e's prices for what it records (to name every
cost the campaign's house rules change)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

from sheetapp.systems.hero_xmen.hdc import tables


def number_of(element: ET.Element, attribute: str, default: float = 0) -> float:
    text = element.get(attribute, "")
    try:
        value = float(text)
    except ValueError:
        return default
    return value if math.isfinite(value) and abs(value) < 1e9 else default


def whole_of(element: ET.Element, attribute: str, default: int = 0) -> int:
    return round(number_of(element, attribute, default))


def says_yes(element: ET.Element, attribute: str) -> bool:
    return element.get(attribute, "").strip().lower() == "yes"


def label(element: ET.Element) -> str:
    """How the report names an element: its own name, else Hero Designer's alias."""
    name = (element.get("NAME") or "").strip()
    alias = (element.get("ALIAS") or element.get("XMLID") or element.tag).strip()
    text = (element.get("INPUT") or "").strip()
    shown = f"{alias}: {text}" if text else alias
    return f"{name} ({shown})" if name else shown


def note_of(element: ET.Element) -> str:
    """An entry's own notes (Hero Designer's ``<NOTES>`` child)."""
    notes = element.find("NOTES")
    return (notes.text or "").strip() if notes is not None else ""


def own(element: ET.Element, key: str) -> str | None:
    """A value only an export from here writes (``SHEETAPP_<KEY>``): what the campaign
    records that Hero Designer has no attribute for."""
    return element.get(f"SHEETAPP_{key.upper()}")


def derived_name(element: ET.Element) -> str:
    """The name an imported power takes: its own name, else what it is (Energy Blast 12d6)."""
    name = (element.get("NAME") or "").strip()
    if name:
        return name[:500]
    xmlid = (element.get("XMLID") or "").upper()
    alias = (element.get("ALIAS") or xmlid.title()).strip()
    levels = whole_of(element, "LEVELS")
    unit = tables.UNITS.get(xmlid, "")
    return (f"{alias} {levels}{unit}" if levels and xmlid != "CUSTOMPOWER" else alias)[:500]


def norm(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def hero5e_active(element: ET.Element) -> int | None:
    """HERO 5e Active Points of a power whose price is known: base (with its adders) ×
    (1 + advantages), a half rounded down as Hero Designer does."""
    price = tables.HERO5E_POWER_PRICE.get((element.get("XMLID") or "").upper())
    if price is None or element.tag != "POWER":
        return None
    base: float = base_cost_of(element, price) or 0
    base += sum(number_of(c, "BASECOST") for c in element if c.tag == "ADDER")
    advantages = sum(
        Fraction(round(number_of(c, "BASECOST") * 4), 4)
        for c in element
        if c.tag == "MODIFIER" and number_of(c, "BASECOST") > 0
    )
    active = Fraction(round(base * 4), 4) * (1 + advantages)
    whole = int(active)
    return whole + 1 if active - whole > Fraction(1, 2) else whole


def hero5e_skill_cost(element: ET.Element) -> int | None:
    """HERO 5e: a characteristic-based Skill costs 3 points and 2 per +1; a Knowledge,
    Professional or Science Skill 2 points (3 on a characteristic) and 1 per +1; a
    Familiarity 1 point; an Everyman Skill nothing. Other Skills are not compared."""
    characteristic = element.get("CHARACTERISTIC", "").upper()
    background = norm(element.get("XMLID", "")).startswith(("knowledge", "profession", "science"))
    if characteristic not in ("DEX", "INT", "PRE", "EGO") and not background:
        return None
    if says_yes(element, "EVERYMAN") and says_yes(element, "FAMILIARITY"):
        return 0
    if says_yes(element, "FAMILIARITY"):
        return 1
    if background:
        base = 3 if characteristic in ("DEX", "INT", "PRE", "EGO") else 2
        return base + whole_of(element, "LEVELS")
    return 3 + 2 * whole_of(element, "LEVELS")


def base_cost_of(element: ET.Element, price: tuple[float, float] | None) -> int | None:
    levels = number_of(element, "LEVELS")
    if price is None:
        base = number_of(element, "BASECOST")
        return int(base) if base > 0 and not levels and base == int(base) else None
    fixed, per_level = price
    total = fixed + per_level * levels + number_of(element, "BASECOST")
    return round(total) if total >= 0 else None


def points_text(element: ET.Element) -> str:
    base = number_of(element, "BASECOST")
    levels = whole_of(element, "LEVELS")
    if base or levels:
        return f"Hero Designer recorded a base cost of {base:g} and {levels} levels"
    return "Hero Designer recorded no points for it"


def points_word(value: float) -> str:
    return f"{value:g} point" if value == 1 else f"{value:g} points"


def signed(value: float) -> str:
    return f"{value:+g}"


def xml_text(element: ET.Element) -> str:
    tail, element.tail = element.tail, None
    try:
        return ET.tostring(element, encoding="unicode")
    finally:
        element.tail = tail
