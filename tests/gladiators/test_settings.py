"""Ambiguous readings are campaign settings (see sheetapp/systems/gladiators/README.md)."""

from __future__ import annotations

from sheetapp.core.issues import Severity
from sheetapp.systems.gladiators.system import SYSTEM
from tests.gladiators.helpers import ability, character, codes, evaluate


def test_cap_forbids_by_default_and_clamps_on_request() -> None:
    """ "Negative modifiers cannot exceed half of the total cost" (line 155): forbidden
    by default; a group may instead just not count the excess."""
    doc = character(ability("accuracy", 2, "focus", "shots", source="mutant"))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.negative_cap")
    assert issue.severity is Severity.ERROR
    doc.campaign.negative_cap = "clamp"
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.negative_cap")
    assert issue.severity is Severity.WARNING
    assert evaluate(doc).costs[0].children[0].amount == 2, "the cost is the same either way"


def test_scaling_basis_setting() -> None:
    """ "per 10 points of base cost" (line 155): levels + base by default; optionally
    with the positive modifiers. Accuracy L5 = 8, Always On +3 → 11."""
    doc = character(ability("accuracy", 5, "always_on", "item", source="mutant"))
    assert evaluate(doc).costs[0].children[0].amount == 11 - 1
    doc.campaign.negative_scaling_basis = "with_positive_modifiers"
    assert evaluate(doc).costs[0].children[0].amount == 11 - 2


def test_minor_characters_traits_setting() -> None:
    doc = character(kind="minor")
    doc.character.advantages = []
    assert "gladiators.advantages_count" not in codes(evaluate(doc))
    doc.campaign.minor_needs_traits = True
    assert "gladiators.advantages_count" in codes(evaluate(doc))


def test_starting_upgrade_setting() -> None:
    """Walk L2: the difference (1 GP) by default, its full price (2 GP) on request."""
    document = SYSTEM.new_document("New")
    document.character.abilities[0].level = 2
    assert evaluate(document).costs[0].children[0].amount == 1
    document.campaign.starting_upgrade = "full"
    assert evaluate(document).costs[0].children[0].amount == 2
    assert evaluate(document).costs[0].children[1].amount == 0, "an unchanged one stays free"


def test_above_level_limit_is_information_with_the_tiers() -> None:
    """Past the Level Limit each level costs more (line 52); it is not illegal."""
    doc = character(ability("accuracy", 5, source="mutant"))
    issue = next(i for i in evaluate(doc).issues if i.code == "gladiators.above_level_limit")
    assert issue.severity is Severity.INFO
    assert "3×1 + 2×2 = 7 GP" in issue.message
    assert issue.path == ("character", "abilities", 0, "level")


def test_minor_characters_have_no_budget_unless_the_campaign_sets_one() -> None:
    """ "A character has a number of Glory Points (GP) to spend on creation. 40 is a
    suitable number for starting player-characters" (line 13): the rulebook gives minor
    characters no budget, so none is checked unless the campaign sets one."""
    document = SYSTEM.new_document("Goon")
    document.character.character_type = "minor"
    document.character.abilities[0].level = 30
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.total("gp").budget is None
    assert not {"gladiators.gp_over_budget", "gladiators.gp_unspent"} & {
        i.code for i in evaluation.issues
    }
    document.campaign.minor_gp_budget = 10
    over = SYSTEM.evaluate(document)
    assert over.total("gp").budget == 10
    assert "gladiators.gp_over_budget" in {i.code for i in over.issues}
