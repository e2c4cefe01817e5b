"""Every issue code Glorious Gladiators v6 emits, declared once: the rule it checks and where the
rulebook states it. Rules emit these constants (never a code typed as a string); a
test fails when code emits an undeclared code or a declared code is asserted by no test.
"""

# ruff: noqa: E501 (each rule and quotation on one line, as the rulebook has it)

from __future__ import annotations

from sheetapp.core.citation import cite
from sheetapp.core.codes import IssueCode, declared

SEED = "000_5bffb215164afb79.txt"

ADVANTAGES_COUNT = IssueCode(
    "gladiators.advantages_count",
    "A major character has 2 to 5 advantages.",
    cite(SEED, 274, "A character must have 2-5 advantages"),
)
DISADVANTAGES_COUNT = IssueCode(
    "gladiators.disadvantages_count",
    "A major character has 1 to 4 disadvantages.",
    cite(SEED, 274, "A character must have 2-5 advantages and 1-4 disadvantages."),
)
MODIFIER_VARIANT = IssueCode(
    "gladiators.modifier_variant",
    "A modifier priced by what the ability is takes the price the rulebook gives it (Quick, Short, Slow, Persistent Target).",
    cite(SEED, 233, "1 if no range, 2 if Touch, otherwise 4"),
)
AREA_SHAPE = IssueCode(
    "gladiators.area_shape",
    "A cone needs Touch range; an Area with no range must be a blast.",
    cite(SEED, 167, "A cone can only be used with Touch range"),
)
TYPE_UNKNOWN = IssueCode(
    "gladiators.type_unknown",
    "An ability's Type is one of the rulebook's five: Energy, Physical, Poison, Psychic, Solid.",
    cite(SEED, 17, "Unless stated otherwise all Types are selected when the ability is designed"),
)
TYPE_NOT_ALLOWED = IssueCode(
    "gladiators.type_not_allowed",
    "An ability takes only the Types it allows (a fixed Type, or the Types its text names).",
    cite(SEED, 17, "Most abilities produce effects of a certain type"),
)
TYPE_PRICE_MISMATCH = IssueCode(
    "gladiators.type_price_mismatch",
    "An ability priced by its Type (Damaging Attack: Energy) has that Type.",
    cite(SEED, 17, "all Types are selected when the ability is designed"),
)
SUBTYPE_WITHOUT_ENERGY = IssueCode(
    "gladiators.subtype_without_energy",
    "Only an Energy ability has an Energy subtype.",
    cite(SEED, 21, "Has subtypes: Heat, Cold, Electricity, Radiation, Entropy."),
)
SUBTYPE_UNKNOWN = IssueCode(
    "gladiators.subtype_unknown",
    "The Energy subtypes are Heat, Cold, Electricity, Radiation and Entropy.",
    cite(SEED, 21, "Has subtypes: Heat, Cold, Electricity, Radiation, Entropy."),
)
COUNT_OVER_LIST = IssueCode(
    "gladiators.count_over_list",
    'An option bought once ("Sniper +1", "Fast +2") or per item of a list the rulebook gives ("Others 1 each" of the eight other kinds of Detect; "Per Type 1" of the kinds of Detection) is not bought more often than that.',
    cite(SEED, 248, "Others 1 each"),
)
ABILITY_RESTRICTION = IssueCode(
    "gladiators.ability_restriction",
    'Restrictions stated on abilities themselves, e.g. Wall "Must be an Area Line" and "Has Solid or Physical Type" (line 151).',
    cite(SEED, 151, "Has Solid or Physical Type"),
)
ABOVE_LEVEL_LIMIT = IssueCode(
    "gladiators.above_level_limit",
    'Levels past the Level Limit are legal but dearer: "up to and including double the Level Limit costs 2 GP/Level" (line 40). Shown as information with the tiers.',
    cite(SEED, 40, "up to and including double the Level Limit costs 2 GP/Level"),
)
ALTERNATIVES_WITHOUT_FLEXIBLE_ABILITY = IssueCode(
    "gladiators.alternatives_without_flexible_ability",
    "Flexible Ability lists the abilities it can become; a Flexible Modifier needs at least two modifiers to choose between (lines 183-184).",
    cite(SEED, 183, "", 184),
)
CONVENTIONAL_LEVEL = IssueCode(
    "gladiators.conventional_level",
    'Sources: "Conventional ... These cannot have a Level over 5 unless produced by a large item." (line 34)',
    cite(
        SEED,
        34,
        "Conventional ... These cannot have a Level over 5 unless produced by a large item.",
    ),
)
CUSTOM_TRAIT_UNNAMED = IssueCode(
    "gladiators.custom_trait_unnamed",
    "A custom advantage or disadvantage needs a name the sheet can print.",
    None,
)
DISADVANTAGE_POINTS_UNUSED = IssueCode(
    "gladiators.disadvantage_points_unused",
    '"Points from disadvantages can only be spent on advantages." (line 274)',
    cite(SEED, 274, "Points from disadvantages can only be spent on advantages."),
)
FLEXIBLE_ABILITY_ALTERNATIVES = IssueCode(
    "gladiators.flexible_ability_alternatives",
    "Flexible Ability lists the abilities it can become; a Flexible Modifier needs at least two modifiers to choose between (lines 183-184).",
    cite(SEED, 183, "", 184),
)
FLEXIBLE_MODIFIER_UNUSED = IssueCode(
    "gladiators.flexible_modifier_unused",
    "Flexible Ability lists the abilities it can become; a Flexible Modifier needs at least two modifiers to choose between (lines 183-184).",
    cite(SEED, 183, "", 184),
)
FLEXIBLE_WITHOUT_MODIFIER = IssueCode(
    "gladiators.flexible_without_modifier",
    "Flexible Ability lists the abilities it can become; a Flexible Modifier needs at least two modifiers to choose between (lines 183-184).",
    cite(SEED, 183, "", 184),
)
GP_OVER_BUDGET = IssueCode(
    "gladiators.gp_over_budget",
    '"A character has a number of Glory Points (GP) to spend on creation." (line 13)',
    cite(SEED, 13, "A character has a number of Glory Points (GP) to spend on creation."),
)
GP_UNSPENT = IssueCode(
    "gladiators.gp_unspent",
    '"A character has a number of Glory Points (GP) to spend on creation." (line 13)',
    cite(SEED, 13, "A character has a number of Glory Points (GP) to spend on creation."),
)
MINOR_LEVEL = IssueCode(
    "gladiators.minor_level",
    '"[Minor characters] cannot have abilities over Level 3 unless produced by a conventional or technological item that is large" (line 11)',
    cite(
        SEED,
        11,
        "[Minor characters] cannot have abilities over Level 3 unless produced by a conventional or technological item that is large",
    ),
)
MODIFIER_RESTRICTION = IssueCode(
    "gladiators.modifier_restriction",
    "Modifier restriction.",
    None,
)
NEGATIVE_CAP = IssueCode(
    "gladiators.negative_cap",
    '"Negative modifiers cannot exceed half of the total cost of the ability including positive modifiers" (line 155)',
    cite(
        SEED,
        155,
        "Negative modifiers cannot exceed half of the total cost of the ability including positive modifiers",
    ),
)
TRAIT_PREREQUISITE = IssueCode(
    "gladiators.trait_prerequisite",
    'Traits bought alongside another, e.g. Never Grows Up "Bought alongside Young".',
    None,
)
TYPE_MISSING = IssueCode(
    "gladiators.type_missing",
    '"Every ability must have a source" (line 30); abilities with a Type have it "selected when the ability is designed" (line 17).',
    cite(SEED, 30, "Every ability must have a source"),
)
UNCERTAIN_COST = IssueCode(
    "gladiators.uncertain_cost",
    "The seed's abilities table is a garbled extraction; costs we could not read with certainty are flagged so a referee can confirm or override them.",
    None,
)

#: every code above, by its text
CODES = declared(globals())
