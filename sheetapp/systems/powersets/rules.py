"""The chapter's rules as checks (a rule stated and broken is an error, a step not done a
warning, advice info); every message names the item as the player knows it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sheetapp.core.codes import IssueCode
from sheetapp.core.issues import DataPath, Issue, Severity, todo
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.powersets import codes
from sheetapp.systems.powersets.budget import SIDEKICK, Budget, PowerCost, power_name
from sheetapp.systems.powersets.catalog import (
    POWER_LEVELS,
    PowerLevelId,
    PowerSetId,
    Scaled,
    a_level,
    failings,
    magic_spells,
    mutations_by_id,
    power_levels,
    power_modifiers,
    psychic_abilities,
    sorcery_spells,
    superpowers,
)
from sheetapp.systems.powersets.experience import POW_GAIN_MOST, pow_needed, pow_succeeds
from sheetapp.systems.powersets.model import (
    Brazier,
    Familiar,
    PowersetsCampaign,
    PowersetsCharacter,
    PowIncrease,
    SpellStudy,
    Staff,
    SuperpowerChoice,
)
from sheetapp.systems.powersets.mutation_effects import (
    FAMILIAR_POW,
    change_problems,
    changes_text,
    effect_of,
    final_scores,
    table_row_of,
)
from sheetapp.systems.powersets.studies import (
    LIBRARY_RATINGS,
    METHOD_NAMES,
    METHODS,
    in_catalog,
    spell_known,
    spell_name,
    study_status,
)
from sheetapp.systems.powersets.traditions import (
    TRADITION_SETS,
    Tradition,
    named_apart,
    tradition_of,
    traditions,
)

SET_NAMES: dict[PowerSetId, str] = {
    "magic": "Magic",
    "mutations": "Mutations",
    "psychic": "Psychic Abilities",
    "sorcery": "Sorcery",
    "superpowers": "Superpowers",
}
#: the list each power set fills
SET_LISTS: dict[PowerSetId, str] = {
    "magic": "magic_spells",
    "mutations": "mutations",
    "psychic": "psychic",
    "sorcery": "sorcery",
    "superpowers": "superpowers",
}


@dataclass(frozen=True, slots=True)
class RuleContext:
    character: PowersetsCharacter
    campaign: PowersetsCampaign
    budget: Budget
    #: the characteristics after mutations, worked out once by the caller (else here)
    final: dict[str, int] | None = None

    def level_of(self, power_set: PowerSetId) -> PowerLevelId | None:
        return next((c.level for c in self.character.power_sets if c.power_set == power_set), None)

    @property
    def scores(self) -> dict[str, int]:
        """The characteristics after mutations: "Any bonuses or derived attributes using
        those characteristics are similarly modified" (line 1130)."""
        return self.final if self.final is not None else final_scores(self.character)

    @property
    def initial_scores(self) -> dict[str, int]:
        """Before mutations: "All references to CON are for your character's initial CON,
        before the effects of any mutations are applied" (line 1015)."""
        return self.character.characteristics.scores()


Rule = Callable[[RuleContext], list[Issue]]


#: the steps a new character's to-do errors belong to (the seed's chapter names)
STEP_POWER_SETS = "Power sets"
STEP_SUPERPOWERS = "Superpowers"


def _issue(severity: Severity, code: IssueCode, message: str, path: DataPath, hint: str) -> Issue:
    return Issue(severity, code, message, path, hint)


def _rank(level: PowerLevelId) -> int:
    return POWER_LEVELS.index(level)


def powers_level(campaign: PowersetsCampaign) -> PowerLevelId:
    """The power level a starting character's powers are held to: the game's, or one
    step lower with the balancing option ("lowering the power level of the powered
    character by one step" (line 346): "powered characters in a Heroic level game begin
    at a Normal level for powers and skills" (line 348))."""
    game = campaign.power_level
    if campaign.powered_one_step_lower:
        return POWER_LEVELS[max(0, _rank(game) - 1)]
    return game


def power_steps(level: PowerLevelId) -> int:
    """The steps of one set at ``level``, Normal 1 to Superhuman 4: every combination a
    game level allows adds up to the same count (Epic: Epic, Heroic + Normal, or three
    Normal, lines 382-386)."""
    return _rank(level) + 1


def power_set_levels(ctx: RuleContext) -> list[Issue]:
    """Lines 359-396: one game power level; each set at a level, in one of the level's
    combinations (or less); more than one set only with the gamemaster's allowance."""
    character, campaign = ctx.character, ctx.campaign
    sets = character.power_sets
    path: DataPath = ("character", "power_sets")
    if not sets:
        # "Your character begins with: - One power set at the Normal power level" (lines
        # 369-371; at least one at every level): none is a step still to do
        return [
            todo(
                codes.NO_POWER_SET,
                "No power set chosen yet.",
                path,
                "Add a power set (Magic, Mutations, Psychic Abilities, Sorcery or "
                "Superpowers) at a power level.",
                STEP_POWER_SETS,
            )
        ]
    game = powers_level(campaign)
    lowered = (
        f" (the game's {campaign.power_level.title()}, one step lower for powered characters)"
        if game != campaign.power_level
        else ""
    )
    issues = _each_set(ctx, game, lowered)
    if len(sets) > 1 and not campaign.several_sets_allowed:
        issues.append(
            _issue(
                Severity.INFO,
                codes.SEVERAL_SETS,
                f"{len(sets)} power sets: the gamemaster should have the final say on "
                "beginning with more than one.",
                path,
                "Check it with the gamemaster; tick their allowance in the campaign settings.",
            )
        )
    issues += _combination(ctx, game, lowered)
    issues += _sets_missing(ctx)
    return issues


def _each_set(ctx: RuleContext, game: PowerLevelId, lowered: str) -> list[Issue]:
    """A set listed twice (a type with traditions: not told apart by name), and a set
    above the game's power level."""
    issues: list[Issue] = []
    sets = ctx.character.power_sets
    path: DataPath = ("character", "power_sets")
    seen: set[str] = set()
    for index, choice in enumerate(sets):
        name = SET_NAMES[choice.power_set]
        same = [c for c in sets if c.power_set == choice.power_set]
        traditional = choice.power_set in TRADITION_SETS
        if choice.power_set in seen and not (traditional and named_apart(same)):
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.SET_TWICE,
                    f"{name} is listed twice"
                    + (", and the two are not told apart by their names." if traditional else "."),
                    (*path, index),
                    "Give each its own tradition name (two Magic traditions), or remove one."
                    if traditional
                    else "Remove one; a set has one power level.",
                )
            )
        seen.add(choice.power_set)
        if _rank(choice.level) > _rank(game):
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.SET_ABOVE_GAME,
                    f"{name} at {choice.level.title()} is above the game's power level "
                    f"({game.title()}{lowered}).",
                    (*path, index, "level"),
                    f"Lower it to {game.title()} or less, or agree a higher game level.",
                )
            )
    return issues


def _combination(ctx: RuleContext, game: PowerLevelId, lowered: str) -> list[Issue]:
    """The sets in none of the game level's combinations; else fewer power steps than
    the level gives (advice)."""
    sets = ctx.character.power_sets
    path: DataPath = ("character", "power_sets")
    wanted = sorted((_rank(c.level) for c in sets), reverse=True)
    allowed = next(level for level in power_levels().levels if level.id == game)
    fits = any(
        len(combo.sets) >= len(wanted)
        and all(rank <= _rank(level) for rank, level in zip(wanted, combo.sets, strict=False))
        for combo in allowed.combinations
    )
    if not fits:
        options = "; ".join(
            " + ".join(level.title() for level in combo.sets) for combo in allowed.combinations
        )
        return [
            _issue(
                Severity.ERROR,
                codes.COMBINATION,
                f"These power sets are more than {a_level(game)} character begins with{lowered}.",
                path,
                f"{_capital(a_level(game))} character begins with one of: {options}.",
            )
        ]
    steps = sum(power_steps(c.level) for c in sets)
    allowed_steps = power_steps(game)
    if steps >= allowed_steps:
        return []
    return [
        _issue(
            Severity.INFO,
            codes.POWER_STEPS,
            f"Power sets worth {steps} of the {allowed_steps} power steps "
            f"{a_level(game)} character begins with{lowered}.",
            path,
            "Fine if intended: a set may be raised a level, or another set added "
            "(Normal 1 step, Heroic 2, Epic 3, Superhuman 4).",
        )
    ]


def _sets_missing(ctx: RuleContext) -> list[Issue]:
    """Powers listed of a set the character does not have."""
    character = ctx.character
    have = {c.power_set for c in character.power_sets}
    issues: list[Issue] = []
    for power_set, field in SET_LISTS.items():
        # a non-magician may know a few spells (line 546): magic(), not an error here
        if power_set == "magic":
            continue
        if getattr(character, field) and power_set not in have:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.SET_MISSING,
                    f"{SET_NAMES[power_set]} are listed but the character does not have the "
                    f"{SET_NAMES[power_set]} power set.",
                    ("character", field),
                    f"Add {SET_NAMES[power_set]} as a power set, or remove them.",
                )
            )
    return issues


def magic(ctx: RuleContext) -> list[Issue]:
    """Lines 458, 438, 472-475: starting spells by power level; memorised spells and
    levels per spell up to ½ INT (round up)."""
    level = ctx.level_of("magic")
    spells = ctx.character.magic_spells
    if level is None:
        return _non_magician(ctx) if spells else []
    if not spells:
        return []
    groups, issues = _by_tradition(ctx, "magic", spells, magic_spells())
    for tradition, label, members in groups:
        issues += _magic_starting(ctx, tradition, label, members)
    return issues + _magic_limits(ctx)


def _magic_starting(
    ctx: RuleContext, tradition: Tradition, label: str, members: list[tuple[int, Any]]
) -> list[Issue]:
    """One set's starting spells: how many the level gives, and their skill's floor."""
    path: DataPath = ("character", "magic_spells")
    start = next(s for s in power_levels().magic if s.id == tradition.level)
    starting = [(i, s) for i, s in members if not s.learned_in_play]
    issues: list[Issue] = []
    if len(starting) > start.spells:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.MAGIC_SPELLS,
                f"{len(starting)} starting spells of {label}; "
                f"{a_level(tradition.level)} magician knows {start.spells}.",
                path,
                "Remove spells, or tick 'Learned in play' on those learned since.",
            )
        )
    floor = start.skill.value(ctx.scores["INT"])
    for index, spell in starting:
        if spell.skill < floor:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MAGIC_SKILL_START,
                    f"{_name(magic_spells(), spell.spell)} at {spell.skill}%: starting "
                    f"spells begin at {_times(start.skill)} ({floor}%).",
                    (*path, index, "skill"),
                    f"Raise it to {floor}% or more (skill points may add to it).",
                )
            )
    return issues


def _magic_limits(ctx: RuleContext) -> list[Issue]:
    """Every spell's levels and the spells memorised, up to ½ INT (round up)."""
    spells = ctx.character.magic_spells
    rules = power_levels()
    path: DataPath = ("character", "magic_spells")
    intelligence = ctx.scores["INT"]
    memory = rules.rule("magic_memory").scaled
    limit = rules.rule("magic_spell_level").scaled
    assert memory is not None and limit is not None
    most = limit.value(intelligence)
    issues: list[Issue] = []
    for index, spell in enumerate(spells):
        if spell.level > most:
            name = _name(magic_spells(), spell.spell)
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MAGIC_LEVEL,
                    f"{name} at {spell.level} levels: at most ½ INT ({most}) levels.",
                    (*path, index, "level"),
                    f"Lower it to {most} levels, or raise INT.",
                )
            )
    memorised = sum(1 for s in spells if s.memorised)
    room = memory.value(intelligence)
    if memorised > room:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.MAGIC_MEMORY,
                f"{memorised} spells memorised; with INT {intelligence} a magician memorises "
                f"{room}.",
                path,
                "Untick 'Memorised' on some spells.",
            )
        )
    return issues


def _non_magician(ctx: RuleContext) -> list[Issue]:
    """ "A non-magician can know up to ¼ their INT (rounded down) in spell levels. These
    spells begin at an INT×1 skill rating" (line 546)."""
    spells = ctx.character.magic_spells
    intelligence = ctx.scores["INT"]
    limit = power_levels().rule("non_magician_spell_levels").scaled
    assert limit is not None
    most = limit.value(intelligence)
    known = sum(s.level for s in spells)
    path: DataPath = ("character", "magic_spells")
    issues: list[Issue] = []
    if known > most:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.NON_MAGICIAN_SPELLS,
                f"{known} spell levels without the Magic power set; a non-magician knows up "
                f"to ¼ INT (rounded down): {most}.",
                path,
                "Remove spells or lower their levels, or add the Magic power set.",
            )
        )
    for index, spell in enumerate(spells):
        if spell.skill < intelligence:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.NON_MAGICIAN_SPELLS,
                    f"{_name(magic_spells(), spell.spell)} at {spell.skill}%: a non-magician's "
                    f"spells begin at INT×1 ({intelligence}%).",
                    (*path, index, "skill"),
                    f"Raise it to {intelligence}% or more.",
                )
            )
    return issues


def mutations(ctx: RuleContext) -> list[Issue]:
    """Lines 1014-1021: a major mutation is two picks; picks, and adverse mutations, from
    the initial CON by power level; adverse mutations buy beneficial ones 1 to 1."""
    level = ctx.level_of("mutations")
    chosen = ctx.character.mutations
    if level is None or not chosen:
        return []
    issues = _mutation_entries(ctx)
    issues += _mutation_rolls(ctx)
    issues += _above_major(ctx, level)
    start = next(s for s in power_levels().mutations if s.id == level)
    if start.picks is None:
        return issues + _rolled_mutations(ctx, start.rolls)
    return issues + _mutation_picks(ctx, level) + _mutation_approvals(ctx, level)


def _mutation_entries(ctx: RuleContext) -> list[Issue]:
    """A mutation listed twice, and a major one that has only a minor version."""
    chosen = ctx.character.mutations
    catalog = mutations_by_id()
    issues: list[Issue] = []
    path: DataPath = ("character", "mutations")
    counts = Counter(m.mutation for m in chosen)
    for index, choice in enumerate(chosen):
        entry = catalog.get(choice.mutation)
        if counts[choice.mutation] > 1 and chosen.index(choice) != index:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MUTATION_TWICE,
                    f"{_name(catalog, choice.mutation)} is listed twice.",
                    (*path, index),
                    "Remove this row and tick 'Major' on the first: a second pick makes it major.",
                )
            )
        if entry is not None and entry.minor_only and choice.major:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MUTATION_MINOR_ONLY,
                    f"{entry.name} has only a minor version.",
                    (*path, index, "major"),
                    "Untick 'Major'.",
                )
            )
    return issues


def _above_major(ctx: RuleContext, level: PowerLevelId) -> list[Issue]:
    """A mutation above major quality: not for one with only a minor version, only for a
    Superhuman mutant, and with the gamemaster's allowance."""
    catalog = mutations_by_id()
    allows = next(s for s in power_levels().mutations if s.id == level).above_major_allowed
    issues: list[Issue] = []
    for index, choice in enumerate(ctx.character.mutations):
        entry = catalog.get(choice.mutation)
        if not choice.above_major or entry is None:
            continue
        why = (
            "it has only a minor version"
            if entry.minor_only
            else f"only a Superhuman mutant may take one (this one is {level.title()})"
            if not allows
            else "the gamemaster's allowance is not ticked in the campaign settings"
            if not ctx.campaign.above_major_allowed
            else ""
        )
        if why:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.ABOVE_MAJOR,
                    f"{entry.name} above major quality: {why}.",
                    ("character", "mutations", index, "above_major"),
                    "Untick 'Above major', or have the gamemaster allow it.",
                )
            )
    return issues


def _mutation_kind_picks(ctx: RuleContext, kind: str) -> int:
    """The picks the character's mutations of ``kind`` (beneficial, adverse) take."""
    catalog = mutations_by_id()
    return sum(
        m.picks
        for m in ctx.character.mutations
        if (entry := catalog.get(m.mutation)) is not None and entry.kind == kind
    )


def _rolled_mutations(ctx: RuleContext, rolls: int) -> list[Issue]:
    """At the Normal level mutations are rolled: more than the rolls is advice."""
    picked = _mutation_kind_picks(ctx, "beneficial") + _mutation_kind_picks(ctx, "adverse")
    if picked <= rolls:
        return []
    return [
        _issue(
            Severity.INFO,
            codes.NORMAL_MUTATIONS,
            f"{picked} mutation picks: at the Normal level mutations are rolled, "
            f"{rolls} by default (more after adverse ones and Luck rolls).",
            ("character", "mutations"),
            "Fine if the rolls or the gamemaster gave them.",
        )
    ]


def _mutation_picks(ctx: RuleContext, level: PowerLevelId) -> list[Issue]:
    """Beneficial picks of those the initial CON gives, plus one per adverse pick."""
    start = next(s for s in power_levels().mutations if s.id == level)
    assert start.picks is not None
    good = _mutation_kind_picks(ctx, "beneficial")
    bad = _mutation_kind_picks(ctx, "adverse")
    con = ctx.initial_scores["CON"]
    path: DataPath = ("character", "mutations")
    allowed = start.picks.value(con) + bad
    if good < allowed:
        return [
            _issue(
                Severity.INFO,
                codes.MUTATION_PICKS_LEFT,
                f"{good} of {allowed} beneficial picks taken; CON {con} at {level.title()} "
                f"gives {start.picks.value(con)}"
                + (f", plus {bad} for the adverse ones." if bad else "."),
                path,
                "Pick more mutations (a major one takes two picks), or leave them if intended.",
            )
        ]
    if good > allowed:
        return [
            _issue(
                Severity.ERROR,
                codes.MUTATION_PICKS,
                f"{good} beneficial picks; CON {con} at {level.title()} gives "
                f"{start.picks.value(con)}, plus {bad} for the adverse ones = {allowed}.",
                path,
                "Remove a beneficial mutation, make a major one minor, or take an adverse one.",
            )
        ]
    return []


def _mutation_approvals(ctx: RuleContext, level: PowerLevelId) -> list[Issue]:
    """The cap on adverse picks, and what needs the gamemaster's approval (many adverse
    mutations, two major ones)."""
    start = next(s for s in power_levels().mutations if s.id == level)
    bad = _mutation_kind_picks(ctx, "adverse")
    con = ctx.initial_scores["CON"]
    path: DataPath = ("character", "mutations")
    issues: list[Issue] = []
    if start.adverse_limit is not None and bad > start.adverse_limit.value(con):
        most = start.adverse_limit.value(con)
        issues.append(
            _issue(
                Severity.ERROR,
                codes.ADVERSE_LIMIT,
                f"{bad} adverse picks; at {level.title()} at most {most} (CON {con}).",
                path,
                "Remove an adverse mutation.",
            )
        )
    if (
        start.adverse_approval_above is not None
        and bad > start.adverse_approval_above
        and not ctx.campaign.adverse_above_four_allowed
    ):
        issues.append(
            _issue(
                Severity.ERROR,
                codes.ADVERSE_APPROVAL,
                f"{bad} adverse mutations: more than {start.adverse_approval_above} needs the "
                "gamemaster's approval.",
                path,
                "Remove adverse mutations, or tick the gamemaster's approval in the campaign "
                "settings.",
            )
        )
    majors = sum(1 for m in ctx.character.mutations if m.major)
    if start.two_majors_need_approval and majors >= 2 and not ctx.campaign.two_majors_allowed:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.TWO_MAJORS,
                f"{majors} major mutations at {level.title()}: two need the gamemaster's "
                "allowance.",
                path,
                "Make one minor, or tick the gamemaster's allowance in the campaign settings.",
            )
        )
    return issues


def _mutation_rolls(ctx: RuleContext) -> list[Issue]:
    """ "Roll D100 to determine mutations" (line 1037): each recorded roll lands on the
    mutation's row of the table; "if you get the same result twice it is major" (line
    1017)."""
    catalog = mutations_by_id()
    issues: list[Issue] = []
    for index, choice in enumerate(ctx.character.mutations):
        entry = catalog.get(choice.mutation)
        if entry is None or not choice.rolls:
            continue
        path: DataPath = ("character", "mutations", index, "rolls")
        wrong = [roll for roll in choice.rolls if table_row_of(roll) != choice.mutation]
        if wrong:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MUTATION_ROLL,
                    f"{entry.name}: a roll of "
                    + ", ".join(f"{roll:02d}" for roll in wrong)
                    + " does not give it on the Random Mutations Table.",
                    path,
                    "Enter the rolls as the dice gave them (1 to 100), only those that gave "
                    "this mutation.",
                )
            )
        elif len(choice.rolls) >= 2 and not choice.major and not entry.minor_only:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MUTATION_ROLL,
                    f"{entry.name} was rolled {len(choice.rolls)} times: the same result "
                    "twice makes it major.",
                    (*path[:-1], "major"),
                    "Tick 'Major'.",
                )
            )
    return issues


def psychic(ctx: RuleContext) -> list[Issue]:
    """Lines 1281-1284: the starting psychic abilities by power level; line 1290: "When a
    psychic's POW has increased beyond its starting value, they can learn a new psychic
    ability" (training or involuntarily)."""
    level = ctx.level_of("psychic")
    issues = _psychic_gained(ctx)
    if level is None or not ctx.character.psychic:
        return issues
    groups, found = _by_tradition(ctx, "psychic", ctx.character.psychic, psychic_abilities())
    issues += found
    for tradition, label, members in groups:
        start = next(s for s in power_levels().psychic if s.id == tradition.level)
        chosen = [(i, a) for i, a in members if not a.learned_in_play and not a.gained]
        floor = start.skill.value(ctx.scores["POW"])
        for index, choice in chosen:
            if choice.skill >= floor:
                continue
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.PSYCHIC_SKILL_START,
                    f"{_name(psychic_abilities(), choice.ability)} at {choice.skill}%: "
                    f"starting abilities begin at {_times(start.skill)} ({floor}%).",
                    ("character", "psychic", index, "skill"),
                    f"Raise it to {floor}% or more (skill points may add to it).",
                )
            )
        if len(chosen) > start.abilities:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.PSYCHIC_ABILITIES,
                    f"{len(chosen)} starting psychic abilities of {label}; "
                    f"{a_level(tradition.level)} psychic begins with {start.abilities}.",
                    ("character", "psychic"),
                    "Remove abilities, or tick 'Learned in play' on those gained since.",
                )
            )
    return issues


def _by_tradition(
    ctx: RuleContext, power_set: PowerSetId, items: Sequence[Any], catalog: object
) -> tuple[list[tuple[Tradition, str, list[tuple[int, Any]]]], list[Issue]]:
    """Each set of the type with its label and its items (index, item); an item naming
    none of several sets is an error."""
    found = traditions(ctx.character, power_set)
    several = len(found) > 1
    groups: list[tuple[Tradition, str, list[tuple[int, Any]]]] = [
        (t, t.label(SET_NAMES[power_set], several), []) for t in found
    ]
    issues: list[Issue] = []
    for index, item in enumerate(items):
        belongs = tradition_of(found, item.tradition)
        if belongs is None:
            if not found:
                continue
            names = ", ".join(f"'{t.name}'" for t in found if t.name) or "(none named yet)"
            key = str(getattr(item, "spell", None) or getattr(item, "ability", ""))
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.TRADITION,
                    f"{_name(catalog, key)} names "
                    + (f"'{item.tradition}'" if item.tradition.strip() else "no tradition")
                    + f"; the character has {len(found)} {SET_NAMES[power_set]} sets: {names}.",
                    ("character", SET_LISTS[power_set], index, "tradition"),
                    "Choose the tradition it belongs to.",
                )
            )
            continue
        next(g for g in groups if g[0] == belongs)[2].append((index, item))
    return groups, issues


def _psychic_gained(ctx: RuleContext) -> list[Issue]:
    """A psychic ability gained in play needs POW risen above its starting value: a
    recorded POW increase that went to POW (the stored POW is the starting one)."""
    risen = sum(r.gain or 0 for r in ctx.character.pow_increases if not r.to_budget)
    issues: list[Issue] = []
    for index, choice in enumerate(ctx.character.psychic):
        if not choice.gained or risen > 0:
            continue
        issues.append(
            _issue(
                Severity.ERROR,
                codes.PSYCHIC_GAIN_EARLY,
                f"{_name(psychic_abilities(), choice.ability)} is gained in play, and POW "
                "has not risen above its starting value.",
                ("character", "psychic", index, "gained"),
                "A new psychic ability comes after POW has increased: record the POW "
                "increase first, or clear 'Gained in play'.",
            )
        )
    return issues


def sorcery(ctx: RuleContext) -> list[Issue]:
    """Lines 1729, 1735-1740: POW 16+; starting levels by power level; INT in memory."""
    level = ctx.level_of("sorcery")
    if level is None:
        return []
    need = power_levels().rule("sorcery_min_pow").value or 16
    pow_ = ctx.scores["POW"]
    issues: list[Issue] = []
    if pow_ < need:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.SORCERY_POW,
                f"Sorcery needs POW {need}+; the character has POW {pow_}.",
                ("character", "characteristics", "pow"),
                f"Raise POW to {need}, or choose another power set.",
            )
        )
    issues += _sorcery_spell_levels(ctx)
    groups, found = _by_tradition(ctx, "sorcery", ctx.character.sorcery, sorcery_spells())
    issues += found
    for tradition, label, members in groups:
        issues += _sorcery_starting(ctx, tradition, label, members)
    return issues + _sorcery_memory(ctx)


def _sorcery_spell_levels(ctx: RuleContext) -> list[Issue]:
    """Each spell at one of the levels its entry gives."""
    catalog = sorcery_spells()
    issues: list[Issue] = []
    for index, choice in enumerate(ctx.character.sorcery):
        entry = catalog.get(choice.spell)
        if entry is not None and not entry.level_min <= choice.level <= entry.level_max:
            span = (
                f"{entry.level_min}"
                if entry.level_min == entry.level_max
                else f"{entry.level_min}-{entry.level_max}"
            )
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.SORCERY_SPELL_LEVEL,
                    f"{entry.name} at level {choice.level}: its levels are {span}.",
                    ("character", "sorcery", index, "level"),
                    f"Set a level of {span}.",
                )
            )
    return issues


def _sorcery_starting(
    ctx: RuleContext, tradition: Tradition, label: str, members: list[tuple[int, Any]]
) -> list[Issue]:
    """One set's starting spell levels, of those its level gives for INT."""
    start = next(s for s in power_levels().sorcery if s.id == tradition.level)
    allowed = start.levels.value(ctx.scores["INT"])
    known = sum(s.level for _i, s in members if not s.learned_in_play)
    if known <= allowed:
        return []
    return [
        _issue(
            Severity.ERROR,
            codes.SORCERY_LEVELS,
            f"{known} levels of starting spells of {label}; at "
            f"{tradition.level.title()} up to {start.levels.describe()} = {allowed}.",
            ("character", "sorcery"),
            "Remove spells or lower their levels, or tick 'Learned in play'.",
        )
    ]


def _sorcery_memory(ctx: RuleContext) -> list[Issue]:
    """Spell levels in memory and bound entities' POW dice, up to INT."""
    intelligence = ctx.scores["INT"]
    in_memory = sum(s.level for s in ctx.character.sorcery if s.in_memory)
    # "Bound demons and elementals also count against this limit" (line 1752): a POW
    # 3D8 demon "counts as 3 levels of INT" (line 2282)
    # "the demon is removed from the INT limit to memory" once dismissed (line 2294)
    bound = sum(entity.pow_dice for entity in ctx.character.bound if not entity.dismissed)
    if in_memory + bound <= intelligence:
        return []
    held = f" and {bound} for bound entities" if bound else ""
    return [
        _issue(
            Severity.ERROR,
            codes.SORCERY_MEMORY,
            f"{in_memory} spell levels in memory{held}; a sorcerer keeps up to INT "
            f"({intelligence}); the rest wait in the grimoire.",
            ("character", "sorcery"),
            "Untick 'In memory' on some spells"
            + (", or dismiss a bound entity." if bound else "."),
        )
    ]


def sidekicks(ctx: RuleContext) -> list[Issue]:
    """Lines 3116, 3128: a Sidekick is paid for by a Sidekick superpower out of the budget;
    its POW is at most its owner's."""
    character = ctx.character
    issues: list[Issue] = []
    bought_rows = [i for i, p in enumerate(character.superpowers) if p.power == SIDEKICK]
    bought = {power_name(character.superpowers[i]).casefold() for i in bought_rows}
    if len(bought_rows) > 1 and not ctx.campaign.several_sidekicks_allowed:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.SIDEKICKS_MORE,
                f"{len(bought_rows)} Sidekicks: a character has one at a time unless the "
                "gamemaster allows more.",
                ("character", "superpowers", bought_rows[1]),
                "Remove one, or tick the gamemaster's allowance in the campaign settings.",
            )
        )
    pow_ = ctx.scores["POW"]
    for index, sidekick in enumerate(character.sidekicks):
        name = sidekick.name.strip() or "The sidekick"
        if sidekick.name.strip().casefold() not in bought:
            issues.append(
                _issue(
                    Severity.WARNING,
                    codes.SIDEKICK_NOT_BOUGHT,
                    f"{name} is not paid for: no Sidekick superpower named '{name}'.",
                    ("character", "sidekicks", index, "name"),
                    "Add the Sidekick superpower and give it the sidekick's name.",
                )
            )
        if sidekick.pow > pow_:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.SIDEKICK_POW,
                    f"{name} has POW {sidekick.pow}, higher than the character's POW {pow_}.",
                    ("character", "sidekicks", index, "pow"),
                    "Lower its POW: a sidekick whose POW outgrows its owner's leaves their "
                    "service (½ its original budget comes back).",
                )
            )
    return issues


def braziers(ctx: RuleContext) -> list[Issue]:
    """Lines 2074-2078: a focus holds up to the sorcerer's POW after each attunement's
    sacrifice; it is made by casting Brazier of Power."""
    character = ctx.character
    issues: list[Issue] = []
    knows = any(s.spell == "brazier_of_power" for s in character.sorcery)
    if character.braziers and (ctx.level_of("sorcery") is None or not knows):
        issues.append(
            _issue(
                Severity.WARNING,
                codes.BRAZIER_NOT_SORCERER,
                "A Brazier of Power is attuned by a sorcerer casting the spell, and the "
                "character "
                + ("does not know it." if ctx.level_of("sorcery") else "has no Sorcery."),
                ("character", "braziers"),
                "Add Sorcery and the Brazier of Power spell, or remove the brazier.",
            )
        )
    for index, brazier in enumerate(character.braziers):
        holds = brazier_capacity(brazier)
        if brazier.stored > holds:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.BRAZIER_OVERFILLED,
                    f"{brazier.name or 'The brazier'} holds {brazier.stored} power points; "
                    f"attuned at POW {' + '.join(str(p) for p in brazier.attunements)}, it "
                    f"holds {holds}.",
                    ("character", "braziers", index, "stored"),
                    "Lower the points stored, or attune it again (another point of POW).",
                )
            )
    return issues


def brazier_capacity(brazier: Brazier) -> int:
    """ "up to the maximum of a sorcerer’s POW when the focus was created (after the
    sacrifice)" (line 2074); each further casting on it adds the POW after its own
    sacrifice ("a focus of greater capacity", line 2078)."""
    return sum(max(0, pow_) for pow_ in brazier.attunements)


def superpower_choices(ctx: RuleContext) -> list[Issue]:
    """Choices a power needs (an energy type...), variable costs and level caps."""
    scores = ctx.scores
    choices = ctx.character.superpowers
    return [
        issue
        for found in _CHOICE_ISSUES.current().each(
            ctx.budget.powers,
            lambda row: tuple(_choice_issues(row.index, choices[row.index], scores, row.cost)),
            scores,
        )
        for issue in found
    ]


_CHOICE_ISSUES: Memo[ByIdentity[PowerCost, tuple[Issue, ...]]] = Memo(
    "powersets:choice_issues",
    "the budget's power rows",
    "a power's cost row is the same object while its choice is unchanged (budget.py); "
    "the issues also read the characteristics, the context",
    ByIdentity,
)


def _choice_issues(
    index: int, choice: SuperpowerChoice, scores: dict[str, int], cost: int | None
) -> Iterator[Issue]:
    path: DataPath = ("character", "superpowers")
    power = superpowers().get(choice.power)
    if power is None:
        return
    name = choice.name.strip() or power.name
    if power.choices and power.choices[0].energy_types and not choice.choice.strip():
        # "the energy type ... must be chosen" (an Armor's, line 2782; each energy power
        # says so): not chosen yet is a step to do
        yield todo(
            codes.ENERGY_TYPE,
            f"{name}: its {power.choices[0].label.lower()} must be chosen when it is bought.",
            (*path, index, "choice"),
            "Pick the energy type in the Choice cell; against several types, list the "
            "power once per type.",
            STEP_SUPERPOWERS,
        )
    elif power.choices and not choice.choice.strip():
        # "When selecting this power, define the type of energy it absorbs" (Absorption,
        # line 2712; each power with a choice says so): not chosen yet is a step to do
        yield todo(
            codes.POWER_CHOICE,
            f"{name}: choose its {power.choices[0].label.lower()}.",
            (*path, index, "choice"),
            "Type or pick it in the Choice cell.",
            STEP_SUPERPOWERS,
        )
    variable = power.cost_per_level is None and not any(c.option_costs for c in power.choices)
    if variable and cost is None:
        yield _issue(
            Severity.WARNING,
            codes.POWER_COST,
            f"{name}: its cost is {power.cost_text.lower()}; the gamemaster sets it.",
            (*path, index, "cost_override"),
            "Type the cost the gamemaster set"
            + (
                ", or list the sidekick under the power's name (Sidekicks): its "
                "characteristics and skills are priced for you."
                if choice.power == SIDEKICK
                else "."
            ),
        )
    cap = power.level_cap
    if cap is not None:
        limit = cap.value(scores)
        broken = choice.levels > limit if cap.kind == "max" else choice.levels < limit
        if broken:
            words = "at most" if cap.kind == "max" else "at least"
            yield _issue(
                Severity.ERROR,
                codes.LEVEL_CAP,
                f"{name} at {choice.levels} levels: {words} {limit} ({cap.text}).",
                (*path, index, "levels"),
                f"Set {limit} levels" + (f", unless {cap.unless}" if cap.unless else "") + ".",
            )


def superpower_budget(ctx: RuleContext) -> list[Issue]:
    """Lines 2427-2491: the budget, failings up to ½ of it, modifiers up to ½ a power's
    cost, and unspent points banked (never below zero)."""
    if ctx.budget.level is None:
        return []
    return [
        *_failing_points(ctx),
        *_failing_caps(ctx.budget),
        *_modifier_entries(ctx),
        *_modifier_caps(ctx.budget),
        *_banked(ctx.budget),
    ]


def _failing_points(ctx: RuleContext) -> list[Issue]:
    """A failing's points within what its row gives."""
    issues: list[Issue] = []
    for number, failing in enumerate(ctx.character.failings):
        row = failings().get(failing.failing)
        if row is None or row.per_die:
            continue
        if not row.reward_min <= failing.points <= row.reward_max:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.FAILING_POINTS,
                    f"{row.name}: {failing.points:+d} points; its row gives {row.reward_shown}.",
                    ("character", "failings", number, "points"),
                    f"Set {row.reward_min} to {row.reward_max} points.",
                )
            )
    return issues


def _failing_caps(budget: Budget) -> list[Issue]:
    """The psycho-social frailties' cap, and ½ the starting budget for all failings."""
    issues: list[Issue] = []
    psycho_cap = budget.psycho_social_cap
    if psycho_cap is not None and budget.psycho_social > psycho_cap:
        issues.append(
            _issue(
                Severity.INFO,
                codes.PSYCHO_SOCIAL_CAP,
                f"Psycho-social frailties worth {budget.psycho_social} points: at most "
                f"{psycho_cap} count, {budget.psycho_social - psycho_cap} not counted.",
                ("character", "failings"),
                "The frailties still hinder the character; more points only with the "
                "gamemaster's approval (campaign settings).",
            )
        )
    if budget.failings > budget.failings_cap:
        issues.append(
            _issue(
                Severity.INFO,
                codes.FAILINGS_CAP,
                f"Failings worth {budget.failings} points: ½ the starting budget "
                f"({budget.failings_cap}) counts, {budget.failings - budget.failings_cap} "
                "not counted.",
                ("character", "failings"),
                "The failings beyond the limit still hinder the character but give no points.",
            )
        )
    return issues


def _modifier_entries(ctx: RuleContext) -> list[Issue]:
    """A power modifier on a power the character has, and limited uses of at least 1."""
    names = {p.name.casefold() for p in ctx.budget.powers}
    issues: list[Issue] = []
    for number, applied in enumerate(ctx.character.power_modifiers):
        if applied.power.strip().casefold() not in names:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MODIFIER_POWER,
                    f"A power modifier is for '{applied.power}', which the character does not "
                    "have.",
                    ("character", "power_modifiers", number, "power"),
                    "Choose one of the character's superpowers.",
                )
            )
        modifier = power_modifiers().get(applied.modifier)
        if modifier is not None and modifier.reward_kind == "ten_minus_uses" and applied.amount < 1:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.LIMITED_USES,
                    f"{modifier.name} on '{applied.power}': {applied.amount} uses per day; the "
                    "minimum is 1 (it gives no points until then).",
                    ("character", "power_modifiers", number, "amount"),
                    "Enter the uses per day, 1 or more (1 use gives +9).",
                )
            )
    return issues


def _modifier_caps(budget: Budget) -> list[Issue]:
    """Each power's modifiers count up to ½ its initial cost."""
    return [
        _issue(
            Severity.INFO,
            codes.MODIFIER_CAP,
            f"{power.name}: power modifiers give {power.reward}; ½ its initial cost "
            f"({power.reward_cap}) counts, {power.reward_lost} not counted.",
            ("character", "superpowers", power.index),
            "The modifiers still apply to the power; the points above the limit are not earned.",
        )
        for power in budget.powers
        if power.reward > power.reward_cap
    ]


def _banked(budget: Budget) -> list[Issue]:
    """Over the budget is an error; points left are banked."""
    if budget.banked < 0:
        return [
            _issue(
                Severity.ERROR,
                codes.OVER_BUDGET,
                f"Superpowers cost {budget.spent} points; the budget is {budget.total} "
                f"({budget.explanation()}).",
                ("character", "superpowers"),
                "Lower levels, remove a power, or take failings or power modifiers.",
            )
        ]
    if budget.banked > 0:
        return [
            _issue(
                Severity.INFO,
                codes.UNSPENT,
                f"{budget.banked} budget points unspent: they are banked for later.",
                ("character", "superpowers"),
                "Nothing to fix; spend them now or later.",
            )
        ]
    return []


def mutation_changes(ctx: RuleContext) -> list[Issue]:
    """Lines 1103-1130, 1158, 1097, 1209, 1217: a mutation whose version changes
    characteristics records what its rolls gave, within its dice, on characteristics it
    may change, in its direction; a mutation that changes none records none."""
    catalog = mutations_by_id()
    issues: list[Issue] = []
    for index, choice in enumerate(ctx.character.mutations):
        entry = catalog.get(choice.mutation)
        if entry is None:
            continue
        effect = effect_of(entry, choice.major)
        path: DataPath = ("character", "mutations", index, "changes")
        version = "major" if choice.major and not entry.minor_only else "minor"
        if effect is None:
            if choice.changes:
                issues.append(
                    _issue(
                        Severity.ERROR,
                        codes.MUTATION_CHANGE_WRONG,
                        f"{entry.name} ({version}) changes no characteristic, but "
                        f"{changes_text(choice.changes)} is recorded.",
                        path,
                        "Clear its changes.",
                    )
                )
            continue
        if not choice.changes:
            issues.append(
                _issue(
                    Severity.WARNING,
                    codes.MUTATION_CHANGE_MISSING,
                    f"{entry.name} ({version}) changes characteristics: {effect.text}",
                    path,
                    "Use 'Roll its changes', or enter what your rolls gave (such as 'STR -3').",
                )
            )
            continue
        problems = change_problems(effect, choice.changes)
        if problems:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.MUTATION_CHANGE_WRONG,
                    f"{entry.name} ({version}): {changes_text(choice.changes)} does not fit: "
                    + "; ".join(problems)
                    + ".",
                    path,
                    f"{effect.text} Correct the changes, or roll them again.",
                )
            )
    return issues


def familiars_and_staves(ctx: RuleContext) -> list[Issue]:
    """Lines 479-528: a familiar's SIZ at most ¼ the magician's POW (rounded up), one
    familiar active at a time; a staff stores at most its maker's POW at its making less
    the point the ritual sacrificed; both are a magician's."""
    character = ctx.character
    issues: list[Issue] = []
    if (character.familiars or character.staves) and ctx.level_of("magic") is None:
        path: DataPath = ("character", "familiars" if character.familiars else "staves")
        issues.append(
            _issue(
                Severity.WARNING,
                codes.NOT_A_MAGICIAN,
                "Familiars and staves are a magician's, and the character has no Magic power set.",
                path,
                "Add the Magic power set, or remove them.",
            )
        )
    return [*issues, *_begun_with(ctx), *_familiars(ctx), *_staves(ctx)]


def _begun_with(ctx: RuleContext) -> list[Issue]:
    """A familiar begun with at Epic or Superhuman, a staff at Superhuman (line 474)."""
    character = ctx.character
    level = ctx.level_of("magic")
    start = next((s for s in power_levels().magic if s.id == level), None)
    kit: tuple[tuple[str, Sequence[Familiar | Staff], str, bool], ...] = (
        ("familiars", character.familiars, "a familiar", start is not None and start.familiar),
        ("staves", character.staves, "a wizard's staff", start is not None and start.staff),
    )
    issues: list[Issue] = []
    for field, items, what, given in kit:
        for index, item in enumerate(items):
            if item.at_creation and not given:
                issues.append(
                    _issue(
                        Severity.ERROR,
                        codes.START_FAMILIAR,
                        f"{item.name or what.capitalize()} is begun with; a magician begins "
                        f"with {what} at "
                        + ("Epic or Superhuman." if field == "familiars" else "Superhuman.")
                        + (f" This magician is {level.title()}." if level else ""),
                        ("character", field, index, "at_creation"),
                        "Untick 'Begun with' (then binding or making it cost a point of POW).",
                    )
                )
    return issues


def _familiars(ctx: RuleContext) -> list[Issue]:
    """A familiar's SIZ within what POW binds; one familiar active at a time."""
    character = ctx.character
    issues: list[Issue] = []
    for index, familiar in enumerate(character.familiars):
        # the limit holds at the binding, before the familiar's own point of POW is spent;
        # a familiar begun with cost no POW now (line 474)
        before = ctx.scores["POW"] + (0 if familiar.at_creation else FAMILIAR_POW)
        most = familiar_siz_limit(before)
        if familiar.siz > most:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.FAMILIAR_SIZ,
                    f"{familiar.name or 'The familiar'} has SIZ {familiar.siz}; POW "
                    f"{before} binds creatures of SIZ {most} or lower.",
                    ("character", "familiars", index, "siz"),
                    "Choose a smaller creature, or raise POW.",
                )
            )
    active = [i for i, familiar in enumerate(character.familiars) if familiar.active]
    for index in active[1:]:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.FAMILIARS_ACTIVE,
                f"{len(active)} familiars are active; a magician has one at a time.",
                ("character", "familiars", index, "active"),
                "Untick 'Active' on all but one.",
            )
        )
    return issues


def _staves(ctx: RuleContext) -> list[Issue]:
    """A staff stores at most what its maker's POW gave it."""
    issues: list[Issue] = []
    for index, staff in enumerate(ctx.character.staves):
        capacity = staff_holds(staff, ctx.scores["POW"])
        if staff.stored > capacity:
            issues.append(
                _issue(
                    Severity.ERROR,
                    codes.STAFF_OVERFILLED,
                    f"{staff.name or 'The staff'} holds {staff.stored} power points; "
                    + (
                        f"begun with at POW {capacity}"
                        if staff.at_creation
                        else f"made at POW {staff.pow_at_making}"
                    )
                    + f", it stores {capacity}.",
                    ("character", "staves", index, "stored"),
                    "Lower the points stored.",
                )
            )
    return issues


def pow_increases(ctx: RuleContext) -> list[Issue]:
    """Line 536: a POW experience check is rolled "When checking for experience" with the
    base rules' POW Increases (a campaign setting); "Each successful improvement improves
    POW by 1D3–1 points"; line 2535: a superpowered character may turn the points into
    budget points."""
    character = ctx.character
    issues: list[Issue] = []
    if character.pow_checked:
        issues.append(
            _issue(
                Severity.WARNING,
                codes.POW_CHECK_UNROLLED,
                "POW has an experience check not rolled yet.",
                ("character", "pow_checked"),
                "After the adventure, roll it with 'Roll POW increase' on the POW increases "
                "tab (or the level-up wizard).",
            )
        )
    # POW when each was rolled: POW now less its own and the later gains (pow_before)
    later = sum(r.gain or 0 for r in character.pow_increases if not r.to_budget)
    now = ctx.scores["POW"]
    for index, record in enumerate(character.pow_increases):
        pow_ = now - later
        if not record.to_budget:
            later -= record.gain or 0
        issues += _pow_increase(ctx, index, record, pow_)
    return issues


def _pow_increase(ctx: RuleContext, index: int, record: PowIncrease, pow_: int) -> list[Issue]:
    """One POW check: a roll that can happen, a gain only on success (and rolled then),
    budget points only for a superpowered character."""
    path: DataPath = ("character", "pow_increases", index)
    name = f"POW increase {index + 1}"
    if not 1 <= record.roll <= 100:
        return [
            _issue(
                Severity.ERROR,
                codes.POW_ROLL_IMPOSSIBLE,
                f"{name}: a D100 roll of {record.roll} cannot happen.",
                (*path, "roll"),
                "Enter the roll as the dice gave it, 1 to 100.",
            )
        ]
    issues = _pow_gain(ctx, name, path, record, pow_)
    if record.to_budget and ctx.level_of("superpowers") is None:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.POW_TO_BUDGET,
                f"{name} is turned into budget points, and the character has no "
                "Superpowers power set.",
                (*path, "to_budget"),
                "Untick 'Turned into budget points' so POW rises, or add Superpowers.",
            )
        )
    return issues


def _pow_gain(
    ctx: RuleContext, name: str, path: DataPath, record: PowIncrease, pow_: int
) -> list[Issue]:
    """The 1D3-1 gain: 0 to 2, rolled after a success and only then."""
    _target, _over, needed = pow_needed(pow_, ctx.campaign)
    success = pow_succeeds(record.roll, pow_, ctx.campaign)
    if record.gain is not None and not 0 <= record.gain <= POW_GAIN_MOST:
        return [
            _issue(
                Severity.ERROR,
                codes.POW_ROLL_IMPOSSIBLE,
                f"{name}: a gain of {record.gain}; 1D3-1 gives 0, 1 or 2.",
                (*path, "gain"),
                "Enter the 1D3-1 as rolled: 0, 1 or 2.",
            )
        ]
    if record.gain is not None and not success:
        return [
            _issue(
                Severity.ERROR,
                codes.POW_GAIN_ON_FAILURE,
                f"{name}: rolled {record.roll}, needed {needed}: the check failed, so "
                f"no 1D3-1 is rolled (a gain of {record.gain} is entered).",
                (*path, "gain"),
                "Clear the gain, or correct the roll.",
            )
        ]
    if success and record.gain is None:
        return [
            _issue(
                Severity.WARNING,
                codes.POW_GAIN_MISSING,
                f"{name}: rolled {record.roll}, needed {needed}: POW rises by 1D3-1, "
                "not rolled yet.",
                (*path, "gain"),
                "Roll 1D3-1 and enter it as the gain.",
            )
        ]
    return []


def studies(ctx: RuleContext) -> list[Issue]:
    """Learning spells in play (lines 540-546 for Magic, 1766-1802 for Sorcery): each set
    its own ways, the dice's results, the library's rating, the learned spell listed."""
    issues: list[Issue] = []
    for index, study in enumerate(ctx.character.studies):
        issues += _study(ctx, index, study)
    return issues


def _study(ctx: RuleContext, index: int, study: SpellStudy) -> list[Issue]:
    """One study: a way its set learns by, the set it needs, a spell of the set; then
    the library's rating and the dice."""
    path: DataPath = ("character", "studies", index)
    name = spell_name(study)
    set_name = SET_NAMES[study.power_set]
    how = METHOD_NAMES[study.method]
    if study.method not in METHODS[study.power_set]:
        ways = " or ".join(METHOD_NAMES[m] for m in METHODS[study.power_set])
        return [
            _issue(
                Severity.ERROR,
                codes.STUDY_NOT_ALLOWED,
                f"{name}: {set_name} spells are not learned by {how}.",
                (*path, "method"),
                f"Choose {ways}.",
            )
        ]
    issues: list[Issue] = []
    if ctx.level_of(study.power_set) is None:
        hint = (
            "Non-magicians cannot research or create new spells: add the Magic power "
            "set, or remove the study."
            if study.power_set == "magic"
            else "Add the Sorcery power set, or remove the study."
        )
        issues.append(
            _issue(
                Severity.ERROR,
                codes.STUDY_NOT_ALLOWED,
                f"{name}: learning {set_name} spells by {how} needs the {set_name} power set.",
                (*path, "power_set"),
                hint,
            )
        )
    if study.method != "invent" and not in_catalog(study):
        issues.append(
            _issue(
                Severity.ERROR,
                codes.STUDY_UNKNOWN_SPELL,
                f"A {set_name} study names no {set_name} spell"
                + (f" ('{study.spell}')." if study.spell else "."),
                (*path, "spell"),
                f"Choose the spell from the {set_name} spells.",
            )
        )
        return issues
    return issues + _study_progress(ctx, path, study)


def _study_progress(ctx: RuleContext, path: DataPath, study: SpellStudy) -> list[Issue]:
    """The library's rating, rolls that can happen, and a learned spell on the list."""
    name = spell_name(study)
    set_name = SET_NAMES[study.power_set]
    how = METHOD_NAMES[study.method]
    issues: list[Issue] = []
    if study.method == "research" and study.library_rating not in LIBRARY_RATINGS:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.STUDY_LIBRARY,
                f"{name}: a library rated ×{study.library_rating}; ratings are ×1 to ×3.",
                (*path, "library_rating"),
                "Enter the rating the gamemaster gave the library: 1, 2 or 3.",
            )
        )
    status = study_status(study, ctx.scores)
    if status.problems:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.STUDY_ROLL_IMPOSSIBLE,
                f"{name} ({how}): " + "; ".join(status.problems) + ".",
                (*path, "rolls"),
                "Correct the rolls as the dice gave them; once a spell is learned, "
                "no more rolls are made.",
            )
        )
    elif status.learned and study.method != "invent" and not spell_known(ctx.character, study):
        issues.append(
            _issue(
                Severity.WARNING,
                codes.STUDY_NOT_ADDED,
                f"{name} is learned ({how}) but not on the {set_name} spells yet.",
                (*path, "rolls"),
                f"Add {name} to the {set_name} spells, marked 'Learned in play'.",
            )
        )
    return issues


#: the base rules' starting skill limit by power level (campaign setting "by_level")
PROJECTION_LIMITS: dict[str, int | None] = {
    "normal": 75,
    "heroic": 90,
    "epic": 101,
    "superhuman": None,
}


def projection(ctx: RuleContext) -> list[Issue]:
    """The Projection skill (option, line 2560): "It can be increased in character
    generation if the character has superpowers and is subject to the power level
    limitations"; it improves by experience (line 2533)."""
    from sheetapp.systems.powersets.experience import projection_base

    character = ctx.character
    skill = character.projection
    path: DataPath = ("character", "projection")
    level = ctx.level_of("superpowers")
    issues: list[Issue] = []
    raised = skill.creation_points or skill.experience or skill.checked
    if raised and (level is None or not ctx.campaign.projection_option):
        why = (
            "the Projection option is off in the campaign"
            if level is not None
            else "the character has no Superpowers power set"
        )
        issues.append(
            _issue(
                Severity.ERROR,
                codes.PROJECTION_NO_SUPERPOWERS,
                f"Projection is raised, and {why}.",
                path,
                "Projection is the superpowered character's skill: add Superpowers (and the "
                "option), or clear its points.",
            )
        )
        return issues
    if level is None:
        return issues
    limit = PROJECTION_LIMITS[level] if ctx.campaign.projection_limit == "by_level" else None
    base = projection_base(character, ctx.scores)
    at_creation = base + skill.creation_points
    if limit is not None and at_creation > limit:
        issues.append(
            _issue(
                Severity.ERROR,
                codes.PROJECTION_LIMIT,
                f"Projection starts at {at_creation}% (DEX×2 {base} "
                f"+ {skill.creation_points}); the {level.title()} level's limit is {limit}%.",
                (*path, "creation_points"),
                f"Spend at most {max(0, limit - base)} skill points on it.",
            )
        )
    if skill.checked:
        issues.append(
            _issue(
                Severity.WARNING,
                codes.PROJECTION_CHECK,
                "Projection has an experience check not rolled yet.",
                (*path, "checked"),
                "After the adventure, roll it with 'Roll Projection check' on the "
                "Superpowers tab (or the level-up wizard).",
            )
        )
    return issues


def familiar_siz_limit(pow_: int) -> int:
    """¼ POW rounded up (line 483: POW 16 binds SIZ 4 or lower)."""
    return -(-pow_ // 4)


def staff_capacity(pow_at_making: int) -> int:
    """Line 516: "POW 17 ... the staff can store 16 power points"."""
    return max(0, pow_at_making - 1)


def staff_holds(staff: Staff, pow_now: int) -> int:
    """A staff's store: its maker's POW at its making less one, or for a Superhuman
    magician's starting staff "its power points are based on their current POW score"
    (line 475)."""
    return pow_now if staff.at_creation else staff_capacity(staff.pow_at_making)


RULES: tuple[Rule, ...] = (
    power_set_levels,
    magic,
    familiars_and_staves,
    mutations,
    mutation_changes,
    psychic,
    sorcery,
    braziers,
    sidekicks,
    superpower_choices,
    superpower_budget,
    pow_increases,
    studies,
    projection,
)


def check(ctx: RuleContext) -> list[Issue]:
    return [issue for rule in RULES for issue in rule(ctx)]


def _capital(text: str) -> str:
    """ "An Epic": the first letter only (str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


def _times(scaled: Scaled) -> str:
    """ "INT×1" for a starting rating."""
    if scaled.denominator == 1:
        return f"{scaled.of}×{scaled.numerator}"
    return scaled.describe()


def _name(catalog: object, entry_id: str) -> str:
    found = catalog.get(entry_id) if isinstance(catalog, dict) else None
    return str(getattr(found, "name", entry_id))


__all__ = ["RULES", "RuleContext", "check"]
