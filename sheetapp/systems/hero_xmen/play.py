"""The numbers a player needs at the table, computed for this character from the
supplement (../shared/seeds/001_83bd08b00b463b10.txt) and, where it leaves a figure to the
HERO 5th Edition core, from a campaign setting: END per power, Mental Powers, attacks of
opportunity, Find Weakness, knockback and shoving, the damage classes STR adds to an
advantaged attack, EGO contests, Psychological Limitations, the old "N-" rolls and a
short reference block (Recovery, Bleeding, Flash, velocity)."""

from __future__ import annotations

from fractions import Fraction

from sheetapp.core.evaluation import DerivedValue
from sheetapp.core.memo import Memo
from sheetapp.core.unchanged import ByIdentity
from sheetapp.systems.hero_xmen.build import Build, DisadvantageRow, PowerRow, SkillRow
from sheetapp.systems.hero_xmen.catalog import Catalogs, OldRollTable
from sheetapp.systems.hero_xmen.costs import added_damage_classes, round_half, signed
from sheetapp.systems.hero_xmen.model import (
    DISADVANTAGES_PATH,
    POWERS_PATH,
    SKILLS_PATH,
    DisadvantageChoice,
    HeroCampaign,
    HeroCharacter,
)

#: "Target is in the air +3" (line 982)
IN_THE_AIR = 3
#: "gains a +6 bonus when attempting to find a weakness" (line 337)
FIND_WEAKNESS_BONUS = 6
#: "A successful Analyse check (TN 16)" (line 235)
FIND_WEAKNESS_TN = 16
#: "EGO roll with -5 penalty required to resist" (line 655)
STRONG_PSYCH_PENALTY = -5


def old_roll(now: int, table: OldRollTable) -> str:
    """The old "N-" roll a modifier corresponds to, where the table (lines 37-41) has it:
    "11-" is now +0; "" outside the table."""
    for row in table.rows:
        if row.now == now:
            return f"{row.old}-"
    return ""


#: each power's play values kept by its priced row (build.py makes a new row exactly when
#: the choice or its place changed), with what else they read as the context: STR and the
#: framework each slot belongs to
_POWER_VALUES: Memo[ByIdentity[PowerRow, tuple[DerivedValue, ...]]] = Memo(
    "hero-xmen:power_values",
    "the build's power rows",
    "each power's END per use, Mental Power mark and DC from STR kept by its priced row",
    ByIdentity,
)


def power_values(build: Build, character: HeroCharacter) -> list[DerivedValue]:
    """END per use of every power (per slot in a framework), and whether it is a Mental
    Power ("Mental Powers include Clairsentience - Astral Form, Ego Blast, Mental
    Illusions, Mind Control, Mind Scan, Missile Deflection against Mental Powers, and
    Telepathy." (line 321))."""
    strength = build.value("str")
    frameworks = tuple(
        sorted(
            (index, build.frameworks[slot.framework].name) for index, slot in build.slots.items()
        )
    )
    framework_of = dict(frameworks)

    def values_of(row: PowerRow) -> tuple[DerivedValue, ...]:
        return _power_values(row, framework_of.get(row.index), strength)

    kept = _POWER_VALUES.current().each(build.powers, values_of, (strength, frameworks))
    return [value for values in kept for value in values]


def _power_values(row: PowerRow, framework: str | None, strength: int) -> tuple[DerivedValue, ...]:
    path = (*POWERS_PATH, row.index)
    mental = " (a Mental Power: Mental Awareness is bought separately)" if row.mental else ""
    where = f"; a slot of {framework}" if framework is not None else ""
    values = [
        DerivedValue(
            f"power.{row.index}.end",
            f"{row.name} END",
            row.end,
            f"{row.end_text}{where}{mental}",
            path,
            per_row=True,
        )
    ]
    if row.mental:
        values.append(
            DerivedValue(
                f"power.{row.index}.mental",
                row.name,
                "Mental Power",
                "a Mental Power; it does not give Mental Awareness",
                path,
                per_row=True,
            )
        )
    added = _strength_added(row, strength)
    if added is not None:
        dc, text = added
        values.append(
            DerivedValue(
                f"power.{row.index}.str_dc", f"{row.name}: DC from STR", dc, text, path, True
            )
        )
    return tuple(values)


def strength_added(row: PowerRow, build: Build) -> tuple[int, str] | None:
    """DC from STR an advantaged attack adds: "their effective STR is only 10 when these two
    advantages are applied to their active points, so they only add 2 DC" (line 361;
    Killing attacks alike, line 971). Only a Hand-to-Hand Attack or an attack with Attack
    versus Resistant Defence adds STR."""
    return _strength_added(row, build.value("str"))


def _strength_added(row: PowerRow, strength: int) -> tuple[int, str] | None:
    ids = set(row.modifier_ids)
    is_hth = row.catalog is not None and row.catalog.id == "hand_to_hand_attack"
    if not is_hth and "attack_vs_resistant_defence" not in ids:
        return None
    str_dc = max(0, strength // 5)
    advantages = row.points.advantages
    added = added_damage_classes(str_dc, advantages)
    text = (
        f"STR {strength} = {str_dc} DC; with +{float(advantages):g} in advantages: "
        f"{str_dc * 5} / (1 + {float(advantages):g}) / 5 = {added} DC added"
    )
    return added, text


def _skill(build: Build, skill_id: str) -> SkillRow | None:
    return next(
        (s for s in build.skills if s.catalog is not None and s.catalog.id == skill_id), None
    )


def power_notes(row: PowerRow, build: Build, character: HeroCharacter) -> str:
    """A power's play numbers in one line (the window's Powers list): Mental Power, DC
    from STR, Find Weakness's roll."""
    notes = ["Mental Power"] if row.mental else []
    added = strength_added(row, build)
    if added is not None:
        notes.append(f"+{added[0]} DC from STR")
    notes += [str(value.value) for value in _find_weakness(character, build, row.index)]
    return "; ".join(notes)


def disadvantage_notes(row: DisadvantageRow, build: Build, character: HeroCharacter) -> str:
    """A Disadvantage's rolls at the table (the window's Disadvantages list)."""
    choice = character.disadvantages[row.index]
    if row.kind.id in ROLLED:
        return str(_change_rolls(row, choice).value)
    if row.kind.id == "psychological":
        return psychological_resistance(choice.intensity, build.chars["ego"].roll or 0)
    return ""


def table_values(
    character: HeroCharacter, campaign: HeroCampaign, build: Build, cats: Catalogs
) -> list[DerivedValue]:
    """Attacks of opportunity, Find Weakness, knockback, shove, EGO contests,
    Psychological Limitations."""
    return [
        _attacks_of_opportunity(build),
        *_find_weakness(character, build),
        *_knockback_and_shove(build),
        *_ego_contests(build),
        *_psychological(character, build),
    ]


def _attacks_of_opportunity(build: Build) -> DerivedValue:
    reflexes = _skill(build, "combat_reflexes")
    extra = max(0, reflexes.level) if reflexes is not None else 0
    return DerivedValue(
        "attacks_of_opportunity",
        "Attacks of opportunity",
        1 + extra,
        "one per Phase"
        + (f" + {extra} from Combat Reflexes (3 points each)" if extra else "")
        + " per Phase",
        (*SKILLS_PATH, reflexes.index) if reflexes is not None else (),
    )


def _knockback_and_shove(build: Build) -> list[DerivedValue]:
    kb = build.chars["kb_resistance"]
    target = 10 + kb.value
    shove = kb.value - 10
    bought = ("character", "characteristics", kb.index, "bought") if kb.index is not None else ()
    return [
        DerivedValue(
            "knockback",
            "Knockback",
            f"{target} / {target - IN_THE_AIR} in the air",
            f"3d6 + BODY rolled against 10 + Knockback Resistance {kb.value} = {target}: "
            f"equal is Knocked Down, above is 1 inch of Knockback per point; "
            f"in the air the roll gets +{IN_THE_AIR}, so {target - IN_THE_AIR} "
            "knocks down",
            bought,
        ),
        DerivedValue(
            "shove",
            "Shove resistance",
            signed(shove),
            f"Knockback Resistance {kb.value} - 10 = {signed(shove)} to the STR check against "
            "a Shove; a Shove moves 1 inch, +1 per 2 points the shover wins by",
            bought,
        ),
    ]


def _ego_contests(build: Build) -> list[DerivedValue]:
    """The EGO contest, and Belief's EGO roll in it."""
    ego = build.chars["ego"]
    values = [
        DerivedValue(
            "ego_contest",
            "EGO contest",
            f"3d6 {signed(ego.roll or 0)}",
            f"an EGO roll contest: 3d6 + the EGO modifier {signed(ego.roll or 0)}, the higher "
            "total wins (Father Brown rolls 12 + 2 for a total of 14); a tie goes to the "
            "player character, then the defender",
            ("character", "characteristics", ego.index, "bought") if ego.index is not None else (),
        )
    ]
    for talent in build.talents:
        if talent.catalog is not None and talent.catalog.id == "belief" and talent.roll is not None:
            values.append(
                DerivedValue(
                    "belief_contest",
                    "Belief EGO contest",
                    f"3d6 {signed(talent.roll)}",
                    f"Belief: an EGO roll at {signed(talent.roll)} in the contest",
                    ("character", "talents", talent.index, "level"),
                )
            )
    return values


def _find_weakness(
    character: HeroCharacter, build: Build, only: int | None = None
) -> list[DerivedValue]:
    """ "gains a +6 bonus when attempting to find a weakness" (line 337) on the Analyse
    check of TN 16 (line 235)."""
    values = []
    analyse = _skill(build, "analyse")
    for row in build.powers:
        if row.catalog is None or row.catalog.id != "find_weakness":
            continue
        if only is not None and row.index != only:
            continue
        choice = character.powers[row.index]
        version = next((o.name for o in row.catalog.options if o.id == choice.option), "")
        if analyse is None or analyse.roll is None:
            value: str | int = f"+{FIND_WEAKNESS_BONUS} to Analyse"
            text = (
                f"+{FIND_WEAKNESS_BONUS} to the Analyse check (TN {FIND_WEAKNESS_TN}) "
                f"{version}; the character has no Analyse Skill yet"
            )
        else:
            total = analyse.roll + FIND_WEAKNESS_BONUS
            value = f"INT {signed(total)} vs TN {FIND_WEAKNESS_TN}"
            text = (
                f"Analyse {analyse.roll_text} + {FIND_WEAKNESS_BONUS} = INT {signed(total)}: "
                f"3d6 {signed(total)} against TN {FIND_WEAKNESS_TN} {version}"
            )
        values.append(
            DerivedValue(
                f"power.{row.index}.find_weakness",
                f"{row.name} roll",
                value,
                text,
                (*POWERS_PATH, row.index),
                per_row=True,
            )
        )
    return values


def psychological_resistance(intensity: str, ego_roll: int) -> str:
    """What resisting a Psychological Limitation takes (lines 653-656)."""
    if intensity == "mild":
        return "no EGO roll needed"
    if intensity == "moderate":
        return f"EGO roll 3d6 {signed(ego_roll)}"
    if intensity == "strong":
        return (
            f"EGO roll 3d6 {signed(ego_roll + STRONG_PSYCH_PENALTY)} (EGO {signed(ego_roll)} - 5)"
        )
    return "cannot be resisted"


def _psychological(character: HeroCharacter, build: Build) -> list[DerivedValue]:
    ego_roll = build.chars["ego"].roll or 0
    values = []
    for row in build.disadvantages:
        choice = character.disadvantages[row.index]
        if row.kind.id in ROLLED:
            values.append(_change_rolls(row, choice))
        if row.kind.id != "psychological":
            continue
        values.append(
            DerivedValue(
                f"disadvantage.{row.index}.resist",
                f"{row.name}: to resist",
                psychological_resistance(choice.intensity, ego_roll),
                f"Intensity {choice.intensity.capitalize()}",
                (*DISADVANTAGES_PATH, row.index, "intensity"),
                per_row=True,
            )
        )
    return values


#: Disadvantages whose Intensity is a roll every Phase (lines 500, 521)
ROLLED = ("accidental_change", "enraged")


def _change_rolls(row: DisadvantageRow, choice: DisadvantageChoice) -> DerivedValue:
    """Accidental Change's chance to change (lines 510-513); Enraged's chance to be
    affected and, from its own Intensity, to recover (lines 521, 529-534)."""
    kind = row.kind
    if kind.second_intensity:
        affect, _ = kind.intensity_columns(choice.intensity)
        _, recover = kind.intensity_columns(choice.second_intensity or choice.intensity)
        value = f"{affect}; {recover}"
    else:
        value = next(r.text for r in kind.table.intensity if r.level == choice.intensity)
    return DerivedValue(
        f"disadvantage.{row.index}.rolls",
        row.name,
        value,
        "rolled every Phase in the circumstances; each chance from its own Intensity",
        (*DISADVANTAGES_PATH, row.index, "intensity"),
        per_row=True,
    )


def reference_rows(
    character: HeroCharacter, campaign: HeroCampaign, build: Build
) -> list[tuple[str, str]]:
    """The play rules the supplement states, as this character's numbers."""
    rec = build.value("rec")
    con = build.chars["con"]
    kb = build.value("kb_resistance")
    running = build.value("running")
    dex = build.value("dex")
    reflexes = sum(
        max(0, t.level)
        for t in build.talents
        if t.catalog is not None and t.catalog.id == "lightning_reflexes"
    )
    initiative = (
        round_half(Fraction(dex, campaign.combat_value_divisor), campaign.figured_rounding)
        + reflexes
    )
    move_through = Fraction(running, 3)
    return [
        (
            "Taking a Recovery",
            f"a full Phase at -3 DCV; then back {rec} STUN and {rec} END",
        ),
        (
            "Knockback",
            f"3d6 + BODY rolled - {10 + kb} = inches of Knockback; 0 is Knocked Down; "
            f"+3 in the air, rolled with the blow or in zero gravity, -3 "
            f"for a Martial Manoeuvre or underwater",
        ),
        (
            "Bleeding",
            f"each injury: CON roll 3d6 {signed(con.roll or 0)} against TN 2 + BODY lost "
            "for 1d6 per Phase, each point of success one step down the time chart; at TN "
            "10 + BODY lost it never worsens",
        ),
        (
            "Flash",
            "every 3 BODY past Flash Defence blinds for a full Phase, counted from the "
            f"attacker's Initiative (yours: {initiative}); a remainder of 1 lasts until "
            "just before the target's next action, of 2 until just after it",
        ),
        (
            "Move Through / Move By",
            f"at full Running {running} inches: +{float(move_through):.3g}d6 to a Move Through, "
            f"+{float(move_through / 2):.3g}d6 to a Move By (velocity per Phase / 3, halved "
            "for a Move By); above 30 inches a second, the velocity table of the rules",
        ),
    ]
