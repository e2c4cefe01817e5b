"""Capital catalogs (resources/capital/*.json) as validated, cross-checked models."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from sheetapp.core.catalog import (
    CatalogEntry,
    CatalogError,
    CatalogFile,
    CatalogId,
    CatalogModel,
    index_entries,
    load_catalog,
    require_known,
)

Id = CatalogId
AttributeId = Literal["str", "ftd", "agi", "vsn", "wis", "wil", "cha", "knw"]
ATTRIBUTES: tuple[AttributeId, ...] = ("str", "ftd", "agi", "vsn", "wis", "wil", "cha", "knw")
EffectKind = Literal["action", "instant", "reaction", "passive"]


# --- basics ---------------------------------------------------------------------------


class AttributeDef(CatalogEntry):
    abbreviation: str


class ScoreRow(CatalogModel):
    dice: tuple[int, ...]
    score: int


class ScoreTable(CatalogModel):
    """Step 5's table (lines 198-203): the Attribute Score each kept d6 result gives."""

    seed_lines: tuple[int, ...]
    rows: tuple[ScoreRow, ...]

    @model_validator(mode="after")
    def _each_face_once(self) -> ScoreTable:
        faces = sorted(die for row in self.rows for die in row.dice)
        if faces != list(range(1, 7)):
            raise ValueError("the score table gives each d6 result (1 to 6) exactly one score")
        return self

    def score(self, die: int) -> int | None:
        """The score a d6 result gives; None for a number no d6 shows."""
        for row in self.rows:
            if die in row.dice:
                return row.score
        return None


class AttributeDice(CatalogModel):
    """Step 5's dice (lines 196-197): how many d6 are rolled, how many discarded."""

    seed_lines: tuple[int, ...]
    rolled: int = Field(ge=1)
    discarded: int = Field(ge=0)
    text: str


class LevelRow(CatalogModel):
    """One row of the level table; ``None`` is a blank cell (no change)."""

    level: int = Field(ge=1)
    energy_bonus: int | None
    slots: int | None


class LevelTable(CatalogModel):
    seed_lines: tuple[int, ...]
    text: str
    rows: tuple[LevelRow, ...] = Field(min_length=1)


class VitalDef(CatalogModel):
    id: Id
    name: str
    text: str
    seed_lines: tuple[int, ...]


class SizeDef(CatalogEntry):
    order: int


class DamageTypeDef(CatalogEntry):
    group: Literal["physical", "special"]


class TrainingDef(CatalogEntry):
    pass


class Suggestion(CatalogEntry):
    pass


class StartingRules(CatalogModel):
    strengths: int
    weaknesses: int
    outfits: int
    money_min: int
    money_max: int
    seed_lines: tuple[int, ...]


class HelpfulLists(CatalogModel):
    innate: tuple[str, ...]
    simple_weapons: tuple[str, ...]
    seed_lines: tuple[int, ...]
    note: str = ""


class BasicsCatalog(CatalogFile):
    attributes: tuple[AttributeDef, ...] = Field(min_length=8, max_length=8)
    score_table: ScoreTable
    attribute_dice: AttributeDice
    levels: LevelTable
    vitals: tuple[VitalDef, ...]
    #: "You can never have less than 5 maximum HP, Energy or Bones." (line 394)
    vital_minimum: int
    sizes: tuple[SizeDef, ...]
    damage_types: tuple[DamageTypeDef, ...]
    training: tuple[TrainingDef, ...]
    ideals: tuple[Suggestion, ...]
    goals: tuple[Suggestion, ...]
    flaws: tuple[Suggestion, ...]
    strength_ideas: tuple[str, ...]
    starting: StartingRules
    helpful_lists: HelpfulLists


# --- attacks and weapons ----------------------------------------------------------------


class AttackDef(CatalogModel):
    """``[Range] Attack: [Hit] vs [Dodge]. [Damage] [Type] damage. [Special].`` (line 448)."""

    range: str
    hit: AttributeId | Literal["fixed_7"]
    defense: AttributeId
    damage: str
    damage_type: str = Field(description="a damage type id, or '*' for the chosen one")
    shots: str | None = None
    special: str = ""
    when: Literal["always", "trained"] = "always"
    energy: int | None = Field(default=None, description="Energy a vehicle spends")


class WeaponStats(CatalogModel):
    kind: Literal["melee", "gun"]
    simple: bool = False
    subtype: str | None = None
    training: tuple[Id, ...] = ()
    damage_types: tuple[Id, ...] = ()
    two_handed: bool = False
    heavy: int | None = None
    heavy_unless_training: bool = False
    ammo: int | None = None
    block: int | None = None
    attacks: tuple[AttackDef, ...] = ()

    @property
    def printed_damage_types(self) -> tuple[str, ...]:
        """The damage types the weapon can deal: the choice it offers ("Available with
        Sharp or Heat damage"), else the types its attack lines print (the Simple Dagger's
        "8 Sharp damage")."""
        if self.damage_types:
            return self.damage_types
        printed = (a.damage_type for a in self.attacks if a.damage_type != "*")
        return tuple(dict.fromkeys(printed))


class EquipmentDef(CatalogEntry):
    category: str
    price: int | None = Field(default=None, description="mC")
    rarity: Literal["Common", "Uncommon", "Rare"] | None = None
    held: bool = Field(description="used by holding it (takes hands)")
    weapon: WeaponStats | None = None
    contains: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    option_prices: dict[str, int] = Field(default_factory=dict)
    appendix: bool = True

    @property
    def hands(self) -> int:
        return 2 if self.weapon is not None and self.weapon.two_handed else 1


class EquipmentCatalog(CatalogFile):
    equipment: tuple[EquipmentDef, ...]


# --- roles ------------------------------------------------------------------------------


class FixedAdjustment(CatalogModel):
    attribute: AttributeId
    delta: int


class ChosenAdjustment(CatalogModel):
    id: Id
    delta: int
    options: tuple[AttributeId, ...] = Field(min_length=2)


class Adjustments(CatalogModel):
    fixed: tuple[FixedAdjustment, ...]
    choices: tuple[ChosenAdjustment, ...]


class HpIncrease(CatalogModel):
    """Each Level Up: max(dice·d6 + FTD + bonus, minimum [+ FTD])."""

    dice: int = Field(ge=1)
    bonus: int
    minimum: int
    minimum_adds_ftd: bool = True

    def describe(self) -> str:
        bonus = (
            f" + {self.bonus}" if self.bonus > 0 else (f" - {-self.bonus}" if self.bonus else "")
        )
        floor = f"FTD + {self.minimum}" if self.minimum_adds_ftd else str(self.minimum)
        return f"{self.dice}d6 + FTD{bonus} (minimum {floor})"


class HpFormula(CatalogModel):
    base: int = Field(description="Level 1: FTD + base")
    increase: HpIncrease


class StartingItem(CatalogModel):
    """Satisfied by an equipment entry whose item is listed, or that has the tag."""

    id: Id
    text: str
    items: tuple[Id, ...] = ()
    tag: Literal["simple_weapon", "simple_melee_weapon"] | None = None


class RoleSystem(CatalogModel):
    level: int = Field(ge=1, le=10)
    system: Id
    signature: bool = False


class RoleDef(CatalogEntry):
    kind: str
    adjustments: Adjustments
    hp: HpFormula
    starting_equipment: tuple[StartingItem, ...]
    training: tuple[Id, ...]
    systems: tuple[RoleSystem, ...]


class RoleCatalog(CatalogFile):
    roles: tuple[RoleDef, ...]


# --- special assets -----------------------------------------------------------------------


class AssetKindDef(CatalogEntry):
    pass


class AugmentationDef(CatalogEntry):
    effect: Literal["weapon", "slots", "attribute", "limb"]
    amount: int = 0
    category: str
    choices: tuple[str, ...] = ()


class ScoreAssignment(CatalogModel):
    attributes: tuple[AttributeId, ...]
    values: tuple[int, ...]


class CompanionDef(CatalogEntry):
    size: Id
    unit_type: str
    assign: ScoreAssignment
    fixed_scores: dict[AttributeId, int]
    hp: HpFormula
    flying: bool = False
    attacks: tuple[AttackDef, ...]


class VehicleLevel(CatalogModel):
    level: int = Field(ge=1, le=10)
    hp: int
    slots: int | None


class ChoiceGroup(CatalogModel):
    id: Id
    label: str
    options: tuple[Id, ...] = Field(min_length=2)


class VehicleDef(CatalogEntry):
    size: Id
    vehicle_type: Id
    terrain: str
    terminals: int
    passengers: int
    training: Id
    needs_training: bool
    defense: str
    systems: tuple[Id, ...]
    choice_groups: tuple[ChoiceGroup, ...] = ()
    levels: tuple[VehicleLevel, ...] = Field(min_length=10, max_length=10)


class TwoHandedOption(CatalogModel):
    damage: str
    block: int


class SpecialWeaponDef(CatalogEntry):
    category: str
    grants_training: tuple[Id, ...]
    weapon: WeaponStats
    two_handed_option: TwoHandedOption | None = None


class AssetCatalog(CatalogFile):
    kinds: tuple[AssetKindDef, ...]
    augmentations: tuple[AugmentationDef, ...]
    companions: tuple[CompanionDef, ...]
    vehicles: tuple[VehicleDef, ...]
    weapons: tuple[SpecialWeaponDef, ...]


# --- systems --------------------------------------------------------------------------------


class Requirement(CatalogModel):
    roles: tuple[Id, ...] = ()
    systems_any: tuple[Id, ...] = ()
    asset_kind: Literal["augmentation", "companion", "vehicle", "weapon"] | None = None


class SystemDef(CatalogEntry):
    category: str
    slots: int | None = Field(ge=0, description="None: not selectable unless granted")
    role: Id | None = None
    requires: Requirement = Requirement()
    replaces: Id | None = None
    repeatable: bool = False
    repeat_choice: Literal["damage_type", "attribute"] | None = None
    innate: bool = False
    signature: bool = False
    energy: str = ""
    effects: tuple[EffectKind, ...] = ()
    cooldown: str = ""
    max_hp_per_level: int = 0


class SystemCatalog(CatalogFile):
    slot_systems: tuple[SystemDef, ...]
    other_systems: tuple[SystemDef, ...]


class Limited(CatalogModel):
    sizes: tuple[Id, ...] = ()
    vehicle_types: tuple[Id, ...] = ()
    text: str


class VehicleSystemDef(CatalogEntry):
    category: str
    slots: int | None = Field(ge=0)
    limited: Limited | None = None
    atmospheric: bool = False
    ammo: int | None = None
    energy_capacity: int = 0
    flying: bool = False
    damage_types: tuple[Id, ...] = ()
    attacks: tuple[AttackDef, ...] = ()


class VehicleSystemCatalog(CatalogFile):
    vehicle_systems: tuple[VehicleSystemDef, ...]


# --- reference --------------------------------------------------------------------------------


class ReferenceEntry(CatalogEntry):
    appendix: bool = True


class ReferenceCatalog(CatalogFile):
    status_effects: tuple[ReferenceEntry, ...]
    keywords: tuple[ReferenceEntry, ...]


# --- everything, indexed --------------------------------------------------------------------


class Catalogs:
    """Every Capital catalog, indexed by id and cross-checked."""

    def __init__(self) -> None:
        basics = load_catalog("capital/basics.json", BasicsCatalog)
        roles = load_catalog("capital/roles.json", RoleCatalog)
        assets = load_catalog("capital/assets.json", AssetCatalog)
        equipment = load_catalog("capital/equipment.json", EquipmentCatalog)
        systems = load_catalog("capital/systems.json", SystemCatalog)
        vehicle_systems = load_catalog("capital/vehicle_systems.json", VehicleSystemCatalog)
        reference = load_catalog("capital/reference.json", ReferenceCatalog)
        self.basics = basics
        self.attributes = index_entries("capital/basics.json", basics.attributes)
        self.sizes = index_entries("capital/basics.json", basics.sizes)
        self.damage_types = index_entries("capital/basics.json", basics.damage_types)
        self.training = index_entries("capital/basics.json", basics.training)
        self.level_rows = basics.levels.rows
        self.roles = index_entries("capital/roles.json", roles.roles)
        self.asset_kinds = index_entries("capital/assets.json", assets.kinds)
        self.augmentations = index_entries("capital/assets.json", assets.augmentations)
        self.companions = index_entries("capital/assets.json", assets.companions)
        self.vehicles = index_entries("capital/assets.json", assets.vehicles)
        self.special_weapons = index_entries("capital/assets.json", assets.weapons)
        self.equipment = index_entries("capital/equipment.json", equipment.equipment)
        self.slot_systems = index_entries("capital/systems.json", systems.slot_systems)
        self.other_systems = index_entries("capital/systems.json", systems.other_systems)
        self.systems = index_entries(
            "capital/systems.json", (*systems.slot_systems, *systems.other_systems)
        )
        self.vehicle_systems = index_entries(
            "capital/vehicle_systems.json", vehicle_systems.vehicle_systems
        )
        self.status_effects = index_entries("capital/reference.json", reference.status_effects)
        self.keywords = index_entries("capital/reference.json", reference.keywords)
        self._cross_check()

    def asset_kind_of(self, asset_id: str) -> str | None:
        """Which kind of Special Asset an id names (ids are unique across the kinds)."""
        for kind, table in (
            ("augmentation", self.augmentations),
            ("companion", self.companions),
            ("vehicle", self.vehicles),
            ("weapon", self.special_weapons),
        ):
            if asset_id in table:
                return kind
        return None

    def is_simple_weapon(self, item_id: str, melee_only: bool = False) -> bool:
        item = self.equipment.get(item_id)
        if item is None or item.weapon is None:
            return False
        simple = item.weapon.simple or item_id in self.basics.helpful_lists.simple_weapons
        return simple and (not melee_only or item.weapon.kind == "melee")

    def _cross_check(self) -> None:
        self._check_unique_asset_ids()
        self._check_roles()
        self._check_systems()
        self._check_weapons()
        self._check_vehicles()
        for ref in self.basics.helpful_lists.simple_weapons:
            require_known(
                "capital/basics.json", "helpful_lists", "simple_weapons", ref, self.equipment
            )
        for ref in self.basics.helpful_lists.innate:
            require_known("capital/basics.json", "helpful_lists", "innate", ref, self.systems)
        rows = self.level_rows
        if [row.level for row in rows] != list(range(1, len(rows) + 1)):
            raise CatalogError("capital/basics.json", "levels", "levels must run 1, 2, 3, ...")
        if rows[0].energy_bonus is None or rows[0].slots is None:
            raise CatalogError("capital/basics.json", "levels", "level 1 cannot have blank cells")

    def _check_unique_asset_ids(self) -> None:
        seen: set[str] = set()
        for table in (self.augmentations, self.companions, self.vehicles, self.special_weapons):
            for asset_id in table:
                if asset_id in seen:
                    raise CatalogError("capital/assets.json", asset_id, "the id is used twice")
                seen.add(asset_id)

    def _check_roles(self) -> None:
        file = "capital/roles.json"
        for role in self.roles.values():
            for item in role.starting_equipment:
                for ref in item.items:
                    require_known(file, role.id, "starting_equipment", ref, self.equipment)
            for ref in role.training:
                require_known(file, role.id, "training", ref, self.training)
            for granted in role.systems:
                require_known(file, role.id, "systems", granted.system, self.systems)

    def _check_systems(self) -> None:
        file = "capital/systems.json"
        for system in self.systems.values():
            for ref in system.requires.systems_any:
                require_known(file, system.id, "requires", ref, self.systems)
            for ref in system.requires.roles:
                require_known(file, system.id, "requires", ref, self.roles)
            if system.replaces:
                require_known(file, system.id, "replaces", system.replaces, self.systems)
            if system.role:
                require_known(file, system.id, "role", system.role, self.roles)
            if system.repeatable != (system.repeat_choice is not None):
                raise CatalogError(file, system.id, "repeatable needs a repeat_choice")

    def _check_weapons(self) -> None:
        for file, table in (
            ("capital/equipment.json", self.equipment),
            ("capital/assets.json", self.special_weapons),
        ):
            for entry_id, item in table.items():
                weapon = item.weapon
                if weapon is None:
                    continue
                for ref in weapon.damage_types:
                    require_known(file, entry_id, "damage_types", ref, self.damage_types)
                for ref in weapon.training:
                    require_known(file, entry_id, "training", ref, self.training)
                for attack in weapon.attacks:
                    self._check_attack(file, entry_id, attack, bool(weapon.damage_types))
        for entry_id, special in self.special_weapons.items():
            for ref in special.grants_training:
                require_known(
                    "capital/assets.json", entry_id, "grants_training", ref, self.training
                )

    def _check_attack(self, file: str, entry_id: str, attack: AttackDef, chosen: bool) -> None:
        if attack.damage_type == "*":
            if not chosen:
                raise CatalogError(file, entry_id, "an attack with '*' damage needs damage_types")
        else:
            require_known(file, entry_id, "damage_type", attack.damage_type, self.damage_types)

    def _check_vehicles(self) -> None:
        for vehicle in self.vehicles.values():
            file = "capital/assets.json"
            require_known(file, vehicle.id, "size", vehicle.size, self.sizes)
            require_known(file, vehicle.id, "training", vehicle.training, self.training)
            for ref in vehicle.systems:
                require_known(file, vehicle.id, "systems", ref, self.vehicle_systems)
            for group in vehicle.choice_groups:
                for ref in group.options:
                    require_known(file, vehicle.id, "choice_groups", ref, self.vehicle_systems)
            if vehicle.levels[0].slots is None:
                raise CatalogError(file, vehicle.id, "level 1 needs its Slots")
        for companion in self.companions.values():
            require_known("capital/assets.json", companion.id, "size", companion.size, self.sizes)
            assigned = set(companion.assign.attributes)
            if assigned & set(companion.fixed_scores) or assigned | set(
                companion.fixed_scores
            ) != set(ATTRIBUTES):
                raise CatalogError(
                    "capital/assets.json",
                    companion.id,
                    "assigned and fixed scores must cover the eight attributes once each",
                )
            if len(companion.assign.values) != len(companion.assign.attributes):
                raise CatalogError("capital/assets.json", companion.id, "one value per attribute")
        for system in self.vehicle_systems.values():
            file = "capital/vehicle_systems.json"
            for ref in system.limited.sizes if system.limited else ():
                require_known(file, system.id, "limited.sizes", ref, self.sizes)
            for attack in system.attacks:
                self._check_attack(file, system.id, attack, bool(system.damage_types))


@cache
def catalogs() -> Catalogs:
    return Catalogs()
