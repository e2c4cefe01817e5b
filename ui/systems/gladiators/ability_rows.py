"""What the abilities tree's rows show from the evaluation, kept in step with each edit.

The resolved abilities (each row's catalog entries looked up), the cost lines and issues
by path, and each ability row's own cost line and issues. After an edit only the rows
its change list touches are resolved again; :meth:`AbilityRows.changed_rows` says which
rows may show something new, so the model announces those alone.
"""

from __future__ import annotations

import itertools
from operator import is_not
from typing import Any

from sheetapp.core.changes import Change
from sheetapp.core.costs import CostLine
from sheetapp.core.evaluation import Evaluation
from sheetapp.core.issues import DataPath, Issue
from sheetapp.systems.gladiators.catalog import Catalogs
from sheetapp.systems.gladiators.model import GladiatorsCharacter
from sheetapp.systems.gladiators.resolve import (
    ResolvedAbility,
    resolve_ability,
    resolve_character,
)
from ui.listsync import RowOp
from ui.systems.gladiators.cost_index import ABILITIES, CostIndex


class AbilityRows:
    """The resolved abilities and the evaluation indexed for the tree's cells."""

    def __init__(self, cats: Catalogs) -> None:
        self.cats = cats
        self.resolved: list[ResolvedAbility] = []
        self.lines = CostIndex(())
        #: issues by every path at or above theirs
        self.below: dict[DataPath, list[Issue]] = {}
        #: each ability row's own cost line and issues (what :meth:`changed_rows` compares)
        self.row_lines: list[CostLine | None] = []
        self.row_issues: dict[int, list[Issue]] = {}

    def refresh(self, character: GladiatorsCharacter, evaluation: Evaluation) -> None:
        """Everything the cells show from the evaluation, rebuilt as a whole."""
        self.resolved = resolve_character(character, self.cats)
        self.index_evaluation(evaluation, len(character.abilities))

    def index_evaluation(self, evaluation: Evaluation, count: int) -> None:
        """Cost lines by path, issues by every path at or above theirs, and each of the
        ``count`` ability rows' own line and issues."""
        lines = CostIndex(evaluation.costs)
        below: dict[DataPath, list[Issue]] = {}
        for issue in evaluation.issues:
            for size in range(len(issue.path) + 1):
                below.setdefault(issue.path[:size], []).append(issue)
        self.lines = lines
        self.below = below
        self.row_lines = lines.row_lines(count)
        self.row_issues = {}
        for path, issues in below.items():
            if len(path) == 3 and path[:2] == ABILITIES and isinstance(path[2], int):
                self.row_issues[path[2]] = issues

    # --- resolving again after an edit ---------------------------------------------------

    def sync(
        self,
        character: GladiatorsCharacter,
        changes: list[Change],
        moves: list[RowOp],
        old_lines: list[CostLine | None],
    ) -> set[int] | None:
        """Bring the resolved abilities (and ``old_lines``, row for row) in line with the
        new character, resolving again only the rows the changes touch; ``moves`` are the
        ability rows inserted, removed or moved. Returns those rows (in the new order), or
        None when every row was resolved again."""
        touched = _rows_touched(changes)
        if touched is None:
            self.resolved = resolve_character(character, self.cats)
            return None
        for op in moves:
            if touched - {op.row}:
                # Another row changed in the same step as a row moved: row numbers in the
                # change list may refer to either order, so resolve everything again.
                self.resolved = resolve_character(character, self.cats)
                return None
            return self._move(character, op, old_lines)
        for row in touched:
            if row < len(self.resolved):
                self.resolved[row] = self._resolve(character, row)
        return touched

    def _move(
        self, character: GladiatorsCharacter, op: RowOp, old_lines: list[CostLine | None]
    ) -> set[int]:
        """One ability row inserted, removed or moved: the rows it touches."""
        if op.op == "insert":
            self.resolved.insert(op.row, self._resolve(character, op.row))
            old_lines.insert(op.row, None)
            return {op.row}
        if op.op == "remove":
            del self.resolved[op.row]
            del old_lines[op.row]
            return set()
        to = op.to
        assert to is not None  # a move says where to
        self.resolved.insert(to, self.resolved.pop(op.row))
        old_lines.insert(to, old_lines.pop(op.row))
        return {to}

    def _resolve(self, character: GladiatorsCharacter, row: int) -> ResolvedAbility:
        return resolve_ability(
            character.abilities[row],
            self.cats,
            {c.id: c for c in character.custom_abilities},
            {c.id: c for c in character.custom_modifiers},
        )

    # --- what changed ------------------------------------------------------------------

    def changed_rows(
        self,
        touched: set[int] | None,
        old_lines: list[CostLine | None],
        old_issues: dict[int, list[Issue]],
        shifted: bool,
    ) -> list[int]:
        """Rows whose cells may show something new: rows the changes touched, rows whose
        cost line differs, rows whose issues differ. After a row was inserted, removed or
        moved the rows below carry new paths; only a difference in what they show counts
        (the view lays out and repaints them anyway)."""
        count = len(self.row_lines)
        if touched is None:
            return list(range(count))
        rows = {row for row in touched if row < count}
        rows |= self._rows_with_other_lines(old_lines, rows, shifted)
        rows |= self._rows_with_other_issues(old_issues, rows, shifted)
        return sorted(rows)

    def _rows_with_other_lines(
        self, old_lines: list[CostLine | None], known: set[int], shifted: bool
    ) -> set[int]:
        same = _same_shown if shifted else _same
        new_lines = self.row_lines
        # only the rows whose line is not the same object are compared (found at C speed)
        differ = itertools.compress(itertools.count(), map(is_not, old_lines, new_lines))
        return {
            row for row in differ if row not in known and not same(old_lines[row], new_lines[row])
        }

    def _rows_with_other_issues(
        self, old_issues: dict[int, list[Issue]], known: set[int], shifted: bool
    ) -> set[int]:
        count = len(self.row_lines)
        new_issues = self.row_issues
        found: set[int] = set()
        for row in old_issues.keys() | new_issues.keys():
            if row < count and row not in known:
                before, after = old_issues.get(row, []), new_issues.get(row, [])
                if shifted:
                    changed = [_shown_issue(i) for i in before] != [_shown_issue(i) for i in after]
                else:
                    changed = before != after
                if changed:
                    found.add(row)
        return found


def _rows_touched(changes: list[Change]) -> set[int] | None:
    """The ability rows a change list edits inside, or None when every row may show
    something new (the character type, custom definitions, the character as a whole)."""
    touched: set[int] = set()
    every_row = False
    for change in changes:
        path = change.path
        if path[:1] != ("character",):
            continue
        if len(path) < 3 or path[1] != "abilities" or not isinstance(path[2], int):
            if len(path) >= 2 and path[1] in ("advantages", "disadvantages"):
                continue
            if path[1:] == ("character_type",):
                every_row = True  # the minor-character rules of every row follow it
                continue
            # Custom definitions (or the character as a whole): every row may read them.
            return None
        touched.add(path[2])
    return None if every_row else touched


def _same(old: CostLine | None, new: CostLine | None) -> bool:
    return old is new or old == new


def _shown_line(line: CostLine | None) -> Any:
    """What the cells show of a cost line: everything but the paths."""
    if line is None:
        return None
    children = tuple(_shown_line(child) for child in line.children)
    return (line.label, line.amount, line.explanation, line.total, line.figures, children)


def _same_shown(old: CostLine | None, new: CostLine | None) -> bool:
    return old is new or _shown_line(old) == _shown_line(new)


def _shown_issue(issue: Issue) -> tuple[Any, ...]:
    """An issue as a row shows it: the path from the ability down (its row may move)."""
    return (issue.severity, issue.code, issue.message, issue.hint, issue.path[3:])
