"""Glorious Gladiators validation rules. Each rule is one function with a stable code.

The docstring of each rule quotes the seed line it enforces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from sheetapp.core.issues import DataPath, Issue, Severity, todo
from sheetapp.systems.gladiators import codes
from sheetapp.systems.gladiators.catalog import (
    ByLevelCost,
    Catalogs,
    PerUnitCost,
    Restriction,
    TypeDef,
    VariantCost,
)
from sheetapp.systems.gladiators.costs import AbilityCost
from sheetapp.systems.gladiators.model import GladiatorsCampaign, GladiatorsCharacter
from sheetapp.systems.gladiators.resolve import ResolvedAbility, ResolvedModifier, without_cost

MINOR_MAX_LEVEL = 3
CONVENTIONAL_MAX_LEVEL = 5
ADVANTAGES_RANGE = (2, 5)
DISADVANTAGES_RANGE = (1, 4)
LARGE_ITEM_SOURCES = {"conventional", "technological"}
FLEXIBLE_FOR_GROUP = {"range": "flexible_range", "targeting": "flexible_targeting"}
FLEXIBLE_MODIFIER = "flexible_modifier"
FLEXIBLE_ABILITY = "flexible_ability"


@dataclass(frozen=True, slots=True)
class RuleContext:
    character: GladiatorsCharacter
    campaign: GladiatorsCampaign
    abilities: list[ResolvedAbility]
    costs: list[AbilityCost]
    catalogs: Catalogs
    gp_spent: int
    gp_budget: int | None
    advantage_points: int
    disadvantage_points: int
    #: the place of ``abilities[0]`` in the character (the memo checks one at a time)
    first_index: int = 0

    def each_ability(self) -> Iterator[tuple[int, ResolvedAbility]]:
        """Each ability with its index in the character (for issue paths)."""
        return enumerate(self.abilities, start=self.first_index)

    def each_priced(self) -> Iterator[tuple[int, tuple[ResolvedAbility, AbilityCost]]]:
        """Each ability and its cost, with its index in the character."""
        return enumerate(zip(self.abilities, self.costs, strict=True), start=self.first_index)


Rule = Callable[[RuleContext], list[Issue]]


def ability_path(index: int, *rest: str | int) -> DataPath:
    return ("character", "abilities", index, *rest)


def _allowed(cap: int) -> str:
    return f"at most -{cap}" if cap else "none allowed"


def display_name(ability: ResolvedAbility) -> str:
    label = ability.choice.label
    return f"{label} ({ability.name})" if label else ability.name


def gp_budget(ctx: RuleContext) -> list[Issue]:
    """ "A character has a number of Glory Points (GP) to spend on creation." (line 13)"""
    if ctx.gp_budget is None:  # a minor character without a campaign budget for them
        return []
    over = ctx.gp_spent - ctx.gp_budget
    if over > 0:
        return [
            Issue(
                Severity.ERROR,
                codes.GP_OVER_BUDGET,
                f"{ctx.gp_spent} GP spent of {ctx.gp_budget}: {over} GP over budget.",
                ("campaign", "gp_budget"),
                "Lower some levels, add limitations, or raise the campaign's GP budget.",
            )
        ]
    if over < 0:
        return [
            Issue(
                Severity.INFO,
                codes.GP_UNSPENT,
                f"{-over} GP of {ctx.gp_budget} not spent yet.",
                ("campaign", "gp_budget"),
                "Spend them on abilities or advantages, or keep them for later.",
            )
        ]
    return []


def minor_character_levels(ctx: RuleContext) -> list[Issue]:
    """ "[Minor characters] cannot have abilities over Level 3 unless produced by a
    conventional or technological item that is large" (line 11)"""
    if ctx.character.character_type != "minor":
        return []
    issues = []
    for index, ability in ctx.each_ability():
        choice = ability.choice
        exempt = choice.large_item and choice.source in LARGE_ITEM_SOURCES
        if choice.level > MINOR_MAX_LEVEL and not exempt:
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.MINOR_LEVEL,
                    f"{display_name(ability)} is Level {choice.level}; minor characters cannot "
                    f"have abilities over Level {MINOR_MAX_LEVEL}.",
                    ability_path(index, "level"),
                    f"Lower it to Level {MINOR_MAX_LEVEL}, or mark it as a large item if a "
                    "large conventional or technological item produces it.",
                )
            )
    return issues


def conventional_levels(ctx: RuleContext) -> list[Issue]:
    """Sources: "Conventional ... These cannot have a Level over 5 unless produced by a
    large item." (line 34)"""
    issues = []
    for index, ability in ctx.each_ability():
        choice = ability.choice
        if (
            choice.source == "conventional"
            and choice.level > CONVENTIONAL_MAX_LEVEL
            and not choice.large_item
        ):
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.CONVENTIONAL_LEVEL,
                    f"{display_name(ability)} is Conventional at Level {choice.level}; "
                    f"Conventional abilities cannot exceed Level {CONVENTIONAL_MAX_LEVEL}.",
                    ability_path(index, "level"),
                    f"Lower it to Level {CONVENTIONAL_MAX_LEVEL}, or mark it as a large item "
                    "if a large item (a vehicle or support weapon) produces it.",
                )
            )
    return issues


def negative_modifier_cap(ctx: RuleContext) -> list[Issue]:
    """ "Negative modifiers cannot exceed half of the total cost of the ability including
    positive modifiers" (line 155)"""
    issues = []
    clamp = ctx.campaign.negative_cap == "clamp"
    for index, (ability, cost) in ctx.each_priced():
        if ability.choice.cost_override is None and cost.negative_over_cap:
            issues.append(
                Issue(
                    Severity.WARNING if clamp else Severity.ERROR,
                    codes.NEGATIVE_CAP,
                    f"{display_name(ability)}: limitations worth {cost.negative_scaled} "
                    "exceed half "
                    f"the ability's cost with positive modifiers ({_allowed(cost.negative_cap)}).",
                    ability_path(index, "modifiers"),
                    "The excess is not counted"
                    + ("." if clamp else "; remove a limitation (or set the campaign to clamp)."),
                )
            )
    return issues


#: the creation step the advantages and disadvantages belong to (the seed's heading, line 272)
TRAITS_STEP = "Advantages and Disadvantages"


def trait_counts(ctx: RuleContext) -> list[Issue]:
    """ "A character must have 2-5 advantages and 1-4 disadvantages." (line 274) Read as a
    rule for major characters: the seed's typical minor characters have one or none. Any
    other number breaks the rule; none chosen yet is the same error, listed as the step
    still to do (a new character starts there)."""
    if ctx.character.character_type != "major" and not ctx.campaign.minor_needs_traits:
        return []
    issues = []
    for key, label, (low, high), code in (
        ("advantages", "advantages", ADVANTAGES_RANGE, codes.ADVANTAGES_COUNT),
        ("disadvantages", "disadvantages", DISADVANTAGES_RANGE, codes.DISADVANTAGES_COUNT),
    ):
        count = len(getattr(ctx.character, key))
        if low <= count <= high:
            continue
        if count == 0:
            issues.append(
                todo(
                    code,
                    f"No {label} yet; a character must have {low}-{high}.",
                    ("character", key),
                    f"Add {low} to {high} {label}.",
                    TRAITS_STEP,
                )
            )
        else:
            fix = f"Remove {count - high}" if count > high else f"Add {low - count}"
            issues.append(
                Issue(
                    Severity.ERROR,
                    code,
                    f"{count} {label}; a character must have {low}-{high}.",
                    ("character", key),
                    f"{fix} {label}.",
                )
            )
    return issues


def disadvantage_points_only_on_advantages(ctx: RuleContext) -> list[Issue]:
    """ "Points from disadvantages can only be spent on advantages." (line 274)"""
    wasted = ctx.disadvantage_points - ctx.advantage_points
    if wasted > 0:
        return [
            Issue(
                Severity.WARNING,
                codes.DISADVANTAGE_POINTS_UNUSED,
                f"Disadvantages give {ctx.disadvantage_points} points but advantages cost only "
                f"{ctx.advantage_points}: {wasted} points are lost "
                "(they cannot pay for abilities).",
                ("character", "disadvantages"),
                "Take more advantages, or fewer disadvantages.",
            )
        ]
    return []


def types_and_sources(ctx: RuleContext) -> list[Issue]:
    """ "Every ability must have a source" (line 30); abilities with a Type have it
    "selected when the ability is designed" (line 17)."""
    issues = []
    for index, ability in ctx.each_ability():
        definition = ability.definition
        if definition and definition.types.handling == "choose" and not ability.choice.types:
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.TYPE_MISSING,
                    f"{display_name(ability)} needs a Type "
                    "(Energy, Physical, Poison, Psychic or Solid).",
                    ability_path(index, "types"),
                    "Choose its Type.",
                )
            )
        issues += _type_problems(ctx, index, ability)
    return issues


def _type_problems(ctx: RuleContext, index: int, ability: ResolvedAbility) -> list[Issue]:
    """The Types are the rulebook's five (lines 17-28), those the ability allows, the one
    its price is for (Damaging Attack: Energy), and an Energy subtype is one of "Heat,
    Cold, Electricity, Radiation, Entropy" (line 21)."""
    known = ctx.catalogs.types
    return [
        *_unknown_types(known, index, ability),
        *_types_not_allowed(known, index, ability),
        *_type_price_mismatches(known, index, ability),
        *_subtype_problems(known, index, ability),
    ]


def _unknown_types(
    known: Mapping[str, TypeDef], index: int, ability: ResolvedAbility
) -> list[Issue]:
    names = ", ".join(t.name for t in known.values())
    return [
        Issue(
            Severity.ERROR,
            codes.TYPE_UNKNOWN,
            f"{display_name(ability)}: '{type_id}' is not a Type ({names}).",
            ability_path(index, "types", t_index),
            "Choose one of the five Types.",
        )
        for t_index, type_id in enumerate(ability.choice.types)
        if type_id not in known
    ]


def _types_not_allowed(
    known: Mapping[str, TypeDef], index: int, ability: ResolvedAbility
) -> list[Issue]:
    definition = ability.definition
    chosen = ability.choice.types
    handling = definition.types if definition else None
    if handling is None or not chosen:
        return []
    allowed: tuple[str, ...] = ()
    if handling.handling == "fixed":
        allowed = tuple(t.lower() for t in handling.fixed)
    elif handling.handling == "choose" and handling.allowed:
        allowed = tuple(t.lower() for t in handling.allowed)
    wrong = [t for t in chosen if t in known and allowed and t not in allowed]
    if handling.handling == "none":
        wrong = [t for t in chosen if t in known]
    can = " or ".join(known[t].name for t in allowed if t in known) or "no Type"
    return [
        Issue(
            Severity.ERROR,
            codes.TYPE_NOT_ALLOWED,
            f"{display_name(ability)} cannot be {known[type_id].name}; it takes {can}.",
            ability_path(index, "types"),
            f"Set its Type to {can}." if allowed else "Remove its Type.",
        )
        for type_id in wrong
    ]


def _type_price_mismatches(
    known: Mapping[str, TypeDef], index: int, ability: ResolvedAbility
) -> list[Issue]:
    chosen = ability.choice.types
    issues = []
    for option, _count in ability.options if chosen else ():  # none chosen: TYPE_MISSING
        if option.type and option.type.lower() not in chosen:
            priced = option.type.capitalize()
            typed = ", ".join(known[t].name if t in known else t for t in chosen) or "none"
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.TYPE_PRICE_MISMATCH,
                    f"{display_name(ability)} is priced as {priced} but its Type is {typed}.",
                    ability_path(index, "types"),
                    f"Make it {priced}, or choose the price of its Type.",
                )
            )
    return issues


def _subtype_problems(
    known: Mapping[str, TypeDef], index: int, ability: ResolvedAbility
) -> list[Issue]:
    subtype = ability.choice.subtype
    energy = known.get("energy")
    if subtype is None or energy is None:
        return []
    if "energy" not in ability.choice.types:
        return [
            Issue(
                Severity.ERROR,
                codes.SUBTYPE_WITHOUT_ENERGY,
                f"{display_name(ability)} has the Energy subtype {subtype} but is not Energy.",
                ability_path(index, "subtype"),
                "Make it Energy, or clear the subtype.",
            )
        ]
    if subtype.casefold() not in {s.casefold() for s in energy.subtypes}:
        return [
            Issue(
                Severity.ERROR,
                codes.SUBTYPE_UNKNOWN,
                f"{display_name(ability)}: '{subtype}' is not an Energy subtype "
                f"({', '.join(energy.subtypes)}).",
                ability_path(index, "subtype"),
                "Choose one of the five subtypes.",
            )
        ]
    return []


def _modifier_issue(
    index: int, m_index: int, ability: ResolvedAbility, mod: ResolvedModifier, text: str
) -> Issue:
    return Issue(
        Severity.ERROR,
        codes.MODIFIER_RESTRICTION,
        f"{display_name(ability)}: {mod.name} — {text}",
        ability_path(index, "modifiers", m_index),
        f"Remove {mod.name} from {display_name(ability)}, or change the ability so it applies.",
    )


def modifier_restrictions(ctx: RuleContext) -> list[Issue]:
    """Each modifier's stated restrictions, e.g. Activation "Can only be on an ability
    which is Persistent or Always On" (lines 159-160); "maximum of twice"; "can't be Always On"."""
    issues: list[Issue] = []
    for index, ability in ctx.each_ability():
        counts = Counter(m.choice.modifier for m in ability.modifiers)
        for m_index, mod in enumerate(ability.modifiers):
            definition = mod.definition
            if definition is None:
                continue
            if (
                isinstance(definition.cost, VariantCost)
                and mod.variant is None
                and not mod.combined
            ):
                options = ", ".join(v.label for v in definition.cost.variants)
                issues.append(
                    _modifier_issue(index, m_index, ability, mod, f"choose one of: {options}.")
                )
            limit = next((r.count for r in definition.restrictions if r.kind == "max_count"), None)
            allowed = limit or 1
            if counts[definition.id] > allowed and m_index == _first_index(ability, definition.id):
                issues.append(
                    _modifier_issue(
                        index,
                        m_index,
                        ability,
                        mod,
                        f"taken {counts[definition.id]} times; allowed at most {allowed}.",
                    )
                )
            for rule in definition.restrictions:
                broken = _broken(rule, ability)
                if broken:
                    issues.append(
                        _modifier_issue(index, m_index, ability, mod, rule.text or broken)
                    )
    return issues


def _first_index(ability: ResolvedAbility, modifier_id: str) -> int:
    return next(i for i, m in enumerate(ability.modifiers) if m.choice.modifier == modifier_id)


def _broken(rule: Restriction, ability: ResolvedAbility) -> str:
    """What is wrong when ``ability`` breaks ``rule``; empty when it is kept."""
    ability_id = ability.choice.ability
    kind = rule.kind
    if kind == "requires_modifier" and rule.modifier:
        if not ability.has_modifier(rule.modifier, rule.variant):
            return f"needs {rule.modifier.replace('_', ' ')}."
        shapes = {m.choice.shape for m in ability.modifiers if m.choice.modifier == rule.modifier}
        if rule.shape and rule.shape not in shapes:
            return f"needs the {rule.modifier} shape {rule.shape}."
    if kind == "requires_any_modifier" and not any(ability.has_modifier(m) for m in rule.modifiers):
        return f"needs one of: {', '.join(rule.modifiers)}."
    if (
        kind == "forbids_modifier"
        and rule.modifier
        and ability.has_modifier(rule.modifier, rule.variant)
    ):
        return f"cannot be combined with {rule.modifier.replace('_', ' ')}."
    if kind == "only_abilities" and ability_id not in rule.abilities:
        return f"only on: {', '.join(rule.abilities)}."
    if kind == "not_abilities" and ability_id in rule.abilities:
        return "not allowed on this ability."
    if kind == "max_ability_level" and rule.level is not None and ability.choice.level > rule.level:
        return f"only up to Level {rule.level}."
    if kind == "requires_one_of" and not any(
        (not alt.abilities or ability_id in alt.abilities)
        and (not alt.modifiers or any(ability.has_modifier(m) for m in alt.modifiers))
        for alt in rule.alternatives
    ):
        return "this combination is not allowed."
    if kind == "requires_type" and rule.types:
        chosen = {t.lower() for t in ability.choice.types}
        fixed = {t.lower() for t in (ability.definition.types.fixed if ability.definition else ())}
        if not ({t.lower() for t in rule.types} & (chosen | fixed)):
            return f"needs the Type {' or '.join(rule.types)}."
    return ""


def ability_restrictions(ctx: RuleContext) -> list[Issue]:
    """Restrictions stated on abilities themselves, e.g. Wall "Must be an Area Line" and
    "Has Solid or Physical Type" (line 151)."""
    issues = []
    for index, ability in ctx.each_ability():
        if ability.definition is None:
            continue
        for rule in ability.definition.restrictions:
            broken = _broken(rule, ability)
            if broken:
                issues.append(
                    Issue(
                        Severity.ERROR,
                        codes.ABILITY_RESTRICTION,
                        f"{display_name(ability)}: {rule.text or broken}",
                        ability_path(index),
                        broken,
                    )
                )
    return issues


def _range_modifiers(ability: ResolvedAbility) -> set[str]:
    return {
        m.choice.modifier
        for m in ability.modifiers
        if m.definition is not None and m.definition.group == "range"
    }


def expected_variant(ability: ResolvedAbility, mod: ResolvedModifier) -> str | None:
    """The variant the rulebook's wording gives this modifier on this ability (None where
    the player chooses)."""
    modifier, variant = mod.choice.modifier, mod.choice.variant
    if modifier == "quick":  # "1 if no range, 2 if Touch, otherwise 4" (line 233)
        ranges = _range_modifiers(ability)
        return "no_range" if not ranges else "touch" if ranges == {"touch"} else "other"
    if modifier == "short":  # "2 or 1 for a Damaging Attack." (line 242)
        return "damaging_attack" if ability.choice.ability == "damaging_attack" else "standard"
    if modifier == "slow":  # "-1 for a Persistent ability which targets the user" (244)
        personal = ability.has_modifier("persistent") and any(
            m.choice.modifier == "persistent" and m.choice.variant == "personal"
            for m in ability.modifiers
        )
        return "persistent_self" if personal else "other"
    if modifier == "persistent" and variant in ("target_trap", "target_other"):
        # "Target for Trap Attack 2", "Target Other 3" (line 231)
        return "target_trap" if ability.choice.ability == "trap_attack" else "target_other"
    return None


def _variant_label(mod: ResolvedModifier, variant_id: str | None) -> str:
    cost = mod.definition.cost if mod.definition else None
    for variant in getattr(cost, "variants", ()):
        if variant.id == variant_id:
            return str(variant.label)
    return str(variant_id)


def modifier_variants(ctx: RuleContext) -> list[Issue]:
    """Where the rulebook prices a modifier by what the ability is, the price is not the
    player's pick: Quick "1 if no range, 2 if Touch, otherwise 4" (line 233); Short "2 or 1
    for a Damaging Attack." (line 242); Slow "-1 for a Persistent ability which targets the
    user otherwise -2." (line 244); Persistent "Target for Trap Attack" against "Target
    Other" (line 231)."""
    issues = []
    for index, ability in ctx.each_ability():
        for m_index, mod in enumerate(ability.modifiers):
            expected = expected_variant(ability, mod)
            if expected is None or mod.choice.variant == expected:
                continue
            chosen = _variant_label(mod, mod.choice.variant)
            wanted = _variant_label(mod, expected)
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.MODIFIER_VARIANT,
                    f"{display_name(ability)}: {mod.name} is priced '{chosen}', which does "
                    f"not apply to this ability; it takes '{wanted}'.",
                    ability_path(index, "modifiers", m_index, "variant"),
                    f"Choose '{wanted}'.",
                )
            )
    return issues


def counts_over_lists(ctx: RuleContext) -> list[Issue]:
    """An option the rulebook sells once (Accuracy "Sniper +1", line 56; Area "Fast +2",
    line 167) or once per item of a list it gives (Undetectable Effect "Others 1 each" of
    the eight other kinds of Detect, line 248; Detection "Per Type 1" of its kinds, line
    69) is not bought more often. The editors take any count (no silent clamp); the cost
    is worked out from the count entered, and this error says how to fix it."""
    issues: list[Issue] = []
    for index, ability in ctx.each_ability():
        name = display_name(ability)
        for option, count in ability.options:
            limit = option.max_count
            if limit is not None and count > limit:
                issues.append(
                    _count_over(
                        f"{name}: {option.label}",
                        count,
                        limit,
                        ability_path(index, "addons", option.id),
                    )
                )
        for m_index, mod in enumerate(ability.modifiers):
            for what, count, limit, where in _modifier_counts(mod):
                if limit is not None and count > limit:
                    path = ability_path(index, "modifiers", m_index, *where)
                    issues.append(
                        _count_over(f"{name}: {mod.name} {what}".rstrip(), count, limit, path)
                    )
    return issues


def _modifier_counts(
    mod: ResolvedModifier,
) -> list[tuple[str, int, int | None, tuple[str, ...]]]:
    """(what, count entered, the rulebook's most, where) for each count a modifier has."""
    cost = mod.definition.cost if mod.definition else None
    found: list[tuple[str, int, int | None, tuple[str, ...]]] = []
    if isinstance(cost, PerUnitCost):
        found.append(("", mod.choice.units, cost.max_units, ("units",)))
    elif isinstance(cost, ByLevelCost) and cost.per_extra is not None:
        found.append(("", mod.choice.units, cost.per_extra.max_units, ("units",)))
    elif isinstance(cost, VariantCost):
        for variant, units in mod.combined:
            if variant.per_unit:
                label = f"({without_cost(variant.label)})"
                found.append((label, units, variant.max_units, ("variants", variant.id)))
        if not mod.combined and mod.variant is not None and mod.variant.per_unit:
            label = f"({without_cost(mod.variant.label)})"
            found.append((label, mod.choice.units, mod.variant.max_units, ("units",)))
        for addon in cost.addons:
            count = mod.choice.addons.get(addon.id, 0)
            found.append((f"({addon.label})", count, addon.max_units, ("addons", addon.id)))
    return found


def _count_over(what: str, count: int, limit: int, path: DataPath) -> Issue:
    most = "once" if limit == 1 else f"at most {limit} times"
    return Issue(
        Severity.ERROR,
        codes.COUNT_OVER_LIST,
        f"{what} is bought {count} times; the rulebook sells it {most}.",
        path,
        f"Lower it to {limit}.",
    )


def area_shapes(ctx: RuleContext) -> list[Issue]:
    """ "A cone can only be used with Touch range and begins one hex from the user. An Area
    with no range must be a blast" (line 167)."""
    issues = []
    for index, ability in ctx.each_ability():
        ranges = _range_modifiers(ability)
        for m_index, mod in enumerate(ability.modifiers):
            if mod.choice.modifier != "area" or mod.choice.shape is None:
                continue
            shape = mod.choice.shape
            problem = ""
            if not ranges and shape != "blast":
                problem = f"an Area with no range must be a blast, not a {shape}"
            elif shape == "cone" and ranges != {"touch"}:
                problem = "a cone can only be used with Touch range"
            if problem:
                issues.append(
                    Issue(
                        Severity.ERROR,
                        codes.AREA_SHAPE,
                        f"{display_name(ability)}: {problem}.",
                        ability_path(index, "modifiers", m_index, "shape"),
                        "Give the ability a range (Touch for a cone) or make the Area a blast.",
                    )
                )
    return issues


def modifier_groups(ctx: RuleContext) -> list[Issue]:
    """An ability has one range (Touch, Short, Ranged, ...) and one way of targeting
    (Direct, Indirect, Seeking); several need a Flexible modifier."""
    issues = []
    for index, ability in ctx.each_ability():
        seen: dict[str, str] = {}
        for m_index, mod in enumerate(ability.modifiers):
            group = mod.definition.group if mod.definition else None
            if group is None or ability.has_modifier(FLEXIBLE_FOR_GROUP.get(group, "")):
                continue
            if mod.choice.flexible and ability.has_modifier(FLEXIBLE_MODIFIER):
                continue
            if group in seen and seen[group] != mod.choice.modifier:
                issues.append(
                    _modifier_issue(
                        index,
                        m_index,
                        ability,
                        mod,
                        f"the ability already has {seen[group]} ({group}); "
                        "only one is allowed without a Flexible modifier.",
                    )
                )
            seen.setdefault(group, mod.name)
    return issues


def flexible_choices(ctx: RuleContext) -> list[Issue]:
    """Flexible Ability lists the abilities it can become; a Flexible Modifier needs at
    least two modifiers to choose between (lines 183-184)."""
    issues = []
    for index, ability in ctx.each_ability():
        name = display_name(ability)
        has_flex_ability = ability.has_modifier(FLEXIBLE_ABILITY)
        if ability.alternatives and not has_flex_ability:
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.ALTERNATIVES_WITHOUT_FLEXIBLE_ABILITY,
                    f"{name} lists other abilities but has no Flexible Ability modifier.",
                    ability_path(index, "alternatives"),
                    "Add Flexible Ability (+4 per extra ability) or remove the alternatives.",
                )
            )
        if has_flex_ability and not ability.alternatives:
            issues.append(
                Issue(
                    Severity.WARNING,
                    codes.FLEXIBLE_ABILITY_ALTERNATIVES,
                    f"{name}: Flexible Ability does not list the abilities it can become; "
                    "it is priced by its units and without their base costs.",
                    ability_path(index, "alternatives"),
                    "List each other ability so its base cost and Level Limit count.",
                )
            )
        flagged = [m for m in ability.modifiers if m.choice.flexible]
        has_flex_modifier = ability.has_modifier(FLEXIBLE_MODIFIER)
        if flagged and not has_flex_modifier:
            issues.append(
                Issue(
                    Severity.ERROR,
                    codes.FLEXIBLE_WITHOUT_MODIFIER,
                    f"{name} marks modifiers as flexible alternatives without a Flexible Modifier.",
                    ability_path(index, "modifiers"),
                    "Add the Flexible Modifier (1 GP) or clear the flexible marks.",
                )
            )
        if has_flex_modifier and len(flagged) < 2:
            issues.append(
                Issue(
                    Severity.WARNING,
                    codes.FLEXIBLE_MODIFIER_UNUSED,
                    f"{name}: the Flexible Modifier needs two or more modifiers marked as "
                    "the alternatives chosen on activation.",
                    ability_path(index, "modifiers"),
                    "Mark the alternatives (e.g. Touch and Distant) as flexible.",
                )
            )
    return issues


def trait_prerequisites(ctx: RuleContext) -> list[Issue]:
    """Traits bought alongside another, e.g. Never Grows Up "Bought alongside Young"."""
    issues = []
    taken = {t.trait for t in (*ctx.character.advantages, *ctx.character.disadvantages)}
    for key, known in (
        ("advantages", ctx.catalogs.advantages),
        ("disadvantages", ctx.catalogs.disadvantages),
    ):
        for index, choice in enumerate(getattr(ctx.character, key)):
            definition = known.get(choice.trait)
            needed = definition.requires_trait if definition else None
            if needed and needed not in taken:
                assert definition is not None
                partner = needed.replace("_", " ").title()
                issues.append(
                    Issue(
                        Severity.ERROR,
                        codes.TRAIT_PREREQUISITE,
                        f"{definition.name} is bought alongside {partner}.",
                        ("character", key, index),
                        f"Add {partner} or remove {definition.name}.",
                    )
                )
    return issues


def custom_traits(ctx: RuleContext) -> list[Issue]:
    """A custom advantage or disadvantage needs a name the sheet can print."""
    issues = []
    for key in ("advantages", "disadvantages"):
        for index, choice in enumerate(getattr(ctx.character, key)):
            if choice.trait == "custom" and not choice.name.strip():
                issues.append(
                    Issue(
                        Severity.WARNING,
                        codes.CUSTOM_TRAIT_UNNAMED,
                        f"A custom {key[:-1]} has no name.",
                        ("character", key, index, "name"),
                        "Name it as it should appear on the sheet.",
                    )
                )
    return issues


def above_level_limit(ctx: RuleContext) -> list[Issue]:
    """Levels past the Level Limit are legal but dearer: "up to and including double the
    Level Limit costs 2 GP/Level" (line 40). Shown as information with the tiers."""
    issues = []
    for index, (ability, cost) in ctx.each_priced():
        limit = ability.level_limit
        if limit is not None and ability.choice.level > limit:
            issues.append(
                Issue(
                    Severity.INFO,
                    codes.ABOVE_LEVEL_LIMIT,
                    f"{display_name(ability)} is Level {ability.choice.level}, above its Level "
                    f"Limit {limit}: levels cost {cost.levels_sum} = {cost.levels} GP.",
                    ability_path(index, "level"),
                    f"Nothing to fix; lower it to Level {limit} to pay the plain rate.",
                )
            )
    return issues


def reconstructed_costs(ctx: RuleContext) -> list[Issue]:
    """The seed's abilities table is a garbled extraction; costs we could not read with
    certainty are flagged so a referee can confirm or override them."""
    issues = []
    for index, ability in ctx.each_ability():
        definition = ability.definition
        if (
            definition
            and definition.certainty == "uncertain"
            and ability.choice.cost_override is None
        ):
            issues.append(
                Issue(
                    Severity.INFO,
                    codes.UNCERTAIN_COST,
                    f"{display_name(ability)}: the rulebook's cost for {definition.name} "
                    "is uncertain "
                    "(reconstructed from a damaged table).",
                    ability_path(index),
                    # how the cost was read (``certainty_note``) is for us, in the
                    # README; the player reads what to do about it
                    "A referee can confirm it or set the cost by hand (cost override).",
                )
            )
    return issues


#: Rules that look at one ability at a time (and the campaign settings and character
#: type): their issues depend on nothing else, so evaluate() can reuse them.
ABILITY_RULES: tuple[Rule, ...] = (
    minor_character_levels,
    conventional_levels,
    negative_modifier_cap,
    types_and_sources,
    modifier_restrictions,
    ability_restrictions,
    modifier_groups,
    modifier_variants,
    counts_over_lists,
    area_shapes,
    flexible_choices,
    above_level_limit,
    reconstructed_costs,
)

#: Rules about the whole character: budget, trait counts and prerequisites.
CHARACTER_RULES: tuple[Rule, ...] = (
    gp_budget,
    trait_counts,
    disadvantage_points_only_on_advantages,
    trait_prerequisites,
    custom_traits,
)

RULES: tuple[Rule, ...] = ABILITY_RULES + CHARACTER_RULES


def check(ctx: RuleContext) -> list[Issue]:
    issues: list[Issue] = []
    for rule in RULES:
        issues.extend(rule(ctx))
    return issues


def check_ability(ctx: RuleContext) -> list[Issue]:
    """The ability rules for the abilities in ``ctx`` (the memo passes one, with its
    ``first_index``)."""
    issues: list[Issue] = []
    for rule in ABILITY_RULES:
        issues.extend(rule(ctx))
    return issues


def check_character(ctx: RuleContext) -> list[Issue]:
    issues: list[Issue] = []
    for rule in CHARACTER_RULES:
        issues.extend(rule(ctx))
    return issues
