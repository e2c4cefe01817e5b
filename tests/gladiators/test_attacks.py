"""The To hit and Range of each attack, as the sheet and the play card print them.

Seed: Glorious Gladiators v6 (../shared/seeds/000_5bffb215164afb79.txt); the line
numbers in the docstrings are lines of that file.
"""

from __future__ import annotations

from typing import Any

from sheetapp.core.document import CharacterDocument
from sheetapp.core.system import installed_systems
from sheetapp.sheet import TableSection, build_sheet
from sheetapp.storage.examples import load_example
from sheetapp.systems.gladiators.model import AbilityChoice, ModifierChoice
from sheetapp.systems.gladiators.system import SYSTEM
from tests.gladiators.helpers import ability, character


def _cells(document: CharacterDocument[Any, Any], label: str) -> tuple[str, str, str]:
    """(to hit, range, detail) of the ability row whose first cell starts with label."""
    sheet = build_sheet(SYSTEM, document, SYSTEM.evaluate(document))
    table = next(s for s in sheet.sections if s.key == "abilities")
    assert isinstance(table, TableSection)
    row = next(r for r in table.rows if r.cells["ability"].startswith(label))
    return row.cells["to_hit"], row.cells["range"], row.detail


def _attack(level: int, *mods: str | ModifierChoice, label: str = "Blast") -> AbilityChoice:
    choice = ability("damaging_attack", level, *mods, types=["energy"], source="mutant")
    choice.label = label
    return choice


def test_direct_attack_rolls_six_less_accuracy_against_evade() -> None:
    """Line 409: "where the Level and Resisting Level are the same a roll of 6+ is
    required, if the Level is one worse than the Resisting Level then 7+, one better
    then 5+"; line 512: "Direct attacks is Accuracy vs Evade"; line 56: Accuracy is
    "Used To Hit with any Direct or Area ability"."""
    bolt = _attack(3, "direct", "ranged")
    assert _cells(character(bolt), "Blast")[0] == "6+ vs Evade 0"
    aimed = character(bolt.model_copy(), ability("accuracy", 2, source="mutant"))
    to_hit, _range, detail = _cells(aimed, "Blast")
    assert to_hit == "4+ vs Evade 0"
    assert "6 − Accuracy 2 + the target's Evade" in detail


def test_the_best_accuracy_counts_whichever_comes_first() -> None:
    """Line 549: "use the best – don't add them together": with several Accuracy
    abilities the highest Level counts, before or after the attack, first or last (the
    sheet works the best Levels out once for all its attacks)."""
    bolt = _attack(3, "direct", "ranged")
    for levels in ((2, 5, 1), (5, 1, 2), (1, 2, 5)):
        aims = [ability("accuracy", level, source="mutant") for level in levels]
        doc = character(aims[0], bolt.model_copy(), *aims[1:])
        assert _cells(doc, "Blast")[0] == "1+ vs Evade 0"
        assert "6 − Accuracy 5 + the target's Evade" in _cells(doc, "Blast")[2]


def test_a_roll_cannot_go_below_one_so_the_cell_says_up_to_which_evade() -> None:
    """Line 409: the roll is "Level of Ability – Resisting Level ... + 6"; a D10 shows 1
    at least, so Accuracy 7 hits on any roll while Evade is 0-2."""
    doc = character(_attack(3, "direct", "ranged"), ability("accuracy", 7, source="mutant"))
    assert _cells(doc, "Blast")[0] == "1+ vs Evade 0–2"


def test_melee_attack_uses_the_better_of_fighting_skill_and_accuracy() -> None:
    """Lines 84-85: Fighting Skill is "To Hit with any Melee ability or Short Focus
    attack"; line 56: Accuracy with "any Direct or Area ability"; like defences, the
    best counts (line 549: "use the best – don't add them together")."""
    punch = ability("damaging_attack", 2, "direct", "touch", "melee", types=["solid"])
    punch.label = "Punch"
    doc = character(
        punch,
        ability("fighting_skill", 3, source="mutant"),
        ability("accuracy", 1, source="mutant"),
    )
    to_hit, _range, detail = _cells(doc, "Punch")
    assert to_hit == "3+ vs Evade 0"
    assert "Fighting Skill 3" in detail
    # Fighting Skill does not help a ranged attack
    doc.character.abilities.append(_attack(2, "direct", "ranged"))
    assert _cells(doc, "Blast")[0] == "5+ vs Evade 0"


def test_area_attacks_roll_the_shape_value_against_move() -> None:
    """Lines 513-518: "Area attacks is Area Attack (depends on the shape as shown below)
    vs Move. Blast 2, Line 4, Cone 2, Shape 2"; line 167: "A Fast Area has a 1 better
    chance of hitting targets in the Area"; line 499: the target hex "has a Dodge of 0
    +1 for every full 10 hexes range ... Accuracy can be used"."""
    line = ModifierChoice(modifier="area", variant="area", shape="line")
    doc = character(_attack(3, line, "ranged"), ability("accuracy", 1, source="mutant"))
    assert _cells(doc, "Blast")[0] == "2+ vs Move 0; hex 5+"
    blast = ModifierChoice(modifier="area", variant="area", shape="blast", addons={"fast": 1})
    doc.character.abilities[0] = _attack(3, blast, "ranged")
    assert _cells(doc, "Blast")[0] == "3+ vs Move 0; hex 5+"


def test_area_without_range_is_centred_on_the_user_and_rolls_no_hex() -> None:
    """Line 167: "An Area with no range must be a blast, starts from the user's own hex
    and includes him/her within it and does not require a roll To Hit that hex"."""
    blast = ModifierChoice(modifier="area", variant="area", shape="blast")
    to_hit, range_, detail = _cells(character(_attack(2, blast)), "Blast")
    assert to_hit == "4+ vs Move 0"
    assert range_ == "0 (own hex)"
    assert "no roll for the hex" in detail


def test_indirect_and_precise_roll_against_prediction() -> None:
    """Line 520: "Indirect is 0 (1 with Precise) vs Prediction"."""
    doc = character(_attack(2, ModifierChoice(modifier="indirect", variant="standard"), "close"))
    assert _cells(doc, "Blast")[0] == "6+ vs Prediction 0"
    doc.character.abilities[0] = _attack(
        2, ModifierChoice(modifier="indirect", variant="precise"), "close"
    )
    assert _cells(doc, "Blast")[0] == "5+ vs Prediction 0"


def test_seeking_rolls_homing_against_confusion_and_misses_on_one_to_four() -> None:
    """Line 521: "Seeking attacks is Homing vs Confusion. Also it always miss on a roll
    of 1-4"; line 240: "Can buy Homing (+1 to hit per point)"."""
    homing = ModifierChoice(modifier="seeking", units=0)
    doc = character(_attack(2, homing, "ranged"))
    assert _cells(doc, "Blast")[0] == "6+ vs Confusion 0"
    doc.character.abilities[0].modifiers[0] = ModifierChoice(modifier="seeking", units=3)
    assert _cells(doc, "Blast")[0] == "5+ vs Confusion 0–2"


def test_complex_misses_on_one_to_six() -> None:
    """Line 174: Complex: "If it requires a roll to hit it automatically misses on a
    roll 1-6"."""
    doc = character(_attack(2, "direct", "ranged", "complex"), ability("accuracy", 2))
    assert _cells(doc, "Blast")[0] == "7+ vs Evade 0–3"


def test_ranges_in_hexes_with_the_far_band_at_one_level_less() -> None:
    """Line 246 Touch "(Range 0-1)"; line 242 Short "1-2 hexes"; line 173 Close "1-5
    hexes ... or at 6-10 hexes with -1 to the Level"; line 234 Ranged "1-10 hexes ... or
    at 11-20 at -1 to Level"; line 212 Long Range "1-20 ... or at 21-40 at -1 to Level";
    line 176 Distant "any distance 1+"; line 531: "Ranged, Long Range or Distant attacks
    are at -2 to hit if used at R1"."""
    expected = {
        "touch": "0–1",
        "short": "1–2",
        "close": "1–5; 6–10 at L4",
        "ranged": "1–10; 11–20 at L4; −2 to hit at 1",
        "long_range": "1–20; 21–40 at L4; −2 to hit at 1",
        "distant": "1+; −2 to hit at 1",
    }
    for range_id, text in expected.items():
        assert _cells(character(_attack(5, "direct", range_id)), "Blast")[1] == text, range_id


def test_abilities_that_target_nothing_print_dashes() -> None:
    """Line 510: a To Hit is made for "the target of a Direct, Seeking or Indirect
    ability or a target with in an Area"; Armour targets no one."""
    to_hit, range_, _detail = _cells(character(ability("armour", 2, source="mutant")), "Armour")
    assert (to_hit, range_) == ("—", "—")


def test_flexible_range_lists_each_range_and_the_level_a_dearer_one_costs() -> None:
    """Line 185: Flexible Range: "The ability has more than range: Touch, Short, Close,
    Ranged, Long Range or Distant"; line 184: under a Flexible Modifier "When Distant
    is activated (5 GP) the Level of the ability will be reduced by 3 GP worth"."""
    both = _attack(4, "direct", "flexible_range", "touch", "ranged")
    assert _cells(character(both), "Blast")[1] == (
        "Touch 0–1 / Ranged 1–10; 11–20 at L3; −2 to hit at 1"
    )
    flexible = _attack(
        4,
        "direct",
        "flexible_modifier",
        ModifierChoice(modifier="touch", flexible=True),
        ModifierChoice(modifier="distant", flexible=True),
    )
    assert _cells(character(flexible), "Blast")[1] == (
        "Touch 0–1 / Distant 1+; −2 to hit at 1 (L1 when used)"
    )


def test_the_rulebooks_swat_agent_and_night_owl_print_sensible_values() -> None:
    """The SWAT, Federal Agent (lines 682-693): "Accuracy L1", "Pistol: Damaging Attack
    L2, Lethal, Solid, Ranged ...", Punch L1 (Touch, line 266); Night Owl's Sonic
    Blaster with Accuracy 3."""
    swat = load_example("gladiators", "swat-federal-agent", installed_systems()).document
    assert _cells(swat, "Pistol")[:2] == ("5+ vs Evade 0", "1–10; 11–20 at L1; −2 to hit at 1")
    assert _cells(swat, "SMG")[:2] == ("5+ vs Evade 0", "1–10; 11–20 at L1; −2 to hit at 1")
    assert _cells(swat, "Punch")[:2] == ("5+ vs Evade 0", "0–1")
    assert _cells(swat, "Gas Grenades")[:2] == ("4+ vs Move 0", "0 (own hex)")
    owl = load_example("gladiators", "night-owl", installed_systems()).document
    assert _cells(owl, "Sonic Blaster")[:2] == (
        "3+ vs Evade 0",
        "1–10; 11–20 at L4; −2 to hit at 1",
    )
    assert _cells(owl, "Grapple")[:2] == ("3+ vs Evade 0", "0–1")
