"""The supplement's rules as checks. A stated rule broken is an error; a step not done
yet is a warning; a campaign flag takes the severity the group chose. Messages speak
of the character's items by name; the hint says what to do."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sheetapp.core.issues import DataPath, Issue, Severity
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.build import (
    Build,
    DisadvantageRow,
    PowerRow,
    SkillRow,
    disadvantage_name,
    power_name,
    skill_name,
)
from sheetapp.systems.hero_xmen.catalog import (
    Catalogs,
    DisadvantageKind,
    GeneralSkillDef,
    PowerDef,
)
from sheetapp.systems.hero_xmen.core_prices import settable_keys
from sheetapp.systems.hero_xmen.costs import ladder_step_ok, signed
from sheetapp.systems.hero_xmen.model import (
    CHARS_PATH,
    DISADVANTAGES_PATH,
    FRAMEWORKS_PATH,
    POWERS_PATH,
    SKILLS_PATH,
    TALENTS_PATH,
    DisadvantageChoice,
    Flag,
    HeroCampaign,
    HeroCharacter,
    PowerChoice,
    SkillChoice,
)


@dataclass(frozen=True)
class RuleContext:
    character: HeroCharacter
    campaign: HeroCampaign
    cats: Catalogs
    build: Build
    budget: int
    counted_disadvantages: int


Rule = Callable[[RuleContext], Iterator[Issue]]
RULES: list[Rule] = []


def rule(fn: Rule) -> Rule:
    RULES.append(fn)
    return fn


def check(ctx: RuleContext) -> list[Issue]:
    return [issue for fn in RULES for issue in fn(ctx)]


def _severity(flag: Flag) -> Severity | None:
    return None if flag == "none" else Severity(flag)


def _number(value: float) -> str:
    return f"{value:g}"


# --- campaign ----------------------------------------------------------------------------


@rule
def unknown_core_prices(ctx: RuleContext) -> Iterator[Issue]:
    """A campaign's core-book price for a key no catalog price has (a typo, or a price
    a later catalog states itself) changes nothing: said, and kept in the file."""
    known = settable_keys()
    for key in sorted(set(ctx.campaign.core_prices) - known):
        yield Issue(
            Severity.WARNING,
            codes.UNKNOWN_CORE_PRICE,
            f"The campaign sets a core-book price for '{key}', which nothing here is "
            "priced by; it changes no cost.",
            ("campaign", "core_prices", key),
            "Remove it, or set the price under its listed name in the campaign settings.",
        )


# --- characteristics ---------------------------------------------------------------------


@rule
def duplicate_characteristics(ctx: RuleContext) -> Iterator[Issue]:
    seen: set[str] = set()
    for index, buy in enumerate(ctx.character.characteristics):
        if buy.characteristic in seen:
            name = ctx.cats.characteristics[buy.characteristic].abbreviation
            yield Issue(
                Severity.ERROR,
                codes.CHARACTERISTIC_TWICE,
                f"{name} is listed twice; only the first row counts.",
                (*CHARS_PATH, index),
                f"Remove this row and set {name} on the first one.",
            )
        seen.add(buy.characteristic)


@rule
def characteristic_maxima(ctx: RuleContext) -> Iterator[Issue]:
    """ "A value of 20 in any Primary Characteristic is considered the maximum an ordinary
    person can obtain, while 25 is considered the peak of human potential." (line 75);
    the same columns for figured characteristics and movement (lines 132-154)."""
    peak_flag = _severity(ctx.campaign.above_peak)
    normal_flag = _severity(ctx.campaign.above_normal_maximum)
    for row in ctx.build.char_rows:
        char = row.char
        if row.index is None or char.normal_maximum is None or char.peak is None:
            continue
        path = (*CHARS_PATH, row.index, "bought")
        unit = char.unit
        if row.value > char.peak and peak_flag is not None:
            yield Issue(
                peak_flag,
                codes.ABOVE_PEAK,
                f"{char.abbreviation} {row.value}{unit} is above the peak of human potential "
                f"({_number(char.peak)}{unit}).",
                path,
                "Mutant powers can explain it; check it with your GM.",
            )
        elif row.value > char.normal_maximum and normal_flag is not None:
            yield Issue(
                normal_flag,
                codes.ABOVE_NORMAL_MAXIMUM,
                f"{char.abbreviation} {row.value}{unit} is above the maximum an ordinary person "
                f"can obtain ({_number(char.normal_maximum)}{unit}).",
                path,
                f"Fine for a hero; the peak of human potential is {_number(char.peak)}{unit}.",
            )


@rule
def negative_presence(ctx: RuleContext) -> Iterator[Issue]:
    """ "Characters with negative Presence must make a PRE roll to influence other
    characters" (line 122)."""
    row = ctx.build.chars["pre"]
    if row.value < 0 and row.index is not None:
        yield Issue(
            Severity.INFO,
            codes.NEGATIVE_PRESENCE,
            f"PRE {row.value}: the character must make a PRE roll to influence others.",
            (*CHARS_PATH, row.index, "bought"),
            "At -30 (or the negative PRE modifier) they cannot influence others at all.",
        )


# --- skills --------------------------------------------------------------------------------


#: each skill's issues kept by its priced row (a new row exactly when the choice or what
#: it is priced with changed), with the character's power ids as the context
_SKILL_ISSUES: Memo[ByIdentity[SkillRow, tuple[Issue, ...]]] = Memo(
    "hero-xmen:skill_issues",
    "the build's skill rows",
    "each skill's issues kept by its priced row, with the character's power ids as the context",
    ByIdentity,
)


@rule
def skill_checks(ctx: RuleContext) -> Iterator[Issue]:
    cats, choices = ctx.cats, ctx.character.skills
    powers = frozenset([choice.power for choice in ctx.character.powers])
    rows = ctx.build.skills
    if len(rows) != len(choices):  # not one row per skill: nothing kept
        for index, choice in enumerate(choices):
            yield from _skill_checks(cats, powers, index, choice)
        return
    for issues in _SKILL_ISSUES.current().each(
        rows,
        lambda row: tuple(_skill_checks(cats, powers, row.index, choices[row.index])),
        powers,
    ):
        yield from issues


def _skill_checks(
    cats: Catalogs, powers: frozenset[str | None], index: int, choice: SkillChoice
) -> Iterator[Issue]:
    name = skill_name(choice, cats)
    path = (*SKILLS_PATH, index)
    general = cats.general.get(choice.skill or "")
    skill = cats.skills.get(choice.skill or "")
    if general is not None:
        yield from _general_checks(choice.level, choice, general, name, path)
        return
    if skill is None and choice.skill is None:
        yield from _custom_checks(choice, name, path)
        if choice.custom_type in (None, "general"):
            return
    if not ladder_step_ok(choice.level):
        yield Issue(
            Severity.ERROR,
            codes.SKILL_STEP,
            f"{name}: {signed(choice.level)} is not a step of the skill ladder.",
            (*path, "level"),
            "Skills are bought at -3, +0, +1, +2 … (nothing in between).",
        )
    if choice.everyperson and skill is not None:
        yield from _everyperson_checks(
            skill.everyperson, skill.everyperson_with_power, powers, name, path, cats
        )
    elif choice.everyperson:
        yield _not_everyperson(name, path)
    if skill is not None and skill.specialised and not choice.name.strip():
        yield Issue(
            Severity.WARNING,
            codes.SKILL_SUBJECT,
            f"{skill.name}: which subject?",
            (*path, "name"),
            f"Type the subject in this row's Skill cell (select the cell and type, or press "
            f"F2): '{_SUBJECT_EXAMPLES.get(skill.name, 'Local area')}' makes it "
            f"'{skill.name}: {_SUBJECT_EXAMPLES.get(skill.name, 'Local area')}'.",
        )
    if skill is not None and skill.vehicle_categories:
        for vehicle in choice.vehicles:
            if vehicle not in skill.vehicle_categories:
                yield Issue(
                    Severity.WARNING,
                    codes.VEHICLE_CATEGORY,
                    f"{name}: '{vehicle}' is not one of its categories.",
                    (*path, "vehicles"),
                    f"The categories are {', '.join(skill.vehicle_categories)}.",
                )


#: a subject to show in the hint of a skill bought without one
_SUBJECT_EXAMPLES = {"Sciences": "Genetics", "Knowledges": "Local area", "Professions": "Pilot"}


def _general_checks(
    level: int, choice: SkillChoice, general: GeneralSkillDef, name: str, path: DataPath
) -> Iterator[Issue]:
    if general.bought_as == "talent":
        yield Issue(
            Severity.ERROR,
            codes.BOUGHT_AS_TALENT,
            f"{general.name} is bought as a Talent (3 points per +1 to Initiative).",
            path,
            "Remove it here and add the Talent instead.",
        )
    if level < 1:
        yield Issue(
            Severity.ERROR,
            codes.GENERAL_UNITS,
            f"{name}: buy at least one {general.option(choice.option).unit}.",
            (*path, "level"),
            "Set the number to 1 or more, or remove the skill.",
        )
    if choice.option is not None and choice.option not in {o.id for o in general.options}:
        yield Issue(
            Severity.ERROR,
            codes.GENERAL_OPTION,
            f"{name}: the option is not one the rules price.",
            (*path, "option"),
            "Choose one of the listed options.",
        )
    if choice.everyperson and not general.everyperson:
        yield Issue(
            Severity.ERROR,
            codes.EVERYPERSON_NOT_ALLOWED,
            f"{name} is not an Everyperson Skill.",
            (*path, "everyperson"),
            "Only the skills of the character's background are free.",
        )


def _custom_checks(choice: SkillChoice, name: str, path: DataPath) -> Iterator[Issue]:
    if not choice.name.strip():
        yield Issue(
            Severity.WARNING,
            codes.CUSTOM_UNNAMED,
            "A custom skill has no name.",
            (*path, "name"),
            "Type its name.",
        )
    if choice.custom_type not in (None, "general") and choice.custom_category is None:
        yield Issue(
            Severity.WARNING,
            codes.CUSTOM_CATEGORY,
            f"{name}: choose Major, Limited or Minor to price it.",
            (*path, "custom_category"),
            "The category sets the cost ladder.",
        )


def _everyperson_checks(  # noqa: PLR0917
    allowed: bool,
    with_power: str | None,
    powers: frozenset[str | None],
    name: str,
    path: DataPath,
    cats: Catalogs,
) -> Iterator[Issue]:
    if allowed:
        return
    if with_power is not None and with_power in powers:
        return
    if with_power is not None:
        power = cats.powers[with_power].name
        yield Issue(
            Severity.ERROR,
            codes.EVERYPERSON_NEEDS_POWER,
            f"{name} is an Everyperson Skill only for a character with {power}.",
            (*path, "everyperson"),
            f"Add {power}, or pay for the skill.",
        )
        return
    yield _not_everyperson(name, path)


def _not_everyperson(name: str, path: DataPath) -> Issue:
    return Issue(
        Severity.ERROR,
        codes.EVERYPERSON_NOT_ALLOWED,
        f"{name} is not an Everyperson Skill.",
        (*path, "everyperson"),
        "Only the skills of the character's background are free at -3.",
    )


# --- talents -------------------------------------------------------------------------------


@rule
def talent_checks(ctx: RuleContext) -> Iterator[Issue]:
    """Attractive/Unattractive: "2 levels ... is the usual maximum an ordinary person can
    obtain, while 3 levels is the peak of human potential" (line 301); Belief climbs the
    Major ladder (line 305); Lightning Reflexes is bought in +1s (line 313)."""
    for row in ctx.build.talents:
        path = (*TALENTS_PATH, row.index, "level")
        talent = row.catalog
        if talent is None:
            continue
        if talent.pricing == "ladder" and not ladder_step_ok(row.level):
            yield Issue(
                Severity.ERROR,
                codes.TALENT_STEP,
                f"{row.name}: {signed(row.level)} is not a step of its ladder.",
                path,
                "It is bought at -3, +0, +1 … like a Major Skill.",
            )
        if talent.pricing == "per_level" and (
            row.level == 0 or (row.level < 0 and not talent.signed)
        ):
            yield Issue(
                Severity.ERROR,
                codes.TALENT_LEVEL,
                f"{row.name}: buy at least one level.",
                path,
                "Set the level to 1 or more, or remove the talent.",
            )
        if talent.peak is not None and talent.normal_maximum is not None:
            levels = abs(row.level)
            flag = None
            if levels > talent.peak:
                flag = _severity(ctx.campaign.above_peak)
                what = f"the peak of human potential ({talent.peak} levels)"
            elif levels > talent.normal_maximum:
                flag = _severity(ctx.campaign.above_normal_maximum)
                what = f"the usual maximum of an ordinary person ({talent.normal_maximum} levels)"
            if flag is not None:
                yield Issue(
                    flag,
                    codes.TALENT_MAXIMUM,
                    f"{row.name} {levels} levels is above {what}.",
                    path,
                    "Mutant looks may pass it; check it with your GM.",
                )


# --- powers --------------------------------------------------------------------------------


#: each power's issues kept by its priced row: build.py makes a new row exactly when the
#: choice or what it is priced with changed, and these issues read nothing else
_FORBIDDEN: Memo[ByIdentity[PowerRow, tuple[Issue, ...]]] = Memo(
    "hero-xmen:forbidden_powers",
    "the build's power rows",
    "each power's forbidden-power issue kept by its priced row",
    ByIdentity,
)
_POWER_ISSUES: Memo[ByIdentity[PowerRow, tuple[Issue, ...]]] = Memo(
    "hero-xmen:power_issues",
    "the build's power rows",
    "each power's issues kept by its priced row",
    ByIdentity,
)


@rule
def forbidden_powers(ctx: RuleContext) -> Iterator[Issue]:
    """ "Characters cannot purchase Luck." (line 381); "Killing Attack is not a separate
    power." (line 369); "Mental Defence is no longer a Power" (line 385)."""
    return _each_power(ctx, _FORBIDDEN, _forbidden)


def _forbidden(cats: Catalogs, index: int, choice: PowerChoice) -> Iterator[Issue]:
    power = cats.powers.get(choice.power or "")
    found = power if power is not None and power.pricing == "forbidden" else None
    if found is None and power is None:
        found = cats.forbidden_names.get(choice.name.strip().casefold())
    if found is not None:
        yield Issue(
            Severity.ERROR,
            codes.FORBIDDEN_POWER,
            f"{power_name(choice, cats)}: this campaign's rules say: “{found.forbidden_text}”",
            (*POWERS_PATH, index),
            "Remove it; see the rule for what to buy instead.",
        )


@rule
def power_checks(ctx: RuleContext) -> Iterator[Issue]:
    return _each_power(ctx, _POWER_ISSUES, _power_checks)


def _each_power(
    ctx: RuleContext,
    kept: Memo[ByIdentity[PowerRow, tuple[Issue, ...]]],
    check: Callable[[Catalogs, int, PowerChoice], Iterator[Issue]],
) -> Iterator[Issue]:
    """``check`` on every power, reusing the issues of a power whose row is unchanged."""
    cats, choices = ctx.cats, ctx.character.powers
    for issues in kept.current().each(
        ctx.build.powers, lambda row: tuple(check(cats, row.index, choices[row.index]))
    ):
        yield from issues


def _power_checks(cats: Catalogs, index: int, choice: PowerChoice) -> Iterator[Issue]:
    power = cats.powers.get(choice.power or "")
    name = power_name(choice, cats)
    path = (*POWERS_PATH, index)
    if (power is None or power.pricing == "entered") and not choice.base_cost:
        yield Issue(
            Severity.WARNING,
            codes.POWER_BASE_COST,
            f"{name}: enter its base cost.",
            (*path, "base_cost"),
            power.cost_note
            if power is not None and power.cost_note
            else "Use the HERO System 5th Edition price of the power.",
        )
    if power is not None and power.pricing == "parts":
        for part, amount in zip(power.parts, (choice.levels, choice.levels2), strict=False):
            if amount < part.minimum:
                field = "levels" if part is power.parts[0] else "levels2"
                yield Issue(
                    Severity.ERROR,
                    codes.POWER_MEASURE,
                    f"{name}: at least {part.minimum}{part.unit} of {part.name}.",
                    (*path, field),
                    f"{part.cost:g} points per {part.unit}.",
                )
    if (
        power is not None
        and power.pricing == "option"
        and choice.option is not None
        and choice.option not in {o.id for o in power.options}
    ):
        yield Issue(
            Severity.ERROR,
            codes.POWER_OPTION,
            f"{name}: that version is not one the rules price.",
            (*path, "option"),
            "Choose one of the listed versions.",
        )
    if power is not None and power.modes and choice.mode not in power.modes:
        yield Issue(
            Severity.WARNING,
            codes.POWER_MODE,
            f"{name}: choose {' or '.join(power.modes)}.",
            (*path, "mode"),
            "Each mode is bought separately (e.g. Telepathy twice for both).",
        )
    if not name.strip() or (power is None and not choice.name.strip()):
        yield Issue(
            Severity.WARNING,
            codes.POWER_UNNAMED,
            "A custom power has no name.",
            (*path, "name"),
            "Type the HERO power it is (e.g. 'Energy Blast').",
        )
    yield from _modifier_checks(cats, index, choice, name)
    yield from _adder_checks(power, index, choice, name)


def _adder_checks(
    power: PowerDef | None, index: int, choice: PowerChoice, name: str
) -> Iterator[Issue]:
    """ "Extra radius is a +5/+10 adder, not a +0.25 advantage." (line 365)"""
    adders = {adder.id: adder for adder in power.adders} if power is not None else {}
    radius = next((a for a in adders.values() if "radius" in a.name.casefold()), None)
    if radius is not None:
        prices = " or ".join(f"+{value}" for value in radius.values)
        for number, modifier in enumerate(choice.modifiers):
            if modifier.modifier is None and "radius" in modifier.name.casefold():
                yield Issue(
                    Severity.ERROR,
                    codes.RADIUS_ADVANTAGE,
                    f"{name} › {modifier.name}: in this campaign {radius.name.lower()} is a "
                    f"{prices} point adder, not a {signed(modifier.value)} advantage.",
                    (*POWERS_PATH, index, "modifiers", number),
                    f"Remove the advantage and write '{radius.name} (+{radius.values[0]})' "
                    f"or '{radius.name} (+{radius.values[-1]})' instead.",
                )
    for number, adder in enumerate(choice.adders):
        known = adders.get(adder.adder or "")
        if known is not None and adder.points not in known.values:
            prices = " or ".join(f"+{value}" for value in known.values)
            yield Issue(
                Severity.ERROR,
                codes.ADDER_VALUE,
                f"{name} › {known.name}: the rules price it {prices}, not +{adder.points}.",
                (*POWERS_PATH, index, "adders", number, "points"),
                f"Set it to {prices}.",
            )


def _modifier_checks(cats: Catalogs, index: int, choice: PowerChoice, name: str) -> Iterator[Issue]:
    power_id = choice.power
    for number, modifier in enumerate(choice.modifiers):
        path = (*POWERS_PATH, index, "modifiers", number)
        known = cats.modifiers.get(modifier.modifier or "")
        label = known.name if known else (modifier.name.strip() or "a modifier")
        if known is not None:
            if round(modifier.value * 4) != round(known.value * 4):
                yield Issue(
                    Severity.ERROR,
                    codes.MODIFIER_VALUE,
                    f"{name} › {label}: the rules make it {signed(known.value)}, "
                    f"not {signed(modifier.value)}.",
                    (*path, "value"),
                    f"It counts as {signed(known.value)}.",
                )
            if known.only_for and power_id not in known.only_for:
                owners = ", ".join(cats.powers[p].name for p in known.only_for)
                yield Issue(
                    Severity.ERROR,
                    codes.MODIFIER_POWER,
                    f"{name} › {label}: it applies only to {owners}.",
                    path,
                    "Remove it from this power.",
                )
            continue
        if modifier.value == 0 or abs(modifier.value * 4 - round(modifier.value * 4)) > 1e-9:
            yield Issue(
                Severity.ERROR,
                codes.MODIFIER_QUARTERS,
                f"{name} › {label}: a modifier is a whole number of quarters (+1/4, -1/2 …), "
                f"not {_number(modifier.value)}.",
                (*path, "value"),
                "Use the HERO value of the advantage or limitation.",
            )


# --- power frameworks ----------------------------------------------------------------------


@rule
def framework_checks(ctx: RuleContext) -> Iterator[Issue]:
    """Multipower and Elemental Control (lines 438-454; their figures are HERO 5e's,
    campaign settings): a slot uses at most the reserve's Active Points (line 444: "The
    character cannot use more than 72pts with the slot."); an Elemental Control's powers
    have at least twice its pool in Active Points."""
    yield from _framework_names(ctx)
    yield from _slot_checks(ctx)


def _framework_names(ctx: RuleContext) -> Iterator[Issue]:
    """Each framework named, once, and with powers in it."""
    character, build = ctx.character, ctx.build
    seen: set[str] = set()
    for row in build.frameworks:
        framework = character.frameworks[row.index]
        path = (*FRAMEWORKS_PATH, row.index)
        key = framework.name.strip().casefold()
        if not key:
            yield Issue(
                Severity.WARNING,
                codes.FRAMEWORK_UNNAMED,
                f"A {row.name} has no name; its powers name it to be its slots.",
                (*path, "name"),
                "Type its name (e.g. 'Magnetic Powers').",
            )
        elif key in seen:
            yield Issue(
                Severity.ERROR,
                codes.FRAMEWORK_TWICE,
                f"Two Power Frameworks are called '{framework.name.strip()}'.",
                (*path, "name"),
                "Give each framework its own name.",
            )
        seen.add(key)
        if key and not row.slots:
            yield Issue(
                Severity.WARNING,
                codes.FRAMEWORK_EMPTY,
                f"{row.name} has no powers yet.",
                path,
                "Set the framework of its powers on the Powers list.",
            )


def _slot_checks(ctx: RuleContext) -> Iterator[Issue]:
    """Each power in a framework the character has, within what the framework allows."""
    character, build = ctx.character, ctx.build
    frameworks = {row.index: row for row in build.frameworks}
    for power in build.powers:
        choice = character.powers[power.index]
        if not choice.framework.strip():
            continue
        where: DataPath = (*POWERS_PATH, power.index, "framework")
        slot = build.slots.get(power.index)
        if slot is None:
            yield Issue(
                Severity.ERROR,
                codes.FRAMEWORK_UNKNOWN,
                f"{power.name} is in '{choice.framework.strip()}', which the character does "
                "not have; it is priced at its full Real Points.",
                where,
                "Add that framework, or choose one the character has.",
            )
            continue
        framework = character.frameworks[slot.framework]
        label = frameworks[slot.framework].name
        active = power.points.active
        if framework.kind == "multipower" and active > framework.points:
            yield Issue(
                Severity.ERROR,
                codes.SLOT_OVER_RESERVE,
                f"{power.name}: {active} Active Points, more than the {framework.points} of "
                f"the {label} reserve.",
                where,
                "Raise the reserve, or lower the power.",
            )
        minimum = ctx.campaign.elemental_slot_minimum * framework.points
        if framework.kind == "elemental_control" and active < minimum:
            yield Issue(
                Severity.ERROR,
                codes.ELEMENTAL_SLOT_SMALL,
                f"{power.name}: {active} Active Points; a power of the {label} needs at "
                f"least {minimum} ({ctx.campaign.elemental_slot_minimum} × its pool of "
                f"{framework.points}).",
                where,
                "Raise the power, or lower the pool.",
            )


# --- disadvantages -------------------------------------------------------------------------


#: each Disadvantage's issues kept by its priced row (as the skills' above)
_DISADVANTAGE_ISSUES: Memo[ByIdentity[DisadvantageRow, tuple[Issue, ...]]] = Memo(
    "hero-xmen:disadvantage_issues",
    "the build's disadvantage rows",
    "each Disadvantage's issues kept by its priced row (as the skills')",
    ByIdentity,
)


@rule
def disadvantage_checks(ctx: RuleContext) -> Iterator[Issue]:
    cats, choices = ctx.cats, ctx.character.disadvantages
    rows = ctx.build.disadvantages
    kept = _DISADVANTAGE_ISSUES.current().each(
        rows, lambda row: tuple(_disadvantage_checks(cats, row.index, choices[row.index], row))
    )
    if len(rows) == len(choices):  # the usual case: a row for each, in order
        for issues in kept:
            yield from issues
        return
    by_index = {row.index: issues for row, issues in zip(rows, kept, strict=True)}
    for index, choice in enumerate(choices):
        found = by_index.get(index)
        yield from found if found is not None else _disadvantage_checks(cats, index, choice, None)


def _disadvantage_checks(
    cats: Catalogs, index: int, choice: DisadvantageChoice, row: DisadvantageRow | None
) -> Iterator[Issue]:
    kind = cats.kinds.get(choice.kind)
    if kind is None:
        return
    name = disadvantage_name(choice, cats)
    path: DataPath = (*DISADVANTAGES_PATH, index)
    yield from _disadvantage_measures(kind, choice, name, path)
    yield from _disadvantage_options(kind, choice, name, path)
    yield from _disadvantage_described(kind, choice, row, name, path)


def _disadvantage_measures(
    kind: DisadvantageKind, choice: DisadvantageChoice, name: str, path: DataPath
) -> Iterator[Issue]:
    """A Vulnerability's Importance; a second Intensity only where the kind has one."""
    if kind.id == "vulnerability" and choice.importance != "extremely":
        yield Issue(
            Severity.ERROR,
            codes.VULNERABILITY_IMPORTANCE,
            f"{name}: Vulnerabilities are always Extremely important.",
            (*path, "importance"),
            "Set the Importance to Extremely; it is valued that way.",
        )
    if choice.second_intensity is not None and not kind.second_intensity:
        yield Issue(
            Severity.ERROR,
            codes.SECOND_INTENSITY,
            f"{name}: a {kind.name} has only one Intensity.",
            (*path, "second_intensity"),
            "Clear the second Intensity; it is not counted.",
        )


def _disadvantage_options(
    kind: DisadvantageKind, choice: DisadvantageChoice, name: str, path: DataPath
) -> Iterator[Issue]:
    """Dependence's and Susceptibility's options, and resources, only where they apply."""
    for flag, allowed, what in (
        (choice.time_chart_steps, kind.time_chart, "time chart steps"),
        (choice.extra_dice, kind.extra_dice, "extra dice"),
        (choice.normal_damage, kind.normal_damage_doubles, "Normal damage"),
        (choice.instant, kind.instant_rate_mild, "an Instant effect"),
    ):
        if flag and not allowed:
            yield Issue(
                Severity.ERROR,
                codes.DISADVANTAGE_OPTION,
                f"{name}: {what} apply only to Dependence and Susceptibility"
                + (" (Instant: Susceptibility)" if what == "an Instant effect" else "")
                + ".",
                path,
                "Clear it; it is not counted.",
            )
    if choice.resources != "none" and choice.resources not in kind.resources:
        yield Issue(
            Severity.ERROR,
            codes.DISADVANTAGE_RESOURCES,
            f"{name}: resources change only an Enemy (more or fewer) or a Dependent NPC "
            "(useful ones).",
            (*path, "resources"),
            "Clear it; it is not counted.",
        )


def _disadvantage_described(
    kind: DisadvantageKind,
    choice: DisadvantageChoice,
    row: DisadvantageRow | None,
    name: str,
    path: DataPath,
) -> Iterator[Issue]:
    """Said what it is, and worth some points."""
    if not choice.name.strip():
        yield Issue(
            Severity.WARNING,
            codes.DISADVANTAGE_UNNAMED,
            f"A {kind.name} Disadvantage does not say what it is.",
            (*path, "name"),
            "Describe it (e.g. 'Hunted by the Sentinels').",
        )
    if row is not None and row.value.value <= 0:
        yield Issue(
            Severity.WARNING,
            codes.DISADVANTAGE_WORTHLESS,
            f"{name} is worth no points ({row.value.explanation}).",
            (*path, "frequency"),
            "Raise its Frequency, Intensity or Importance, or remove it.",
        )


# --- totals --------------------------------------------------------------------------------


@rule
def totals(ctx: RuleContext) -> Iterator[Issue]:
    build = ctx.build
    cap = ctx.campaign.disadvantage_cap
    if build.disadvantage_points > cap:
        yield Issue(
            Severity.WARNING,
            codes.DISADVANTAGE_CAP,
            f"Disadvantages are worth {build.disadvantage_points} points; only {cap} count.",
            DISADVANTAGES_PATH,
            "The extra Disadvantages still apply in play but give no points.",
        )
    spent = build.spent
    if spent > ctx.budget:
        yield Issue(
            Severity.ERROR,
            codes.OVER_BUDGET,
            f"{spent} points spent of {ctx.budget}: {spent - ctx.budget} too many.",
            ("character",),
            "Lower a purchase, or take more Disadvantages (up to the cap).",
        )
    elif spent < ctx.budget:
        yield Issue(
            Severity.WARNING,
            codes.UNSPENT,
            f"{ctx.budget - spent} points left to spend.",
            ("character",),
            "Spend them, or keep them as unspent experience.",
        )
