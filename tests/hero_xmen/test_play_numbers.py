"""The numbers a player needs at the table (../shared/seeds/001_83bd08b00b463b10.txt):
END per power, Mental Powers, attacks of opportunity, Find Weakness, knockback and shove,
DC from STR, EGO contests, Psychological Limitations, the old rolls, the reference block."""

from __future__ import annotations

import re

import pytest

from sheetapp.core.system import installed_systems
from sheetapp.playsheets import play_card_sheet, statblock
from sheetapp.sheet import TableSection
from sheetapp.storage.examples import load_example
from sheetapp.systems.hero_xmen import codes
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.model import HeroDocument
from sheetapp.systems.hero_xmen.play import old_roll, psychological_resistance
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import (
    DisadvantageChoice,
    PowerChoice,
    PowerModifier,
    SkillChoice,
    blank,
    evaluate,
)


def _derived(document: HeroDocument) -> dict[str, object]:
    return {value.key: value.value for value in evaluate(document).derived}


def test_end_per_power() -> None:
    """HERO 5e: 1 END per 10 Active Points (a campaign setting); "0 END (+0.5)" (line 325)
    costs none; "Missile Deflection costs no END to use." (line 399); 1/2 END halves it."""
    document = blank()
    document.character.powers = [
        PowerChoice(power="telepathy", levels=8, mode="active"),
        PowerChoice(
            power="telepathy",
            levels=8,
            mode="passive",
            modifiers=[PowerModifier(modifier="zero_end", value=0.5)],
        ),
        PowerChoice(power="missile_deflection", option="all"),
        PowerChoice(
            power="tunnelling",
            levels=10,
            levels2=5,
            modifiers=[PowerModifier(modifier="reduced_end", value=0.25)],
        ),
        PowerChoice(name="Mental Awareness", base_cost=5, costs_end=False),
    ]
    derived = _derived(document)
    assert derived["power.0.end"] == 4
    assert derived["power.1.end"] == 0
    assert derived["power.2.end"] == 0
    assert derived["power.3.end"] == 2  # (20 + 15) × 1.25 = 43 Active / 20 = 2.15 → 2
    assert derived["power.4.end"] == 0
    document.campaign.end_active_points = 5
    assert _derived(document)["power.0.end"] == 8


def test_mental_powers_are_marked() -> None:
    """ "Mental Powers include Clairsentience - Astral Form, Ego Blast, Mental Illusions,
    Mind Control, Mind Scan, Missile Deflection against Mental Powers, and Telepathy."
    (line 321)"""
    document = blank()
    document.character.powers = [
        PowerChoice(power=power_id, levels=2)
        for power_id in ("ego_blast", "mental_illusions", "mind_control", "mind_scan")
    ]
    document.character.powers += [
        PowerChoice(power="telepathy", levels=2, mode="active"),
        PowerChoice(power="clairsentience_astral_form", option="astral_form"),
        PowerChoice(power="missile_deflection", option="mental"),
        PowerChoice(power="missile_deflection", option="bullets"),
        PowerChoice(power="hand_to_hand_attack", levels=2),
    ]
    derived = _derived(document)
    marked = [i for i in range(9) if f"power.{i}.mental" in derived]
    assert marked == [0, 1, 2, 3, 4, 5, 6]
    sheet = SYSTEM.sheet(document, evaluate(document))
    powers = next(s for s in sheet.sections if s.key == "powers")
    assert isinstance(powers, TableSection)
    assert powers.rows[6].cells["details"].startswith("Mental Power")
    assert "Mental Power" not in powers.rows[7].cells["details"]


def test_attacks_of_opportunity_with_combat_reflexes() -> None:
    """ "For every 3 character points you spend you can make an additional attack of
    opportunity every Phase. Normally, a character can make one attack of opportunity
    every Phase." (line 259)"""
    document = blank()
    assert _derived(document)["attacks_of_opportunity"] == 1
    document.character.skills.append(
        SkillChoice(skill="combat_reflexes", level=2, option="extra_attack")
    )
    assert _derived(document)["attacks_of_opportunity"] == 3


def test_find_weakness_roll() -> None:
    """ "gains a +6 bonus when attempting to find a weakness" (line 337) on the Analyse
    check: "A successful Analyse check (TN 16)" (line 235). INT 13 (+1), Analyse +0:
    INT +1 + 6 = +7."""
    document = blank(int=13)
    document.character.powers.append(PowerChoice(power="find_weakness", option="all_attacks"))
    assert _derived(document)["power.0.find_weakness"] == "+6 to Analyse"
    document.character.skills.append(SkillChoice(skill="analyse", level=0))
    assert _derived(document)["power.0.find_weakness"] == "INT +7 vs TN 16"


def test_knockback_and_shove_from_knockback_resistance() -> None:
    """ "All characters have 10 Knockback Resistance." (line 373); "If the result is equal
    to than 10 plus the defender's Knockback Resistance (usually 10, for a total of"
    (line 977) 20, Knocked Down; "Target is in the air +3" (line 982); "The Shoved
    character applies their Knockback Resistance -10" (line 1059)."""
    document = blank()
    derived = _derived(document)
    assert derived["knockback"] == "20 / 17 in the air"
    assert derived["shove"] == "+0"
    document = blank(kb_resistance=3)
    derived = _derived(document)
    assert derived["knockback"] == "23 / 20 in the air"
    assert derived["shove"] == "+3"


def test_dc_from_strength_on_an_advantaged_attack() -> None:
    """ "A character with 20 STR (20 active points) normally has 4 DC from STR. However,
    their effective STR is only 10 when these two advantages are applied to their active
    points, so they only add 2 DC to the Hand-to-Hand Attack." (line 361)"""
    document = blank(str=20)
    document.character.powers.append(
        PowerChoice(
            power="hand_to_hand_attack",
            levels=3,
            modifiers=[
                PowerModifier(modifier="attack_vs_resistant_defence", value=0.5),
                PowerModifier(modifier="armour_piercing", value=0.5),
            ],
        )
    )
    assert _derived(document)["power.0.str_dc"] == 2


def test_ego_contest_and_psychological_limitations() -> None:
    """ "Father Brown has a roll 12 + 2 for a total of 14" (line 307): EGO 20 is +2.
    "EGO roll with -5 penalty required to resist" (line 655)."""
    document = blank(ego=20)
    document.character.disadvantages = [
        DisadvantageChoice(kind="psychological", name="Code", intensity=level)
        for level in ("mild", "moderate", "strong", "total")
    ]
    derived = _derived(document)
    assert derived["ego_contest"] == "3d6 +2"
    assert [derived[f"disadvantage.{i}.resist"] for i in range(4)] == [
        "no EGO roll needed",
        "EGO roll 3d6 +2",
        "EGO roll 3d6 -3 (EGO +2 - 5)",
        "cannot be resisted",
    ]
    assert psychological_resistance("strong", 0) == "EGO roll 3d6 -5 (EGO +0 - 5)"


def test_old_rolls_and_categories() -> None:
    """ "11- +0 ... 14- +3" (lines 38-41); "Accidental Change and Enraged (was
    *Berserk*)" (line 460)."""
    table = catalogs().old_rolls
    assert [old_roll(now, table) for now in (-3, 0, 3, 4, 5)] == ["8-", "11-", "14-", "15-", ""]
    document = blank(dex=15)
    document.character.skills.append(SkillChoice(skill="acrobatics", level=1))
    document.character.disadvantages.append(
        DisadvantageChoice(kind="enraged", name="when hurt", intensity="strong")
    )
    sheet = SYSTEM.sheet(document, evaluate(document))
    by_key = {s.key: s for s in sheet.sections}
    skills = by_key["skills"]
    assert isinstance(skills, TableSection)
    assert skills.rows[0].cells["roll"] == "DEX +2 (13-)"
    disadvantages = by_key["disadvantages"]
    assert isinstance(disadvantages, TableSection)
    assert disadvantages.rows[0].detail.startswith("Accidental Change and Enraged (was Berserk)")


def test_enraged_and_accidental_change_rolls() -> None:
    """Enraged: "Strong +10pts +3 chance to affect, -3 chance to recover" (line 531) and
    recovering at Mild "+3 chance to recover" (line 529); Accidental Change Moderate
    "+0 chance to change" (line 511). On the card with the EGO rolls to resist."""
    document = blank(ego=20)
    document.character.disadvantages = [
        DisadvantageChoice(
            kind="enraged", name="when hurt", intensity="strong", second_intensity="mild"
        ),
        DisadvantageChoice(kind="accidental_change", name="under stress", intensity="moderate"),
        DisadvantageChoice(kind="psychological", name="Code", intensity="strong"),
    ]
    derived = _derived(document)
    assert derived["disadvantage.0.rolls"] == "+3 chance to affect; +3 chance to recover"
    assert derived["disadvantage.1.rolls"] == "+0 chance to change"
    card = play_card_sheet(SYSTEM, document, evaluate(document))
    rolls = next(s for s in card.sections if s.key == "disadvantage_rolls")
    assert [e.value for e in rolls.entries] == [  # type: ignore[attr-defined]
        "+3 chance to affect; +3 chance to recover",
        "+0 chance to change",
        "EGO roll 3d6 -3 (EGO +2 - 5)",
    ]


def test_the_reference_block_is_on_the_full_sheet_only() -> None:
    """ "the character gets back STUN and END equal to their REC value" (line 1073);
    "The Target Number to take 1d6 Normal Damage per Phase is 2 + BODY lost." (line 1083)."""
    document = blank()
    sheet = SYSTEM.sheet(document, evaluate(document))
    reference = next(s for s in sheet.sections if s.key == "reference")
    assert isinstance(reference, TableSection)
    rows = {row.cells["rule"]: row.cells["numbers"] for row in reference.rows}
    assert "back 4 STUN and 4 END" in rows["Taking a Recovery"]
    assert "CON roll 3d6 +0 against TN 2 + BODY lost" in rows["Bleeding"]
    assert "3d6 + BODY rolled - 20" in rows["Knockback"]
    assert "+1.33d6 to a Move Through" in rows["Move Through / Move By"]
    assert "(yours: 3)" in rows["Flash"]  # DEX 10 / 3 = 3, the Initiative it counts from
    card = play_card_sheet(SYSTEM, document, evaluate(document))
    assert "reference" not in {s.key for s in card.sections}


def test_the_example_x_man() -> None:
    """Sable Storm: a Multipower, an Elemental Control, Mental Powers and Enraged, 350
    points, every number on the export, the sheet and the statblock."""
    document = load_example("hero-xmen", "sable-storm", installed_systems()).document
    assert isinstance(document, HeroDocument)
    evaluation = evaluate(document)
    total = evaluation.total("points")
    assert (total.spent, total.budget) == (350, 350)
    assert not evaluation.issues
    derived = _derived(document)
    assert derived["power.0.end"] == 6 and derived["power.3.mental"] == "Mental Power"
    text = statblock(SYSTEM, document, evaluation).text()
    assert "Multipower: Storm Powers" in text
    assert "+3 chance to affect" in text and "+3 chance to recover" in text


def _bracketed(line: str) -> list[str]:
    """The values a statblock line gives in an entry's brackets, split at "; " outside
    any inner brackets: "STR (Value 15; Roll +1, old roll 12-)" gives "Value 15" and
    "Roll +1, old roll 12-"."""
    parts: list[str] = []
    depth = 0
    current = ""
    for char in line:
        if char == "(":
            depth += 1
            if depth == 1:
                current = ""
                continue
        elif char == ")":
            depth -= 1
            if depth == 0:
                parts.append(current)
                continue
        if depth >= 1:
            current += char
    return [piece.strip() for part in parts for piece in _top_level(part)]


def _top_level(text: str) -> list[str]:
    pieces, depth, current = [], 0, ""
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith("; ", index):
            pieces.append(current)
            current = ""
        elif not (depth == 0 and char == " " and current == ""):
            current += char
    return [*pieces, current]


#: a value with no label: "15", "+1 (12-)", "DEX -1 (10-)", "-3", "Frequently +10"
BARE = re.compile(
    r"(?:[A-Z]{2,4} |(?:Rarely|Infrequently|Frequently|Constantly|Mild|Moderate|Strong|Total"
    r"|Slightly|Greatly|Extremely) )?[-+−/]?\d+(?: \(\d+-\))?(?::.*)?"
)


@pytest.mark.parametrize("name", ["sable-storm", "lodestar", "father-brown"])
def test_the_statblock_labels_every_number_in_brackets(name: str) -> None:
    """Issue 37: every number a statblock gives in brackets says what it is, with the
    old roll it converts from ("Converting Old 3d6 Rolls" (line 35)) named as such."""
    document = load_example("hero-xmen", name, installed_systems()).document
    assert isinstance(document, HeroDocument)
    block = statblock(SYSTEM, document, evaluate(document))
    bare = [part for _, line in block.lines for part in _bracketed(line) if BARE.fullmatch(part)]
    assert not bare, bare
    if name == "sable-storm":
        text = block.text()
        for labelled in (
            "STR (Value 15; Roll +1, old roll 12-)",
            "PD (Value 7)",
            "Driving (Roll DEX -1, old roll 10-; Level -3; Categories: Cars)",
            "Combat Reflexes (Level 1)",
            "Lightning Reflexes (Level +1)",
            "KB Res (Value 11; knocked down at 3d6 + BODY = 21",
            "Storm Powers (reserve 60; Powers: Lightning Bolt",
            "Note: weather control",
            "Enraged: when her students are hurt (Frequency: Frequently +10; Intensity: Strong"
            " +10: +3 chance to affect; chance to recover: Mild +0: +3 chance to recover;"
            " Importance: Extremely /1: will attack nearest target; Value 15 pts)",
            "Lightning Bolt (Energy Blast 12d6) (Multipower: Storm Powers, fixed slot; base 60;"
            " 60 AP; 6 pts; 6 END)",
        ):
            assert labelled in text


def test_lack_of_weakness_per_category() -> None:
    """ "Lack of Weakness must be bought separately for the following categories: normal PD
    and ED, resistant PD and ED, MD, Power Defence, and analyse fighting ability."
    (line 377)"""
    document = blank()
    document.character.powers.append(PowerChoice(power="lack_of_weakness", levels=5))
    document.character.powers[0].mode = None
    assert [i.severity.value for i in evaluate(document).issues if i.code == codes.POWER_MODE] == [
        "warning"
    ]
    document.character.powers[0].mode = "MD"
    assert not [i for i in evaluate(document).issues if i.code == codes.POWER_MODE]
    assert _derived(document)["power.0.end"] == 0


def test_dc_from_strength_follows_an_edit_of_str_when_the_power_is_kept() -> None:
    """The power's play values are kept by its row between edits; STR is read afresh. With
    STR 30 (6 DC) and +1 in advantages: 30 / 2 / 5 = 3 DC added (line 361's arithmetic)."""
    from sheetapp.core.changes import Change, apply_to_document

    document = blank(str=20)
    document.character.powers.append(
        PowerChoice(
            power="hand_to_hand_attack",
            levels=3,
            modifiers=[
                PowerModifier(modifier="attack_vs_resistant_defence", value=0.5),
                PowerModifier(modifier="armour_piercing", value=0.5),
            ],
        )
    )
    assert _derived(document)["power.0.str_dc"] == 2
    index = next(
        i for i, buy in enumerate(document.character.characteristics) if buy.characteristic == "str"
    )
    path = ("character", "characteristics", index, "bought")
    edited = apply_to_document(document, [Change("set", path, 10, 20)])
    assert _derived(edited)["power.0.str_dc"] == 3
    back = apply_to_document(edited, [Change("set", path, 20, 10)])
    assert _derived(back)["power.0.str_dc"] == 2
