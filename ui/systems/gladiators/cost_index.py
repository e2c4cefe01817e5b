"""The evaluation's cost lines by path, for the Gladiators abilities tree.

The lines of an ability (its own and its modifiers') are looked up in a dict kept with
the ability's line (the system keeps an unchanged ability's line, the same object), so
an edit on a large character lists one ability's lines again, not every line.
"""

from __future__ import annotations

import functools
from operator import attrgetter

from sheetapp.core.costs import CostLine
from sheetapp.core.issues import DataPath
from sheetapp.core.unchanged import ByIdentity

ABILITIES: DataPath = ("character", "abilities")


def _subtree(line: CostLine) -> tuple[tuple[DataPath, CostLine], ...]:
    """Every line of a cost tree with its path, depth first, the last child first (the
    order the window has always looked them up in: the first line of a path wins)."""
    found: list[tuple[DataPath, CostLine]] = [(line.path, line)]
    for child in reversed(line.children):
        found += _SUBTREES.get(child, _subtree) if child.children else ((child.path, child),)
    return tuple(found)


#: cost lines are frozen, and the system keeps an unchanged ability's line (the same
#: object): its tree is listed once, not again after every edit
_SUBTREES: ByIdentity[CostLine, tuple[tuple[DataPath, CostLine], ...]] = ByIdentity()


def _by_path(line: CostLine) -> dict[DataPath, CostLine]:
    return dict(reversed(_SUBTREES.get(line, _subtree)))  # the first line of a path wins


#: each ability's lines by path, kept with the ability's (unchanged) line
_ABILITY_LINES: ByIdentity[CostLine, dict[DataPath, CostLine]] = ByIdentity()


_PATH = attrgetter("path")


@functools.lru_cache(maxsize=8)
def _row_paths(count: int) -> list[DataPath]:
    """The paths of ``count`` ability rows in order (compared, never changed)."""
    return [(*ABILITIES, row) for row in range(count)]


class CostIndex:
    """The evaluation's cost lines by path, the first line of a path winning.

    The lines of an ability (its own and its modifiers') are looked up in a dict kept
    with the ability's line, made the first time one is asked for; the system keeps an
    unchanged ability's line, so an edit on a 1,000-ability character lists one
    ability's lines again, not 5,000. The Abilities line owns the ability paths; every
    other line is listed as a whole.
    """

    def __init__(self, costs: tuple[CostLine, ...]) -> None:
        #: each ability row's own line (the first child of the Abilities line with its path)
        self._row_lines: dict[int, CostLine] = {}
        #: the number of rows stored in order 0, 1, ... by the usual tree (else -1)
        self._ordered = -1
        rest: list[tuple[DataPath, CostLine]] = []
        for top in reversed(costs):
            if top.path != ABILITIES:
                rest += _SUBTREES.get(top, _subtree)
                continue
            rest.append((top.path, top))
            rows = self._row_lines
            children = top.children
            if not rows and list(map(_PATH, children)) == _row_paths(len(children)):
                # the usual tree: child n is row n's line and nothing else is (one list
                # comparison at C speed, not a thousand checks of a path)
                rows.update(enumerate(children))
                self._ordered = len(children)
                continue
            for child in reversed(children):
                path = child.path
                if len(path) == 3 and isinstance(path[2], int) and path[:2] == ABILITIES:
                    rows.setdefault(path[2], child)
                else:
                    rest += _SUBTREES.get(child, _subtree)
        self._rest = dict(reversed(rest))

    def get(self, path: DataPath) -> CostLine | None:
        if len(path) >= 3 and isinstance(path[2], int) and path[:2] == ABILITIES:
            line = self._row_lines.get(path[2])
            if line is not None:
                if len(path) == 3:
                    return line
                own = _ABILITY_LINES.get(line, _by_path)
                if path in own:
                    return own[path]
        return self._rest.get(path)

    def row_line(self, row: int) -> CostLine | None:
        line = self._row_lines.get(row)
        return line if line is not None else self._rest.get((*ABILITIES, row))

    def row_lines(self, count: int) -> list[CostLine | None]:
        """:meth:`row_line` of rows 0 to ``count - 1``."""
        if self._ordered == count == len(self._row_lines):  # row n is the n-th line stored
            return list(self._row_lines.values())
        return [self.row_line(row) for row in range(count)]
