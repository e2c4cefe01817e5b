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
from sheetapp.advancement.report import format_ledger
from sheetapp.advancement.spec import LevelledAdvancement, levelled
from sheetapp.core.changes import Change
from sheetapp.core.system import installed_systems
from sheetapp.storage.files import load_document, save_document
from sheetapp.systems.capital.advance import take_system
from sheetapp.systems.capital.model import CapitalDocument
from sheetapp.systems.capital.system import SYSTEM
from tests.capital.helpers import character


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
