"""The characteristic rows are kept between two asks while nothing they read changed,
and follow every change, also one made in place."""

from __future__ import annotations

from sheetapp.core.memo import memos_of
from sheetapp.systems.hero_xmen.build import characteristic_rows
from sheetapp.systems.hero_xmen.catalog import catalogs
from sheetapp.systems.hero_xmen.model import CharacteristicBuy

from .helpers import blank


def _fresh(document: object) -> dict[str, tuple[int, int, int]]:
    """The rows worked out anew (value, cost, bought per characteristic): outside the
    document's memos nothing is reused."""
    rows = characteristic_rows(document.character, document.campaign, catalogs())  # type: ignore[attr-defined]
    return {key: (row.value, row.cost, row.bought) for key, row in rows.items()}


def _kept(document: object) -> dict[str, tuple[int, int, int]]:
    with memos_of(document):
        rows = characteristic_rows(document.character, document.campaign, catalogs())  # type: ignore[attr-defined]
    return {key: (row.value, row.cost, row.bought) for key, row in rows.items()}


def test_rows_follow_changes_made_in_place() -> None:
    document = blank()
    cats = catalogs()
    with memos_of(document):
        first = characteristic_rows(document.character, document.campaign, cats)
        assert characteristic_rows(document.character, document.campaign, cats) is first
    buys = document.character.characteristics
    buys[0].bought += 3  # an assignment: the buy gets a new __dict__
    assert _kept(document) == _fresh(document)
    assert _kept(document)[buys[0].characteristic][2] == buys[0].bought
    buys.append(CharacteristicBuy(characteristic=buys[1].characteristic, bought=9))
    assert _kept(document) == _fresh(document)  # listed twice: counts once
    buys[1] = CharacteristicBuy(characteristic=buys[1].characteristic, bought=4)
    assert _kept(document) == _fresh(document)
    assert _kept(document)[buys[1].characteristic][2] == 4
    document.campaign.str_cost = 3
    assert _kept(document) == _fresh(document)
    document.character.characteristics = list(buys[:2])
    assert _kept(document) == _fresh(document)
