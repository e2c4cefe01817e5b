"""Every purchase of a character priced once: characteristics, skills, talents, powers and
disadvantages, each with its cost and how it is worked out. The evaluation, the rules,
the editor's cells and the sheet read these rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from operator import attrgetter

from sheetapp.core.memo import ByValue, Latest, Memo
from sheetapp.core.unchanged import IdentityMemo
from sheetapp.systems.hero_xmen.catalog import (
    PRIMARIES,
    Catalogs,
    CategoryLadder,
    CharacteristicDef,
    DisadvantageKind,
    GeneralSkillDef,
    PowerDef,
    SkillDef,
    TalentDef,
)
from sheetapp.systems.hero_xmen.costs import (
    DisadvantageValue,
    PowerPoints,
    characteristic_base,
    characteristic_cost,
    cost_per_point,
    disadvantage_value,
    elemental_slot_cost,
    end_cost,
    exact,
    fraction_text,
    ladder_cost,
    ladder_explanation,
    multipower_slot_cost,
    power_points,
    quarter,
    roll_modifier,
    round_half,
    signed,
)
from sheetapp.systems.hero_xmen.model import (
    FRAMEWORK_LABELS,
    CharacteristicBuy,
    DisadvantageChoice,
    FrameworkChoice,
    HeroCampaign,
    HeroCharacter,
    PowerAdder,
    PowerChoice,
    SkillChoice,
    TalentChoice,
)


@dataclass(frozen=True, slots=True)
class CharRow:
    char: CharacteristicDef
    index: int | None
    base: int
    base_text: str
    bought: int
    value: int
    per_point: float
    cost: int
    roll: int | None

    @property
    def explanation(self) -> str:
        per = f"{self.per_point:g}"
        sold = " (sold back)" if self.bought < 0 else ""
        return (
            f"{self.base_text}; {signed(self.bought)} bought × {per} per point = {self.cost}{sold}"
        )


@dataclass(frozen=True, slots=True)
class SkillRow:
    index: int
    name: str
    kind: str
    category: str
    characteristic: str | None
    level: int
    cost: int
    explanation: str
    roll: int | None
    catalog: SkillDef | GeneralSkillDef | None

    @property
    def roll_text(self) -> str:
        """The roll as the seed writes a Characteristic roll: ``DEX +2`` (3d6 + 2)."""
        if self.characteristic is None or self.roll is None:
            return ""
        return f"{self.characteristic.upper()} {signed(self.roll)}"


@dataclass(frozen=True, slots=True)
class TalentRow:
    index: int
    name: str
    level: int
    cost: int
    explanation: str
    roll: int | None
    catalog: TalentDef | None


@dataclass(frozen=True, slots=True)
class PowerRow:
    index: int
    name: str
    points: PowerPoints
    measure: str
    catalog: PowerDef | None
    end: int = 0
    end_text: str = ""
    mental: bool = False
    modifier_ids: tuple[str, ...] = ()

    @property
    def explanation(self) -> str:
        return (
            f"{self.measure}; {self.points.explanation}"
            if self.measure
            else self.points.explanation
        )


@dataclass(frozen=True, slots=True)
class FrameworkRow:
    """A Power Framework and what it costs: a Multipower's reserve, an Elemental
    Control's pool."""

    index: int
    name: str
    kind: str
    points: int
    cost: int
    explanation: str
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SlotRow:
    """A power as a slot of a framework: what it costs there instead of its Real Points."""

    power: int
    framework: int
    kind: str
    cost: int
    explanation: str


@dataclass(frozen=True, slots=True)
class DisadvantageRow:
    index: int
    name: str
    kind: DisadvantageKind
    value: DisadvantageValue


@dataclass(frozen=True)
class Build:
    chars: dict[str, CharRow]
    char_rows: tuple[CharRow, ...]
    skills: tuple[SkillRow, ...]
    talents: tuple[TalentRow, ...]
    powers: tuple[PowerRow, ...]
    disadvantages: tuple[DisadvantageRow, ...]
    frameworks: tuple[FrameworkRow, ...] = ()
    slots: dict[int, SlotRow] = field(default_factory=dict)

    def power_cost(self, row: PowerRow) -> int:
        """What the power costs: its slot's cost in a framework, else its Real Points."""
        slot = self.slots.get(row.index)
        return slot.cost if slot is not None else row.points.real

    @cached_property
    def frameworks_cost(self) -> int:
        return sum(row.cost for row in self.frameworks)

    @cached_property
    def characteristics_cost(self) -> int:
        return sum(row.cost for row in self.char_rows)

    @cached_property
    def skills_cost(self) -> int:
        return sum(row.cost for row in self.skills)

    @cached_property
    def talents_cost(self) -> int:
        return sum(row.cost for row in self.talents)

    @cached_property
    def powers_cost(self) -> int:
        return sum(map(self.power_cost, self.powers)) + self.frameworks_cost

    @cached_property
    def active_points(self) -> int:
        return sum(row.points.active for row in self.powers)

    @cached_property
    def spent(self) -> int:
        return self.characteristics_cost + self.skills_cost + self.talents_cost + self.powers_cost

    @cached_property
    def disadvantage_points(self) -> int:
        return sum(max(0, row.value.value) for row in self.disadvantages)

    def value(self, char_id: str) -> int:
        return self.chars[char_id].value


# --- characteristics ---------------------------------------------------------------------


def _first_buys(character: HeroCharacter) -> dict[str, tuple[int, CharacteristicBuy]]:
    found: dict[str, tuple[int, CharacteristicBuy]] = {}
    for index, buy in enumerate(character.characteristics):
        found.setdefault(buy.characteristic, (index, buy))
    return found


_CHAR_ROWS_MAX = 256
_CHAR_ROWS: Memo[ByValue[dict[str, CharRow]]] = Memo(
    "hero-xmen:characteristic_rows",
    "the character's characteristics",
    "the characteristic rows depend only on the buys and the campaign: the editor's cells "
    "(a dozen per skill row) ask for them again and again between two edits",
    lambda: ByValue(_CHAR_ROWS_MAX),
)


def characteristic_rows(
    character: HeroCharacter, campaign: HeroCampaign, cats: Catalogs
) -> dict[str, CharRow]:
    """Every characteristic (one the list lacks is at its base, free); a characteristic
    listed twice counts once (the rules report the second)."""
    kept = _LAST_ROWS.current()
    last = kept.get()
    if last is not None and last.holds(character, campaign, cats):
        return last.rows
    found = _rows_by_values(character, campaign, cats)
    kept.keep(_LastRows(character, campaign, cats, found))
    return found


class _LastRows:
    """The last answer of :func:`characteristic_rows`, told still right by identities: the
    same buys list whose buys still have the ``__dict__`` objects they had (a stored model
    gets a new one at each assignment; an added or replaced buy brings its own), the
    same campaign ``__dict__``, the same catalogs. The editor's characteristic cells (a
    dozen per row) ask between two edits; making the value key each time cost ~2 ms of a
    HERO window undo."""

    __slots__ = ("buys", "campaign", "cats", "dicts", "rows")

    def __init__(
        self,
        character: HeroCharacter,
        campaign: HeroCampaign,
        cats: Catalogs,
        rows: dict[str, CharRow],
    ) -> None:
        self.buys = character.characteristics
        self.dicts = list(map(_FIELDS, self.buys))
        self.campaign = campaign.__dict__
        self.cats = cats
        self.rows = rows

    def holds(self, character: HeroCharacter, campaign: HeroCampaign, cats: Catalogs) -> bool:
        buys = character.characteristics
        return (
            buys is self.buys
            and cats is self.cats
            and campaign.__dict__ is self.campaign
            and list(map(_FIELDS, buys)) == self.dicts
        )


_LAST_ROWS: Memo[Latest[_LastRows]] = Memo(
    "hero-xmen:last_characteristic_rows",
    "the character's characteristics",
    "the last characteristic rows, told still right by identities (_LastRows)",
    Latest,
)
_FIELDS = attrgetter("__dict__")


def _rows_by_values(
    character: HeroCharacter, campaign: HeroCampaign, cats: Catalogs
) -> dict[str, CharRow]:
    key = (
        tuple((b.characteristic, b.bought) for b in character.characteristics),
        # every setting but the core-book prices (a mapping; they price no characteristic)
        tuple(
            getattr(campaign, name) for name in type(campaign).model_fields if name != "core_prices"
        ),
        id(cats),
    )
    return _CHAR_ROWS.current().get_or_make(
        key, lambda: _characteristic_rows(character, campaign, cats)
    )


def _characteristic_rows(
    character: HeroCharacter, campaign: HeroCampaign, cats: Catalogs
) -> dict[str, CharRow]:
    buys = _first_buys(character)
    rows: dict[str, CharRow] = {}
    primaries: dict[str, int] = {}
    ordered = sorted(cats.characteristics.values(), key=lambda c: c.group != "primary")
    for char in ordered:
        index, buy = buys.get(char.id, (None, None))
        bought = buy.bought if buy is not None else 0
        if char.group == "figured":
            base, base_text = characteristic_base(char, primaries, campaign.figured_rounding)
        else:
            base, base_text = char.base, f"base {char.base}"
        per_point = cost_per_point(char, campaign)
        cost = characteristic_cost(bought, per_point, campaign.point_rounding)
        value = base + bought
        roll = roll_modifier(value, cats.roll_modifiers) if char.group == "primary" else None
        rows[char.id] = CharRow(char, index, base, base_text, bought, value, per_point, cost, roll)
        if char.id in PRIMARIES:
            primaries[char.id] = value
    return {char_id: rows[char_id] for char_id in cats.characteristics}


# --- skills --------------------------------------------------------------------------------


def _vehicle_cost(choice: SkillChoice, skill: SkillDef) -> tuple[int, str]:
    if skill.vehicle_categories is None or len(choice.vehicles) <= 1:
        return 0, ""
    extra = len(choice.vehicles) - 1
    cost = extra * skill.extra_category_cost
    noun = "category" if extra == 1 else "categories"
    return cost, f"; {extra} more {noun} × {skill.extra_category_cost} = {cost}"


def skill_name(choice: SkillChoice, cats: Catalogs) -> str:
    entry = cats.skills.get(choice.skill or "") or cats.general.get(choice.skill or "")
    if entry is None:
        return choice.name.strip() or (choice.skill or "Custom skill")
    if choice.name.strip():
        return f"{entry.name}: {choice.name.strip()}"
    return entry.name


def price_skill(
    index: int,
    choice: SkillChoice,
    chars: dict[str, CharRow],
    campaign: HeroCampaign,
    cats: Catalogs,
) -> SkillRow:
    name = skill_name(choice, cats)
    general = cats.general.get(choice.skill or "")
    if general is not None:
        return _price_general(index, choice, name, general, campaign)
    skill = cats.skills.get(choice.skill or "")
    if skill is not None:
        skill_type, category = skill.type, skill.category
    elif choice.custom_type not in (None, "general") and choice.custom_category is not None:
        skill_type, category = choice.custom_type, choice.custom_category
    else:
        return _price_custom_general(index, choice, name)
    assert skill_type is not None
    char_id = cats.types[skill_type].characteristic
    ladder = cats.ladders[category]
    cost, explanation = _ladder_price(choice, ladder, campaign)
    if skill is not None:
        extra, extra_text = _vehicle_cost(choice, skill)
        cost += extra
        explanation += extra_text
    roll = None
    if char_id is not None:
        roll = (chars[char_id].roll or 0) + max(choice.level, -3)
    return SkillRow(
        index,
        name,
        cats.types[skill_type].name.removesuffix(" Skills"),
        ladder.name,
        char_id,
        choice.level,
        cost,
        explanation,
        roll,
        skill,
    )


def _price_custom_general(index: int, choice: SkillChoice, name: str) -> SkillRow:
    """A custom General Skill: the points entered."""
    points = choice.points or 0
    return SkillRow(
        index,
        name,
        "General",
        "",
        None,
        choice.level,
        points,
        f"custom General Skill: {points} points as entered",
        None,
        None,
    )


def _ladder_price(
    choice: SkillChoice, ladder: CategoryLadder, campaign: HeroCampaign
) -> tuple[int, str]:
    """The step's cost on its category's ladder; an Everyperson Skill free at -3, and
    improved at the difference or at full cost as the campaign says."""
    cost = ladder_cost(ladder, choice.level)
    explanation = ladder_explanation(ladder, choice.level)
    if choice.everyperson:
        if choice.level <= -3:
            cost, explanation = 0, "Everyperson Skill: free at -3"
        elif campaign.everyperson_improvement == "difference":
            cost -= ladder.at_minus_3
            explanation += f"; Everyperson: -{ladder.at_minus_3} for the free -3 = {cost}"
        else:
            explanation += "; Everyperson Skill improved: full cost"
    return cost, explanation


def _price_general(
    index: int, choice: SkillChoice, name: str, entry: GeneralSkillDef, campaign: HeroCampaign
) -> SkillRow:
    option = entry.option(choice.option)
    units = max(choice.level, 0)
    paid = units - 1 if choice.everyperson and units >= 1 else units
    cost = round_half(exact(option.cost) * paid, campaign.point_rounding)
    explanation = (
        f"{option.name}: {units} {option.unit}{'s' if units != 1 else ''} × {option.cost:g}"
    )
    if paid != units:
        explanation += "; one free (Everyperson)"
    explanation += f" = {cost}"
    return SkillRow(index, name, "General", "", None, choice.level, cost, explanation, None, entry)


# --- talents -------------------------------------------------------------------------------


def price_talent(
    index: int,
    choice: TalentChoice,
    chars: dict[str, CharRow],
    campaign: HeroCampaign,
    cats: Catalogs,
) -> TalentRow:
    talent = cats.talents.get(choice.talent)
    if talent is None:
        return TalentRow(index, choice.talent, choice.level, 0, "not in the rules", None, None)
    roll = None
    if talent.pricing == "ladder" and talent.ladder is not None:
        ladder = cats.ladders[talent.ladder]
        cost = ladder_cost(ladder, choice.level)
        explanation = ladder_explanation(ladder, choice.level)
        if talent.characteristic is not None:
            roll = (chars[talent.characteristic].roll or 0) + max(choice.level, -3)
    else:
        levels = abs(choice.level)
        cost = levels * talent.cost_per_level
        explanation = f"{levels} × {talent.cost_per_level} = {cost}"
        if talent.signed and choice.level < 0 and campaign.unattractive == "gives_points":
            cost = -cost
            explanation = f"Unattractive: {levels} × {talent.cost_per_level} given back = {cost}"
        elif talent.signed:
            word = "Unattractive" if choice.level < 0 else "Attractive"
            explanation = f"{word} {signed(choice.level)}: {explanation}"
    return TalentRow(
        index, talent_name(choice, talent), choice.level, cost, explanation, roll, talent
    )


def talent_name(choice: TalentChoice, talent: TalentDef) -> str:
    if talent.signed:
        return "Unattractive" if choice.level < 0 else "Attractive"
    return talent.name


# --- powers --------------------------------------------------------------------------------


def power_name(choice: PowerChoice, cats: Catalogs) -> str:
    power = cats.powers.get(choice.power or "")
    own = choice.name.strip()
    if power is None:
        return own or "Custom power"
    return f"{own} ({power.name})" if own else power.name


def modifier_value(raw_value: float, modifier_id: str | None, cats: Catalogs) -> Fraction:
    """A modifier's value: the rules' value for a catalog modifier, else the entered one."""
    known = cats.modifiers.get(modifier_id or "")
    return quarter(known.value if known is not None else raw_value)


def power_base(
    choice: PowerChoice, power: PowerDef | None, campaign: HeroCampaign
) -> tuple[int, str]:
    """The base cost before advantages and how it is made up: the power's own, plus its
    adders ("Extra radius is a +5/+10 adder", line 365)."""
    base, text = _own_base(choice, power, campaign)
    if not choice.adders:
        return base, text
    added = sum(adder.points for adder in choice.adders)
    names = " + ".join(f"{_adder_name(adder, power)} {adder.points}" for adder in choice.adders)
    return base + added, f"{text}; + {names} = {base + added}"


def _adder_name(adder: PowerAdder, power: PowerDef | None) -> str:
    known = next((a for a in power.adders if a.id == adder.adder), None) if power else None
    return known.name if known is not None else (adder.name or "adder")


def _own_base(
    choice: PowerChoice, power: PowerDef | None, campaign: HeroCampaign
) -> tuple[int, str]:
    if power is None or power.pricing == "entered":
        base = choice.base_cost or 0
        return base, f"base {base}"
    if power.pricing == "forbidden":
        return 0, "not allowed in this campaign"
    if power.pricing == "option":
        option = next((o for o in power.options if o.id == choice.option), power.options[0])
        return option.cost, f"{option.name}: {option.cost}"
    total = Fraction(0)
    parts = []
    for part, amount in zip(power.parts, (choice.levels, choice.levels2), strict=False):
        total += exact(part.cost) * amount
        parts.append(f"{amount}{part.unit} × {part.cost:g}")
    base = round_half(total, campaign.point_rounding)
    return base, f"{' + '.join(parts)} = {base}"


def price_power(
    index: int, choice: PowerChoice, campaign: HeroCampaign, cats: Catalogs
) -> PowerRow:
    power = cats.powers.get(choice.power or "")
    key = (
        choice.power,
        choice.levels,
        choice.levels2,
        choice.option,
        choice.base_cost,
        tuple((m.modifier, m.value) for m in choice.modifiers),
        tuple((a.adder, a.points) for a in choice.adders),
        choice.costs_end,
        campaign.point_rounding,
        campaign.minimum_power_cost,
        # the catalogs the campaign's core-book prices give (each kept for the process)
        id(cats),
    )
    points, measure = _priced_power(key, choice, campaign, cats)
    end, end_text = power_end(choice, power, points.active, campaign)
    mental = power.is_mental(choice.option) if power is not None else False
    return PowerRow(index, power_name(choice, cats), points, measure, power, end, end_text, mental)


ZERO_END = "zero_end"
REDUCED_END = "reduced_end"


def power_end(
    choice: PowerChoice, power: PowerDef | None, active: int, campaign: HeroCampaign
) -> tuple[int, str]:
    """END per use: none for a power that costs none ("Missile Deflection costs no END
    to use.", line 399) or with 0 END (line 325); else by its Active Points."""
    if power is not None and not power.costs_end:
        return 0, power.end_note or "costs no END"
    if power is None and not choice.costs_end:
        return 0, "costs no END (a power that uses none, as entered)"
    ids = {m.modifier for m in choice.modifiers}
    return end_cost(
        active,
        campaign.end_active_points,
        ZERO_END in ids,
        REDUCED_END in ids,
        campaign.point_rounding,
    )


_POWER_PRICES_MAX = 4096
_POWER_PRICES: Memo[ByValue[tuple[PowerPoints, str]]] = Memo(
    "hero-xmen:power_prices",
    "the character's powers",
    "a power's price depends only on what ``price_power``'s key holds; a long power list "
    "re-evaluated after every edit prices only the power that changed",
    lambda: ByValue(_POWER_PRICES_MAX),
)


def _priced_power(
    key: tuple[object, ...], choice: PowerChoice, campaign: HeroCampaign, cats: Catalogs
) -> tuple[PowerPoints, str]:
    kept = _POWER_PRICES.current()
    found = kept.get(key)
    if found is not None:
        return found
    power = cats.powers.get(choice.power or "")
    base, measure = power_base(choice, power, campaign)
    advantages = Fraction(0)
    limitations = Fraction(0)
    for modifier in choice.modifiers:
        value = modifier_value(modifier.value, modifier.modifier, cats)
        if value > 0:
            advantages += value
        else:
            limitations -= value
    found = (power_points(base, advantages, limitations, campaign), measure)
    kept.put(key, found)
    return found


# --- disadvantages -------------------------------------------------------------------------


def disadvantage_name(choice: DisadvantageChoice, cats: Catalogs) -> str:
    kind = cats.kinds.get(choice.kind)
    label = kind.name if kind else choice.kind
    return f"{label}: {choice.name.strip()}" if choice.name.strip() else label


def price_disadvantage(
    index: int, choice: DisadvantageChoice, campaign: HeroCampaign, cats: Catalogs
) -> DisadvantageRow | None:
    kind = cats.kinds.get(choice.kind)
    if kind is None:
        return None
    value = disadvantage_value(choice, kind, campaign.disadvantage_rounding)
    return DisadvantageRow(index, disadvantage_name(choice, cats), kind, value)


# --- the whole character -----------------------------------------------------------------


#: each list's rows kept by the identity of the choice they price: an edit leaves every
#: other choice the same object, so a long list reprices only what changed
_SAME_CHOICE = (
    "a row kept by the identity of the choice it prices: a long list reprices only what changed"
)
_SKILL_ROWS: Memo[IdentityMemo[SkillRow]] = Memo(
    "hero-xmen:skill_rows", "the character's skills", _SAME_CHOICE, IdentityMemo
)
_POWER_ROWS: Memo[IdentityMemo[PowerRow]] = Memo(
    "hero-xmen:power_rows", "the character's powers", _SAME_CHOICE, IdentityMemo
)
_DISADVANTAGE_ROWS: Memo[IdentityMemo[DisadvantageRow | None]] = Memo(
    "hero-xmen:disadvantage_rows", "the character's disadvantages", _SAME_CHOICE, IdentityMemo
)


def build(character: HeroCharacter, campaign: HeroCampaign, cats: Catalogs) -> Build:
    chars = characteristic_rows(character, campaign, cats)
    settings = campaign.model_dump()  # values, not the live model (it may change in place)
    skills = _SKILL_ROWS.current().each(
        character.skills,
        (settings, cats, chars),
        lambda i, choice: price_skill(i, choice, chars, campaign, cats),
    )
    talents = tuple(
        price_talent(i, choice, chars, campaign, cats) for i, choice in enumerate(character.talents)
    )
    powers = _POWER_ROWS.current().each(
        character.powers,
        (settings, cats),
        lambda i, choice: price_power(i, choice, campaign, cats),
    )
    disadvantages = _DISADVANTAGE_ROWS.current().each(
        character.disadvantages,
        (settings, cats),
        lambda i, choice: price_disadvantage(i, choice, campaign, cats),
    )
    frameworks, slots = price_frameworks(character, campaign, tuple(powers))
    return Build(
        chars,
        tuple(chars.values()),
        tuple(skills),
        talents,
        tuple(powers),
        tuple(row for row in disadvantages if row is not None),
        frameworks,
        slots,
    )


# --- power frameworks ----------------------------------------------------------------------


def framework_index(character: HeroCharacter, name: str) -> int | None:
    """The framework a power names (the first of that name; "" names none)."""
    wanted = name.strip().casefold()
    if not wanted:
        return None
    for index, framework in enumerate(character.frameworks):
        if framework.name.strip().casefold() == wanted:
            return index
    return None


def framework_label(framework: FrameworkChoice) -> str:
    kind = FRAMEWORK_LABELS[framework.kind]
    return f"{kind}: {framework.name.strip()}" if framework.name.strip() else kind


def slot_for(character: HeroCharacter, campaign: HeroCampaign, row: PowerRow) -> SlotRow | None:
    """The power as a slot of the framework it names (None: not in one the character has)."""
    choice = character.powers[row.index]
    found = framework_index(character, choice.framework)
    if found is None:
        return None
    return _slot(row, choice, found, character.frameworks[found], campaign)


def _slot(
    row: PowerRow,
    choice: PowerChoice,
    found: int,
    framework: FrameworkChoice,
    campaign: HeroCampaign,
) -> SlotRow:
    rounding = campaign.point_rounding
    minimum = campaign.minimum_power_cost
    if framework.kind == "multipower":
        divisor = (
            campaign.fixed_slot_divisor
            if choice.slot == "fixed"
            else campaign.flexible_slot_divisor
        )
        cost = multipower_slot_cost(row.points.real, divisor, minimum, rounding)
        text = f"{choice.slot} slot: Real {row.points.real} / {divisor} = {cost}"
        return SlotRow(row.index, found, choice.slot, cost, text)
    cost = elemental_slot_cost(
        row.points.active, framework.points, row.points.limitations, minimum, rounding
    )
    text = (
        f"Elemental Control power: (Active {row.points.active} - pool {framework.points}) "
        f"/ (1 + {fraction_text(row.points.limitations)}) = {cost}"
    )
    return SlotRow(row.index, found, "elemental", cost, text)


def price_frameworks(
    character: HeroCharacter, campaign: HeroCampaign, powers: tuple[PowerRow, ...]
) -> tuple[tuple[FrameworkRow, ...], dict[int, SlotRow]]:
    """Each framework's own cost and each slot's (HERO 5e figures, campaign settings):
    a Multipower's reserve 1 point per Active Point, a fixed slot Real Points / 10, a
    flexible one / 5; an Elemental Control's pool its Active Points, each power its
    Active Points less the pool, then its limitations."""
    rounding = campaign.point_rounding
    slots: dict[int, SlotRow] = {}
    members: dict[int, list[int]] = {}
    for row in powers:
        choice = character.powers[row.index]
        found = framework_index(character, choice.framework)
        if found is None:
            continue
        members.setdefault(found, []).append(row.index)
        slots[row.index] = _slot(row, choice, found, character.frameworks[found], campaign)
    rows = []
    for index, framework in enumerate(character.frameworks):
        if framework.kind == "multipower":
            cost = round_half(exact(campaign.multipower_reserve_cost) * framework.points, rounding)
            text = (
                f"reserve {framework.points} Active Points × "
                f"{campaign.multipower_reserve_cost:g} = {cost}"
            )
        else:
            cost = framework.points
            text = f"pool {framework.points} Active Points = {cost}"
        rows.append(
            FrameworkRow(
                index,
                framework_label(framework),
                framework.kind,
                framework.points,
                cost,
                text,
                tuple(members.get(index, ())),
            )
        )
    return tuple(rows), slots
