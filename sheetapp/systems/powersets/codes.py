"""Every issue code the Power Sets system emits, declared once with the rule it checks and
where the chapter states it. Rules emit these constants, never a code typed as a string."""

from __future__ import annotations

from sheetapp.core.citation import cite
from sheetapp.core.codes import IssueCode, declared

SEED = "004_a6acbf8ec65b19a8.txt"

NO_POWER_SET = IssueCode("powersets.no_power_set", "A character with no power set yet.")
SET_TWICE = IssueCode("powersets.set_twice", "The same power set listed twice.")
SET_ABOVE_GAME = IssueCode(
    "powersets.set_above_game",
    "A power set at a higher power level than the game's.",
    cite(SEED, 323, "What is the game’s power level?"),
)
COMBINATION = IssueCode(
    "powersets.combination",
    "Power sets beyond what the game's power level allows a starting character.",
    cite(SEED, 365, "Following are guidelines for beginning with more than one power set"),
)
SEVERAL_SETS = IssueCode(
    "powersets.several_sets",
    "More than one power set: the gamemaster has the final say.",
    cite(SEED, 363, "your gamemaster should have the final say"),
)
SET_MISSING = IssueCode(
    "powersets.set_missing", "Powers of a power set the character does not have."
)
MAGIC_SPELLS = IssueCode(
    "powersets.magic_spells",
    "More starting Magic spells than the power level gives.",
    cite(SEED, 472, "A magician knows four spells of their choice"),
)
MAGIC_LEVEL = IssueCode(
    "powersets.magic_level",
    "A Magic spell cast at more levels than ½ INT.",
    cite(SEED, 438, "a limit to how many levels can be added to a spell"),
)
MAGIC_MEMORY = IssueCode(
    "powersets.magic_memory",
    "More Magic spells memorised than ½ INT.",
    cite(SEED, 458, "can memorize a number of spells equal to half their INT"),
)
MUTATION_PICKS = IssueCode(
    "powersets.mutation_picks",
    "More beneficial mutation picks than the power level and the adverse ones give.",
    cite(SEED, 1018, "Choose mutations equal to ¼ your character’s CON"),
)
ADVERSE_LIMIT = IssueCode(
    "powersets.adverse_limit",
    "More adverse mutations than the power level allows.",
    cite(SEED, 1018, "you cannot take more adverse mutations than ¼ your CON"),
)
ADVERSE_APPROVAL = IssueCode(
    "powersets.adverse_approval",
    "More than four adverse mutations without the gamemaster's approval.",
    cite(SEED, 1018, "Your gamemaster must approve taking more than four adverse mutations"),
)
TWO_MAJORS = IssueCode(
    "powersets.two_majors",
    "Two major mutations at the Heroic level without the gamemaster's allowance.",
    cite(SEED, 1018, "you can pick two major mutations only if your gamemaster allows it"),
)
MUTATION_TWICE = IssueCode(
    "powersets.mutation_twice", "A mutation listed twice (a second pick makes it major)."
)
MUTATION_MINOR_ONLY = IssueCode(
    "powersets.mutation_minor_only", "A major version of a mutation that has only a minor one."
)
FAMILIAR_SIZ = IssueCode(
    "powersets.familiar_siz",
    "A familiar bigger than a quarter of the magician's POW.",
    cite(SEED, 483, "The creature’s SIZ cannot be more than ¼ the magician’s POW, rounded up"),
)
FAMILIARS_ACTIVE = IssueCode(
    "powersets.familiars_active",
    "More than one familiar active at a time.",
    cite(SEED, 502, "A magician can only have one familiar active at any one time"),
)
STAFF_OVERFILLED = IssueCode(
    "powersets.staff_overfilled",
    "A staff holding more power points than it can store.",
    cite(SEED, 516, "It can store power points up to your character’s current POW"),
)
NOT_A_MAGICIAN = IssueCode(
    "powersets.not_a_magician",
    "A familiar or staff without the Magic power set.",
    cite(SEED, 483, "A magician may have a familiar"),
)
MUTATION_CHANGE_MISSING = IssueCode(
    "powersets.mutation_change_missing",
    "A mutation that changes characteristics, without the changes its rolls gave.",
    cite(SEED, 1105, "first determine which characteristic is decreased through mutation"),
)
MUTATION_CHANGE_WRONG = IssueCode(
    "powersets.mutation_change_wrong",
    "A characteristic change the mutation cannot make (its sign, characteristic or dice).",
    cite(SEED, 1130, "For a major mutation, the characteristic reduction is doubled"),
)
NORMAL_MUTATIONS = IssueCode(
    "powersets.normal_mutations",
    "Mutations at the Normal level are rolled, two by default.",
    cite(SEED, 1017, "roll D100 twice on the"),
)
PSYCHIC_ABILITIES = IssueCode(
    "powersets.psychic_abilities",
    "More starting psychic abilities than the power level gives.",
    cite(SEED, 1281, "Two psychic abilities at skill ratings equal to their POW×1."),
)
SORCERY_POW = IssueCode(
    "powersets.sorcery_pow",
    "Sorcery without POW 16.",
    cite(SEED, 1729, "To be able to cast sorcery spells, a sorcerer must have POW 16+"),
)
SORCERY_LEVELS = IssueCode(
    "powersets.sorcery_levels",
    "More starting Sorcery spell levels than the power level gives.",
    cite(SEED, 1735, "Up to ½ INT (round up) in levels of spells known."),
)
SORCERY_MEMORY = IssueCode(
    "powersets.sorcery_memory",
    "More Sorcery spell levels in memory than INT.",
    cite(SEED, 1740, "A sorcerer can keep up to their INT in spell levels stored in their mind"),
)
SORCERY_SPELL_LEVEL = IssueCode(
    "powersets.sorcery_spell_level", "A Sorcery spell at a level its heading does not give."
)
POWER_CHOICE = IssueCode(
    "powersets.power_choice", "A superpower without the choice it needs (an energy type...)."
)
POWER_COST = IssueCode(
    "powersets.power_cost", "A superpower of variable cost without the cost the GM set."
)
LEVEL_CAP = IssueCode(
    "powersets.level_cap",
    "A superpower above (or below) the levels its characteristics allow.",
)
OVER_BUDGET = IssueCode(
    "powersets.over_budget",
    "Superpowers costing more than the character point budget.",
    cite(SEED, 2429, "determine your character’s initial character point budget"),
)
FAILINGS_CAP = IssueCode(
    "powersets.failings_cap",
    "Character failings worth more than ½ the starting budget (the rest is not counted).",
    cite(SEED, 2452, "Your character can only take up to ½ their starting character point budget"),
)
FAILING_POINTS = IssueCode(
    "powersets.failing_points", "A character failing given points outside its table row."
)
MODIFIER_CAP = IssueCode(
    "powersets.modifier_cap",
    "A superpower whose modifiers give more than ½ its initial cost (the rest is not counted).",
    cite(SEED, 2491, "No superpower can earn more character point budget points than ½"),
)
MODIFIER_POWER = IssueCode(
    "powersets.modifier_power", "A power modifier for a superpower the character does not have."
)
POW_CHECK_UNROLLED = IssueCode(
    "powersets.pow_check_unrolled",
    "A POW experience check not rolled yet.",
    cite(SEED, 536, "When checking for experience, the magician’s POW may increase"),
)
POW_ROLL_IMPOSSIBLE = IssueCode(
    "powersets.pow_roll_impossible",
    "A POW increase with a result its dice cannot give (D100 1-100, 1D3-1 0-2).",
    cite(SEED, 536, "Each successful improvement improves POW by 1D3–1 points"),
)
POW_GAIN_ON_FAILURE = IssueCode(
    "powersets.pow_gain_on_failure",
    "A POW gain recorded on a roll that failed the POW increase roll.",
    cite(SEED, 536, "Each successful improvement improves POW by 1D3–1 points"),
)
POW_GAIN_MISSING = IssueCode(
    "powersets.pow_gain_missing",
    "A successful POW increase roll without its 1D3-1 gain.",
    cite(SEED, 536, "Each successful improvement improves POW by 1D3–1 points"),
)
POW_TO_BUDGET = IssueCode(
    "powersets.pow_to_budget",
    "A POW gain turned into budget points without the Superpowers power set.",
    cite(SEED, 2535, "These characteristic points can also be turned into an equivalent"),
)
STUDY_NOT_ALLOWED = IssueCode(
    "powersets.study_not_allowed",
    "Learning a spell in a way the character's power sets do not allow.",
    cite(SEED, 546, "Non-magicians cannot research or create new spells."),
)
STUDY_ROLL_IMPOSSIBLE = IssueCode(
    "powersets.study_roll_impossible",
    "A spell study with a result its dice cannot give, or rolls after it succeeded.",
)
STUDY_LIBRARY = IssueCode(
    "powersets.study_library",
    "Scholarly research in a library rated outside ×1 to ×3.",
    cite(SEED, 1772, "a multiplier from ×1–3"),
)
STUDY_UNKNOWN_SPELL = IssueCode(
    "powersets.study_unknown_spell",
    "A spell study for a spell the set's list does not hold.",
)
STUDY_NOT_ADDED = IssueCode(
    "powersets.study_not_added",
    "A spell learned by study that is not on the character's spells yet.",
    cite(SEED, 1776, "the spell is learned and inscribed in the sorcerer’s personal grimoire"),
)
PROJECTION_NO_SUPERPOWERS = IssueCode(
    "powersets.projection_no_superpowers",
    "Projection raised without the Superpowers power set or the Projection option.",
    cite(SEED, 2560, "It can be increased in character generation if the character has"),
)
PROJECTION_LIMIT = IssueCode(
    "powersets.projection_limit",
    "Projection at creation above the power level's skill limit.",
    cite(SEED, 2560, "is subject to the power level limitations"),
)
PROJECTION_CHECK = IssueCode(
    "powersets.projection_check",
    "A Projection experience check not rolled yet.",
    cite(SEED, 2533, "the Projection skill is an exception"),
)
PSYCHIC_GAIN_EARLY = IssueCode(
    "powersets.psychic_gain_early",
    "A psychic ability gained in play before POW rose above its starting value.",
    cite(SEED, 1290, "When a psychic’s POW has increased beyond its starting value"),
)
POWER_STEPS = IssueCode(
    "powersets.power_steps",
    "Fewer power steps than the game's power level gives a starting character.",
    cite(SEED, 365, "Following are guidelines for beginning with more than one power set"),
)
MAGIC_SKILL_START = IssueCode(
    "powersets.magic_skill_start",
    "A starting Magic spell below INT×1.",
    cite(SEED, 473, "A magician knows six spells at INT×1."),
)
PSYCHIC_SKILL_START = IssueCode(
    "powersets.psychic_skill_start",
    "A starting psychic ability below POW×1.",
    cite(SEED, 1282, "Four psychic abilities at skill ratings equal to their POW×1."),
)
START_FAMILIAR = IssueCode(
    "powersets.start_familiar",
    "A familiar or staff begun with, at a power level that does not give it.",
    cite(SEED, 474, "If desired, the magician begins with a familiar"),
)
MUTATION_PICKS_LEFT = IssueCode(
    "powersets.mutation_picks_left",
    "Mutation picks the power level gives, not spent yet.",
    cite(SEED, 1018, "Choose mutations equal to ¼ your character’s CON"),
)
ENERGY_TYPE = IssueCode(
    "powersets.energy_type",
    "A superpower bought without the energy type it must name.",
    cite(SEED, 2782, "the energy type it is intended to protect against must be chosen"),
)
PSYCHO_SOCIAL_CAP = IssueCode(
    "powersets.psycho_social_cap",
    "Psycho-social frailties worth more than 3 points (the rest is not counted).",
    cite(SEED, 2464, "+1 point each (+3 points maximum, higher with gamemaster’s approval)"),
)
LIMITED_USES = IssueCode(
    "powersets.limited_uses",
    "A power limited to fewer than 1 use per day.",
    cite(SEED, 2502, "Power has a limited number of uses per day (minimum 1)"),
)
MUTATION_ROLL = IssueCode(
    "powersets.mutation_roll",
    "A recorded Random Mutations Table roll that does not give this mutation (or gave it "
    "twice, which makes it major).",
    cite(SEED, 1037, "Roll D100 to determine mutations"),
)
BRAZIER_OVERFILLED = IssueCode(
    "powersets.brazier_overfilled",
    "A Brazier of Power holding more power points than its attunements allow.",
    cite(SEED, 2074, "The focus accepts new power points at any time up to the maximum"),
)
BRAZIER_NOT_SORCERER = IssueCode(
    "powersets.brazier_not_sorcerer",
    "A Brazier of Power without the Sorcery power set and the spell.",
    cite(SEED, 2074, "The first time Brazier of Power is cast"),
)
TRADITION = IssueCode(
    "powersets.tradition",
    "A spell or ability of a character with two sets of its type, naming neither.",
    cite(SEED, 378, "Two power sets at the Normal power level"),
)
SIDEKICK_POW = IssueCode(
    "powersets.sidekick_pow",
    "A Sidekick with a higher POW than its owner.",
    cite(SEED, 3128, "Your character cannot have a Sidekick with a higher POW than your character"),
)
SIDEKICKS_MORE = IssueCode(
    "powersets.sidekicks_more",
    "More than one Sidekick without the gamemaster's allowance.",
    cite(SEED, 3128, "Normally, your character can only have one Sidekick at a time"),
)
SIDEKICK_NOT_BOUGHT = IssueCode(
    "powersets.sidekick_not_bought",
    "A Sidekick listed without the Sidekick superpower of its name that pays for it.",
    cite(SEED, 3116, "out of your character’s point budget"),
)
ABOVE_MAJOR = IssueCode(
    "powersets.above_major",
    "A mutation above major quality without the Superhuman level and the gamemaster.",
    cite(SEED, 1020, "Your gamemaster may allow you to take a mutation at above major quality"),
)
NON_MAGICIAN_SPELLS = IssueCode(
    "powersets.non_magician_spells",
    "A non-magician's spells beyond ¼ INT in levels, or below INT×1.",
    cite(SEED, 546, "A non-magician can know up to ¼ their INT (rounded down) in spell levels"),
)
UNSPENT = IssueCode("powersets.unspent", "Budget points not spent (they are banked).")

#: every code above, by its text
CODES = declared(globals())
