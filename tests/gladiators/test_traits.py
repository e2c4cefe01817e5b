"""Advantage and disadvantage prices: the table, printed costs, custom traits."""

from __future__ import annotations

from sheetapp.systems.gladiators.model import TraitChoice
from tests.gladiators.helpers import character, evaluate, trait


def gp(document: object) -> int:
    return evaluate(document).total("gp").spent  # type: ignore[arg-type]


def trait_line(document: object, kind: str, index: int):  # type: ignore[no-untyped-def]
    traits = evaluate(document).costs[1]  # type: ignore[arg-type]
    group = traits.children[0 if kind == "advantages" else 1]
    return group.children[index]


def test_trait_cost_is_frequency_plus_severity() -> None:
    """Lines 278-283: Fre 2, Com 1, Rar 0; Maj 2, Sig 1, Min 0 — "Ageless ... Com, Maj 3"
    (line 291)."""
    doc = character()
    doc.character.advantages = [trait("ageless", "com", "maj"), trait("skill", "rar", "min")]
    doc.character.disadvantages = [trait("altruistic", "rar", "min")]
    assert trait_line(doc, "advantages", 0).amount == 3
    assert trait_line(doc, "advantages", 0).explanation == "Com 1 + Maj 2 = 3"
    assert trait_line(doc, "advantages", 1).amount == 0


def test_a_printed_cost_that_disagrees_is_a_setting() -> None:
    """Line 324: "Energetic ... Fre, Sig 2" although Fre 2 + Sig 1 = 3. The formula is the
    default; the printed value is a campaign setting."""
    doc = character()
    doc.character.advantages = [trait("energetic", "fre", "sig"), trait("skill", "com", "sig")]
    line = trait_line(doc, "advantages", 0)
    assert line.amount == 3
    assert "the book prints 2" in line.explanation
    doc.campaign.trait_cost_reading = "printed"
    line = trait_line(doc, "advantages", 0)
    assert line.amount == 2
    assert "printed cost 2" in line.explanation


def test_printed_reading_applies_only_to_the_printed_frequency_and_severity() -> None:
    doc = character()
    doc.campaign.trait_cost_reading = "printed"
    doc.character.advantages = [trait("energetic", "com", "sig"), trait("skill", "com", "sig")]
    assert trait_line(doc, "advantages", 0).amount == 2  # Com 1 + Sig 1, the table


def test_printed_disadvantage_gives_back_its_printed_points() -> None:
    """Line 405: "Young ... Fre, Min -1" (the table gives -2)."""
    doc = character()
    doc.character.disadvantages = [trait("young", "fre", "min")]
    assert trait_line(doc, "disadvantages", 0).amount == -2
    doc.campaign.trait_cost_reading = "printed"
    assert trait_line(doc, "disadvantages", 0).amount == -1


def test_custom_traits_cost_what_the_user_wrote() -> None:
    doc = character()
    before = gp(doc)
    doc.character.advantages.append(
        TraitChoice(trait="custom", name="Friend on the Council", cost_override=4)
    )
    line = trait_line(doc, "advantages", 2)
    assert (line.label, line.amount, line.explanation) == (
        "Friend on the Council",
        4,
        "own cost: 4",
    )
    assert gp(doc) == before + 4


def test_custom_disadvantage_gives_back_its_own_points() -> None:
    """Line 274: "Points from disadvantages can only be spent on advantages." """
    doc = character()
    doc.character.disadvantages.append(
        TraitChoice(trait="custom", name="Haunted by the Past", cost_override=2)
    )
    assert trait_line(doc, "disadvantages", 1).amount == -2


def test_a_custom_trait_without_own_cost_uses_the_table() -> None:
    doc = character()
    doc.character.advantages.append(
        TraitChoice(trait="custom", name="Lucky Coin", frequency="rar", severity="maj")
    )
    assert trait_line(doc, "advantages", 2).amount == 2


def test_referee_ruling_on_a_catalog_trait() -> None:
    doc = character()
    doc.character.advantages[0].cost_override = 5
    line = trait_line(doc, "advantages", 0)
    assert line.amount == 5
    assert line.explanation.startswith("referee's ruling: 5 (the table gives Com 1 + Sig 1 = 2")


def test_an_unnamed_custom_trait_is_a_warning_at_its_name() -> None:
    doc = character()
    doc.character.disadvantages.append(TraitChoice(trait="custom", cost_override=1))
    issues = [i for i in evaluate(doc).issues if i.code == "gladiators.custom_trait_unnamed"]
    assert [i.path for i in issues] == [("character", "disadvantages", 1, "name")]
