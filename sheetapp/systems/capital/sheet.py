"""Every number of a Capital character, computed once per evaluation from the stored choices.

Rules, derived values and totals all read this, so they can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.systems.capital.catalog import (
    AttributeId,
    Catalogs,
    CompanionDef,
    RoleDef,
    VehicleDef,
)
from sheetapp.systems.capital.dice import dice_problems
from sheetapp.systems.capital.levels import (
    energy_bonus,
    explain_hp_increase,
    hp_increase,
    table_slots,
)
from sheetapp.systems.capital.model import CapitalCampaign, CapitalCharacter, HpRoll
from sheetapp.systems.capital.scores import Scores, final_scores

BASE_HANDS = 2


@dataclass(frozen=True, slots=True)
class Vital:
    value: int
    explanation: str


@dataclass(frozen=True, slots=True)
class HpSteps:
    total: int
    parts: list[str]
    missing_levels: list[int]


@dataclass(slots=True)
class Sheet:
    role: RoleDef | None
    scores: Scores
    max_hp: Vital
    max_energy: Vital
    max_bones: Vital
    slots_total: int
    slots_explanation: str
    slots_used: int
    hands_total: int
    hands_used: int
    training: dict[str, str] = field(default_factory=dict)
    companion: CompanionDef | None = None
    companion_scores: dict[AttributeId, int] = field(default_factory=dict)
    companion_hp: Vital | None = None
    companion_bones: Vital | None = None
    vehicle: VehicleDef | None = None
    vehicle_systems: list[str] = field(default_factory=list)
    vehicle_hp: int = 0
    vehicle_slots_total: int = 0
    vehicle_slots_used: int = 0
    vehicle_energy: int = 0

    def score(self, attr: AttributeId) -> int:
        return self.scores.scores[attr]


def floored(value: int, explanation: str, minimum: int | None) -> Vital:
    """A maximum HP, Energy or Bones raised to ``minimum``, the catalog's ``vital_minimum``:
    "You can never have less than 5 maximum HP, Energy or Bones." (line 394); None: no floor."""
    if minimum is not None and value < minimum:
        return Vital(minimum, f"{explanation} = {value}, raised to the minimum {minimum}")
    return Vital(value, f"{explanation} = {value}")


def augmentation_slots(character: CapitalCharacter, cats: Catalogs) -> int:
    """The Slots a Slots augmentation gives, its catalog amount: "Gain 2 Slots." (line 896);
    0 without one."""
    asset = character.special_asset
    augmentation = cats.augmentations.get(asset.asset) if asset else None
    if augmentation is None or augmentation.effect != "slots":
        return 0
    return augmentation.amount


def valid_rolls(rolls: list[HpRoll], dice: int, level: int) -> dict[int, HpRoll]:
    """The usable HP roll of each level 2..level (the first one when repeated)."""
    found: dict[int, HpRoll] = {}
    for roll in rolls:
        if (
            2 <= roll.level <= level
            and roll.level not in found
            and not dice_problems(roll.dice, dice)
        ):
            found[roll.level] = roll
    return found


def hp_steps(rolls: list[HpRoll], role_hp: RoleDef | CompanionDef, ftd: int, level: int) -> HpSteps:
    increase = role_hp.hp.increase
    usable = valid_rolls(rolls, increase.dice, level)
    total = 0
    parts: list[str] = []
    missing: list[int] = []
    for lvl in range(2, level + 1):
        roll = usable.get(lvl)
        if roll is None:
            missing.append(lvl)
            minimum = hp_increase(increase, ftd, [1] * increase.dice)
            total += minimum
            parts.append(f"L{lvl} +{minimum} (no dice: the minimum)")
        else:
            gained = hp_increase(increase, ftd, roll.dice)
            total += gained
            parts.append(f"L{lvl} +{gained} ({explain_hp_increase(increase, ftd, roll.dice)})")
    return HpSteps(total, parts, missing)


def build_sheet(character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs) -> Sheet:
    role = cats.roles.get(character.role or "")
    scores = final_scores(character, campaign, cats)
    ftd, wil = scores.scores["ftd"], scores.scores["wil"]
    level = character.level
    minimum = cats.basics.vital_minimum

    if role is None:
        max_hp = floored(0, "no Role chosen", minimum)
    else:
        steps = hp_steps(character.hp_rolls, role, ftd, level)
        healthy = sum(
            cats.systems[c.system].max_hp_per_level * level
            for c in character.systems
            if c.system in cats.systems
        )
        text = f"FTD {ftd} + {role.hp.base}"
        if steps.parts:
            text += "; " + "; ".join(steps.parts)
        if healthy:
            text += f"; Healthy +{healthy}"
        max_hp = floored(ftd + role.hp.base + steps.total + healthy, text, minimum)
    bonus = energy_bonus(level, cats)
    max_energy = floored(wil + bonus, f"WIL {wil} + {bonus} (Level {level})", minimum)
    max_bones = floored(ftd, f"FTD {ftd}", minimum)

    asset = character.special_asset
    augmentation = cats.augmentations.get(asset.asset) if asset else None
    slots = table_slots(level, campaign, cats)
    slots_text = f"Level {level}: {slots}"
    extra = augmentation_slots(character, cats)
    if extra:
        slots += extra
        slots_text += f" + Slots augmentation {extra}"
    slots_used = sum(
        cats.systems[c.system].slots or 0
        for c in character.systems
        if c.system in cats.systems and not c.gm_granted
    )
    limb = augmentation is not None and augmentation.effect == "limb"
    hands = BASE_HANDS + (augmentation.amount if augmentation is not None and limb else 0)
    sheet = Sheet(
        role,
        scores,
        max_hp,
        max_energy,
        max_bones,
        slots,
        f"{slots_text} = {slots}",
        slots_used,
        hands,
        hands_used(character, campaign, cats),
    )
    sheet.training = training(character, cats)
    _companion(sheet, character, campaign, cats)
    _vehicle(sheet, character, cats)
    return sheet


def item_hands(character: CapitalCharacter, index: int, cats: Catalogs) -> int:
    choice = character.equipment[index]
    item = cats.equipment.get(choice.item or "")
    if item is None:
        return 2 if choice.two_handed else 1
    return item.hands


def asset_hands(character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs) -> int:
    asset = character.special_asset
    if asset is None:
        return 0
    special = cats.special_weapons.get(asset.asset)
    if special is not None and asset.held:
        return 2 if special.weapon.two_handed or asset.two_handed else 1
    augmentation = cats.augmentations.get(asset.asset)
    if (
        augmentation is not None
        and augmentation.effect == "weapon"
        and campaign.augmented_weapon_uses_hand
    ):
        weapon = cats.equipment.get(asset.weapon or "")
        return weapon.hands if weapon else 1
    return 0


def hands_used(character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs) -> int:
    held = sum(
        item_hands(character, index, cats)
        for index, choice in enumerate(character.equipment)
        if choice.held
    )
    return held + asset_hands(character, campaign, cats)


def training(character: CapitalCharacter, cats: Catalogs) -> dict[str, str]:
    """Training id -> where it comes from (lines 204, 428)."""
    found: dict[str, str] = {}
    role = cats.roles.get(character.role or "")
    if role is not None:
        for ref in role.training:
            found.setdefault(ref, role.name)
    asset = character.special_asset
    if asset is not None:
        special = cats.special_weapons.get(asset.asset)
        if special is not None:
            for ref in special.grants_training:
                found.setdefault(ref, f"Special Weapon: {special.name}")
        vehicle = cats.vehicles.get(asset.asset)
        if vehicle is not None:
            found.setdefault(vehicle.training, f"Special Vehicle: {vehicle.name}")
        # "You always have Training with your own Special Asset." (line 427): whichever
        # kind it is (a Weapon, an Augmentation, a Companion or a Vehicle)
        own = own_asset_name(asset.asset, cats)
        if own:
            found.setdefault(f"your own {own}", "your own Special Asset")
    names = {entry.name.casefold(): entry.id for entry in cats.training.values()}
    for text in character.extra_training:
        # A Training the catalog does not name is printed as the player typed it.
        key = names.get(text.strip().casefold(), text.strip())
        found.setdefault(key, "extra Training")
    return found


def own_asset_name(asset_id: str, cats: Catalogs) -> str:
    """The Special Asset as its kind and name, ``Special Companion (Land Beast)``, of any
    kind ("" for an id the catalogs do not hold)."""
    kind = cats.asset_kind_of(asset_id)
    if kind is None:
        return ""
    for table in (cats.augmentations, cats.companions, cats.vehicles, cats.special_weapons):
        entry = table.get(asset_id)
        if entry is not None:
            return f"{cats.asset_kinds[kind].name} ({entry.name})"
    return ""


def _companion(
    sheet: Sheet, character: CapitalCharacter, campaign: CapitalCampaign, cats: Catalogs
) -> None:
    asset = character.special_asset
    companion = cats.companions.get(asset.asset) if asset else None
    if asset is None or companion is None:
        return
    scores: dict[AttributeId, int] = dict(companion.fixed_scores)
    for attr in companion.assign.attributes:
        scores[attr] = asset.scores.get(attr, 0)
    ftd = scores["ftd"]
    steps = hp_steps(asset.hp_rolls, companion, ftd, character.level)
    text = f"FTD {ftd} + {companion.hp.base}"
    if steps.parts:
        text += "; " + "; ".join(steps.parts)
    sheet.companion = companion
    sheet.companion_scores = scores
    floor = cats.basics.vital_minimum if campaign.companion_vital_floor else None
    sheet.companion_hp = floored(ftd + companion.hp.base + steps.total, text, floor)
    sheet.companion_bones = floored(ftd, f"FTD {ftd} (Companion keyword, line 2522)", floor)


def vehicle_system_ids(character: CapitalCharacter, vehicle: VehicleDef) -> list[str]:
    asset = character.special_asset
    chosen = [
        asset.options[group.id]
        for group in vehicle.choice_groups
        if asset is not None and group.id in asset.options
    ]
    extra = list(asset.systems) if asset is not None else []
    return [*vehicle.systems, *chosen, *extra]


def vehicle_row_slots(vehicle: VehicleDef, level: int) -> int:
    slots = vehicle.levels[0].slots or 0
    for row in vehicle.levels[:level]:
        slots = row.slots if row.slots is not None else slots
    return slots


def _vehicle(sheet: Sheet, character: CapitalCharacter, cats: Catalogs) -> None:
    asset = character.special_asset
    vehicle = cats.vehicles.get(asset.asset) if asset else None
    if asset is None or vehicle is None:
        return
    level = max(1, min(asset.level, len(vehicle.levels)))
    ids = vehicle_system_ids(character, vehicle)
    known = [cats.vehicle_systems[ref] for ref in ids if ref in cats.vehicle_systems]
    sheet.vehicle = vehicle
    sheet.vehicle_systems = ids
    sheet.vehicle_hp = vehicle.levels[level - 1].hp
    sheet.vehicle_slots_total = vehicle_row_slots(vehicle, level)
    sheet.vehicle_slots_used = sum(system.slots or 0 for system in known)
    sheet.vehicle_energy = sum(system.energy_capacity for system in known)
