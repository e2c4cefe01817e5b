"""The character's money, worked out, never typed.

Line 226: "200-400mC depending on your current circumstances (you and the GM can decide
this together). As much as you like can immediately be spent on anything you would
realistically have been able to buy." So the money on hand is the starting money, plus
what the ledger records as income (negative: expenses), plus any other money the GM
gave (the adjustment), minus the price × quantity of every item marked bought. What the
Role, the Outfits and the Adventuring Kit give is not bought (lines 219-227).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetapp.core.document import HistoryEntry, earned_total
from sheetapp.systems.capital.catalog import Catalogs
from sheetapp.systems.capital.model import CapitalCharacter, EquipmentChoice

#: the ledger key (and evaluation total) of money, in mC
MONEY = "mc"


def printed_price(choice: EquipmentChoice, cats: Catalogs) -> int | None:
    """One item's price in the appendix (the option's, for an item priced by option,
    e.g. the Tent's size); None when the appendix prints none."""
    item = cats.equipment.get(choice.item or "")
    if item is not None:
        if choice.option is not None and choice.option in item.option_prices:
            return item.option_prices[choice.option]
        if item.price is not None:
            return item.price
    return None


def unit_price(choice: EquipmentChoice, cats: Catalogs) -> int | None:
    """One item's price in mC: the appendix's, else the price the GM set; None when
    neither is known."""
    printed = printed_price(choice, cats)
    return choice.price if printed is None else printed


@dataclass(frozen=True, slots=True)
class Purchase:
    index: int
    quantity: int
    unit_price: int | None

    @property
    def total(self) -> int:
        return (self.unit_price or 0) * self.quantity


@dataclass(frozen=True, slots=True)
class Money:
    starting: int | None
    income: int
    adjustment: int
    purchases: tuple[Purchase, ...]

    @property
    def available(self) -> int:
        """Everything the character has had: starting money, income and other money."""
        return (self.starting or 0) + self.income + self.adjustment

    @property
    def spent(self) -> int:
        return sum(purchase.total for purchase in self.purchases)

    @property
    def on_hand(self) -> int:
        return self.available - self.spent

    def explanation(self) -> str:
        start = "no starting money yet" if self.starting is None else f"starting {self.starting}"
        parts = [start]
        if self.income:
            parts.append(f"{self.income:+d} income and expenses in the ledger")
        if self.adjustment:
            parts.append(f"{self.adjustment:+d} other money")
        parts.append(f"- {self.spent} bought ({len(self.purchases)} items)")
        return f"{' '.join(parts)} = {self.on_hand} mC"


def work_out_money(
    character: CapitalCharacter, history: Sequence[HistoryEntry], cats: Catalogs
) -> Money:
    purchases = tuple(
        Purchase(index, choice.quantity, unit_price(choice, cats))
        for index, choice in enumerate(character.equipment)
        if choice.bought
    )
    return Money(
        character.starting_money,
        earned_total(history, MONEY),
        character.money_adjustment,
        purchases,
    )
