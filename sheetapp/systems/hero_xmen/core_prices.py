"""Prices the supplement leaves to the HERO System 5th Edition core book, as campaign
settings.

The catalogs carry these prices with ``certainty: "uncertain"`` (Ego Blast's cost per
die, the General Skills, Armour Piercing's value ...): the supplement uses the power or
skill without restating its price, and we do not have the core book. A group with the
book sets its own figure in the campaign (``core_prices``, keyed as listed by
:func:`core_prices`); every cost, picker and sheet then uses it, through
:func:`catalogs_for`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

from sheetapp.systems.hero_xmen.catalog import (
    Catalogs,
    GeneralOption,
    GeneralSkillDef,
    PowerDef,
    PowerPart,
    catalogs,
)
from sheetapp.systems.hero_xmen.model import HeroCampaign


@dataclass(frozen=True, slots=True)
class CorePrice:
    """One price a campaign may set: ``key`` in ``core_prices``, what it prices in the
    user's words, the core-book figure used when the campaign does not set it."""

    key: str
    label: str
    default: float
    note: str


@cache
def core_prices() -> tuple[CorePrice, ...]:
    """Every price taken from the core book, in catalog order: powers' parts, General
    Skills' options, then power modifiers."""
    cats = catalogs()
    found: list[CorePrice] = []
    for power in cats.powers.values():
        found += _uncertain_parts(power, power.parts, "{entry} › points per {unit}")
    for general in cats.general.values():
        found += _uncertain_parts(general, general.options, "{entry} › {part}, points per {unit}")
    for modifier in cats.modifiers.values():
        if modifier.certainty == "uncertain":
            found.append(
                CorePrice(
                    modifier.id,
                    f"{modifier.name} › value",
                    modifier.value,
                    modifier.certainty_note,
                )
            )
    return tuple(found)


def _uncertain_parts(
    entry: PowerDef | GeneralSkillDef,
    parts: tuple[PowerPart, ...] | tuple[GeneralOption, ...],
    label: str,
) -> list[CorePrice]:
    """The prices of an entry's parts (a power's measures, a General Skill's options)
    when the entry's prices come from the core book; ``label`` names each price with
    ``{entry}``, ``{part}`` and ``{unit}``."""
    if entry.certainty != "uncertain":
        return []
    return [
        CorePrice(
            f"{entry.id}.{part.id}",
            label.format(entry=entry.name, part=part.name, unit=part.unit),
            part.cost,
            entry.certainty_note,
        )
        for part in parts
    ]


def settable_keys() -> frozenset[str]:
    return frozenset(price.key for price in core_prices())


def catalogs_for(campaign: HeroCampaign) -> Catalogs:
    """The catalogs with the campaign's own core-book prices in place (the shared,
    loaded-once catalogs when it sets none)."""
    if not campaign.core_prices:
        return catalogs()
    known = settable_keys()
    chosen = tuple(sorted((k, v) for k, v in campaign.core_prices.items() if k in known))
    return _priced(chosen) if chosen else catalogs()


@cache
def _priced(chosen: tuple[tuple[str, float], ...]) -> Catalogs:
    prices = dict(chosen)
    cats = catalogs()
    powers = {
        power_id: power.model_copy(update={"parts": parts})
        if (parts := _repriced(power_id, power.parts, prices)) != power.parts
        else power
        for power_id, power in cats.powers.items()
    }
    general = {
        general_id: entry.model_copy(update={"options": options})
        if (options := _repriced(general_id, entry.options, prices)) != entry.options
        else entry
        for general_id, entry in cats.general.items()
    }
    modifiers = {
        modifier_id: modifier.model_copy(update={"value": prices[modifier_id]})
        if modifier_id in prices
        else modifier
        for modifier_id, modifier in cats.modifiers.items()
    }
    return replace(cats, powers=powers, general=general, modifiers=modifiers)


PricedT = TypeVar("PricedT", PowerPart, GeneralOption)


def _repriced(
    owner: str, priced: tuple[PricedT, ...], prices: dict[str, float]
) -> tuple[PricedT, ...]:
    """A power's parts or a General Skill's options with the campaign's prices in."""
    return tuple(
        item.model_copy(update={"cost": prices[f"{owner}.{item.id}"]})
        if f"{owner}.{item.id}" in prices
        else item
        for item in priced
    )
