"""Attribute Scores: the kept dice through the table (lines 198-203), then the Role's
changes (line 205) and an Attribute augmentation (+2, up to 10; line 900)."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.capital.catalog import ATTRIBUTES, AttributeId, Catalogs
from sheetapp.systems.capital.model import CapitalCampaign, CapitalCharacter

#: "up to a maximum of 10" (line 902)
MAX_SCORE = 10


@dataclass(frozen=True, slots=True)
class Scores:
    """Final scores (0 where not yet known), the base before changes, and explanations."""

    scores: dict[AttributeId, int]
    base: dict[AttributeId, int | None]
    explanations: dict[AttributeId, str]


def base_scores(
    character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs
) -> tuple[dict[AttributeId, int | None], dict[AttributeId, str]]:
    rolls = character.attributes
    table = cats.basics.score_table
    base: dict[AttributeId, int | None] = {}
    why: dict[AttributeId, str] = {}
    for attr in ATTRIBUTES:
        if campaign.attribute_method == "gm_assigned":
            base[attr] = rolls.base.get(attr)
            why[attr] = f"set {base[attr]}" if base[attr] is not None else "not set"
            continue
        index = rolls.assignment.get(attr)
        usable = index is not None and 0 <= index < len(rolls.dice)
        die = rolls.dice[index] if usable and index is not None else None
        score = None if die is None or index in rolls.discarded else table.score(die)
        if score is None:
            base[attr] = None
            why[attr] = "no die assigned"
        else:
            base[attr] = score
            why[attr] = f"die {die} → {score}"
    return base, why


def role_deltas(character: CapitalCharacter, cats: Catalogs) -> dict[AttributeId, list[int]]:
    """The Role's fixed and chosen changes that apply, per attribute."""
    deltas: dict[AttributeId, list[int]] = {attr: [] for attr in ATTRIBUTES}
    role = cats.roles.get(character.role or "")
    if role is None:
        return deltas
    for fixed in role.adjustments.fixed:
        deltas[fixed.attribute].append(fixed.delta)
    for chosen in role.adjustments.choices:
        picked = character.role_choices.get(chosen.id)
        if picked in chosen.options:
            deltas[picked].append(chosen.delta)
    return deltas


def augmented_attribute(
    character: CapitalCharacter, cats: Catalogs
) -> tuple[AttributeId, int] | None:
    """The attribute an Attribute augmentation raises, and by how much (its catalog
    amount, +2 by line 900)."""
    asset = character.special_asset
    if asset is None:
        return None
    augmentation = cats.augmentations.get(asset.asset)
    if augmentation is None or augmentation.effect != "attribute" or asset.attribute is None:
        return None
    return asset.attribute, augmentation.amount


def final_scores(character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs) -> Scores:
    base, why = base_scores(character, campaign, cats)
    deltas = role_deltas(character, cats)
    boosted = augmented_attribute(character, cats)
    scores: dict[AttributeId, int] = {}
    explanations: dict[AttributeId, str] = {}
    for attr in ATTRIBUTES:
        value = base[attr] or 0
        text = why[attr]
        for delta in deltas[attr]:
            value += delta
            text += f", Role {delta:+d}"
        if boosted is not None and boosted[0] == attr:
            raised = min(MAX_SCORE, value + boosted[1])
            text += f", augmentation +{raised - value} (up to {MAX_SCORE})"
            value = raised
        scores[attr] = value
        explanations[attr] = f"{text} = {value}"
    return Scores(scores, base, explanations)
