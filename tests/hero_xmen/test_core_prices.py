"""Prices the supplement leaves to the HERO 5e core book are campaign settings.

The supplement "must be read with the core rulebook": it uses Ego Blast, Mind Control,
the General Skills of line 182 ("Autofire Skills, Combat Skill Levels, ... Weapon
Familiarity") and Armour Piercing without restating their prices. The catalogs carry
the core book's figures marked uncertain; a group sets its own in the campaign, and
every cost follows.
"""

from __future__ import annotations

from sheetapp.core.changes import apply_to_document
from sheetapp.core.issues import Severity
from sheetapp.editing.fields import set_price
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.core_prices import catalogs_for, core_prices
from sheetapp.systems.hero_xmen.model import HeroCampaign
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import PowerChoice, PowerModifier, SkillChoice, blank, evaluate, issues


def _with_prices(**prices: float) -> HeroCampaign:
    return HeroCampaign(
        core_prices={key.replace("__", "."): value for key, value in prices.items()}
    )


def _power_active(choice: PowerChoice, campaign: HeroCampaign | None = None) -> int:
    document = blank()
    if campaign is not None:
        document.campaign = campaign
    document.character.powers.append(choice)
    line = evaluate(document).costs[3].children[0]
    return int(dict(line.figures)["Active"])


def _skills_spent(choice: SkillChoice, campaign: HeroCampaign | None = None) -> int:
    document = blank()
    if campaign is not None:
        document.campaign = campaign
    document.character.skills.append(choice)
    return evaluate(document).totals[0].spent


def test_every_core_book_price_of_the_catalogs_is_a_setting() -> None:
    cats = catalogs()
    uncertain = {
        *(
            f"{p.id}.{part.id}"
            for p in cats.powers.values()
            if p.certainty == "uncertain"
            for part in p.parts
        ),
        *(
            f"{g.id}.{o.id}"
            for g in cats.general.values()
            if g.certainty == "uncertain"
            for o in g.options
        ),
        *(m.id for m in cats.modifiers.values() if m.certainty == "uncertain"),
    }
    keys = [price.key for price in core_prices()]
    assert len(keys) == len(set(keys))
    assert set(keys) == uncertain
    assert {p.key for p in SYSTEM.price_settings()} == uncertain
    ego = next(price for price in core_prices() if price.key == "ego_blast.dice")
    assert (ego.label, ego.default) == ("Ego Blast › points per d6", 10)


def test_no_setting_means_the_core_book_figures() -> None:
    assert catalogs_for(HeroCampaign()) is catalogs()


def test_ego_blast_at_the_groups_price() -> None:
    """4d6 Ego Blast: 40 Active at the core book's 10 per d6, 32 at a group's 8."""
    blast = PowerChoice(power="ego_blast", levels=4)
    assert _power_active(blast) == 40
    assert _power_active(blast, _with_prices(ego_blast__dice=8)) == 32


def test_a_general_skill_at_the_groups_price() -> None:
    """Combat Skill Levels with HTH or Ranged combat: 2 levels at 5 each, or at 4."""
    levels = SkillChoice(skill="combat_skill_levels", level=2, option="hth_or_ranged")
    base = _skills_spent(SkillChoice(skill="combat_skill_levels", level=0, option="hth_or_ranged"))
    assert _skills_spent(levels) - base == 10
    assert _skills_spent(levels, _with_prices(combat_skill_levels__hth_or_ranged=4)) - base == 8


def test_armour_piercing_at_the_groups_value() -> None:
    """A 6 DC Hand-to-Hand Attack (30 points) with Armour Piercing: +1/2 gives 45
    Active; a group reading it as +1/4 gets 37 (37.5 in the character's favour)."""
    attack = PowerChoice(
        power="hand_to_hand_attack",
        levels=6,
        modifiers=[PowerModifier(modifier="armour_piercing", value=0.5)],
    )
    assert _power_active(attack) == 45
    assert _power_active(attack, _with_prices(armour_piercing=0.25)) == 37


def test_a_price_for_nothing_is_said_and_kept() -> None:
    document = blank()
    document.campaign = _with_prices(ego_blst__dice=8)
    found = issues(document, codes.UNKNOWN_CORE_PRICE)
    assert [(i.severity, i.path) for i in found] == [
        (Severity.WARNING, ("campaign", "core_prices", "ego_blst.dice"))
    ]
    assert document.campaign.core_prices == {"ego_blst.dice": 8}


def test_setting_a_price_back_to_the_books_removes_it_and_undoes() -> None:
    document = blank()
    ego = next(setting for setting in SYSTEM.price_settings() if setting.key == "ego_blast.dice")
    changes = set_price(document, ego, 8)
    changed = apply_to_document(document, changes)
    assert changed.campaign.core_prices == {"ego_blast.dice": 8}
    assert set_price(changed, ego, 8) == []
    back = apply_to_document(changed, set_price(changed, ego, 10))
    assert back.campaign.core_prices == {}
    undone = apply_to_document(changed, [change.inverse() for change in reversed(changes)])
    assert undone.campaign.core_prices == {}
