"""Every issue code the 2d10 system emits, declared once with the rule it checks
(the seed is a one-page fragment: most of these check the campaign's documented settings,
see the system README). Rules emit these constants, never a code typed as a string."""

from __future__ import annotations

from sheetapp.core.codes import IssueCode, declared

CAMPAIGN_RANGE = IssueCode(
    "twod10.campaign_range", "A campaign range whose minimum is above its maximum."
)
ATTRIBUTE_RANGE = IssueCode("twod10.attribute_range", "An attribute outside the campaign's range.")
SKILL_RANGE = IssueCode("twod10.skill_range", "A skill rating outside the campaign's range.")
SKILL_UNNAMED = IssueCode("twod10.skill_unnamed", "A custom skill without a name.")
SKILL_DUPLICATE = IssueCode("twod10.skill_duplicate", "The same skill twice.")
CREATION_BUDGET = IssueCode(
    "twod10.creation_budget", "Attributes and skills over the campaign's creation budget."
)
POWER_RANGE = IssueCode("twod10.power_range", "A Power score above the campaign's maximum.")
POINTS_OVER_POWER = IssueCode(
    "twod10.points_over_power", "A power using more points than its Power score."
)
POINTS_OFF_TABLE = IssueCode("twod10.points_off_table", "Points beyond the psionic range table.")
WEAPON_SKILL = IssueCode("twod10.weapon_skill", "A weapon whose attack skill is not on the sheet.")
WOUND_UNPLACED = IssueCode("twod10.wound_unplaced", "A wound without a location or damage type.")
WOUND_SIDE = IssueCode("twod10.wound_side", "A wound to a paired location without its side.")
WOUND_NO_DAMAGE = IssueCode("twod10.wound_no_damage", "A wound of 0 damage.")
WOUND_RECOVERED = IssueCode(
    "twod10.wound_recovered", "A wound marked recovered that is not temporary."
)
DEAD = IssueCode("twod10.dead", "A destroyed area that means instant death.")
CONTINUAL_SHOCK = IssueCode("twod10.continual_shock", "A wound that needs Shock rolls every phase.")
INITIATIVE = IssueCode("twod10.initiative", "INIT entered by the player but not entered.")
XP_OVERSPENT = IssueCode("twod10.xp_overspent", "More experience spent than earned.")

#: every code above, by its text
CODES = declared(globals())
