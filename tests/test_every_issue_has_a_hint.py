"""Every issue a rule raises says what to do (issue 17: "every issue has a 'What to
do'"). Checked in the source, so a rule no example triggers is covered too: each call
that builds an issue in a system's rules passes a hint."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SYSTEMS = Path(__file__).resolve().parents[1] / "sheetapp" / "systems"
#: issue builder -> the position of its hint argument
BUILDERS = {"Issue": 4, "_issue": 4, "error": 3, "warning": 3, "info": 3}
RULE_FILES = sorted(
    p for p in SYSTEMS.rglob("*.py") if p.name.startswith("rules") or p.name == "context.py"
)


def _hintless(path: Path) -> list[int]:
    missing = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        position = BUILDERS.get(node.func.id)
        if position is None or any(k.arg == "hint" for k in node.keywords):
            continue
        if len(node.args) < 3:  # not an issue built here (e.g. a helper's own definition)
            continue
        if len(node.args) <= position:
            missing.append(node.lineno)
    return missing


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(SYSTEMS)))
def test_every_issue_in_the_rules_has_a_hint(path: Path) -> None:
    assert _hintless(path) == [], f"issues without a 'What to do' at lines {_hintless(path)}"
