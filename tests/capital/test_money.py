"""Money is worked out, never typed (Capital alpha2, seed 003_740fba3ab4ba4f45.txt).

Line 226: "200-400mC depending on your current circumstances (you and the GM can decide
this together). As much as you like can immediately be spent on anything you would
realistically have been able to buy." So the money on hand is the starting money plus
the ledger's income (expenses negative) plus other money the GM gave, minus price ×
quantity of every item marked bought; spending more than that is an error."""

from __future__ import annotations

import datetime as dt

from sheetapp.core.document import HistoryEntry
from sheetapp.core.issues import Severity
from sheetapp.systems.capital import codes as capital_codes
from sheetapp.systems.capital.model import CapitalCharacter, EquipmentChoice
from sheetapp.systems.capital.money import MONEY
from tests.capital.helpers import character, codes, evaluate, issue, value


def _buy(document: object, item: str, quantity: int = 1, **fields: object) -> None:
    document.character.equipment.append(  # type: ignore[attr-defined]
        EquipmentChoice(item=item, quantity=quantity, bought=True, **fields)  # type: ignore[arg-type]
    )


def test_bought_items_are_paid_from_the_starting_money() -> None:
    """A toolkit (50 mC, line 2374 ff. appendix) and two 1-man tents (50 mC each) out of
    300 mC leave 150 mC; what the Role gives is not paid for."""
    document = character()
    document.character.starting_money = 300
    _buy(document, "toolkit")
    _buy(document, "tent", 2, option="1-man")
    evaluation = evaluate(document)
    assert value(evaluation, "money") == "150 mC"
    total = evaluation.total(MONEY)
    assert (total.spent, total.budget) == (150, 300)
    assert "starting 300" in evaluation.derived_value("money").explanation
    assert capital_codes.OVERSPENT not in codes(evaluation)


def test_spending_more_than_the_character_has_is_an_error() -> None:
    document = character()
    document.character.starting_money = 200
    _buy(document, "tent", 3, option="8-man")  # 600 mC
    evaluation = evaluate(document)
    found = issue(evaluation, capital_codes.OVERSPENT)
    assert found.severity is Severity.ERROR
    assert found.path == ("character", "equipment")
    assert "600" in found.message and "200" in found.message
    assert value(evaluation, "money") == "-400 mC"


def test_income_in_the_ledger_and_other_money_count() -> None:
    """Later income and expenses are ledger entries (``advance --earn N --currency mc``)."""
    document = character()
    document.character.starting_money = 200
    _buy(document, "tent", 3, option="8-man")
    today = dt.date.today().isoformat()
    document.history = [
        HistoryEntry(date=today, label="Sold the salvage", earned={MONEY: 500}),
        HistoryEntry(date=today, label="Bribe", earned={MONEY: -50}),
    ]
    document.character.money_adjustment = 20
    evaluation = evaluate(document)
    assert capital_codes.OVERSPENT not in codes(evaluation)
    assert value(evaluation, "money") == "70 mC"  # 200 + 450 + 20 - 600


def test_no_starting_money_yet_says_so() -> None:
    document = character()
    _buy(document, "toolkit")
    found = issue(evaluate(document), capital_codes.OVERSPENT)
    assert "starting money" in found.hint.lower()


def test_a_bought_item_without_a_price_asks_for_the_gms() -> None:
    """The Adventuring Kit has no printed price (every character has one): bought, it
    needs the price the GM set; a custom item carries its own."""
    document = character()
    document.character.starting_money = 300
    _buy(document, "adventuring_kit")
    found = issue(evaluate(document), capital_codes.PRICE_MISSING)
    assert found.severity is Severity.WARNING
    assert found.path[-1] == "price"
    document.character.equipment[-1].price = 30
    evaluation = evaluate(document)
    assert capital_codes.PRICE_MISSING not in codes(evaluation)
    assert value(evaluation, "money") == "270 mC"
    document.character.equipment.append(EquipmentChoice(name="Lucky coin", price=5, bought=True))
    assert value(evaluate(document), "money") == "265 mC"


def test_a_typed_money_from_an_older_file_is_kept() -> None:
    """Files from before money was worked out typed the money on hand; loading keeps the
    same money on hand as other money (nothing was marked bought then)."""
    old = CapitalCharacter.model_validate({"starting_money": 300, "money": 250})
    assert old.money_adjustment == -50
    document = character()
    document.character.starting_money = old.starting_money
    document.character.money_adjustment = old.money_adjustment
    assert value(evaluate(document), "money") == "250 mC"
    unset = CapitalCharacter.model_validate({"money": 120})
    assert unset.money_adjustment == 120


def test_the_gms_price_stays_editable_once_set() -> None:
    """Issue 31: the Price cell of an item without a printed price turned read-only once
    the GM's price was typed (it then showed the price as if printed), so a typo there
    could not be corrected; the appendix's own prices stay read-only."""
    from sheetapp.editing.collections import cell
    from sheetapp.systems.capital.collections import EQUIPMENT

    price = [column.title for column in EQUIPMENT.columns].index("Price")
    document = character()
    _buy(document, "adventuring_kit")
    _buy(document, "toolkit")
    kit, toolkit = len(document.character.equipment) - 2, len(document.character.equipment) - 1
    assert cell(EQUIPMENT, document, kit, price).edit == "int"
    document.character.equipment[kit].price = 30
    shown = cell(EQUIPMENT, document, kit, price)
    assert (shown.edit, shown.value, shown.text) == ("int", 30, "30 mC")
    printed = cell(EQUIPMENT, document, toolkit, price)
    assert (printed.edit, printed.text) == (None, "50 mC")
