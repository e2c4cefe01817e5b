"""The PDF prints the ledger as ``sheetapp history`` reads it: entry zero, every entry with
what it earned, each change with its cost and the totals after it.

Seed: ../shared/seeds/000_5bffb215164afb79.txt line 52 (1 GP/Level to the Level Limit,
2 to double); Armour's Level Limit is 5 (line 57).
"""

from __future__ import annotations

from sheetapp.advancement import Advancement, commit, revert
from sheetapp.sheet import build_sheet
from sheetapp.systems.gladiators.system import SYSTEM
from tests.advancement.helpers import ARMOUR, GLIDER, forty_gp_hero, level
from tests.pdf.helpers import flat, page_texts, render


def test_the_pdf_tells_two_level_ups_and_a_revert() -> None:
    """Session 1: +2 GP, Armour 4 → 5 (1 GP); session 2: +2 GP, Glider Wings 4 → 5 (1 GP);
    then session 1 reverted: the PDF shows entry zero and session 2 with its totals."""
    hero = forty_gp_hero()
    hero = commit(
        SYSTEM, hero, Advancement({"gp": 2}, [level(ARMOUR, 4, 5)], "Session 1", date="2024-05-01")
    )
    hero = commit(
        SYSTEM,
        hero,
        Advancement({"gp": 2}, [level(GLIDER, 4, 5)], "Session 2", date="2024-05-08"),
        accept_warnings=True,
    )
    data, _ = render(hero)
    text = flat(" ".join(page_texts(data)))
    for part in (
        "Changes, costs and totals after",
        "#0 Starting build",
        "= Glory Points: 40 / 40 GP (0 GP unspent)",
        "#1 Session 1 +2 GP Kevlar Suit (Armour): level 4 → 5, +1 GP",
        "= Glory Points: 41 / 42 GP (1 GP unspent)",
        "#2 Session 2 +2 GP Glider Wings (Movement): level 4 → 5, +1 GP",
        "= Glory Points: 42 / 44 GP (2 GP unspent)",
    ):
        assert part in text, part

    back = revert(SYSTEM, hero, 1).document
    assert back is not None
    [section] = [
        s for s in build_sheet(SYSTEM, back, SYSTEM.evaluate(back)).sections if s.key == "history"
    ]
    labels = [row.cells["label"] for row in section.rows]  # type: ignore[attr-defined]
    assert labels == ["#0 Starting build", "#1 Session 2"]
    assert section.rows[1].cells["changes"].splitlines() == [  # type: ignore[attr-defined]
        "Glider Wings (Movement): level 4 → 5, +1 GP",
        "= Glory Points: 41 / 42 GP (1 GP unspent)",
    ]
