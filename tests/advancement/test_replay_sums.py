"""The ledger replay keeps a running sum of what was earned (``SummedHistory``) instead
of adding up the whole history again at each entry; every entry's totals must still be
those of the character with exactly the entries up to it."""

from __future__ import annotations

from sheetapp.advancement import Advancement, commit, ledger_report
from sheetapp.core.document import SummedHistory, earned_total
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import forty_gp_hero


def test_each_entry_totals_match_its_own_history() -> None:
    document = forty_gp_hero()
    for amount in (3, 2, 12, 1, 7):
        step = Advancement({"gp": amount}, (), f"Session {amount}", "", "2024-01-01")
        document = commit(SYSTEM, document, step, accept_warnings=True)
    report = ledger_report(SYSTEM, document)
    for line in report.lines:
        alone = document.model_copy(update={"history": document.history[: line.index + 1]})
        assert line.totals == SYSTEM.evaluate(alone).totals


def test_a_summed_history_answers_from_its_sum() -> None:
    entries = forty_gp_hero().history
    summed = SummedHistory(entries, {"gp": 5})
    assert earned_total(summed, "gp") == 5
    assert earned_total(summed, "xp") == 0
    assert earned_total(list(summed), "gp") == sum(e.earned.get("gp", 0) for e in entries)
