"""Step 7 (lines 217-227) and Holding Equipment (lines 343-347)."""

from __future__ import annotations

from itertools import compress, count
from operator import attrgetter

from sheetapp.core.codes import IssueCode
from sheetapp.core.issues import DataPath, Issue
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.capital import codes
from sheetapp.systems.capital.catalog import Catalogs
from sheetapp.systems.capital.context import (
    STEP_EQUIPMENT,
    RuleContext,
    char_path,
    error,
    info,
    todo,
    warning,
)
from sheetapp.systems.capital.model import EquipmentChoice
from sheetapp.systems.capital.rules_assets import damage_type_issue
from sheetapp.systems.capital.sheet import asset_hands, item_hands

OUTFIT_KINDS = {"everyday", "professional"}


def _equipment_to_do(code: IssueCode, message: str, path: DataPath, hint: str = "") -> Issue:
    return todo(code, message, path, hint, STEP_EQUIPMENT)


def starting_equipment(ctx: RuleContext) -> list[Issue]:
    """ "Your Role gives you some Equipment. You also get: ... 2 Everyday or Professional
    Outfits ... An Adventuring Kit." (lines 219-227). Checked at Level 1 only: later the
    items may be lost or sold."""
    if ctx.character.level != 1:
        return []
    cats = ctx.catalogs
    items = [(c.item or "", c.quantity) for c in ctx.character.equipment]
    issues = []
    role = ctx.sheet.role
    # With a Role, missing items break the rule; before one, the same error is the step
    # still to do (Step 7 follows Step 1).
    report = error if role is not None else _equipment_to_do
    for wanted in role.starting_equipment if role else ():
        found = any(
            ref in wanted.items
            or (wanted.tag == "simple_weapon" and cats.is_simple_weapon(ref))
            or (wanted.tag == "simple_melee_weapon" and cats.is_simple_weapon(ref, True))
            for ref, _ in items
        )
        if not found:
            issues.append(
                report(
                    codes.STARTING_EQUIPMENT_MISSING,
                    f"{role.name if role else ''} starts with: {wanted.text}.",
                    char_path("equipment"),
                    "Add the starting equipment from the Equipment tab.",
                )
            )
    outfits = sum(
        c.quantity
        for c in ctx.character.equipment
        if c.item == "clothing" and (c.option is None or c.option in OUTFIT_KINDS)
    )
    if outfits < cats.basics.starting.outfits:
        issues.append(
            report(
                codes.STARTING_EQUIPMENT_MISSING,
                "Every character starts with 2 Everyday or Professional Outfits "
                f"({outfits} listed).",
                char_path("equipment"),
                "Add two outfits from the Equipment tab.",
            )
        )
    if not any(ref == "adventuring_kit" for ref, _ in items):
        issues.append(
            report(
                codes.STARTING_EQUIPMENT_MISSING,
                "Every character starts with an Adventuring Kit.",
                char_path("equipment"),
                "Add an Adventuring Kit from the Equipment tab.",
            )
        )
    return issues


_CHOICE_ISSUES: Memo[IdentityMemo[list[Issue]]] = Memo(
    "capital:choice_issues",
    "the character's equipment",
    "each entry's issues, kept while the entry and its place are unchanged",
    IdentityMemo,
)


def equipment_choices(ctx: RuleContext) -> list[Issue]:
    """Damage type of "Available with Sharp or Heat damage" items, options such as the
    Tent's size (line 1754), custom items named."""
    cats = ctx.catalogs
    per_item = _CHOICE_ISSUES.current().each(
        ctx.character.equipment,
        id(cats),
        lambda index, choice: _choice_issues(index, choice, cats),
    )
    return [issue for issues in per_item for issue in issues]


def _choice_issues(index: int, choice: EquipmentChoice, cats: Catalogs) -> list[Issue]:
    issues: list[Issue] = []
    path = char_path("equipment", index)
    item = cats.equipment.get(choice.item or "")
    if choice.item is None and not choice.name.strip():
        issues.append(
            warning(
                codes.ITEM_UNNAMED,
                "A custom item needs a name.",
                (*path, "name"),
                "Type a name in its Name cell.",
            )
        )
    if item is None:
        return issues
    if item.weapon is not None:
        issues += damage_type_issue(
            choice.damage_type,
            item.weapon.printed_damage_types,
            item.name,
            (*path, "damage_type"),
            cats,
        )
    if choice.option is not None and item.options and choice.option not in item.options:
        issues.append(
            error(
                codes.ITEM_OPTION_INVALID,
                f"{item.name} comes as {', '.join(item.options)}, not '{choice.option}'.",
                (*path, "option"),
                f"Choose one of {', '.join(item.options)}.",
            )
        )
    return issues


_HELD = attrgetter("held")


def hands(ctx: RuleContext) -> list[Issue]:
    """ "Your character has 2 hands, so they can hold up to 2 pieces of Equipment, or one
    piece of Two-handed equipment." (line 347); a Limb augmentation holds one more (line 906)."""
    total = ctx.sheet.hands_total
    used = asset_hands(ctx.character, ctx.campaign, ctx.catalogs)
    if used > total:
        return [
            error(
                codes.HANDS,
                "The Special Asset needs more hands than the character has.",
                char_path("special_asset", "held"),
                "Hold it in fewer hands, or stop holding other items.",
            )
        ]
    equipment = ctx.character.equipment
    for index in compress(count(), map(_HELD, equipment)):
        used += item_hands(ctx.character, index, ctx.catalogs)
        if used > total:
            return [
                error(
                    codes.HANDS,
                    f"Held items need {ctx.sheet.hands_used} hands; the character has {total}.",
                    char_path("equipment", index, "held"),
                    "Stow something: a Two-handed item takes both hands.",
                )
            ]
    return []


def heavy(ctx: RuleContext) -> list[Issue]:
    """ "To pick up this item, your STR must meet or exceed the specified value, or you
    must make a STR check whose difficulty is 6 + the specified value. You cannot Move
    twice in a turn while holding this item unless your STR is at least 2 more"
    (lines 2534-2535)."""
    issues = []
    strength = ctx.sheet.score("str")
    equipment = ctx.character.equipment
    # only held items count: picked out at C speed from a 1,000-item list
    for index in compress(count(), map(_HELD, equipment)):
        choice = equipment[index]
        item = ctx.catalogs.equipment.get(choice.item or "")
        weapon = item.weapon if item else None
        if item is None or weapon is None or weapon.heavy is None or not choice.held:
            continue
        if weapon.heavy_unless_training and any(t in ctx.sheet.training for t in weapon.training):
            continue
        if strength < weapon.heavy + 2:
            text = (
                f"{item.name} is Heavy {weapon.heavy}: with STR {strength} you cannot Move twice "
                "in a turn while holding it"
            )
            if strength < weapon.heavy:
                text += f", and picking it up needs a difficulty {6 + weapon.heavy} STR check"
            issues.append(
                info(
                    codes.HEAVY,
                    text + ".",
                    char_path("equipment", index, "held"),
                    "Nothing to fix; carry fewer heavy items to drop the penalty.",
                )
            )
    return issues


def money(ctx: RuleContext) -> list[Issue]:
    """Line 226: the starting money "can immediately be spent on anything you would
    realistically have been able to buy": items marked bought are paid from the money the
    character has (starting money, the ledger's income and expenses, other money), so
    spending more than that breaks the rule; a bought item needs its price."""
    issues: list[Issue] = []
    cats = ctx.catalogs
    for purchase in ctx.money.purchases:
        if purchase.unit_price is None:
            choice = ctx.character.equipment[purchase.index]
            issues.append(
                warning(
                    codes.PRICE_MISSING,
                    f"{_item_name(choice, cats)} has no printed price, so it cannot be paid for.",
                    char_path("equipment", purchase.index, "price"),
                    "Type the price the GM set, or untick Bought if it was not bought.",
                )
            )
    money = ctx.money
    if money.on_hand < 0:
        issues.append(
            error(
                codes.OVERSPENT,
                f"Bought items cost {money.spent} mC; the character has had {money.available} "
                f"mC ({money.explanation()}).",
                char_path("equipment"),
                "Untick Bought on what was not bought, lower a quantity, record income in the "
                "ledger, or set the starting money."
                if money.starting is not None
                else "Set the starting money first (200-400 mC, agreed with the GM).",
            )
        )
    return issues


def _item_name(choice: EquipmentChoice, cats: Catalogs) -> str:
    item = cats.equipment.get(choice.item or "")
    return item.name if item is not None else (choice.name or "A custom item")


def starting_money(ctx: RuleContext) -> list[Issue]:
    """ "200-400mC depending on your current circumstances (you and the GM can decide this
    together)" (line 226): the range is a campaign setting (200-400 by default); a
    starting sum outside it breaks the rule."""
    money = ctx.character.starting_money
    low, high = ctx.campaign.starting_money_min, ctx.campaign.starting_money_max
    if money is not None and not low <= money <= high:
        return [
            error(
                codes.STARTING_MONEY,
                f"Starting money {money} mC is outside {low}-{high} mC.",
                char_path("starting_money"),
                "Agree it with the GM, or change the campaign's range.",
            )
        ]
    return []
