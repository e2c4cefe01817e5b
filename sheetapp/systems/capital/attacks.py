"""Attack lines in the seed's own format (line 448)::

[Range] Attack: [Hit Attribute] vs [Dodge Attribute]. [Damage] [Damage type] damage.
[Special Rules].
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.core.issues import DataPath
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.capital.catalog import AttackDef, Catalogs, WeaponStats
from sheetapp.systems.capital.model import CapitalCharacter, EquipmentChoice
from sheetapp.systems.capital.sheet import Sheet

#: "Melee Attack: STR vs STR. 2 (*) damage. ..." (line 547)
UNARMED = AttackDef(
    range="Melee",
    hit="str",
    defense="str",
    damage="2",
    damage_type="*",
    special="Choose Blunt or Sharp Damage depending on the nature of the attack. "
    "This is an Unarmed Attack.",
)


@dataclass(frozen=True, slots=True)
class AttackLine:
    source: str
    line: str
    roll: str
    path: DataPath


def format_attack(
    attack: AttackDef, damage_type: str | None, cats: Catalogs, damage: str | None = None
) -> str:
    hit = "Fixed 7" if attack.hit == "fixed_7" else attack.hit.upper()
    if attack.damage_type == "*":
        kind = cats.damage_types[damage_type].name if damage_type in cats.damage_types else "(*)"
    else:
        kind = cats.damage_types[attack.damage_type].name
    text = f"{attack.range} Attack: {hit} vs {attack.defense.upper()}. "
    text += f"{damage or attack.damage} {kind} damage."
    if attack.shots:
        text += f" {attack.shots} Shots."
    if attack.special:
        text += f" {attack.special}"
    if attack.energy is not None:
        text = f"({attack.energy} Energy) {text}"
    return text


def roll_text(attack: AttackDef, sheet: Sheet | None, scores: dict[str, int] | None = None) -> str:
    if attack.hit == "fixed_7":
        return "Attack Roll 2d6 + 7"
    values: dict[str, int] = {}
    values.update(scores or {})
    if sheet is not None and not values:
        values.update({str(k): v for k, v in sheet.scores.scores.items()})
    return f"Attack Roll 2d6 + {attack.hit.upper()} {values.get(attack.hit, 0)}"


def weapon_lines(  # noqa: PLR0917
    name: str,
    weapon: WeaponStats,
    damage_type: str | None,
    trained: bool,
    sheet: Sheet,
    cats: Catalogs,
    path: DataPath,
    two_handed_damage: str | None = None,
) -> list[AttackLine]:
    lines = []
    for attack in weapon.attacks:
        if attack.when == "trained" and not trained:
            continue
        source = f"{name} (Training)" if attack.when == "trained" else name
        text = format_attack(attack, damage_type, cats, two_handed_damage)
        lines.append(AttackLine(source, text, roll_text(attack, sheet), path))
    return lines


def is_trained(weapon: WeaponStats, sheet: Sheet) -> bool:
    return any(ref in sheet.training for ref in weapon.training)


_ITEM_ATTACKS: Memo[IdentityMemo[list[AttackLine]]] = Memo(
    "capital:item_attacks",
    "the character's equipment",
    "each entry's attack lines, kept while the entry, its place, the scores and the "
    "training are unchanged (1,000 items: an edit rebuilt every weapon's lines)",
    IdentityMemo,
)


def _item_attacks(
    index: int, choice: EquipmentChoice, sheet: Sheet, cats: Catalogs
) -> list[AttackLine]:
    item = cats.equipment.get(choice.item or "")
    if item is None or item.weapon is None:
        return []
    name = choice.name or item.name
    if choice.held:
        name += " (in hand)"
    path: DataPath = ("character", "equipment", index)
    trained = is_trained(item.weapon, sheet)
    return weapon_lines(name, item.weapon, choice.damage_type, trained, sheet, cats, path)


def character_attacks(
    character: CapitalCharacter, sheet: Sheet, cats: Catalogs
) -> list[AttackLine]:
    # what a line reads besides its entry: the scores (its roll), the training, the catalogs
    context = (tuple(sheet.scores.scores.items()), tuple(sheet.training), id(cats))
    per_item = _ITEM_ATTACKS.current().each(
        character.equipment,
        context,
        lambda index, choice: _item_attacks(index, choice, sheet, cats),
    )
    lines: list[AttackLine] = [line for item_lines in per_item for line in item_lines]
    asset = character.special_asset
    if asset is not None:
        path = ("character", "special_asset")
        special = cats.special_weapons.get(asset.asset)
        if special is not None:
            option = special.two_handed_option if asset.two_handed else None
            damage = option.damage if option else None
            name = asset.name or f"Special {special.name}"
            lines += weapon_lines(
                name, special.weapon, asset.damage_type, True, sheet, cats, path, damage
            )
        augmentation = cats.augmentations.get(asset.asset)
        weapon = cats.equipment.get(asset.weapon or "")
        if (
            augmentation is not None
            and augmentation.effect == "weapon"
            and weapon
            and weapon.weapon
        ):
            name = asset.name or f"{weapon.name} (augmentation)"
            trained = is_trained(weapon.weapon, sheet)
            lines += weapon_lines(
                name, weapon.weapon, asset.damage_type, trained, sheet, cats, path
            )
    lines.append(
        AttackLine("Unarmed", format_attack(UNARMED, None, cats), roll_text(UNARMED, sheet), ())
    )
    return lines


def companion_attacks(sheet: Sheet, cats: Catalogs) -> list[AttackLine]:
    if sheet.companion is None:
        return []
    scores: dict[str, int] = {}
    scores.update({str(k): v for k, v in sheet.companion_scores.items()})
    return [
        AttackLine(
            sheet.companion.name,
            format_attack(attack, None, cats),
            roll_text(attack, None, scores),
            ("character", "special_asset"),
        )
        for attack in sheet.companion.attacks
    ]


def vehicle_attacks(character: CapitalCharacter, sheet: Sheet, cats: Catalogs) -> list[AttackLine]:
    """Vehicle Attacks use the Operator's scores (line 604)."""
    asset = character.special_asset
    lines = []
    for ref in sheet.vehicle_systems:
        system = cats.vehicle_systems.get(ref)
        if system is None:
            continue
        for attack in system.attacks:
            damage_type = asset.damage_type if asset is not None else None
            lines.append(
                AttackLine(
                    system.name,
                    format_attack(attack, damage_type, cats),
                    roll_text(attack, sheet),
                    ("character", "special_asset"),
                )
            )
    return lines
