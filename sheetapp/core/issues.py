"""Rule results as structured, locatable objects."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

#: A location inside the stored document, e.g. ("character", "abilities", 3, "level").
DataPath = tuple[str | int, ...]


class Severity(StrEnum):
    """How bad an issue is. Only errors block committing an advancement."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """0 for errors, 1 for warnings, 2 for info: the order issues are listed in."""
        return _RANKS[self]


#: a dict read, not one built per call: every evaluation sorts all its issues by rank
_RANKS = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class Issue:
    """One finding of a rule.

    ``code`` is a stable identifier (``gladiators.level_limit``) that tests and
    filters rely on; ``path`` points into the document so a window can select the
    offending cell; ``hint`` says what the user can do about it.

    ``step`` marks a *to do*: an error that a stated minimum is not met yet ("You start
    with 3 Strengths", none chosen) on a character still being built. It names the
    creation step it belongs to in the user's words (``Step 4: Strengths, Weaknesses
    and Training``). A to do is still an error (the character is not legal, ``validate``
    fails); windows list it as a step left rather than a rule broken (see :func:`todo`).
    """

    severity: Severity
    code: str
    message: str
    path: DataPath = ()
    hint: str = ""
    step: str = ""

    @property
    def is_todo(self) -> bool:
        return bool(self.step) and self.severity is Severity.ERROR

    def to_json(self) -> dict[str, Any]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "path": list(self.path),
            "location": format_path(self.path),
            "hint": self.hint,
            "step": self.step,
        }


def todo(code: str, message: str, path: DataPath, hint: str, step: str) -> Issue:
    """An error for a stated minimum not met yet, listed as a step to do (``step``)."""
    return Issue(Severity.ERROR, code, message, path, hint, step)


def steps_left(issues: list[Issue] | tuple[Issue, ...]) -> list[str]:
    """The creation steps the to-do issues name, each once, in the order they come."""
    return list(dict.fromkeys(issue.step for issue in issues if issue.is_todo))


#: how a window heads the group of to-do errors
TODO_GROUP = "To do"


def todos_grouped(issues: list[Issue] | tuple[Issue, ...]) -> list[Issue]:
    """``issues`` (sorted by severity) with the to-do errors after the other errors,
    gathered step by step in the order their steps first come: the rules broken first,
    then the checklist of steps left, then warnings and notes."""
    todos = [issue for issue in issues if issue.is_todo]
    if not todos:
        return list(issues)
    order = {step: rank for rank, step in enumerate(steps_left(todos))}
    todos.sort(key=lambda issue: order[issue.step])
    broken = [i for i in issues if i.severity is Severity.ERROR and not i.is_todo]
    rest = [i for i in issues if i.severity is not Severity.ERROR]
    return [*broken, *todos, *rest]


def format_path(path: DataPath) -> str:
    """Render a data path the way a user reads it: ``character.abilities[3].level``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text or "(document)"


def sort_issues(issues: list[Issue]) -> list[Issue]:
    """Errors first, then warnings, then info; stable within a severity."""
    ranks = _RANKS
    return sorted(issues, key=lambda issue: ranks[issue.severity])
