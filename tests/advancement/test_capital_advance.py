"""Capital advancement: a level earned with its HP dice, Systems for the new Slots, revert.

Seed: ../shared/seeds/003_740fba3ab4ba4f45.txt — "When you Level Up: Your max HP
increases. [...] You might gain Slots. [...] You can immediately fill them with new
Systems." (lines 355-359); the Lancer's "maximum HP is FTD + 10. It increases by 1d6 +
FTD + 2 (minimum FTD + 6) each time you Level Up." (line 683); the level table's Slots
(lines 362-372); "When you Level Up, you can choose any Systems to fill the Slots you
have." (line 273).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sheetapp.advancement import (
    Advancement,
    AdvancementError,
    CommitRefused,
    advancement_of,
    commit,
    ledger_report,
    preview,
    revert,
)
from sheetapp.advancement.levelup import level_up_advancement
from sheetapp.advancement.report import format_ledger
from sheetapp.advancement.spec import levelled
from sheetapp.core.changes import Change
from sheetapp.core.system import LevelledAdvancement, installed_systems
from sheetapp.storage.files import load_document, save_document
from sheetapp.systems.capital.advance import take_system
from sheetapp.systems.capital.model import CapitalDocument, SystemChoice
from sheetapp.systems.capital.system import SYSTEM
from tests.capital.helpers import character
from tests.rulebooks import SEEDS, skip_without


def rules() -> LevelledAdvancement:
    found = levelled(advancement_of(SYSTEM))
    assert found is not None
    return found


def level_up(document: CapitalDocument, dice: list[int], label: str, day: str) -> CapitalDocument:
    step = rules().level_step(document, {"hp": dice})
    return commit(SYSTEM, document, Advancement({"level": 1}, step.changes, label, date=day))


def test_capital_declares_a_numbered_level_with_dice() -> None:
    """Earning is one Level whose counter is the character's level; the Lancer's level-up
    asks for 1d6 (line 683)."""
    declared = advancement_of(SYSTEM)
    assert declared is not None
    level, money = declared.currencies
    assert (level.key, level.counter, level.amount(1)) == (
        "level",
        ("character", "level"),
        "+1 Level",
    )
    # money is earned (or, negative, spent) between sessions: line 226's money, worked out
    assert (money.key, money.counter, money.amount(-30)) == ("mc", None, "-30 mC")
    [hp] = rules().level_dice(character("lancer"))
    assert (hp.key, hp.count, hp.sides) == ("hp", 1, 6)
    assert "1d6 + FTD + 2 (minimum FTD + 6)" in hp.explanation


def test_level_one_to_two_with_entered_dice_commits_one_entry() -> None:
    """Line 683: max HP FTD 6 + 10 = 16 at Level 1, then +(4 + FTD 6 + 2) = +12 → 28; the
    level table gives 2 Slots at Level 2 (line 364), so the Slots total grows by 2."""
    hero = character("lancer")
    before = SYSTEM.evaluate(hero)
    assert before.total("hp").budget == 16
    result = level_up(hero, [4], "Session 1", "2024-06-01")

    assert result.character.level == 2
    assert [(r.level, r.dice, r.method) for r in result.character.hp_rolls] == [(2, [4], "entered")]
    after = SYSTEM.evaluate(result)
    assert after.total("hp").budget == 28
    assert after.total("slots").budget == before.total("slots").budget + 2  # type: ignore[operator]
    [zero, entry] = result.history
    assert (zero.kind, entry.kind, entry.earned, entry.label) == (
        "creation",
        "advance",
        {"level": 1},
        "Session 1",
    )
    labels = [raw["label"] for raw in entry.changes]
    assert labels == ["Level", "HP dice"]
    # HP is current / maximum, not a cost: the level change costs nothing.
    assert all(raw["cost"] == {} for raw in entry.changes)
    lines = format_ledger(SYSTEM, ledger_report(SYSTEM, result))
    assert "#1  2024-06-01  Session 1  earned +1 Level" in lines
    assert "    Level 1 → 2" in lines
    assert "    = HP: 28 / 28" in lines


def test_roll_for_me_uses_the_random_source() -> None:
    """Roll-for-me stores the dice as rolled (dice.py), 1-6 each."""
    hero = character("tank")  # 2d6 + FTD (minimum FTD + 8), line 756
    step = rules().level_step(hero, {}, random.Random(7))
    [hp] = [c for c in step.changes if c.path[:2] == ("character", "hp_rolls")]
    assert hp.after["method"] == "rolled"
    assert len(hp.after["dice"]) == 2 and all(1 <= d <= 6 for d in hp.after["dice"])


def test_bad_dice_are_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="1 dice are needed, 2 were given"):
        rules().level_step(character("lancer"), {"hp": [3, 4]})
    with pytest.raises(ValueError, match="a d6 shows 1 to 6, not 9"):
        rules().level_step(character("lancer"), {"hp": [9]})


def test_a_level_is_earned_only_by_levelling_up() -> None:
    """The counter: "+1 Level" without the level step, or the level changed without
    earning it, would leave the ledger and the character disagreeing."""
    hero = character("lancer")
    with pytest.raises(AdvancementError, match="Level 1 must become 2 in the same entry"):
        preview(SYSTEM, hero, Advancement({"level": 1}))
    bump = Change("set", ("character", "level"), 1, 2)
    with pytest.raises(AdvancementError, match="Level changes only when it is earned"):
        preview(SYSTEM, hero, Advancement({}, [bump]))


def test_new_slots_are_filled_with_systems_priced_in_slots() -> None:
    """Line 273: Systems fill the Slots; each System costs its Slots (Charge: 1 Slot), and
    more Systems than Slots is an error that blocks the commit (Clear Mind: 1 Slot, Charge
    and Cautious: 2 each; the Lancer with the Slots asset has 4 at Level 2)."""
    hero = level_up(character("lancer"), [4], "Session 1", "2024-06-01")
    options = advancement_of(SYSTEM).spend_options(SYSTEM, hero)  # type: ignore[union-attr]
    by_label = {option.label: option for option in options}
    assert by_label["Take Charge"].cost == {"slots": 2}
    clear_mind = by_label["Take Clear Mind"]
    assert clear_mind.cost == {"slots": 1}
    assert clear_mind.changes == (take_system(hero, "clear_mind"),)
    free = SYSTEM.evaluate(hero).total("slots")
    assert all(o.cost["slots"] <= free.budget - free.spent for o in options)  # type: ignore[operator]

    seen = preview(SYSTEM, hero, Advancement({}, list(clear_mind.changes), "Training"))
    [row] = seen.rows
    assert (row.label, row.after_text, row.cost) == (
        "System Clear Mind",
        "Clear Mind (Level 2)",
        {"slots": 1},
    )

    too_many = []
    extra = hero
    for system_id in ("charge", "cautious", "clear_mind"):
        change = take_system(extra, system_id)
        too_many.append(change)
        extra = extra.model_copy(deep=True)
        extra.character.systems.append(extra.character.systems[0].model_validate(change.after))
    with pytest.raises(CommitRefused) as refused:
        commit(SYSTEM, hero, Advancement({}, too_many, "Too many"))
    assert any(issue.code == "capital.slots_over" for issue in refused.value.issues)


def test_revert_the_last_level_and_refuse_an_earlier_one() -> None:
    """Reverting level 3 gives back the Level 2 character; reverting level 2 while level 3
    stays is refused, naming entry 2 (its change of the level from 2 no longer applies)."""
    hero = level_up(character("lancer"), [4], "Session 1", "2024-06-01")
    hero = level_up(hero, [2], "Session 2", "2024-06-08")
    assert hero.character.level == 3

    back = revert(SYSTEM, hero, 2)
    assert back.refusal is None and back.document is not None
    assert back.document.character.level == 2
    assert len(back.document.history) == 2
    assert SYSTEM.evaluate(back.document).total("hp").budget == 28

    refused = revert(SYSTEM, hero, 1)
    assert refused.document is None and refused.refusal is not None
    assert refused.refusal.entry_index == 2
    assert refused.refusal.message.startswith('Entry 2 (2024-06-08, "Session 2") no longer applies')


def test_a_file_with_a_capital_ledger_round_trips(tmp_path: Path) -> None:
    hero = level_up(character("lancer"), [5], "Session 1", "2024-06-01")
    path = tmp_path / "lancer.json"
    save_document(hero, path)
    again = load_document(path, installed_systems()).document
    assert again.model_dump(mode="json") == hero.model_dump(mode="json")
    save_document(again, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


#: each Role's "I" System and the "II" that replaces it, with the line that says so
ROLE_TWOS = [
    ("scout", "focus_1", "focus_2", 1896, "Requires** Focus I, which this replaces"),
    ("tank", "intercept_1", "intercept_2", 1937, "Requires Intercept I, which this replaces."),
    ("healer", "patch_up_1", "patch_up_2", 2010, "Requires Patch Up I, which this replaces."),
    ("sentinel", "power_play_1", "power_play_2", 2042, "Power Play I, which this replaces."),
    ("captain", "thats_an_order_1", "thats_an_order_2", 2095, "That's an Order I, which this"),
    ("lancer", "try_that_again_1", "try_that_again_2", 2107, "Try That Again I, which this"),
]


def dice_for(document: CapitalDocument) -> dict[str, list[int]]:
    """Fours for every die the next level asks for."""
    return {request.key: [4] * request.count for request in rules().level_dice(document)}


def seed_line(number: int) -> str:
    seed = SEEDS / "003_740fba3ab4ba4f45.txt"
    skip_without(seed)
    return seed.read_text(encoding="utf-8").split("\n")[number - 1]


@pytest.mark.parametrize(("role", "one", "two", "line", "words"), ROLE_TWOS)
def test_a_roles_two_is_offered_and_replaces_its_one(
    role: str, one: str, two: str, line: int, words: str
) -> None:
    """ "Requires Focus I, which this replaces" (line 1896), and the same for Intercept II
    (line 1937), Patch Up II (line 2010), Power Play II (line 2042), That's an Order II
    (line 2095) and Try That Again II (line 2107): the level-up offers the II while the I
    is held, and taking it replaces the I in the same step."""
    assert words in seed_line(line)
    start = character(role)
    hero = level_up(start, dice_for(start)["hp"], "Session 1", "2024-06-01")
    index = [choice.system for choice in hero.character.systems].index(one)
    options = advancement_of(SYSTEM).spend_options(SYSTEM, hero)  # type: ignore[union-attr]
    [offered] = [option for option in options if option.changes[0].after["system"] == two]
    assert offered.changes == (take_system(hero, two),)
    assert (offered.changes[0].op, offered.changes[0].path) == (
        "set",
        ("character", "systems", index),
    )
    assert "replaces" in offered.explanation
    after = commit(SYSTEM, hero, Advancement({}, list(offered.changes), "Training"))
    held = [choice.system for choice in after.character.systems]
    assert two in held and one not in held
    assert not [i for i in SYSTEM.evaluate(after).issues if i.severity.value == "error"]


def test_level_up_take_replaces_the_one_from_the_command_line_path() -> None:
    """ "Requires Focus I, which this replaces" (line 1896): ``level-up --take "Focus II"``
    on a Scout at Level 1 records Focus II in Focus I's place."""
    scout = character("scout")
    made = level_up_advancement(SYSTEM, scout, dice={"hp": [3]}, choices=["Focus II"])
    # the review names the Systems, and the II costs its Slot
    [row] = [r for r in preview(SYSTEM, scout, made).rows if r.before_text == "Focus I"]
    assert (row.after_text, row.cost) == ("Focus II", {"slots": 1})
    after = commit(SYSTEM, scout, made)
    held = [choice.system for choice in after.character.systems]
    assert "focus_2" in held and "focus_1" not in held


def test_another_roles_two_without_its_one_is_an_error() -> None:
    """ "Systems with requirements cannot be gained unless all the prerequisites are met:
    for example, a certain Role, or another System." (line 2566): Focus II replaces Focus
    I, which a Healer never had, so it does not count as held; the level-up does not
    offer it and ``--take`` refuses it."""
    healer = character("healer")
    with_two = healer.model_copy(deep=True)
    with_two.character.systems.append(SystemChoice(system="focus_2", level=1))
    found = [i for i in SYSTEM.evaluate(with_two).issues if i.code == "capital.system_requirement"]
    assert found and "Focus II requires Focus I" in found[0].message
    with pytest.raises(AdvancementError, match="'Focus II' is not something this level offers"):
        level_up_advancement(SYSTEM, healer, dice=dice_for(healer), choices=["Focus II"])
    # a Scout holding Focus II in Focus I's place meets it: the Role gave Focus I
    scout = character("scout")
    scout.character.systems = [
        SystemChoice(system="focus_2", level=1) if choice.system == "focus_1" else choice
        for choice in scout.character.systems
    ]
    assert "capital.system_requirement" not in {i.code for i in SYSTEM.evaluate(scout).issues}


def test_level_up_take_sets_a_systems_choice() -> None:
    """ "When you gain this, choose a damage type." (line 1870): ``--take`` names it as
    ``Damage Resist=Heat``; without it, or with one that is not a damage type, it is
    refused with the valid choices."""
    lancer = character("lancer")
    made = level_up_advancement(SYSTEM, lancer, dice={"hp": [3]}, choices=["Damage Resist=Heat"])
    after = commit(SYSTEM, lancer, made)
    [resist] = [c for c in after.character.systems if c.system == "damage_resist"]
    assert resist.choice == "heat"
    with pytest.raises(AdvancementError, match="one of Blunt, Sharp, True, Heat, Cold"):
        level_up_advancement(SYSTEM, lancer, dice={"hp": [3]}, choices=["Damage Resist"])
    with pytest.raises(AdvancementError, match="'Fire' is not a choice of Damage Resist"):
        level_up_advancement(SYSTEM, lancer, dice={"hp": [3]}, choices=["Damage Resist=Fire"])
    # Repeatable with different damage types (line 1868): Heat is not offered again
    with pytest.raises(AdvancementError, match="'heat' is not a choice of Damage Resist"):
        level_up_advancement(SYSTEM, after, dice={"hp": [3]}, choices=["damage_resist=heat"])
    cold = level_up_advancement(SYSTEM, after, dice={"hp": [3]}, choices=["Damage Resist (Cold)"])
    taken = [c.after for c in cold.changes if c.path[1] == "systems" and c.after]
    assert [(a["system"], a["choice"]) for a in taken if a["choice"]] == [("damage_resist", "cold")]


def test_a_step_to_do_does_not_block_a_level_up() -> None:
    """Advancement refuses only what it adds: a character whose Goal is not chosen yet
    ("every character has an Ideal, a Goal and a Flaw", line 98, an error to do) still
    levels up, from the command line's path as from the ledger."""
    hero = character("lancer")
    hero.character.personality.goal = ""
    [todo] = [i for i in SYSTEM.evaluate(hero).issues if i.severity.value == "error"]
    assert todo.is_todo and todo.step == "Step 3: Personality"
    made = level_up_advancement(SYSTEM, hero, dice=dice_for(hero), choices=["Clear Mind"])
    after = commit(SYSTEM, hero, made)
    assert after.character.level == 2
    assert "clear_mind" in {choice.system for choice in after.character.systems}
