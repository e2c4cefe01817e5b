"""Options bought once, or once per item of a list, are not bought more often; the
editors take the count (no silent clamp) and the error says how to fix it.

Seed: Accuracy "1 Sniper +1" (line 56); Area "+3 for a variable shape +2 per extra kind
of Area Fast +2" (line 167); Undetectable Effect: "The ability isn't detectable by
certain types of Detect ...: Blind Fighting, Enhanced Vision, Magical, Mental, Mutant
Detection, Radar, Sonar, Super Hearing ... and/or Vision. | Vision 3 Others 1 each."
(line 248): eight other kinds, 1 GP each."""

from __future__ import annotations

from sheetapp.core.changes import Change, apply_to_document
from sheetapp.systems.gladiators import edits as e
from sheetapp.systems.gladiators.model import GladiatorsDocument
from tests.gladiators.helpers import character, evaluate


def _blank() -> GladiatorsDocument:
    return character()


def _apply(document: GladiatorsDocument, changes: list[Change]) -> GladiatorsDocument:
    changed = apply_to_document(document, changes)
    assert isinstance(changed, GladiatorsDocument)
    return changed


def _over(document: GladiatorsDocument) -> list:  # type: ignore[type-arg]
    return [i for i in evaluate(document).issues if i.code == "gladiators.count_over_list"]


def _undetectable(others: int) -> GladiatorsDocument:
    document = _apply(_blank(), e.add_ability(_blank(), "damaging_attack"))
    document = _apply(document, e.add_modifier(document, 0, "undetectable_effect"))
    data = document.character.abilities[0].modifiers[0].model_dump()
    data["variants"] = {"other_detection": others}
    path = ("character", "abilities", 0, "modifiers", 0)
    return _apply(
        document,
        [Change("set", path, document.character.abilities[0].modifiers[0].model_dump(), data)],
    )


def _gp(document: GladiatorsDocument) -> int:
    return evaluate(document).costs[0].children[0].amount


def test_eight_other_kinds_of_detect_at_most() -> None:
    eight, nine = _undetectable(8), _undetectable(9)
    assert not _over(eight)
    [issue] = _over(nine)
    assert issue.severity.value == "error"
    assert "9 times" in issue.message and "at most 8" in issue.message
    assert issue.hint == "Lower it to 8."
    assert issue.path == (
        "character",
        "abilities",
        0,
        "modifiers",
        0,
        "variants",
        "other_detection",
    )
    # priced as entered, not quietly as eight: "Others 1 each"
    assert _gp(nine) == _gp(eight) + 1


def test_fast_area_is_bought_once() -> None:
    document = _apply(_blank(), e.add_ability(_blank(), "damaging_attack"))
    document = _apply(document, e.add_modifier(document, 0, "area"))
    once = _apply(document, e.set_modifier_addon(document, 0, 0, "fast", 1))
    twice = _apply(document, e.set_modifier_addon(document, 0, 0, "fast", 2))
    assert not _over(once)
    [issue] = _over(twice)
    assert "Fast +2" in issue.message and "once" in issue.message
    assert issue.path == ("character", "abilities", 0, "modifiers", 0, "addons", "fast")
    assert _gp(twice) == _gp(once) + 2


def test_sniper_is_bought_once() -> None:
    document = _apply(_blank(), e.add_ability(_blank(), "accuracy"))
    once = _apply(document, e.set_addon(document, 0, "sniper", 1))
    twice = _apply(document, e.set_addon(document, 0, "sniper", 3))
    assert not _over(once)
    [issue] = _over(twice)
    assert "Sniper +1" in issue.message and "3 times" in issue.message
    assert issue.path == ("character", "abilities", 0, "addons", "sniper")
    assert issue.hint == "Lower it to 1."
