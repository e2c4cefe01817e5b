"""Every issue code the X-Men HERO system emits, declared once with the rule it checks.
Rules emit these constants, never a code typed as a string; the seed lines of each rule are
in the docstrings of ``rules.py`` and in the system README."""

from __future__ import annotations

from sheetapp.core.citation import cite
from sheetapp.core.codes import IssueCode, declared

SEED = "001_83bd08b00b463b10.txt"

CHARACTERISTIC_TWICE = IssueCode("hero-xmen.characteristic_twice", "A characteristic listed twice.")
ABOVE_PEAK = IssueCode(
    "hero-xmen.above_peak", "A characteristic above the peak of human potential."
)
ABOVE_NORMAL_MAXIMUM = IssueCode(
    "hero-xmen.above_normal_maximum",
    "Above the maximum an ordinary person can obtain.",
)
NEGATIVE_PRESENCE = IssueCode(
    "hero-xmen.negative_presence", "Negative Presence: a PRE roll is needed to influence others."
)
SKILL_STEP = IssueCode(
    "hero-xmen.skill_step", "A skill level that is not a step of the skill ladder."
)
EVERYPERSON_NOT_ALLOWED = IssueCode(
    "hero-xmen.everyperson_not_allowed",
    "An Everyperson Skill the supplement does not allow.",
)
SKILL_SUBJECT = IssueCode(
    "hero-xmen.skill_subject",
    "A skill that needs a subject, without one.",
)
VEHICLE_CATEGORY = IssueCode(
    "hero-xmen.vehicle_category", "A driving or piloting skill without its vehicle categories."
)
BOUGHT_AS_TALENT = IssueCode(
    "hero-xmen.bought_as_talent", "A skill bought that the supplement sells as a Talent."
)
GENERAL_UNITS = IssueCode("hero-xmen.general_units", "A General Skill without levels.")
GENERAL_OPTION = IssueCode("hero-xmen.general_option", "A General Skill without its option.")
CUSTOM_UNNAMED = IssueCode("hero-xmen.custom_unnamed", "A custom skill without a name.")
CUSTOM_CATEGORY = IssueCode("hero-xmen.custom_category", "A custom skill without a category.")
EVERYPERSON_NEEDS_POWER = IssueCode(
    "hero-xmen.everyperson_needs_power", "An Everyperson Skill that needs a power to be used."
)
TALENT_STEP = IssueCode("hero-xmen.talent_step", "A talent level that is not one of its steps.")
TALENT_LEVEL = IssueCode("hero-xmen.talent_level", "A talent level outside its range.")
TALENT_MAXIMUM = IssueCode("hero-xmen.talent_maximum", "A talent above its maximum.")
FORBIDDEN_POWER = IssueCode(
    "hero-xmen.forbidden_power",
    "A power the campaign forbids (Luck, Killing Attack, Mental Defence).",
)
POWER_BASE_COST = IssueCode("hero-xmen.power_base_cost", "A power without its base cost.")
POWER_MEASURE = IssueCode(
    "hero-xmen.power_measure", "A power's dice or points that do not fit its cost per level."
)
POWER_OPTION = IssueCode("hero-xmen.power_option", "A power without one of its required choices.")
POWER_MODE = IssueCode("hero-xmen.power_mode", "A power whose mode is not one of its modes.")
POWER_UNNAMED = IssueCode("hero-xmen.power_unnamed", "A custom power without a name.")
MODIFIER_VALUE = IssueCode(
    "hero-xmen.modifier_value", "An advantage or limitation whose value is not one of its values."
)
MODIFIER_POWER = IssueCode(
    "hero-xmen.modifier_power", "An advantage or limitation that does not apply to this power."
)
MODIFIER_QUARTERS = IssueCode(
    "hero-xmen.modifier_quarters", "An advantage or limitation not in quarter steps."
)
VULNERABILITY_IMPORTANCE = IssueCode(
    "hero-xmen.vulnerability_importance", "A Vulnerability that is not Extremely important."
)
SECOND_INTENSITY = IssueCode(
    "hero-xmen.second_intensity", "A second Intensity that the Disadvantage's table does not have."
)
DISADVANTAGE_OPTION = IssueCode(
    "hero-xmen.disadvantage_option", "A Disadvantage choice that is not on its table."
)
DISADVANTAGE_RESOURCES = IssueCode(
    "hero-xmen.disadvantage_resources", "A Disadvantage that needs the GM's agreement on resources."
)
DISADVANTAGE_UNNAMED = IssueCode(
    "hero-xmen.disadvantage_unnamed", "A Disadvantage without a description."
)
DISADVANTAGE_WORTHLESS = IssueCode(
    "hero-xmen.disadvantage_worthless", "A Disadvantage worth no points."
)
DISADVANTAGE_CAP = IssueCode(
    "hero-xmen.disadvantage_cap", "More Disadvantage points counted than the campaign's cap."
)
OVER_BUDGET = IssueCode(
    "hero-xmen.over_budget", "More Character Points spent than the character has."
)
UNSPENT = IssueCode("hero-xmen.unspent", "Character Points not spent yet.")
UNKNOWN_CORE_PRICE = IssueCode(
    "hero-xmen.unknown_core_price", "A core-book price set for something that has none."
)
RADIUS_ADVANTAGE = IssueCode(
    "hero-xmen.radius_advantage",
    "Extra radius on Images taken as an advantage instead of the +5/+10 adder.",
    cite(SEED, 365, "Extra radius is a +5/+10 adder, not a +0.25 advantage."),
)
ADDER_VALUE = IssueCode(
    "hero-xmen.adder_value",
    "An adder whose points are not one of its prices.",
    cite(SEED, 365, "Extra radius is a +5/+10 adder"),
)
FRAMEWORK_UNKNOWN = IssueCode(
    "hero-xmen.framework_unknown", "A power in a Power Framework the character does not have."
)
FRAMEWORK_TWICE = IssueCode("hero-xmen.framework_twice", "Two Power Frameworks with the same name.")
FRAMEWORK_EMPTY = IssueCode("hero-xmen.framework_empty", "A Power Framework without powers.")
FRAMEWORK_UNNAMED = IssueCode("hero-xmen.framework_unnamed", "A Power Framework without a name.")
SLOT_OVER_RESERVE = IssueCode(
    "hero-xmen.slot_over_reserve",
    "A Multipower slot with more Active Points than the reserve.",
    cite(SEED, 444, "The character cannot use more than 72pts with the slot."),
)
ELEMENTAL_SLOT_SMALL = IssueCode(
    "hero-xmen.elemental_slot_small",
    "A power in an Elemental Control with fewer Active Points than twice the pool.",
)

#: every code above, by its text
CODES = declared(globals())
