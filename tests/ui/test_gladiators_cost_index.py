"""The Gladiators tree's cost-line index (``CostIndex``) reads the usual Abilities
line (child n is row n) with one comparison; any other tree goes the long way. Both
must answer every path and every row as the long way does."""

from __future__ import annotations

import random

from sheetapp.core.costs import CostLine
from sheetapp.core.issues import DataPath
from ui.systems.gladiators.cost_index import ABILITIES, CostIndex


def _walked(costs: tuple[CostLine, ...]) -> tuple[dict[int, CostLine], dict[DataPath, CostLine]]:
    """Row lines and lines by path, the long way (the index before its quick path)."""
    rows: dict[int, CostLine] = {}
    rest: list[tuple[DataPath, CostLine]] = []

    def subtree(line: CostLine) -> list[tuple[DataPath, CostLine]]:
        found = [(line.path, line)]
        for child in reversed(line.children):
            found += subtree(child)
        return found

    for top in reversed(costs):
        if top.path != ABILITIES:
            rest += subtree(top)
            continue
        rest.append((top.path, top))
        for child in reversed(top.children):
            path = child.path
            if len(path) == 3 and isinstance(path[2], int) and path[:2] == ABILITIES:
                rows.setdefault(path[2], child)
            else:
                rest += subtree(child)
    return rows, dict(reversed(rest))


def _ability(rng: random.Random, row: int) -> CostLine:
    modifiers = tuple(
        CostLine(f"m{row}.{m}", rng.randint(-2, 3), "", (*ABILITIES, row, "modifiers", m))
        for m in range(rng.randint(0, 3))
    )
    return CostLine(f"a{row}", rng.randint(0, 9), "", (*ABILITIES, row), "gp", modifiers)


def _costs(rng: random.Random, count: int, usual: bool) -> tuple[CostLine, ...]:
    children = [_ability(rng, row) for row in range(count)]
    if not usual:
        kind = rng.randrange(4)
        if kind == 0 and children:
            rng.shuffle(children)
        elif kind == 1 and children:
            children.append(_ability(rng, rng.randrange(count)))  # a row twice
        elif kind == 2 and children:
            del children[rng.randrange(len(children))]  # a row without a line
        else:
            children.append(CostLine("other", 1, "", ("character", "abilities", "x")))
    abilities = CostLine("Abilities", 0, "", ABILITIES, "gp", tuple(children))
    traits = CostLine("Traits", 0, "", ("character", "advantages"), "gp")
    tops = [abilities, traits]
    if rng.random() < 0.3:
        again = (_ability(rng, 0), _ability(rng, count))  # a row the other line lacks
        tops.insert(0, CostLine("Again", 0, "", ABILITIES, "gp", again))
    return tuple(tops)


def test_the_index_answers_as_the_long_walk() -> None:
    rng = random.Random(23)
    for trial in range(200):
        count = rng.randint(0, 12)
        costs = _costs(rng, count, usual=trial % 2 == 0)
        rows, by_path = _walked(costs)
        index = CostIndex(costs)
        expected = [rows.get(row) or by_path.get((*ABILITIES, row)) for row in range(count)]
        assert index.row_lines(count) == expected
        assert [index.row_line(row) for row in range(count)] == expected
        paths = {path for top in costs for line in top.walk() for path in [line.path]}
        for path in paths:
            if len(path) >= 3 and path[:2] == ABILITIES and isinstance(path[2], int):
                row_line = rows.get(path[2])
                if row_line is not None:
                    own = dict(reversed([(line.path, line) for line in row_line.walk()]))
                    if path in own:
                        assert index.get(path) is own[path]
                        continue
            assert index.get(path) is by_path.get(path), path
