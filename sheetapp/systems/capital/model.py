"""What a Capital file stores: the player's choices and play-time state, never totals."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from sheetapp.core.catalog import ID_PATTERN
from sheetapp.core.document import MAX_NAME_LENGTH, MAX_TEXT_LENGTH, CharacterDocument, FileModel
from sheetapp.systems.capital.catalog import AttributeId

MAX_LEVEL = 10


class DiceRoll(FileModel):
    """Dice as rolled by the app or entered by the player, kept so results can be re-checked."""

    dice: list[int] = Field(default_factory=list, description="each 1-6")
    method: Literal["rolled", "entered"] = "entered"


class HpRoll(DiceRoll):
    """The HP dice of one Level Up (the level reached)."""

    level: int = Field(ge=2, le=MAX_LEVEL)


class AttributeRolls(FileModel):
    """Step 5 (lines 196-205): 10d6, two discarded, eight assigned, then the Role's changes.

    ``assignment`` maps an attribute to the index of its die in ``dice``. ``base`` holds
    scores set directly when the campaign's ``attribute_method`` is ``gm_assigned``.
    """

    dice: list[int] = Field(default_factory=list, max_length=10)
    method: Literal["rolled", "entered"] = "entered"
    rerolls: int = Field(default=0, ge=0, le=1000, description="full rerolls before these dice")
    discarded: list[int] = Field(default_factory=list, description="indexes of the two discarded")
    assignment: dict[AttributeId, int] = Field(default_factory=dict)
    base: dict[AttributeId, int] = Field(default_factory=dict)


class Stories(FileModel):
    background: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    origin: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    stories: list[str] = Field(default_factory=list)


class Personality(FileModel):
    ideal: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    goal: str = Field(default="", max_length=MAX_TEXT_LENGTH)
    flaw: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SystemChoice(FileModel):
    """A System the character has: from a Slot, from the Role, innate, or given by the GM."""

    system: str = Field(pattern=ID_PATTERN)
    level: int = Field(default=1, ge=1, le=MAX_LEVEL, description="the level it was gained at")
    choice: str | None = Field(
        default=None, description="Damage Resist: a damage type; Power Under Pressure: an attribute"
    )
    gm_granted: bool = Field(default=False, description="given by the GM outside the rules")
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class EquipmentChoice(FileModel):
    """An item carried: a catalog id, or a custom item (``item`` None, ``name`` set)."""

    item: str | None = Field(default=None, pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH)
    quantity: int = Field(default=1, ge=0, le=100_000)
    damage_type: str | None = None
    option: str | None = Field(default=None, description="e.g. the Tent's size, a clothing type")
    held: bool = False
    two_handed: bool = Field(default=False, description="custom items: needs both hands")
    bought: bool = Field(
        default=False,
        title="Bought",
        description="paid for with the character's money (price × quantity); what the Role, "
        "the Outfits and the Kit give is not bought",
    )
    price: int | None = Field(
        default=None,
        ge=0,
        le=10_000_000,
        title="Price (mC)",
        description="the price the GM set, for a custom item or one with no printed price",
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class SpecialAssetChoice(FileModel):
    """The one Special Asset (line 223) and its sub-choices."""

    asset: str = Field(pattern=ID_PATTERN)
    name: str = Field(default="", max_length=MAX_NAME_LENGTH, description="its own name")
    weapon: str | None = Field(default=None, description="Weapon augmentation: a simple weapon")
    damage_type: str | None = None
    attribute: AttributeId | None = Field(default=None, description="Attribute augmentation")
    two_handed: bool = Field(default=False, description="Special Shield: the two-handed option")
    held: bool = Field(default=False, description="a Special Weapon in hand")
    scores: dict[AttributeId, int] = Field(
        default_factory=dict, description="Companion: the assigned scores"
    )
    hp_rolls: list[HpRoll] = Field(default_factory=list, description="Companion HP dice")
    level: int = Field(default=1, ge=1, le=MAX_LEVEL, description="Special Vehicle level")
    options: dict[str, str] = Field(
        default_factory=dict, description="Vehicle choice group id -> vehicle system id"
    )
    systems: list[str] = Field(
        default_factory=list, description="Vehicle Systems fitted beyond the starting ones"
    )
    note: str = Field(default="", max_length=MAX_TEXT_LENGTH)


class Vitals(FileModel):
    """Play-time state. ``None`` means at maximum."""

    hp: int | None = Field(default=None, ge=0, le=100_000)
    energy: int | None = Field(default=None, ge=0, le=100_000)
    bones: int | None = Field(default=None, ge=0, le=100_000)
    grit: int = Field(default=0, ge=0, le=100_000)
    status: list[str] = Field(default_factory=list, description="status effect ids")
    companion_hp: int | None = Field(default=None, ge=0, le=100_000)
    vehicle_hp: int | None = Field(default=None, ge=0, le=100_000)
    vehicle_energy: int | None = Field(default=None, ge=0, le=100_000)


class CapitalCharacter(FileModel):
    role: str | None = Field(default=None, pattern=ID_PATTERN)
    role_choices: dict[str, AttributeId] = Field(
        default_factory=dict, description="chosen adjustment id (plus/minus) -> attribute"
    )
    level: int = Field(default=1, ge=1, le=MAX_LEVEL)
    stories: Stories = Field(default_factory=Stories)
    personality: Personality = Field(default_factory=Personality)
    strengths: list[str] = Field(default_factory=list)
    weaknesses: list[str] = Field(default_factory=list)
    extra_training: list[str] = Field(
        default_factory=list, description="Training from the GM or a System, as text"
    )
    attributes: AttributeRolls = Field(default_factory=AttributeRolls)
    hp_rolls: list[HpRoll] = Field(default_factory=list)
    systems: list[SystemChoice] = Field(default_factory=list)
    equipment: list[EquipmentChoice] = Field(default_factory=list)
    special_asset: SpecialAssetChoice | None = None
    starting_money: int | None = Field(default=None, ge=0, le=10_000_000)
    money_adjustment: int = Field(
        default=0,
        ge=-1_000_000_000,
        le=1_000_000_000,
        title="Other money (mC)",
        description="money from outside the ledger: a GM's adjustment, or what a file from "
        "before sheetapp worked money out said the character had",
    )
    vitals: Vitals = Field(default_factory=Vitals)

    @model_validator(mode="before")
    @classmethod
    def _typed_money(cls, data: Any) -> Any:
        """Files from before money was worked out held the money on hand as a number the
        user typed (``money``). It becomes the adjustment that keeps the same money on
        hand (nothing was marked bought then), so no file loses a coin."""
        if isinstance(data, dict) and "money" in data and "money_adjustment" not in data:
            data = dict(data)
            typed = data.pop("money")
            start = data.get("starting_money")
            if isinstance(typed, int) and not isinstance(typed, bool):
                known = start if isinstance(start, int) and not isinstance(start, bool) else 0
                data["money_adjustment"] = typed - known
            else:
                data["money"] = typed  # not a number: validation names it
        return data


class CapitalCampaign(FileModel):
    """Readings groups may differ on (see README)."""

    attribute_method: Literal["roll_and_assign", "gm_assigned"] = Field(
        default="roll_and_assign",
        title="Attributes",
        description="scores from the 10d6 method (roll ten dice, keep eight, assign them), "
        "or set by the GM",
        json_schema_extra={
            "choice_labels": {
                "roll_and_assign": "Roll 10d6 and assign",
                "gm_assigned": "Set by the GM",
            }
        },
    )
    slot_table: Literal["total", "gained_per_level"] = Field(
        default="total",
        title="Level table Slots",
        description="the level table's Slots are the total at that level, or gained there",
        json_schema_extra={
            "choice_labels": {
                "total": "Total at that Level",
                "gained_per_level": "Gained at that Level",
            }
        },
    )
    companion_vital_floor: bool = Field(
        default=True,
        title="Companions have at least 5 HP and Bones",
        description="the minimum of 5 max HP and Bones also holds for companions",
    )
    augmented_weapon_uses_hand: bool = Field(
        default=False,
        title="A Weapon augmentation takes a hand",
        description="a Weapon augmentation (attached to the body) takes a hand",
    )
    gm_score_min: int = Field(
        default=4,
        ge=0,
        le=10,
        title="Lowest score the GM sets",
        description="with scores set by the GM: the Step 5 table gives scores from 4",
    )
    gm_score_max: int = Field(
        default=6,
        ge=0,
        le=10,
        title="Highest score the GM sets",
        description="with scores set by the GM: the Step 5 table gives scores up to 6",
    )
    starting_money_min: int = Field(
        default=200, ge=0, le=10_000_000, title="Starting money from (mC)"
    )
    starting_money_max: int = Field(
        default=400, ge=0, le=10_000_000, title="Starting money to (mC)"
    )


class CapitalDocument(CharacterDocument[CapitalCampaign, CapitalCharacter]):
    system: Literal["capital"] = "capital"
