"""The Issues panel lists a new character's unmet minimums as a "To do" checklist.

A stated minimum not met yet ("You start with 3 Strengths and 2 Weaknesses.", Capital
line 152; "A character must have 2-5 advantages and 1-4 disadvantages.", Glorious
Gladiators line 274) is an error: it counts, and the sheet's error box lists it. The
panel gathers these after the rules broken, step by step, each row naming its step.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity, todo
from sheetapp.core.system import installed_systems
from sheetapp.sheet import build_sheet
from ui.issues_panel import IssuesView
from ui.roles import TOOLTIP

STEP_1, STEP_4 = "Step 1: Role", "Step 4: Strengths, Weaknesses and Training"


def test_to_do_errors_are_grouped_by_step_after_the_rules_broken(qtbot: QtBot) -> None:
    issues = [
        todo("test.a", "No Role chosen yet.", ("character", "role"), "Choose one.", STEP_1),
        Issue(Severity.ERROR, "test.b", "Too many Slots.", ("character", "systems")),
        todo("test.c", "0 Strengths.", ("character", "strengths"), "Write 3.", STEP_4),
        Issue(Severity.WARNING, "test.d", "A warning.", ("character", "name")),
        todo("test.e", "No Goal yet.", ("character", "goal"), "Choose one.", STEP_1),
    ]
    view = IssuesView()
    qtbot.addWidget(view)
    view.set_evaluation(Evaluation.build([], [], [], issues))
    model = view.model_
    texts = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert texts == [
        "Too many Slots.",
        "To do · Step 1: Role: No Role chosen yet.",
        "To do · Step 1: Role: No Goal yet.",
        "To do · Step 4: Strengths, Weaknesses and Training: 0 Strengths.",
        "A warning.",
    ]
    # still errors: the tooltip says so, with the step
    assert model.index(1, 0).data(TOOLTIP).startswith("Error, to do (Step 1: Role): No Role")


def test_a_new_capital_character_reads_as_a_checklist(qtbot: QtBot) -> None:
    system = installed_systems().get("capital")
    document = system.new_document("Nova")
    evaluation = system.evaluate(document)
    view = IssuesView()
    qtbot.addWidget(view)
    view.set_evaluation(evaluation)
    model = view.model_
    errors = [i for i in model.issues if i.severity is Severity.ERROR]
    assert errors and all(i.is_todo for i in errors)
    first = model.index(0, 0).data()
    assert first.startswith("To do · Step 1: Role")
    assert "Error, to do (Step 1: Role)" in model.index(0, 0).data(TOOLTIP)
    assert evaluation.count(Severity.ERROR) == len(errors)
    # the sheet's error box lists them (errors, each with its step)
    sheet = build_sheet(system, document, evaluation)
    assert {i.step for i in sheet.errors} >= {STEP_1, STEP_4}
