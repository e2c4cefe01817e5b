"""Every issue code Capital alpha2 emits, declared once: the rule it checks and where the
rulebook states it. Rules emit these constants (never a code typed as a string); a
test fails when code emits an undeclared code or a declared code is asserted by no test.
"""

# ruff: noqa: E501 (each rule and quotation on one line, as the rulebook has it)

from __future__ import annotations

from sheetapp.core.citation import cite
from sheetapp.core.codes import IssueCode, declared

SEED = "003_740fba3ab4ba4f45.txt"

ASSET_CHOICE_INVALID = IssueCode(
    "capital.asset_choice_invalid",
    'Weapon: "Choose any Simple Weapon" (line 890); Attribute: "+2 to any one" (line 902).',
    cite(SEED, 890, "Choose any Simple Weapon"),
)
ASSET_CHOICE_MISSING = IssueCode(
    "capital.asset_choice_missing",
    'Weapon: "Choose any Simple Weapon" (line 890); Attribute: "+2 to any one" (line 902).',
    cite(SEED, 890, "Choose any Simple Weapon"),
)
ASSIGNMENT_INVALID = IssueCode(
    "capital.assignment_invalid",
    "Assignment invalid.",
    None,
)
ATTRIBUTE_RANGE = IssueCode(
    "capital.attribute_range",
    '"Each of your eight Attribute Scores is a number between 0 and 10." (line 192)',
    cite(SEED, 192, "Each of your eight Attribute Scores is a number between 0 and 10."),
)
ATTRIBUTE_UNASSIGNED = IssueCode(
    "capital.attribute_unassigned",
    "Attribute unassigned.",
    None,
)
ATTRIBUTES_NOT_ROLLED = IssueCode(
    "capital.attributes_not_rolled",
    '"Roll 10d6 ... If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." "Get rid of any 2 results" "assign them to the 8 Attributes" (lines 196-198).',
    cite(SEED, 196, "assign them to the 8 Attributes", 198),
)
COMPANION_SCORES = IssueCode(
    "capital.companion_scores",
    '"set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (line 916), and "When my owner Levels Up, it increases by 1d6 + FTD" (line 918).',
    cite(SEED, 916, "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order"),
)
COMPANION_SCORES_MISSING = IssueCode(
    "capital.companion_scores_missing",
    '"set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order" (line 916), and "When my owner Levels Up, it increases by 1d6 + FTD" (line 918).',
    cite(SEED, 916, "set my STR, FTD, AGI and CHA to 7, 6, 5 and 4 in any order"),
)
DAMAGE_TYPE_INVALID = IssueCode(
    "capital.damage_type_invalid",
    '"Available with Sharp or Heat damage." — the damage type is chosen (line 1139).',
    cite(SEED, 1139, ""),
)
DAMAGE_TYPE_MISSING = IssueCode(
    "capital.damage_type_missing",
    '"Available with Sharp or Heat damage." — the damage type is chosen (line 1139).',
    cite(SEED, 1139, ""),
)
DICE_COUNT = IssueCode(
    "capital.dice_count",
    '"Roll 10d6 ... If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." "Get rid of any 2 results" "assign them to the 8 Attributes" (lines 196-198).',
    cite(SEED, 196, "assign them to the 8 Attributes", 198),
)
DICE_REROLL = IssueCode(
    "capital.dice_reroll",
    '"Roll 10d6 ... If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." "Get rid of any 2 results" "assign them to the 8 Attributes" (lines 196-198).',
    cite(SEED, 196, "assign them to the 8 Attributes", 198),
)
DIE_VALUE = IssueCode(
    "capital.die_value",
    '"Roll 10d6 ... If you got no 5s or 6s, OR if you got no 1s or 2s, reroll everything." "Get rid of any 2 results" "assign them to the 8 Attributes" (lines 196-198).',
    cite(SEED, 196, "assign them to the 8 Attributes", 198),
)
DISCARD_INVALID = IssueCode(
    "capital.discard_invalid",
    "Discard invalid.",
    None,
)
DISCARD_MISSING = IssueCode(
    "capital.discard_missing",
    "Discard missing.",
    None,
)
FEW_LOW_SCORES = IssueCode(
    "capital.few_low_scores",
    "Few low scores.",
    None,
)
HANDS = IssueCode(
    "capital.hands",
    '"Your character has 2 hands, so they can hold up to 2 pieces of Equipment, or one piece of Two-handed equipment." (line 347); a Limb augmentation holds one more (line 906).',
    cite(
        SEED,
        347,
        "Your character has 2 hands, so they can hold up to 2 pieces of Equipment, or one piece of Two-handed equipment.",
    ),
)
GM_SCORE_RANGE = IssueCode(
    "capital.gm_score_range",
    "Scores the GM sets stay in the range the Step 5 table gives (a campaign setting, 4 to 6 by default).",
    cite(SEED, 198, "convert the remaining 8 results into Attribute Scores between 4 and 6"),
)
HEAVY = IssueCode(
    "capital.heavy",
    '"To pick up this item, your STR must meet or exceed the specified value, or you must make a STR check whose difficulty is 6 + the specified value. You cannot Move twice in a turn while holding this item unless your STR is at least 2 more" (lines 2534-2535).',
    cite(
        SEED,
        2534,
        "To pick up this item, your STR must meet or exceed the specified value, or you must make a STR check whose difficulty is 6 + the specified value. You cannot Move twice in a turn while holding this item unless your STR is at least 2 more",
        2535,
    ),
)
HP_DICE_INVALID = IssueCode(
    "capital.hp_dice_invalid",
    "One Level Up HP roll per level 2..level, each of the right dice (e.g. line 683).",
    None,
)
HP_ROLL_LEVEL = IssueCode(
    "capital.hp_roll_level",
    "One Level Up HP roll per level 2..level, each of the right dice (e.g. line 683).",
    None,
)
HP_ROLL_MISSING = IssueCode(
    "capital.hp_roll_missing",
    "One Level Up HP roll per level 2..level, each of the right dice (e.g. line 683).",
    None,
)
HP_ROLL_REPEATED = IssueCode(
    "capital.hp_roll_repeated",
    "One Level Up HP roll per level 2..level, each of the right dice (e.g. line 683).",
    None,
)
INNATE_AFTER_CREATION = IssueCode(
    "capital.innate_after_creation",
    '"This System can\'t be gained when you Level Up: it can only be gained when you first build your character, or given by the GM" (line 2539).',
    cite(
        SEED,
        2539,
        "This System can't be gained when you Level Up: it can only be gained when you first build your character, or given by the GM",
    ),
)
ITEM_OPTION_INVALID = IssueCode(
    "capital.item_option_invalid",
    'Damage type of "Available with Sharp or Heat damage" items, options such as the Tent\'s size (line 1754), custom items named.',
    cite(SEED, 1754, ""),
)
ITEM_UNNAMED = IssueCode(
    "capital.item_unnamed",
    "A custom item needs a name (the application's own check: the rulebook's items are named).",
    None,
)
PERSONALITY_MISSING = IssueCode(
    "capital.personality_missing",
    "Step 3: every character has an Ideal, a Goal and a Flaw.",
    cite(SEED, 98, "every character has an Ideal, a Goal and a Flaw"),
)
REPLACED_SYSTEM_KEPT = IssueCode(
    "capital.replaced_system_kept",
    '"Requires Focus I, which this replaces" (line 1896): the old System goes.',
    cite(SEED, 1896, "Requires Focus I, which this replaces"),
)
ROLE_CHOICE_INVALID = IssueCode(
    "capital.role_choice_invalid",
    '"Gain/lose each of the following: +1 WIL, +1 STR or +1 VSN, -1 FTD or -1 AGI" (Lancer, lines 666-670; each Role has one fixed and two chosen changes).',
    None,
)
ROLE_CHOICE_MISSING = IssueCode(
    "capital.role_choice_missing",
    '"Gain/lose each of the following: +1 WIL, +1 STR or +1 VSN, -1 FTD or -1 AGI" (Lancer, lines 666-670; each Role has one fixed and two chosen changes).',
    None,
)
ROLE_MISSING = IssueCode(
    "capital.role_missing",
    'Step 1: "just write your choice in the appropriate box" (line 82).',
    cite(SEED, 82, "just write your choice in the appropriate box"),
)
ROLE_SYSTEM_LEVEL = IssueCode(
    "capital.role_system_level",
    'A System cannot be gained above the character\'s level; Role Systems at their level (e.g. "3 Surge (Signature System)", line 691).',
    None,
)
ROLE_SYSTEM_MISSING = IssueCode(
    "capital.role_system_missing",
    '"Gain these Systems as you Level Up" (each Role\'s table, e.g. lines 687-691).',
    None,
)
SCORES_REDUCED = IssueCode(
    "capital.scores_reduced",
    'Current vitals within their maxima; "While they are in Critical Condition and/or their Bones are not at their maximum, their Attribute Scores are reduced by 2." (line 289)',
    cite(
        SEED,
        289,
        "While they are in Critical Condition and/or their Bones are not at their maximum, their Attribute Scores are reduced by 2.",
    ),
)
SLOTS_OVER = IssueCode(
    "capital.slots_over",
    '"When you Level Up, you can choose any Systems to fill the Slots you have." (line 273) and the Slots column of the level table (lines 362-372).',
    cite(SEED, 273, "When you Level Up, you can choose any Systems to fill the Slots you have."),
)
SLOTS_OVER_AT_LEVEL = IssueCode(
    "capital.slots_over_at_level",
    "Slots are filled when they are gained: a System taken at Level L fits Level L's Slots.",
    None,
)
SPECIAL_ASSET_MISSING = IssueCode(
    "capital.special_asset_missing",
    '"One Special Asset of your choice." (line 223)',
    cite(SEED, 223, "One Special Asset of your choice."),
)
STARTING_EQUIPMENT_MISSING = IssueCode(
    "capital.starting_equipment_missing",
    '"Your Role gives you some Equipment. You also get: ... 2 Everyday or Professional Outfits ... An Adventuring Kit." (lines 219-227). Checked at Level 1 only: later the items may be lost or sold.',
    cite(
        SEED,
        219,
        "Your Role gives you some Equipment. You also get: ... 2 Everyday or Professional Outfits ... An Adventuring Kit.",
        227,
    ),
)
STARTING_MONEY = IssueCode(
    "capital.starting_money",
    '"200-400mC depending on your current circumstances" (line 226).',
    cite(SEED, 226, "200-400mC depending on your current circumstances"),
)
STORY_MISSING = IssueCode(
    "capital.story_missing",
    "Step 2: a Background and an Origin, which you can write in their boxes.",
    cite(SEED, 88, "", 90),
)
STRENGTHS_COUNT = IssueCode(
    "capital.strengths_count",
    '"You start with 3 Strengths and 2 Weaknesses." (line 152)',
    cite(SEED, 152, "You start with 3 Strengths and 2 Weaknesses."),
)
SYSTEM_CHOICE_INVALID = IssueCode(
    "capital.system_choice_invalid",
    '"Only Repeatable Systems can be gained multiple times." (line 2562), and "Repeatable (Must choose different damage types)" (line 1868).',
    cite(SEED, 2562, "Only Repeatable Systems can be gained multiple times."),
)
SYSTEM_CHOICE_MISSING = IssueCode(
    "capital.system_choice_missing",
    'A System gained with a choice has it: "When you gain this, choose a damage type." (line 1870).',
    cite(SEED, 1870, "When you gain this, choose a damage type."),
)
SYSTEM_CHOICE_REPEATED = IssueCode(
    "capital.system_choice_repeated",
    '"Only Repeatable Systems can be gained multiple times." (line 2562), and "Repeatable (Must choose different damage types)" (line 1868).',
    cite(SEED, 2562, "Only Repeatable Systems can be gained multiple times."),
)
SYSTEM_LEVEL = IssueCode(
    "capital.system_level",
    'A System cannot be gained above the character\'s level; Role Systems at their level (e.g. "3 Surge (Signature System)", line 691).',
    None,
)
SYSTEM_NOT_SELECTABLE = IssueCode(
    "capital.system_not_selectable",
    '"If a system does not specify a number of Slots, you cannot select it unless the rules specifically tell you to." (line 275)',
    cite(
        SEED,
        275,
        "If a system does not specify a number of Slots, you cannot select it unless the rules specifically tell you to.",
    ),
)
SYSTEM_REPEATED = IssueCode(
    "capital.system_repeated",
    '"Only Repeatable Systems can be gained multiple times." (line 2562), and "Repeatable (Must choose different damage types)" (line 1868).',
    cite(SEED, 2562, "Only Repeatable Systems can be gained multiple times."),
)
SYSTEM_REQUIREMENT = IssueCode(
    "capital.system_requirement",
    '"Systems with requirements cannot be gained unless all the prerequisites are met: for example, a certain Role, or another System." (line 2566)',
    cite(
        SEED,
        2566,
        "Systems with requirements cannot be gained unless all the prerequisites are met: for example, a certain Role, or another System.",
    ),
)
VEHICLE_LEVEL = IssueCode(
    "capital.vehicle_level",
    '"A character cannot upgrade a Vehicle to any Level higher than their own." (line 600); Slots from the vehicle\'s level table; Limited systems (e.g. line 2270).',
    cite(SEED, 600, "A character cannot upgrade a Vehicle to any Level higher than their own."),
)
VEHICLE_SLOTS_OVER = IssueCode(
    "capital.vehicle_slots_over",
    '"A character cannot upgrade a Vehicle to any Level higher than their own." (line 600); Slots from the vehicle\'s level table; Limited systems (e.g. line 2270).',
    cite(SEED, 600, "A character cannot upgrade a Vehicle to any Level higher than their own."),
)
VEHICLE_SYSTEM_LIMITED = IssueCode(
    "capital.vehicle_system_limited",
    '"A character cannot upgrade a Vehicle to any Level higher than their own." (line 600); Slots from the vehicle\'s level table; Limited systems (e.g. line 2270).',
    cite(SEED, 600, "A character cannot upgrade a Vehicle to any Level higher than their own."),
)
VEHICLE_SYSTEM_REPEATED = IssueCode(
    "capital.vehicle_system_repeated",
    '"A character cannot upgrade a Vehicle to any Level higher than their own." (line 600); Slots from the vehicle\'s level table; Limited systems (e.g. line 2270).',
    cite(SEED, 600, "A character cannot upgrade a Vehicle to any Level higher than their own."),
)
VITAL_OVER_MAX = IssueCode(
    "capital.vital_over_max",
    'Current vitals within their maxima; "While they are in Critical Condition and/or their Bones are not at their maximum, their Attribute Scores are reduced by 2." (line 289)',
    cite(
        SEED,
        289,
        "While they are in Critical Condition and/or their Bones are not at their maximum, their Attribute Scores are reduced by 2.",
    ),
)
OVERSPENT = IssueCode(
    "capital.overspent",
    '"As much as you like can immediately be spent on anything you would realistically have been able to buy." (line 226): bought items paid from the money the character has',
    cite(
        SEED,
        226,
        "As much as you like can immediately be spent on anything you would realistically have been able to buy.",
    ),
)
PRICE_MISSING = IssueCode(
    "capital.price_missing",
    "A bought item with no printed price and no price set by the GM",
)
WEAKNESSES_COUNT = IssueCode(
    "capital.weaknesses_count",
    '"You start with 3 Strengths and 2 Weaknesses." (line 152)',
    cite(SEED, 152, "You start with 3 Strengths and 2 Weaknesses."),
)

#: every code above, by its text
CODES = declared(globals())
