"""Shipped examples, the new character, advancement with Experience Points and the PDF."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from sheetapp.advancement import Advancement, CommitRefused, advancement_of, commit, preview
from sheetapp.core.issues import Severity
from sheetapp.core.system import installed_systems
from sheetapp.pdf.export import render_pdf
from sheetapp.storage.examples import list_examples, load_example
from sheetapp.systems.hero_xmen.advance import raise_characteristic
from sheetapp.systems.hero_xmen.model import HeroDocument
from sheetapp.systems.hero_xmen.system import SYSTEM

from .helpers import evaluate


def lodestar() -> HeroDocument:
    document = load_example("hero-xmen", "lodestar", installed_systems()).document
    assert isinstance(document, HeroDocument)
    return document


def test_examples_are_legal() -> None:
    names = {e.name for e in list_examples("hero-xmen", installed_systems())}
    assert names == {"Lodestar", "Father Brown", "Sable Storm"}
    for example in list_examples("hero-xmen", installed_systems()):
        document = load_example("hero-xmen", example.id, installed_systems()).document
        assert not evaluate(document).has_errors, example.id  # type: ignore[arg-type]


def test_lodestar_is_a_350_point_x_man() -> None:
    """200 base points + 150 from Disadvantages, every point spent."""
    evaluation = evaluate(lodestar())
    total = evaluation.total("points")
    assert (total.spent, total.budget) == (350, 350)
    assert dict(total.parts) == {"base": 200, "disadvantages": 150, "experience": 0}
    assert not [i for i in evaluation.issues if i.severity is not Severity.INFO]
    assert evaluation.derived_value("initiative").value == 7 + 2  # DEX 20 / 3 + LR 2


def test_father_brown_rolls_12_plus_2() -> None:
    """Belief example (line 307): EGO 20, 3 points in Belief → EGO roll +2."""
    document = load_example("hero-xmen", "father-brown", installed_systems()).document
    evaluation = evaluate(document)  # type: ignore[arg-type]
    assert evaluation.derived_value("roll.ego").value == "+2"
    belief = next(line for line in evaluation.costs[2].children if line.label == "Belief")
    assert belief.amount == 3


def test_new_character_is_a_usable_start() -> None:
    document = SYSTEM.new_document("Rookie")
    evaluation = evaluate(document)
    assert not evaluation.has_errors
    assert evaluation.total("points").spent == 0
    assert len(document.character.characteristics) == 16
    assert sum(1 for s in document.character.skills if s.everyperson) == 14


def test_experience_is_spent_under_the_same_rules() -> None:
    """INT costs 2 per point (line 116), also with experience."""
    rules = advancement_of(SYSTEM)
    assert rules is not None and [c.key for c in rules.currencies] == ["xp"]
    hero = lodestar()
    options = {o.label: o for o in rules.spend_options(SYSTEM, hero)}
    assert options["INT 13 → 14"].cost == {"points": 2}
    assert options["Acrobatics +3 → +4"].cost == {"points": 2}
    change = raise_characteristic(hero, "int")
    with pytest.raises(CommitRefused):
        commit(SYSTEM, hero, Advancement({"xp": 1}, (change,), "Too little"))
    result = commit(SYSTEM, hero, Advancement({"xp": 2}, (change,), "Danger Room"))
    assert isinstance(result, HeroDocument)
    evaluation = evaluate(result)
    total = evaluation.total("points")
    assert (total.spent, total.budget) == (352, 352)
    entry = result.history[-1]
    assert entry.earned == {"xp": 2}
    assert entry.changes[0]["cost"] == {"points": 2}
    assert entry.changes[0]["label"] == "INT › Bought"
    seen = preview(SYSTEM, hero, Advancement({"xp": 2}, (change,)))
    assert seen.rows


def test_pdf_prints_the_hero_sheet() -> None:
    document = lodestar()
    data = render_pdf(SYSTEM, document, evaluate(document))
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages)
    for words in ("Characteristics", "Figured characteristics", "Combat", "Skills",
                  "Talents", "Powers", "Disadvantages", "Active", "Real",
                  "Missile Deflection", "Frequency", "350 / 350"):  # fmt: skip
        assert words in text, words


def test_a_disadvantage_is_bought_off_with_the_points_it_gave() -> None:
    """HERO 5e (the supplement keeps the core rule): buying off a Disadvantage costs the
    points it counted for; above the Disadvantage cap it gave none, so it costs none."""
    rules = advancement_of(SYSTEM)
    assert rules is not None
    hero = lodestar()
    evaluation = evaluate(hero)
    worth = evaluation.total("disadvantages").spent
    cap = evaluation.total("disadvantages").budget
    assert cap is not None
    options = [o for o in rules.spend_options(SYSTEM, hero) if o.kind == "buy_off_disadvantage"]
    assert len(options) == len(hero.character.disadvantages)
    first = options[0]
    value = int(first.label.rsplit("(", 1)[1].split()[0])
    expected = min(worth, cap) - min(worth - value, cap)
    assert first.cost == {"points": expected}
    assert first.changes[0].op == "remove"
    if expected:
        with pytest.raises(CommitRefused):
            commit(SYSTEM, hero, Advancement({"xp": expected - 1}, first.changes, "Too little"))
    result = commit(SYSTEM, hero, Advancement({"xp": expected}, first.changes, "Made peace"))
    assert len(result.character.disadvantages) == len(hero.character.disadvantages) - 1
    assert not evaluate(result).has_errors
