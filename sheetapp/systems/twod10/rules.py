"""The rules of the 2d10 fragment and the campaign's settings, as located issues.

Codes (stable, ``twod10.*``): errors break a stated rule or a campaign setting;
warnings are steps not finished; info is advice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheetapp.core.costs import Total
from sheetapp.core.issues import Issue, Severity
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.twod10 import codes
from sheetapp.systems.twod10.catalog import ATTRIBUTES, Catalogs
from sheetapp.systems.twod10.model import Skill, Twod10Campaign, Twod10Character, Wound
from sheetapp.systems.twod10.sheet import SkillLine, Twod10Sheet
from sheetapp.systems.twod10.wounds import WoundLine


@dataclass(frozen=True, slots=True)
class RuleContext:
    character: Twod10Character
    campaign: Twod10Campaign
    sheet: Twod10Sheet
    cats: Catalogs
    xp: Total | None = None


def _issue(
    severity: Severity, code: str, message: str, path: tuple[str | int, ...], hint: str
) -> Issue:
    """An issue with what to do about it (every one says: issue 31 found range errors
    with an empty "What to do")."""
    assert code in codes.CODES, code
    return Issue(severity, code, message, path, hint)


def campaign_ranges(ctx: RuleContext) -> list[Issue]:
    found = []
    campaign = ctx.campaign
    for label, low, high, key in (
        ("attribute", campaign.attribute_min, campaign.attribute_max, "attribute_min"),
        ("skill", campaign.skill_min, campaign.skill_max, "skill_min"),
    ):
        if low > high:
            found.append(
                _issue(
                    Severity.ERROR,
                    codes.CAMPAIGN_RANGE,
                    f"The campaign's lowest {label} rating {low} is above its highest {high}.",
                    ("campaign", key),
                    f"In the campaign settings, lower the lowest {label} rating to {high} or "
                    "less, or raise the highest.",
                )
            )
    return found


def attribute_ranges(ctx: RuleContext) -> list[Issue]:
    """Attributes within the campaign's range (the fragment gives none; README)."""
    low, high = ctx.campaign.attribute_min, ctx.campaign.attribute_max
    found = []
    for attribute in ATTRIBUTES:
        value = ctx.character.attributes.get(attribute)
        if not low <= value <= high:
            name = ctx.cats.attributes[attribute].name
            found.append(
                _issue(
                    Severity.ERROR,
                    codes.ATTRIBUTE_RANGE,
                    f"{name} {value} is outside the campaign's range {low}-{high}.",
                    ("character", "attributes", attribute),
                    "Change the score, or the campaign's attribute range.",
                )
            )
    return found


def skills(ctx: RuleContext) -> list[Issue]:
    limits = (ctx.campaign.skill_min, ctx.campaign.skill_max)
    choices = ctx.character.skills
    lines = ctx.sheet.skills
    # Both kept by the line's identity (a line is a new object when its skill changes):
    # an edit works out one skill's issues and name key, not a thousand.
    per_line = _SKILL_ISSUES.current().each(
        lines, lambda line: _skill_issues(line, choices[line.index], *limits), limits
    )
    keys = _SKILL_KEYS.current().each(lines, lambda line: _duplicate_key(line, choices[line.index]))
    named = [key for key in keys if key is not None]
    if len(set(named)) == len(named):  # the usual case: no name twice
        return [issue for issues in per_line for issue in issues]
    found: list[Issue] = []
    seen: dict[str, int] = {}
    for line, issues, key in zip(lines, per_line, keys, strict=True):
        found += issues
        if key is None:
            continue
        if key in seen:
            found.append(
                _issue(
                    Severity.ERROR,
                    codes.SKILL_DUPLICATE,
                    f"{line.name} is on the sheet twice (also skill {seen[key] + 1}).",
                    ("character", "skills", line.index),
                    "Keep one and remove the other.",
                )
            )
        else:
            seen[key] = line.index
    return found


def _duplicate_key(line: SkillLine, skill: Skill) -> str | None:
    """The name two skills may not share (case-folded), None for an unnamed custom skill."""
    if skill.skill is None and not skill.name.strip():
        return None
    return line.name.strip().casefold()


_SKILL_KEYS: Memo[ByIdentity[SkillLine, str | None]] = Memo(
    "twod10:skill_keys",
    "the sheet's skill lines",
    "a skill line's duplicate-name key, kept by the line's identity",
    ByIdentity,
)
_SKILL_ISSUES: Memo[ByIdentity[SkillLine, tuple[Issue, ...]]] = Memo(
    "twod10:skill_issues",
    "the sheet's skill lines",
    "a skill's issues: its line is the same object while the skill is unchanged (sheet.py)",
    ByIdentity,
)


def _skill_issues(line: SkillLine, skill: Skill, low: int, high: int) -> tuple[Issue, ...]:
    path = ("character", "skills", line.index)
    if skill.skill is None and not skill.name.strip():
        return (
            _issue(
                Severity.WARNING,
                codes.SKILL_UNNAMED,
                f"Skill {line.index + 1} has no name yet.",
                (*path, "name"),
                "Type its name in the Skill cell, or remove the row.",
            ),
        )
    if not low <= skill.rating <= high:
        return (
            _issue(
                Severity.ERROR,
                codes.SKILL_RANGE,
                f"{line.name} {skill.rating} is outside the campaign's range {low}-{high}.",
                (*path, "rating"),
                f"Set its Rating to a number from {low} to {high}, or widen the skill range "
                "in the campaign settings.",
            ),
        )
    return ()


def creation_budget(ctx: RuleContext) -> list[Issue]:
    """The campaign's optional budget: attribute + skill ratings (README)."""
    budget = ctx.campaign.creation_budget
    if budget is None:
        return []
    spent = creation_points(ctx.character)
    if spent <= budget:
        return []
    return [
        _issue(
            Severity.ERROR,
            codes.CREATION_BUDGET,
            f"Attributes and skills use {spent} points; the campaign's budget is {budget}.",
            ("character", "attributes"),
            "Lower some scores, or ask the GM for a larger budget.",
        )
    ]


def creation_points(character: Twod10Character) -> int:
    attrs = sum(character.attributes.get(attribute) for attribute in ATTRIBUTES)
    return attrs + sum(skill.rating for skill in character.skills)


def powers(ctx: RuleContext) -> list[Issue]:
    found = []
    top = len(ctx.cats.psionic_range)
    for index, power in enumerate(ctx.character.powers):
        path = ("character", "powers", index)
        name = power.name or f"Power {index + 1}"
        if power.power > ctx.campaign.power_max:
            found.append(
                _issue(
                    Severity.ERROR,
                    codes.POWER_RANGE,
                    f"{name} › Power {power.power} is above the campaign's maximum "
                    f"{ctx.campaign.power_max}.",
                    (*path, "power"),
                    f"Lower its Score to {ctx.campaign.power_max} or less, or raise the "
                    "maximum Power in the campaign settings.",
                )
            )
        points = power.power if power.points is None else power.points
        if power.points is not None and power.points > power.power:
            found.append(
                _issue(
                    Severity.ERROR,
                    codes.POINTS_OVER_POWER,
                    f"{name} uses {power.points} points but its Power is {power.power}.",
                    (*path, "points"),
                    "Points used come out of the Power score.",
                )
            )
        if points > top:
            found.append(
                _issue(
                    Severity.WARNING,
                    codes.POINTS_OFF_TABLE,
                    f"{name}: the psionic range table stops at {top} points "
                    f"(Solar system); {points} points has no range of its own.",
                    (*path, "points" if power.points is not None else "power"),
                    f"Use {top} points or fewer for a range the table gives; the GM rules on more.",
                )
            )
    return found


def weapons(ctx: RuleContext) -> list[Issue]:
    found = []
    names = {line.name.casefold() for line in ctx.sheet.skills}
    for index, weapon in enumerate(ctx.character.weapons):
        if weapon.skill and weapon.skill.strip().casefold() not in names:
            found.append(
                _issue(
                    Severity.WARNING,
                    codes.WEAPON_SKILL,
                    f"{weapon.name or 'Weapon ' + str(index + 1)} › Skill: "
                    f"{weapon.skill} is not on the sheet; its AV counts it as 0.",
                    ("character", "weapons", index, "skill"),
                    "Add the skill, or pick one the character has.",
                )
            )
    return found


def wounds(ctx: RuleContext) -> list[Issue]:
    found = []
    for index, wound in enumerate(ctx.character.wounds):
        line = ctx.sheet.wounds.lines[index]
        found += _wound_placement(ctx, index, wound, line)
        found += _wound_state(index, wound, line)
    return found


def _wound_placement(ctx: RuleContext, index: int, wound: Wound, line: WoundLine) -> list[Issue]:
    """Where a wound is: a hit location or a damage type, and a side for a paired one."""
    found = []
    path = ("character", "wounds", index)
    location = ctx.cats.hit_locations.get(wound.location or "")
    special = ctx.cats.special_damage.get(wound.special or "")
    if location is None and special is None:
        found.append(
            _issue(
                Severity.WARNING,
                codes.WOUND_UNPLACED,
                f"Wound {index + 1} has no hit location or damage type yet.",
                (*path, "location"),
                "Choose where it hit in the Location cell, or its damage type (Electric, "
                "Suffocation …) in the Type cell.",
            )
        )
    if location is not None and location.paired and wound.side is None:
        found.append(
            _issue(
                Severity.WARNING,
                codes.WOUND_SIDE,
                f"{line.name}: which side? (an even AR hits the right side, odd the left)",
                (*path, "side"),
                "Choose Right or Left in the Side cell.",
            )
        )
    return found


def _wound_state(index: int, wound: Wound, line: WoundLine) -> list[Issue]:
    """What a wound is: some damage, recovered only when temporary, deadly, continual Shock."""
    found = []
    path = ("character", "wounds", index)
    if wound.damage == 0:
        found.append(
            _issue(
                Severity.WARNING,
                codes.WOUND_NO_DAMAGE,
                f"{line.name}: 0 damage (EV minus RV) is no wound.",
                (*path, "damage"),
                "Remove it, or enter the damage that got through.",
            )
        )
    if wound.recovered and not line.temporary:
        found.append(
            _issue(
                Severity.WARNING,
                codes.WOUND_RECOVERED,
                f"{line.name} is marked recovered, but only temporary wounds (Electric, "
                "Suffocation) heal by themselves in these rules.",
                (*path, "recovered"),
                "Remove the wound when the GM says it has healed.",
            )
        )
    if line.deadly:
        found.append(
            _issue(
                Severity.WARNING,
                codes.DEAD,
                f"{line.name}: {wound.damage} damage destroys the area; here that means "
                "instant death.",
                (*path, "damage"),
                "Nothing to fix if it is so; otherwise correct the damage.",
            )
        )
    if line.continual_shock_dv is not None and line.active and not wound.stabilised:
        found.append(
            _issue(
                Severity.INFO,
                codes.CONTINUAL_SHOCK,
                f"{line.name}: Shock rolls against DV {line.continual_shock_dv} every "
                "phase until the character is stabilised.",
                path,
                "Roll Shock each phase until someone stabilises the character.",
            )
        )
    return found


def initiative(ctx: RuleContext) -> list[Issue]:
    if ctx.campaign.initiative == "entered" and ctx.character.initiative is None:
        return [
            _issue(
                Severity.WARNING,
                codes.INITIATIVE,
                "INIT: the campaign has the player enter it; it is not entered yet.",
                ("character", "initiative"),
                "Enter the character's INIT (initiative) with the attributes.",
            )
        ]
    return []


def experience(ctx: RuleContext) -> list[Issue]:
    """Ratings raised since the starting build cost no more XP than the ledger earned."""
    xp = ctx.xp
    if xp is None or xp.budget is None or xp.spent <= xp.budget:
        return []
    return [
        _issue(
            Severity.ERROR,
            codes.XP_OVERSPENT,
            f"Raises since the starting build cost {xp.spent} XP; {xp.budget} XP were earned.",
            ("character",),
            "Lower a rating, or record the XP the GM awarded.",
        )
    ]


RULES: tuple[Callable[[RuleContext], list[Issue]], ...] = (
    campaign_ranges,
    attribute_ranges,
    skills,
    creation_budget,
    powers,
    weapons,
    wounds,
    initiative,
    experience,
)


def check(ctx: RuleContext) -> list[Issue]:
    found: list[Issue] = []
    for rule in RULES:
        found += rule(ctx)
    return found
