"""``Evaluation.issues_at``: the issues whose path is a place or lies below it, in the
evaluation's order (the tables ask it for every cell, so it is answered from an index)."""

from __future__ import annotations

from dataclasses import replace

from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import Issue, Severity


def _issue(code: str, *path: str | int) -> Issue:
    return Issue(Severity.WARNING, code, f"message {code}", tuple(path), "hint")


def test_issues_at_a_place_and_below_in_order() -> None:
    issues = [
        _issue("a", "character", "abilities", 1, "level"),
        _issue("b", "character", "abilities", 1),
        _issue("c", "character", "abilities", 10, "level"),
        _issue("d", "campaign", "gp_budget"),
        _issue("e"),
    ]
    evaluation = Evaluation.build([], [], [], issues)
    ordered = list(evaluation.issues)

    def scan(path: tuple[str | int, ...]) -> list[Issue]:
        return [i for i in ordered if i.path[: len(path)] == path]

    for path in [
        (),
        ("character",),
        ("character", "abilities"),
        ("character", "abilities", 1),
        ("character", "abilities", 1, "level"),
        ("character", "abilities", 10),
        ("character", "abilities", 2),
        ("campaign", "gp_budget"),
        ("nowhere",),
    ]:
        assert evaluation.issues_at(path) == scan(path), path
    codes = [i.code for i in evaluation.issues_at(("character", "abilities", 1))]
    assert sorted(codes) == ["a", "b"]


def test_the_answer_is_the_callers_own_list() -> None:
    evaluation = Evaluation.build([], [], [], [_issue("a", "x")])
    evaluation.issues_at(("x",)).clear()
    assert len(evaluation.issues_at(("x",))) == 1


def test_more_issues_make_a_new_index() -> None:
    evaluation = Evaluation.build([], [], [], [_issue("a", "x")])
    assert len(evaluation.issues_at(("x",))) == 1
    more = evaluation.with_issues([_issue("b", "x", "y")])
    assert len(more.issues_at(("x",))) == 2
    assert more == replace(more)
