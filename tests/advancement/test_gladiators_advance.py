"""Glorious Gladiators advancement: GP earned and spent under creation rules; buy-offs."""

from __future__ import annotations

import pytest

from sheetapp.advancement import (
    Advancement,
    CommitRefused,
    advancement_of,
    commit,
    preview,
    price_changes,
)
from sheetapp.systems.gladiators import advance as gladiators_advance
from sheetapp.systems.gladiators import system as gladiators_system
from sheetapp.systems.gladiators.advance import buy_off_disadvantage, raise_level
from sheetapp.systems.gladiators.model import GladiatorsDocument
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import ARMOUR, night_owl, trait

SONIC_BLASTER = 5  # Damaging Attack L5, Level Limit 4


def with_young(contacts_severity: str) -> GladiatorsDocument:
    """Night Owl with Young instead of Angst; Contacts Com + ``contacts_severity``."""
    owl = night_owl()
    owl.character.advantages[1] = trait("contacts", "com", contacts_severity)
    owl.character.disadvantages[1] = trait("young", "fre", "min")
    return owl


def test_the_system_declares_glory_points() -> None:
    rules = advancement_of(SYSTEM)
    assert rules is gladiators_advance.ADVANCEMENT
    assert [c.key for c in rules.currencies] == [gladiators_system.GP]
    assert rules.currencies[0].amount(5) == "+5 GP"
    assert "line 52" in rules.rules_text and "line 405" in rules.rules_text


def test_buying_off_young_costs_the_gp_its_points_had_provided() -> None:
    """Seed line 405: "Young ... As the character ages s/he will eventually lose this
    limitation and must either buy it off with GP or take another disadvantage. Fre, Min".
    Fre 2 + Min 0 = 2 points (lines 278-283). Advantages 2 + 3 = 5 against disadvantages
    2 + 2 = 4: Young's 2 points all paid for advantages, so buying it off costs 2 GP."""
    hero = with_young("maj")
    bought = buy_off_disadvantage(SYSTEM, hero, 1)
    assert (bought.name, bought.points, bought.cost) == ("Young", 2, 2)
    assert bought.explanation == (
        "Young gave 2 points towards the advantages; buying it off costs them: 2 GP."
    )
    result = commit(SYSTEM, hero, Advancement({"gp": 2}, bought.changes, "Birthday"))
    assert [t.trait for t in result.character.disadvantages] == ["altruistic"]
    entry = result.history[-1]
    assert entry.changes[0]["cost"] == {"gp": 2}
    assert entry.changes[0]["label"] == "Young (disadvantage)"
    seen = preview(SYSTEM, hero, Advancement({"gp": 2}, bought.changes))
    [row] = seen.rows
    assert (row.op, row.before_text, row.after_text) == (
        "remove",
        "Young (Fre 2 + Min 0 = 2 points)",
        "—",
    )


def test_a_disadvantage_whose_points_were_partly_lost_costs_only_what_it_provided() -> None:
    """Seed line 274: "Points from disadvantages can only be spent on advantages."
    Advantages 2 + 1 = 3 against disadvantages 2 + 2 = 4: one of Young's points was lost,
    so buying it off costs 1 GP, not 2."""
    hero = with_young("min")
    bought = buy_off_disadvantage(SYSTEM, hero, 1)
    assert (bought.points, bought.cost) == (2, 1)
    assert "only 1 of them paid for advantages" in bought.explanation


def test_buying_off_young_under_never_grows_up_breaks_its_prerequisite() -> None:
    """Never Grows Up: "C. Bought alongside Young." (seed line 361)."""
    hero = with_young("maj")
    hero.character.disadvantages.append(trait("never_grows_up", "fre", "sig"))
    bought = buy_off_disadvantage(SYSTEM, hero, 1)
    with pytest.raises(CommitRefused, match="bought alongside Young"):
        commit(SYSTEM, hero, Advancement({"gp": 5}, bought.changes))


def test_buying_off_a_missing_disadvantage_says_so() -> None:
    with pytest.raises(IndexError, match="no disadvantage 7"):
        buy_off_disadvantage(SYSTEM, night_owl(), 7)


def test_spend_options_price_each_next_level() -> None:
    """Seed line 52: the Kevlar Suit's fifth level is within Armour's Level Limit 5 (1 GP);
    the Sonic Blaster's sixth is past Damaging Attack's Level Limit 4 (2 GP)."""
    owl = night_owl()
    options = SYSTEM.advancement.spend_options(SYSTEM, owl)
    by_path = {option.path: option for option in options}
    armour = by_path[("character", "abilities", ARMOUR, "level")]
    assert (armour.label, armour.cost) == ("Raise Kevlar Suit (Armour) to Level 5", {"gp": 1})
    assert armour.changes == (raise_level(owl, ARMOUR),)
    blaster = by_path[("character", "abilities", SONIC_BLASTER, "level")]
    assert blaster.cost == {"gp": 2}
    assert blaster.explanation.startswith("Level 6 is past the Level Limit 4: 2 GP a level.")
    assert "L6: 4×1 + 2×2" in blaster.explanation
    buy_offs = [o for o in options if o.kind == "buy_off"]
    assert [(o.label, o.cost) for o in buy_offs] == [
        ("Buy off Altruistic", {"gp": 2}),
        ("Buy off Angst", {"gp": 1}),
    ]
    assert {o.kind for o in options} >= {"add_ability", "add_modifier", "add_advantage"}


def test_minor_character_limit_applies_to_advancement() -> None:
    """Seed line 11: minor characters "cannot have abilities over Level 3"."""
    owl = night_owl()
    owl.character.character_type = "minor"
    owl.character.abilities[SONIC_BLASTER].level = 3
    seen = preview(SYSTEM, owl, Advancement({"gp": 5}, [raise_level(owl, SONIC_BLASTER)]))
    assert ("gladiators.minor_level", ("character", "abilities", SONIC_BLASTER, "level")) in {
        (issue.code, issue.path) for issue in seen.errors
    }
    assert ("gladiators.minor_level", ("character", "abilities", SONIC_BLASTER, "level")) not in {
        (issue.code, issue.path) for issue in seen.before.issues
    }


def test_quoted_raises_cost_what_the_whole_character_evaluation_says() -> None:
    """The quick per-ability quotes agree with pricing the change on the whole character."""
    owl = night_owl()
    owl.campaign.starting_upgrade = "full"
    for option in SYSTEM.advancement.spend_options(SYSTEM, owl):
        if option.kind == "raise_level":
            [priced] = price_changes(SYSTEM, owl, option.changes, SYSTEM.advancement)
            assert option.cost == priced.cost, option.label
