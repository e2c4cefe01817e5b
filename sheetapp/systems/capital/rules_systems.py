"""Systems and Slots (lines 279-283, 355-372) and the System keywords Requires,
Repeatable and Innate (lines 2537-2566)."""

from __future__ import annotations

from collections import Counter

from sheetapp.core.issues import Issue
from sheetapp.core.memo import Latest, Memo
from sheetapp.systems.capital import codes
from sheetapp.systems.capital.catalog import ATTRIBUTES, SystemDef
from sheetapp.systems.capital.context import (
    STEP_SYSTEMS,
    RuleContext,
    char_path,
    error,
    todo,
)
from sheetapp.systems.capital.levels import table_slots
from sheetapp.systems.capital.model import SystemChoice
from sheetapp.systems.capital.sheet import augmentation_slots


def _known(ctx: RuleContext) -> tuple[tuple[int, SystemChoice, SystemDef], ...]:
    """The character's Systems found in the catalog, with their places. Worked out once
    per rule context (the rules below ask about twenty times per evaluation); the
    context is kept with them, so its identity is not reused while they are."""
    kept = _LAST_KNOWN.current()
    last = kept.get()  # read once: another thread may replace it
    if last is not None and last[0] is ctx:
        return last[1]
    systems = ctx.catalogs.systems
    known = tuple(
        (index, choice, systems[choice.system])
        for index, choice in enumerate(ctx.character.systems)
        if choice.system in systems
    )
    kept.keep((ctx, known))
    return known


#: the last rule context and its known Systems (one entry, replaced as a whole)
_LAST_KNOWN: Memo[Latest[tuple[RuleContext, tuple[tuple[int, SystemChoice, SystemDef], ...]]]] = (
    Memo("capital:known_systems", "the character's Systems", "found once per rule context", Latest)
)


def held_ids(ctx: RuleContext) -> set[str]:
    """Systems the character has, with those they replaced (Focus II counts as Focus)."""
    have = {choice.system for _, choice, _ in _known(ctx)}
    for _, _, system in _known(ctx):
        if system.replaces:
            have.add(system.replaces)
    return have


def slots_budget(ctx: RuleContext) -> list[Issue]:
    """ "When you Level Up, you can choose any Systems to fill the Slots you have."
    (line 273) and the Slots column of the level table (lines 362-372)."""
    total = ctx.sheet.slots_total
    used = 0
    for index, choice, system in _known(ctx):
        if choice.gm_granted or not system.slots:
            continue
        used += system.slots
        if used > total:
            return [
                error(
                    codes.SLOTS_OVER,
                    f"Systems use {ctx.sheet.slots_used} Slots; Level {ctx.character.level} "
                    f"has {total}. {system.name} does not fit.",
                    char_path("systems", index),
                    "Remove a System, or level up for more Slots.",
                )
            ]
    return _slots_by_level(ctx)


def _slots_by_level(ctx: RuleContext) -> list[Issue]:
    """Slots are filled when they are gained: a System taken at Level L fits Level L's Slots."""
    extra = augmentation_slots(ctx.character, ctx.catalogs)
    for level in range(1, ctx.character.level):
        budget = table_slots(level, ctx.campaign, ctx.catalogs) + extra
        used = 0
        for index, choice, system in _known(ctx):
            if choice.gm_granted or not system.slots or choice.level > level:
                continue
            used += system.slots
            if used > budget:
                return [
                    error(
                        codes.SLOTS_OVER_AT_LEVEL,
                        f"{system.name} was taken at Level {choice.level}, when only {budget} "
                        "Slots were available.",
                        char_path("systems", index, "level"),
                        "Set the level it was gained at to a level with a free Slot.",
                    )
                ]
    return []


def system_levels(ctx: RuleContext) -> list[Issue]:
    """A System cannot be gained above the character's level; Role Systems at their
    level (e.g. "3 Surge (Signature System)", line 691)."""
    issues = []
    role = ctx.sheet.role
    granted = {g.system: g.level for g in role.systems} if role else {}
    for index, choice, system in _known(ctx):
        if choice.level > ctx.character.level:
            issues.append(
                error(
                    codes.SYSTEM_LEVEL,
                    f"{system.name} is marked as gained at Level {choice.level}, above the "
                    f"character's Level {ctx.character.level}.",
                    char_path("systems", index, "level"),
                    f"Set its Gained at to Level {ctx.character.level} or lower, or raise the "
                    "character's Level.",
                )
            )
        elif system.id in granted and ctx.character.level < granted[system.id]:
            issues.append(
                error(
                    codes.ROLE_SYSTEM_LEVEL,
                    f"{system.name} comes with Level {granted[system.id]}.",
                    char_path("systems", index),
                    f"Remove it until Level {granted[system.id]}.",
                )
            )
    return issues


def selectable(ctx: RuleContext) -> list[Issue]:
    """ "If a system does not specify a number of Slots, you cannot select it unless the
    rules specifically tell you to." (line 275)"""
    issues = []
    role = ctx.sheet.role
    granted = {g.system for g in role.systems} if role else set()
    for index, choice, system in _known(ctx):
        if system.slots is not None or system.innate or choice.gm_granted:
            continue
        if system.id not in granted:
            owner = ctx.catalogs.roles.get(system.role or "")
            why = f"it comes with {owner.name}" if owner else "it takes no Slots"
            issues.append(
                error(
                    codes.SYSTEM_NOT_SELECTABLE,
                    f"{system.name} cannot be selected: {why}.",
                    char_path("systems", index),
                    "Mark it as given by the GM if it was.",
                )
            )
    return issues


def role_systems_present(ctx: RuleContext) -> list[Issue]:
    """ "Gain these Systems as you Level Up" (each Role's table, e.g. lines 687-691)."""
    role = ctx.sheet.role
    if role is None:
        return []
    have = held_ids(ctx)
    issues = []
    for granted in role.systems:
        if granted.level <= ctx.character.level and granted.system not in have:
            name = ctx.catalogs.systems[granted.system].name
            issues.append(
                error(
                    codes.ROLE_SYSTEM_MISSING,
                    f"{role.name} has {name} from Level {granted.level}.",
                    char_path("systems"),
                    f"Add {name}.",
                )
            )
    return issues


def held_for(ctx: RuleContext, index: int) -> set[str]:
    """What the System at ``index`` may count as held for its requirements: the Systems
    listed, those the *other* Systems replaced, and what the Role gave at or below the
    level it was gained at. Its own replaced System is held only when one of these shows
    it was ("Requires Focus I, which this replaces", line 1896): Focus II alone, on a Role
    that never had Focus I, does not count as having had it (line 2566)."""
    known = _known(ctx)
    have = {choice.system for _, choice, _ in known}
    have.update(system.replaces for i, _, system in known if system.replaces and i != index)
    role = ctx.sheet.role
    level = next((choice.level for i, choice, _ in known if i == index), ctx.character.level)
    if role is not None:
        have.update(granted.system for granted in role.systems if granted.level <= level)
    return have


def requirements(ctx: RuleContext) -> list[Issue]:
    """ "Systems with requirements cannot be gained unless all the prerequisites are met:
    for example, a certain Role, or another System." (line 2566)"""
    issues = []
    asset = ctx.character.special_asset
    asset_kind = ctx.catalogs.asset_kind_of(asset.asset) if asset else None
    for index, choice, system in _known(ctx):
        if choice.gm_granted:
            continue
        have = held_for(ctx, index)
        req = system.requires
        missing = []
        if req.roles and ctx.character.role not in req.roles:
            missing.append(" or ".join(ctx.catalogs.roles[r].name for r in req.roles))
        if req.systems_any and not have.intersection(req.systems_any):
            missing.append(" or ".join(ctx.catalogs.systems[s].name for s in req.systems_any))
        if req.asset_kind and asset_kind != req.asset_kind:
            missing.append(ctx.catalogs.asset_kinds[req.asset_kind].name)
        if missing:
            issues.append(
                error(
                    codes.SYSTEM_REQUIREMENT,
                    f"{system.name} requires {' and '.join(missing)}.",
                    char_path("systems", index),
                    "Take the required Systems first, or remove this one.",
                )
            )
    return issues


def repeats(ctx: RuleContext) -> list[Issue]:
    """ "Only Repeatable Systems can be gained multiple times." (line 2562), and
    "Repeatable (Must choose different damage types)" (line 1868)."""
    issues = []
    counts: Counter[str] = Counter()
    choices: dict[str, set[str]] = {}
    for index, choice, system in _known(ctx):
        counts[system.id] += 1
        path = char_path("systems", index)
        if not system.repeatable:
            if counts[system.id] > 1:
                issues.append(
                    error(
                        codes.SYSTEM_REPEATED,
                        f"{system.name} is not Repeatable and is taken twice.",
                        path,
                        "Remove the second copy.",
                    )
                )
            continue
        options = (
            set(ctx.catalogs.damage_types)
            if system.repeat_choice == "damage_type"
            else set(ATTRIBUTES)
        )
        label = "damage type" if system.repeat_choice == "damage_type" else "Attribute"
        if choice.choice is None:
            issues.append(
                todo(
                    codes.SYSTEM_CHOICE_MISSING,
                    f"{system.name}: choose a {label}.",
                    (*path, "choice"),
                    f"Choose the {label} in its row.",
                    STEP_SYSTEMS,
                )
            )
        elif choice.choice not in options:
            issues.append(
                error(
                    codes.SYSTEM_CHOICE_INVALID,
                    f"{system.name}: '{choice.choice}' is not a {label}.",
                    (*path, "choice"),
                    f"Choose one of: {', '.join(sorted(options))}.",
                )
            )
        elif choice.choice in choices.setdefault(system.id, set()):
            issues.append(
                error(
                    codes.SYSTEM_CHOICE_REPEATED,
                    f"{system.name} is taken again with the same {label}; each must differ.",
                    (*path, "choice"),
                    f"Choose a different {label}.",
                )
            )
        else:
            choices[system.id].add(choice.choice)
    return issues


def replaced_kept(ctx: RuleContext) -> list[Issue]:
    """ "Requires Focus I, which this replaces" (line 1896): the old System goes."""
    issues = []
    present = {choice.system: index for index, choice, _ in _known(ctx)}
    for _, _, system in _known(ctx):
        if system.replaces and system.replaces in present:
            old = ctx.catalogs.systems[system.replaces].name
            issues.append(
                error(
                    codes.REPLACED_SYSTEM_KEPT,
                    f"{system.name} replaces {old}, which is still listed.",
                    char_path("systems", present[system.replaces]),
                    f"Remove {old}.",
                )
            )
    return issues


def innate(ctx: RuleContext) -> list[Issue]:
    """ "This System can't be gained when you Level Up: it can only be gained when you
    first build your character, or given by the GM" (line 2539)."""
    return [
        error(
            codes.INNATE_AFTER_CREATION,
            f"{system.name} is Innate: it can only be taken when the character is built.",
            char_path("systems", index, "level"),
            "Set it to Level 1, or mark it as given by the GM.",
        )
        for index, choice, system in _known(ctx)
        if system.innate and choice.level > 1 and not choice.gm_granted
    ]
