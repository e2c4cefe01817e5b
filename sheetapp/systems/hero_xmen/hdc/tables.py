"""What Hero Designer calls things in a 5th Edition ``.hdc`` file and what they are in
the campaign's catalogs; HERO System 5th Edition's own prices for what Hero Designer
records as levels, used to name every cost the house rules change. Facts from the
HERO System 5th Edition rules and from reading public ``.hdc`` readers (README)."""

from __future__ import annotations

#: characteristic element (tag and XMLID) -> the campaign's characteristic
CHARACTERISTICS: dict[str, str] = {
    "STR": "str", "DEX": "dex", "CON": "con", "BODY": "body", "INT": "int", "EGO": "ego",
    "PRE": "pre", "PD": "pd", "ED": "ed", "REC": "rec", "END": "end", "STUN": "stun",
    "RUNNING": "running", "SWIMMING": "swimming",
}  # fmt: skip
#: HERO 5e Character Points per +1 (per inch for movement), as Hero Designer prices them
HERO5E_CHARACTERISTIC_COST: dict[str, float] = {
    "STR": 1, "DEX": 3, "CON": 2, "BODY": 2, "INT": 1, "EGO": 2, "PRE": 1, "COM": 0.5,
    "PD": 1, "ED": 1, "SPD": 10, "REC": 2, "END": 0.5, "STUN": 1,
    "RUNNING": 2, "SWIMMING": 1, "LEAPING": 1,
}  # fmt: skip
#: characteristics the supplement does not have, and why (its own words)
NOT_CHARACTERISTICS: dict[str, str] = {
    "COM": "the campaign has no Comeliness (Attractive/Unattractive is a Talent)",
    "SPD": "Speed is not a characteristic in the campaign",
    "LEAPING": "the campaign has no Leaping characteristic",
}

#: Hero Designer skill XMLIDs whose name differs from the catalog's
SKILL_ALIASES: dict[str, str] = {
    "ANALYZE": "analyse",
    "PARAMEDICS": "paramedic",
    "COMBAT_DRIVING": "driving",
    "COMBAT_PILOTING": "piloting",
    "KNOWLEDGE_SKILL": "knowledges",
    "PROFESSIONAL_SKILL": "professions_intellect",
    "SCIENCE_SKILL": "sciences",
    "LANGUAGES": "languages",
    "COMBAT_SENSE": "combat_sense",
    "DEFENSE_MANEUVER": "defence_manoeuvre",
    "COMBAT_LEVELS": "combat_skill_levels",
    "PENALTY_SKILL_LEVELS": "penalty_skill_levels",
}
#: Hero Designer power XMLIDs the campaign's catalog prices itself
POWERS: dict[str, str] = {
    "EGOATTACK": "ego_blast",
    "TELEPATHY": "telepathy",
    "MINDSCAN": "mind_scan",
    "MINDCONTROL": "mind_control",
    "MENTALILLUSIONS": "mental_illusions",
    "HANDTOHANDATTACK": "hand_to_hand_attack",
    "FINDWEAKNESS": "find_weakness",
    "MISSILEDEFLECTION": "missile_deflection",
    "LACKOFWEAKNESS": "lack_of_weakness",
    "CLINGING": "clinging",
    "FLASH": "flash",
    "FORCEWALL": "force_wall",
    "IMAGES": "images",
    "EXTRADIMENSIONALMOVEMENT": "extra_dimensional_movement",
}
#: HERO 5e prices of powers Hero Designer records as (fixed base, per level)
HERO5E_POWER_PRICE: dict[str, tuple[float, float]] = {
    "ENERGYBLAST": (0, 5),  # 5 per d6
    "EGOATTACK": (0, 10),  # 10 per d6
    "TELEPATHY": (0, 5),
    "MINDSCAN": (0, 5),
    "MINDCONTROL": (0, 5),
    "MENTALILLUSIONS": (0, 5),
    "HANDTOHANDATTACK": (0, 5),  # 5 per d6
    "HKA": (0, 15),  # 15 per d6 of Killing Attack
    "RKA": (0, 15),
    "FLIGHT": (0, 2),  # 2 per inch
    "TELEPORTATION": (0, 2),
    "LUCK": (0, 5),  # 5 per d6
    "MENTALDEFENSE": (0, 1),  # 1 per point
    "LACKOFWEAKNESS": (0, 1),
    "CLINGING": (10, 0),
    "EXTRADIMENSIONALMOVEMENT": (20, 0),
    "MENTALAWARENESS": (5, 0),
    "CUSTOMPOWER": (0, 1),
}
#: Hero Designer's Killing Attacks: the campaign rebuilds them as a normal attack with
#: the Attack versus Resistant Defence advantage (the supplement, lines 367-369)
KILLING_ATTACKS: dict[str, str] = {"HKA": "hand_to_hand_attack", "RKA": "ENERGYBLAST"}

#: Hero Designer modifier XMLIDs (and OPTIONID where it decides) -> catalog modifier
MODIFIERS: dict[str, str] = {
    "ARMORPIERCING": "armour_piercing",
    "PENETRATING": "penetrating",
    "PERSISTENT": "persistent",
    "REDUCEDEND/HALFEND": "reduced_end",
    "REDUCEDEND/ZERO": "zero_end",
}

#: Hero Designer Disadvantage XMLIDs -> the campaign's kinds (lines 498-696)
DISADVANTAGES: dict[str, str] = {
    "ACCIDENTALCHANGE": "accidental_change",
    "ENRAGED": "enraged",
    "BERSERK": "enraged",
    "DEPENDENCE": "dependence",
    "SUSCEPTIBILITY": "susceptibility",
    "DEPENDENTNPC": "dependent_npc",
    "HUNTED": "enemy",
    "PHYSICALLIMITATION": "physical",
    "PSYCHOLOGICALLIMITATION": "psychological",
    "SOCIALLIMITATION": "social",
    "VULNERABILITY": "vulnerability",
}
#: the Hero Designer adder (XMLID) of a Disadvantage that says each measure, with its
#: OPTIONIDs mapped onto the campaign's words
FREQUENCY_ADDERS: dict[str, dict[str, str]] = {
    "SITUATION": {"UNCOMMON": "infrequently", "COMMON": "frequently", "VERYCOMMON": "constantly"},
    "OCCURS": {"INFREQUENTLY": "infrequently", "FREQUENTLY": "frequently",
               "ALLTHETIME": "constantly"},
    "OCCUR": {"OCCASIONALLY": "infrequently", "FREQUENTLY": "frequently",
              "VERYFREQUENTLY": "constantly"},
    "CHANCETOOCCUR": {"8": "infrequently", "11": "frequently", "14": "constantly"},
    "APPEARANCE": {"8": "infrequently", "11": "frequently", "14": "constantly"},
}  # fmt: skip
INTENSITY_ADDERS: dict[str, dict[str, str]] = {
    "INTENSITY": {"MODERATE": "moderate", "STRONG": "strong", "TOTAL": "total"},
    "EFFECTS": {"MINOR": "moderate", "MAJOR": "strong", "SEVERE": "total"},
}
IMPORTANCE_ADDERS: dict[str, dict[str, str]] = {
    "IMPAIRS": {"SLIGHTLY": "slightly", "GREATLY": "greatly", "FULLY": "extremely"},
}
#: the same, the other way, for the export: measure -> (adder XMLID, OPTIONID)
EXPORT_FREQUENCY: dict[str, str] = {
    "psychological": "SITUATION", "physical": "OCCURS", "social": "OCCUR",
    "enemy": "CHANCETOOCCUR", "dependent_npc": "APPEARANCE",
}  # fmt: skip
EXPORT_INTENSITY: dict[str, str] = {"psychological": "INTENSITY", "social": "EFFECTS"}
EXPORT_IMPORTANCE: dict[str, str] = {"physical": "IMPAIRS"}
#: how a power's levels read in its name (Energy Blast 12d6, Flight 15")
UNITS: dict[str, str] = {
    "ENERGYBLAST": "d6", "RKA": "d6", "HKA": "d6", "FLIGHT": '"', "TELEPORTATION": '"',
    "SWIMMING": '"', "RUNNING": '"', "FORCEFIELD": " points", "ARMOR": " points",
}  # fmt: skip
#: HERO 5e Talents the campaign lists as Skills (lines 182, 257)
TALENTS_AS_SKILLS: dict[str, str] = {
    "COMBAT_SENSE": "combat_sense",
    "DEFENSE_MANEUVER": "defence_manoeuvre",
}
