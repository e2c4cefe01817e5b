"""The formulas of the fragment as pure functions (seed lines quoted in each docstring)."""

from __future__ import annotations

from sheetapp.systems.twod10.catalog import Catalogs, Constants


def action_result(av: int, dice: int) -> int:
    """Line 11: "AR Action Result AV + 2D10"."""
    return av + dice


def succeeds(ar: int, dv: int) -> bool:
    """Line 22: "If your AR is higher than or equel to the DV, you have succeeded"."""
    return ar >= dv


def success_level(ar: int, dv: int, k: Constants) -> int | None:
    """Line 7: "For every three points above the target, the 'level' of success increases".
    None on a failure; 0 for a bare success."""
    if not succeeds(ar, dv):
        return None
    return (ar - dv) // k.success_step


def effect_result(ev: int, ar: int, dv: int, k: Constants) -> int | None:
    """Line 15: "ER Effect Result EV + 1 per 3 points of AR over DV". None on a failure."""
    level = success_level(ar, dv, k)
    return None if level is None else ev + level


def layered_armour(rvs: list[int]) -> int:
    """Line 37: "their total Armour equels the highest layer plus half the next highest"
    (half rounded down; a third layer adds nothing)."""
    ordered = sorted(rvs, reverse=True)
    if not ordered:
        return 0
    if len(ordered) == 1:
        return ordered[0]
    return ordered[0] + ordered[1] // 2


def damage(ev: int, rv: int) -> int:
    """Line 37: "Damage is determined with weapon EV minus armour RV"; 0 or less is no wound."""
    return ev - rv


def side_of(ar: int) -> str:
    """Line 35: "if the AR is even, it hits the right side of the body, else the left"."""
    return "right" if ar % 2 == 0 else "left"


def surprise_threshold(attribute: int, skill: int, k: Constants) -> int:
    """Line 20: "[REF + Sneak/Camoflague + 10]" / "[INF + Persuasion + 10]"."""
    return attribute + skill + k.surprise_base


def has_surprise(target_ar: int, threshold: int) -> bool:
    """Line 20: "You have Surprise if your target's AR is below your [...]"."""
    return target_ar < threshold


def malfunction_dv(damage_taken: int, k: Constants) -> int:
    """Line 73: "Malfunction saves are Toughness + 2D10 vs 14 + damage"."""
    return k.malfunction_base + damage_taken


def destroys_area(damage_taken: int, k: Constants) -> bool:
    """Line 57: "Eight or more points of damage will instantly destroy the area"."""
    return damage_taken >= k.destroy_damage


def temporary_recovery_phases(rec: int, k: Constants) -> int:
    """Lines 63, 67: "Temporary (wounds heal 1/phase in 10-REC phases)": with REC 10 or
    more there are no phases to wait, the wound heals at once (0), never a negative count."""
    return max(0, k.temporary_heal_base - rec)


def temporary_recovery_text(rec: int, k: Constants) -> str:
    """The waiting time in words: "10 - REC 3 = 7 phases", "REC 12 (10 or more): at once"."""
    phases = temporary_recovery_phases(rec, k)
    base = k.temporary_heal_base
    if phases == 0:
        return f"REC {rec} ({base} or more): heals at once"
    return f"heals 1/phase in {base} - REC {rec} = {phases} phase{'s' if phases != 1 else ''}"


def ping_dv(points: int, distance_m: int, k: Constants) -> int:
    """Line 83: "an Awareness DV of 30 - points used within 20m of user +1 per 5m" (each
    full 5m beyond 20m adds 1)."""
    beyond = max(0, distance_m - k.ping_free_distance_m)
    return k.ping_base - points + beyond // k.ping_step_m


def mass_target_penalty(targets: int, k: Constants, reading: str = "up_to") -> int:
    """Lines 112-119: 1 → 0, 10 → -4, 100 → -8, 1,000 → -12, 10,000 → -16, "Increases by
    -4 for every multiple of 10". ``up_to``: a row covers every number up to it (2-10
    targets: -4); ``at_least``: a row applies from its number on (2-9 targets: 0)."""
    if targets < 1:
        raise ValueError("a psionic power needs at least one target")
    steps = 0
    reach = 1
    while reach < targets:
        reach *= k.mass_step_factor
        steps += 1
    if reading == "at_least" and reach != targets:
        steps -= 1
    return steps * k.mass_step_penalty


def psionic_range(points: int, cats: Catalogs) -> str | None:
    """Lines 97-106: the range at ``points``; None outside the table (1-10)."""
    step = cats.range_for(points)
    return step.name if step is not None else None


def contact_death_dv(target_spirit: int, k: Constants) -> int:
    """Line 91: "the psychic must make a Shock roll against a DV of 16 + target's SPIRIT"."""
    return k.contact_death_dv_base + target_spirit
