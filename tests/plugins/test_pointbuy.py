"""The guide's Point Buy plug-in, run end to end through the real machinery: found by
entry point, driven by the CLI, evaluated, advanced, edited through its declared list,
saved and loaded. What the guide tells a newcomer is what these tests run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetapp.advancement import Advancement, CommitRefused, commit
from sheetapp.advancement.ledger import start_ledger
from sheetapp.cli import main
from sheetapp.core.changes import apply_to_document
from sheetapp.core.citation import holds, quoted_citations
from sheetapp.core.system import (
    SystemRegistry,
    advancement_of,
    choice_labels,
    collections_of,
    installed_systems,
)
from sheetapp.playsheets import statblock
from sheetapp.sheet import build_sheet
from sheetapp.storage.files import load_document, save_document
from tests.pdf.helpers import flat, page_texts
from tests.plugins.pointbuy import codes
from tests.plugins.pointbuy.collections import SKILLS
from tests.plugins.pointbuy.model import PointbuyDocument
from tests.plugins.pointbuy.system import SYSTEM

PLUGIN = Path(__file__).resolve().parent / "pointbuy"
RULEBOOK = PLUGIN / codes.SEED


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def issue_codes(document: PointbuyDocument) -> list[str]:
    return [issue.code for issue in SYSTEM.evaluate(document).issues]


def with_character(**changes: Any) -> PointbuyDocument:
    """A new character with ``changes`` to its stored choices, validated as a file is."""
    data = SYSTEM.new_document("Ann").model_dump(mode="json")
    data["character"].update(changes)
    return PointbuyDocument.model_validate(data)


def test_found_by_its_entry_point_only_while_installed(pointbuy: SystemRegistry) -> None:
    assert "pointbuy" in pointbuy.ids() and pointbuy.loaded_ids() == []
    assert pointbuy.get("pointbuy") is SYSTEM
    assert {"gladiators", "capital", "twod10", "hero-xmen", "powersets"} < set(pointbuy.ids())


def test_not_installed_for_users() -> None:
    """No user sees the test plug-in: outside the fixture it is not installed, and
    nothing the package ships names it."""
    assert "pointbuy" not in installed_systems()
    shipped = (PLUGIN.parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert "pointbuy" not in shipped


def test_cli_new_validate_and_export(
    pointbuy: SystemRegistry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``systems``, ``new``, ``validate``, ``export-json``, ``export-pdf``, as a user runs them."""
    code, out = run(capsys, "systems")
    assert code == 0 and ["pointbuy", "Point Buy"] in [r.split("\t")[:2] for r in out.splitlines()]
    target = tmp_path / "ann.json"
    code, out = run(capsys, "new", "pointbuy", "-o", str(target), "--name", "Ann")
    assert code == 0 and json.loads(target.read_text(encoding="utf-8"))["system"] == "pointbuy"
    code, out = run(capsys, "validate", str(target), "--json")
    report = json.loads(out)
    assert code == 0 and report["valid"] is True
    assert report["totals"][0] | {"spent": 0, "budget": 20} == report["totals"][0]
    # "Health is 10 plus twice Body." (line 28): Body 1 gives 12
    assert [(d["key"], d["value"]) for d in report["derived"]] == [("health", 12)]

    data = json.loads(target.read_text(encoding="utf-8"))
    data["character"]["attributes"]["body"] = 6
    data["character"]["skills"] = [{"skill": "climb", "rank": 2}]
    target.write_text(json.dumps(data), encoding="utf-8")
    code, out = run(capsys, "validate", str(target), "--json")
    assert code == 1 and [i["code"] for i in json.loads(out)["issues"]] == [
        "pointbuy.attribute_range"
    ]

    exported = tmp_path / "ann.export.json"
    assert run(capsys, "export-json", str(target), "-o", str(exported))[0] == 0
    export = json.loads(exported.read_text(encoding="utf-8"))
    assert {"key": "health", "value": 22}.items() <= export["evaluation"]["derived"][0].items()

    pdf = tmp_path / "ann.pdf"
    assert run(capsys, "export-pdf", str(target), "-o", str(pdf))[0] == 0
    text = flat(" ".join(page_texts(pdf.read_bytes())))
    for words in ("Point Buy", "Carry over to play", "Body 6", "Climb 2", "Health 22", "1 to 5"):
        assert words in text


def test_attributes_and_skills_are_priced_and_checked() -> None:
    """ "Raising an attribute by one step costs 2 points." (line 10) "each rank costs 1
    point." (line 15)"""
    document = with_character(attributes={"body": 3, "mind": 2, "grace": 1, "heart": 1})
    document = apply_to_document(document, SKILLS.add(document, "climb"))
    evaluation = SYSTEM.evaluate(document)
    assert evaluation.totals[0].spent == 2 * 2 + 1 * 2 + 1
    assert evaluation.issues == ()


def test_each_rule_broken_is_an_issue() -> None:
    """ "Each attribute is rated from 1 to 5 and starts at 1." (line 9) "Each skill is
    rated from 1 to 3" (line 15) "A skill is taken only once." (line 16) "A character may
    never spend more points than it has." (line 21)"""
    assert issue_codes(with_character(attributes={"body": 0})) == [codes.ATTRIBUTE_RANGE]
    too_high = [{"skill": "lore", "rank": 4}]
    assert issue_codes(with_character(skills=too_high)) == [codes.SKILL_RANGE]
    twice = [{"skill": "swim", "rank": 1}, {"skill": "swim", "rank": 2}]
    assert issue_codes(with_character(skills=twice)) == [codes.SKILL_TWICE] * 2
    rich = dict.fromkeys(("body", "mind", "grace", "heart"), 5)
    assert issue_codes(with_character(attributes=rich)) == [codes.OVERSPENT]


def test_points_left_are_a_step_to_do_only_when_the_campaign_says_so() -> None:
    """ "The game master decides whether points left unspent at creation carry over to play
    or must all be spent before the first session." (lines 22-23)"""
    document = SYSTEM.new_document("Ann")
    assert issue_codes(document) == []
    strict = document.campaign.model_copy(update={"leftover": "spend_all"})
    found = SYSTEM.evaluate(document.model_copy(update={"campaign": strict})).issues
    assert [(i.code, i.severity.value) for i in found] == [("pointbuy.points_left", "warning")]
    field = type(strict).model_fields["leftover"]
    assert choice_labels(field) == {
        "carry_over": "Carry over to play",
        "spend_all": "Must all be spent",
    }


def test_earn_spend_and_commit(
    pointbuy: SystemRegistry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Points earned in play are added to the points a character has." (line 24)"""
    target = tmp_path / "ann.json"
    save_document(start_ledger(SYSTEM.new_document("Ann")), target)
    code, _ = run(capsys, "advance", str(target), "--earn", "5", "--label", "Session 1")
    assert code == 0
    document = load_document(target, pointbuy).document
    assert SYSTEM.evaluate(document).totals[0].budget == 25

    rules = advancement_of(SYSTEM)
    assert rules is not None
    options = {o.label: o for o in rules.spend_options(SYSTEM, document)}
    body = options["Raise Body to 2"]
    assert body.cost == {"points": 2} and "Add a skill" in options
    raised = commit(SYSTEM, document, Advancement(changes=body.changes, label="Tougher"))
    assert raised.character.attributes.body == 2 and len(raised.history) == 3
    evaluation = SYSTEM.evaluate(raised)
    assert (evaluation.totals[0].spent, evaluation.derived[0].value) == (2, 14)

    over = Advancement(changes=options["Raise Mind to 2"].changes, earned={"points": -25})
    with pytest.raises(CommitRefused):
        commit(SYSTEM, raised, over)


def test_the_declared_list_edits_and_names_its_rows() -> None:
    document = SYSTEM.new_document("Ann")
    assert collections_of(SYSTEM) == (SKILLS,)
    document = apply_to_document(document, SKILLS.add(document, "lore"))
    document = apply_to_document(document, SKILLS.set_field(document, 0, "rank", 3))
    assert SKILLS.item_name(document, 0) == "Lore" and document.character.skills[0].rank == 3
    sheet = build_sheet(SYSTEM, document, SYSTEM.evaluate(document))
    assert sheet.section_keys()[:3] == ["attributes", "skills", "derived"]
    assert "Lore" in statblock(SYSTEM, document, SYSTEM.evaluate(document)).text()


def test_a_file_saved_loads_the_same(pointbuy: SystemRegistry, tmp_path: Path) -> None:
    document = with_character(attributes={"body": 2}, skills=[{"skill": "ride", "rank": 2}])
    target = tmp_path / "ann.json"
    save_document(document, target)
    loaded = load_document(target, pointbuy)
    assert loaded.document == document and loaded.system is SYSTEM


def test_every_quotation_of_the_rulebook_stands_at_its_line() -> None:
    """The plug-in's rulebook lies beside it (the shipped systems' in ../shared/seeds/):
    every ``"words" (line N)`` in its code and these tests is checked against it."""
    lines = RULEBOOK.read_text(encoding="utf-8").split("\n")
    named = list(PLUGIN.parents[1].rglob("test_*pointbuy*.py"))
    sources = [*PLUGIN.glob("*.py"), PLUGIN / "README.md", *named]
    quoted = [
        c for path in sources for _, c in quoted_citations(path.read_text("utf-8"), codes.SEED)
    ]
    declared = [code.citation for code in codes.CODES.values() if code.citation is not None]
    assert len(quoted) > 5 and len(declared) == len(codes.CODES)
    wrong = [c.where() for c in (*quoted, *declared) if not holds(c, lines)]
    assert wrong == []
