"""What the level-up wizard shows of an option (its label, explanation and rule) and of
the rules (the rules text, each currency's description) is in the user's words: the
rulebook line numbers the domain writes beside them (for us) are not shown (issue 17:
"no file names, issue codes, seed line numbers or notes to ourselves")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetapp.core.system import advancement_of, installed_systems
from sheetapp.editing.wording import without_line_notes
from sheetapp.storage.files import load_document

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "resources" / "examples").rglob("*.json"))
LINE_NUMBER = re.compile(r"\b(?:seed\s+)?lines?\s+\d", re.IGNORECASE)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_options_and_rules_are_shown_without_line_numbers(example: Path) -> None:
    loaded = load_document(example, installed_systems())
    rules = advancement_of(loaded.system)
    assert rules is not None
    shown = [without_line_notes(rules.rules_text)]
    shown += [without_line_notes(c.description) for c in rules.currencies]
    for option in rules.spend_options(loaded.system, loaded.document):
        shown += [option.label, without_line_notes(option.explanation)]
        shown.append(without_line_notes(option.rule))
    numbered = [text for text in shown if LINE_NUMBER.search(text)]
    assert not numbered, numbered[:3]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        (
            "line 273: When you Level Up, you can choose any Systems",
            "When you Level Up, you can choose any Systems",
        ),
        ("seed line 52: 1 GP/Level to the Level Limit", "1 GP/Level to the Level Limit"),
        ("lines 540-542, 1766-1802: learning new spells", "learning new spells"),
        ("lines 301-313", ""),
        ("INT costs 2 per point (line 116); MD 1 (line 142)", "INT costs 2 per point; MD 1"),
        ("Line 4 is an Area's size", "Line 4 is an Area's size"),
    ],
)
def test_a_rules_source_is_left_out(written: str, shown: str) -> None:
    assert without_line_notes(written) == shown
